import { Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/face-to-face-session";
import { ConfirmInputSchema } from "#core/contract/admin-catalog.ts";
import {
  MoveLearnerInputSchema,
  PromoteWaitingInputSchema,
  RemoveWaitingInputSchema,
  SessionDateInputSchema,
  SessionInputSchema,
  type AdminSession,
  type SessionCancelReply,
} from "#core/contract/admin-sessions.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { ConfirmLink, ConfirmPanel, useConfirming } from "~/components/ui/confirm";
import { IntentForm } from "~/components/admin/intent-form";
import { SessionFields } from "~/components/admin/session-fields";
import { Checkbox } from "~/components/ui/checkbox";
import { SelectField, TextField } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { backErrorReply } from "~/lib/forms.server";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { adminSessionsEndpoints as endpoints } from "#core/contract/endpoints/admin-sessions.ts";
import { evidencePacksEndpoints as evidencePackEndpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { EvidencePackPanel } from "~/components/evidence-packs/evidence-pack-panel";
import { evidencePackBranch } from "~/lib/evidence-packs.server";

/** /admin/faceToFace/{id}: one session, its days, participants and waiting list (ADR 0063). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.sessionId, url);
  const { back } = context.get(requestStateContext);
  const [session, packs] = await Promise.all([
    back.call(endpoints.session, { params: { id } }).catch((error: unknown) => {
      if (error instanceof BackError && error.status === 404) notFound(url.pathname);
      throw error;
    }),
    back.call(evidencePackEndpoints.adminList, { query: { sessionId: id } }),
  ]);
  return { session, packs };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.session.name });

/** Forms repeated per learner (move, promote, remove from the waiting list) answer under intent-enrolmentId. */
const perLearner = (formData: FormData, intent: string) => `${intent}-${String(formData.get("enrolmentId") ?? "")}`;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const id = requireIdParam(params.sessionId, url);
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "admin");
  /** A form of the page whose schema is its endpoint's body: the call, then back to the session with `toast`. */
  const form = <S extends z.ZodType>(schema: S, send: (body: z.output<S>) => Promise<unknown>, toast: string, formKey?: typeof perLearner) =>
    intentBranch({
      schema,
      formKey,
      run: async ({ value, submission, form }) => {
        try {
          await send(value);
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
        return redirectWithToast(pathOf(context, "admin-face-to-face-session", { sessionId: String(id) }), { type: "success", message: t(toast) });
      },
    });
  return intentAction(request, context, {
    evidencePack: evidencePackBranch(
      context,
      (body) => back.call(evidencePackEndpoints.adminStart, { body: { ...body, sessionId: id } }),
      (packId) => pathOf(context, "admin-evidence-pack", { packId: String(packId) }),
    ),
    save: form(SessionInputSchema, (body) => back.call(endpoints.update, { params: { id }, body }), "catalog.saved"),
    addDate: form(SessionDateInputSchema, (body) => back.call(endpoints.addDate, { params: { id }, body }), "catalog.saved"),
    move: form(MoveLearnerInputSchema, (body) => back.call(endpoints.moveLearner, { params: { id }, body }), "sessions.moved", perLearner),
    promote: form(PromoteWaitingInputSchema, (body) => back.call(endpoints.promoteWaiting, { params: { id }, body }), "sessions.promoted", perLearner),
    removeWaiting: form(RemoveWaitingInputSchema, (body) => back.call(endpoints.removeWaiting, { params: { id }, body }), "sessions.removed", perLearner),
    cancel: {
      schema: ConfirmInputSchema,
      run: async ({ value, submission, form }) => {
        let cancelled: SessionCancelReply;
        try {
          cancelled = await back.call(endpoints.cancel, { params: { id }, body: value });
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
        // Who was told, by name: the administrator knows whom the cancellation reached.
        const message =
          cancelled.notified === 0
            ? t("sessions.cancelledNobody")
            : t("sessions.cancelled", { count: cancelled.notified, names: cancelled.learners.join(", ") });
        return redirectWithToast(pathOf(context, "admin-face-to-face"), { type: "success", message });
      },
    },
  });
}

export default function SessionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { session, packs } = loaderData;
  const days = session.dates.length ? session.dates : [{ id: 0, date: session.startDate, startTime: session.startTime ?? "", endTime: session.endTime ?? "" }];
  const confirming = useConfirming("cancel");
  return (
    <AdminPage
      title={session.name}
      lead={`${session.training.name} · ${session.virtualClass ? t("sessions.virtualClass") : t("sessions.faceToFace")} · ${t("sessions.filling", { current: session.currentParticipants, max: session.maxParticipants })}`}
      testId="admin-session"
      actions={
        <>
          <Link to={path("admin-catalog-training", { trainingId: session.training.id })} className="self-center font-semibold underline">
            {t("sessions.backToTraining")}
          </Link>
          <Link to={`${path("admin-audit")}?entityType=session&entityId=${session.id}`} className="self-center font-semibold underline">
            {t("catalog.history")}
          </Link>
        </>
      }
    >
      <section aria-labelledby="session-days" className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-4">
        <h2 id="session-days" className="text-xl font-bold">
          {t("sessions.days")}
        </h2>
        <ul className="flex flex-col gap-1">
          {days.map((day) => (
            <li key={`${day.date}-${day.startTime}`} className="flex flex-wrap items-center gap-3">
              <span>
                {formatCalendarDay(day.date, locale)} · {day.startTime}–{day.endTime}
              </span>
              <a
                href={path("admin-attendance-sheet", { sessionId: session.id, date: day.date })}
                className="font-semibold underline"
                data-testid="attendance-link"
                download
              >
                {t("sessions.attendanceSheet")}
              </a>
            </li>
          ))}
        </ul>
        <details>
          <summary className="cursor-pointer font-semibold">{t("sessions.addDate")}</summary>
          <IntentForm
            intent="addDate"
            schema={() => import("#core/contract/admin-sessions.ts").then((m) => m.SessionDateInputSchema)}
            submitLabel={t("sessions.addDate")}
            className="grid gap-3 md:grid-cols-3"
          >
            {(view) => (
              <>
                <TextField name="date" type="date" label={t("sessions.fields.date")} defaultValue={view.value("date")} errors={view.errors.date} required />
                <TextField
                  name="startTime"
                  type="time"
                  label={t("sessions.fields.startTime")}
                  defaultValue={view.value("startTime")}
                  errors={view.errors.startTime}
                  required
                />
                <TextField
                  name="endTime"
                  type="time"
                  label={t("sessions.fields.endTime")}
                  defaultValue={view.value("endTime")}
                  errors={view.errors.endTime}
                  required
                />
              </>
            )}
          </IntentForm>
        </details>
      </section>

      <People session={session} />

      <EvidencePackPanel
        sessionId={session.id}
        packs={packs.items.slice(0, 5)}
        packPath={(packId) => path("admin-evidence-pack", { packId })}
        allPath={`${path("admin-evidence-packs")}?sessionId=${session.id}`}
      />

      <section aria-labelledby="session-edit" className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-4">
        <h2 id="session-edit" className="text-xl font-bold">
          {t("sessions.edit")}
        </h2>
        <IntentForm
          intent="save"
          schema={() => import("#core/contract/admin-sessions.ts").then((m) => m.SessionInputSchema)}
          submitLabel={t("catalog.save")}
          className="grid gap-3 md:grid-cols-3"
        >
          {(view) => (
            <SessionFields
              view={view}
              virtual={session.virtualClass}
              values={{
                name: session.name,
                startDate: session.startDate,
                startTime: session.startTime,
                endTime: session.endTime,
                maxParticipants: session.maxParticipants,
                city: session.city,
                postalCode: session.postalCode,
                address: session.address,
                virtualClassUrl: session.virtualClassUrl,
              }}
            />
          )}
        </IntentForm>
      </section>

      <section aria-labelledby="session-cancel" className="flex flex-col gap-2 rounded-md border border-red-300 bg-white p-4">
        <h2 id="session-cancel" className="text-xl font-bold">
          {t("sessions.cancel")}
        </h2>
        {session.hasAttendance ? (
          <p>{t("sessions.cannotCancel")}</p>
        ) : confirming ? (
          <ConfirmPanel confirmKey="cancel" title={t("sessions.cancelTitle", { name: session.name })} intent="cancel" submitLabel={t("sessions.cancelConfirm")}>
            <p>{t("sessions.cancelBody", { count: session.participants.length + session.waitingList.length })}</p>
          </ConfirmPanel>
        ) : (
          <div>
            <ConfirmLink confirmKey="cancel" testId="cancel-session">
              {t("sessions.cancel")}
            </ConfirmLink>
          </div>
        )}
      </section>
    </AdminPage>
  );
}

function People({ session }: { session: AdminSession }) {
  const { t } = useTranslation("admin");
  const locale = useRootData()?.locale ?? "fr-FR";
  const targets = session.otherSessions.map((o) => ({
    value: String(o.id),
    label: `${o.name} · ${formatCalendarDay(o.startDate, locale, "medium")} · ${t("sessions.seatsLeft", { count: o.seatsLeft })}`,
  }));
  return (
    <section aria-labelledby="session-people" className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-4">
      <h2 id="session-people" className="text-xl font-bold">
        {t("sessions.participants")} ({session.participants.length})
      </h2>
      {session.participants.length === 0 ? <p>{t("sessions.noParticipants")}</p> : null}
      <ul className="flex flex-col gap-3">
        {session.participants.map((p) => (
          <li key={p.enrolmentId} className="flex flex-col gap-1 border-b border-slate-200 pb-2" data-testid="participant">
            <span>
              <strong>
                {p.lastName} {p.firstName}
              </strong>{" "}
              · {p.email}
            </span>
            {targets.length ? (
              <IntentForm
                intent="move"
                formKey={`move-${p.enrolmentId}`}
                schema={() => import("#core/contract/admin-sessions.ts").then((m) => m.MoveLearnerInputSchema)}
                hidden={{ enrolmentId: p.enrolmentId }}
                submitLabel={t("sessions.move")}
                className="flex flex-wrap items-end gap-2"
              >
                {(view) => (
                  <SelectField
                    name="toSessionId"
                    label={t("sessions.moveTo", { name: `${p.firstName} ${p.lastName}` })}
                    defaultValue={view.value("toSessionId")}
                    errors={view.errors.toSessionId ?? view.errors.enrolmentId}
                    options={targets}
                  />
                )}
              </IntentForm>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="font-bold">
        {t("sessions.waitingList")} ({session.waitingList.length})
      </h3>
      {session.waitingList.length === 0 ? <p>{t("sessions.noWaiting")}</p> : null}
      <ol className="ml-5 flex list-decimal flex-col gap-3">
        {session.waitingList.map((p) => (
          <WaitingLearner key={p.enrolmentId} person={p} full={session.currentParticipants >= session.maxParticipants} />
        ))}
      </ol>
    </section>
  );
}

/** One learner of the waiting list: give them a seat (adding one to a full session when ticked) or take them off (confirmed). */
function WaitingLearner({ person: p, full }: { person: AdminSession["waitingList"][number]; full: boolean }) {
  const { t } = useTranslation("admin");
  const removeKey = `remove-${p.enrolmentId}`;
  const confirming = useConfirming(removeKey);
  const name = `${p.firstName} ${p.lastName}`;
  return (
    <li className="border-b border-slate-200 pb-2" data-testid="waiting">
      <span>
        <strong>
          {p.lastName} {p.firstName}
        </strong>{" "}
        · {p.email}
      </span>
      <div className="flex flex-wrap items-end gap-3">
        <IntentForm
          intent="promote"
          formKey={`promote-${p.enrolmentId}`}
          schema={() => import("#core/contract/admin-sessions.ts").then((m) => m.PromoteWaitingInputSchema)}
          hidden={{ enrolmentId: p.enrolmentId }}
          submitLabel={t("sessions.promote", { name })}
          className="flex flex-wrap items-end gap-2"
          testId={`promote-${p.enrolmentId}`}
        >
          {(view) =>
            full ? (
              <Checkbox
                name="addSeat"
                label={t("sessions.addSeat")}
                defaultChecked={view.value("addSeat") === "on"}
                errorMessage={view.errors.addSeat?.[0] ?? view.errors.enrolmentId?.[0]}
                invalid={Boolean(view.errors.addSeat ?? view.errors.enrolmentId)}
              />
            ) : null
          }
        </IntentForm>
        {confirming ? null : (
          <ConfirmLink confirmKey={removeKey} testId={`remove-${p.enrolmentId}`}>
            {t("sessions.remove")}
          </ConfirmLink>
        )}
      </div>
      {confirming ? (
        <ConfirmPanel
          confirmKey={removeKey}
          title={t("sessions.removeTitle", { name })}
          intent="removeWaiting"
          fields={{ enrolmentId: p.enrolmentId }}
          submitLabel={t("sessions.removeConfirm")}
        >
          <p>{t("sessions.removeBody")}</p>
        </ConfirmPanel>
      ) : null}
    </li>
  );
}
