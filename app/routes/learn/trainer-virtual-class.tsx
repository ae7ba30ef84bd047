import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/trainer-virtual-class";
import { AttendanceFormSchema } from "#core/contract/attestations.ts";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { SubmitButton, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { printDate, type TrainerVirtualClass } from "~/components/attestations/types";
import { ButtonAnchor } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";
import { feedbackTrainerEndpoints } from "#core/contract/endpoints/feedback-trainer.ts";

/** /trainer/virtualClass/{token}: the trainer's link (no login; the token is the credential). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const title = serverT(context, "attestations")("trainer.title");
  try {
    const virtualClass = await context.get(requestStateContext).back.call(feedbackTrainerEndpoints.trainerVirtualClass, { params: { token: params.token } });
    return { title, virtualClass, invalidMessage: null };
  } catch (error) {
    if (!(error instanceof BackError) || error.status !== 404) throw error;
    return { title, virtualClass: null, invalidMessage: error.message };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** One form per session day; each participant's radio pair is `attended-{userId}` = "1" or "0" (unmarked: left out). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission, formData } = await readSubmission(request, context, AttendanceFormSchema);
  const form = String(formData.get("day") ?? "");
  if (submission.status !== "success") return invalidReply(submission, { form });
  try {
    await context.get(requestStateContext).back.call(feedbackTrainerEndpoints.markAttendance, { params: { token: params.token }, body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error, { form });
  }
  return redirectWithToast(pathOf(context, "trainer-virtual-class", { token: params.token }), {
    type: "success",
    message: serverT(context, "attestations")("trainer.saved"),
  });
}

export default function TrainerVirtualClassPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("attestations");
  const { virtualClass, invalidMessage } = loaderData;
  const result = useActionData<FormReply>();
  if (!virtualClass) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10" data-testid="trainer-invalid">
        <h1 className="mb-3 text-3xl font-bold">{t("trainer.invalidTitle")}</h1>
        <p role="alert">{invalidMessage}</p>
        <p className="mt-2 text-slate-700">{t("trainer.invalidText")}</p>
      </main>
    );
  }
  const { session, days, participants } = virtualClass;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10">
      <p className="font-semibold text-slate-700">{t("trainer.title")}</p>
      <h1 className="mb-4 text-3xl font-bold">{session.trainingName}</h1>
      <dl className="mb-6 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("trainer.session")}</dt>
        <dd>{session.name}</dd>
        <dt className="font-semibold">{t("trainer.dates")}</dt>
        <dd data-testid="trainer-dates">
          {days.map((d) => `${printDate(d.day)}${d.startTime ? ` ${d.startTime.slice(0, 5)}–${d.endTime?.slice(0, 5) ?? ""}` : ""}`).join(", ")}
        </dd>
      </dl>
      {session.joinUrl ? (
        <p className="mb-8">
          <ButtonAnchor href={session.joinUrl} target="_blank" rel="noopener noreferrer">
            {t("trainer.join")}
          </ButtonAnchor>
        </p>
      ) : null}
      <h2 className="mb-3 text-2xl font-bold">
        {t("trainer.participants")} ({participants.length})
      </h2>
      {participants.length === 0 ? (
        <p>{t("trainer.noParticipants")}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {days.map((d) =>
            d.open ? (
              <DayForm key={d.day} day={d.day} participants={participants} result={result?.form === d.day ? result : undefined} />
            ) : (
              <FutureDay key={d.day} day={d.day} />
            ),
          )}
        </div>
      )}
    </main>
  );
}

/** A day still to come: attendance cannot be recorded in advance, so there is no form. */
function FutureDay({ day }: { day: string }) {
  const { t } = useTranslation("attestations");
  const date = printDate(day);
  const titleId = `day-${day}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-dashed border-slate-300 p-5" data-testid="attendance-day-future" data-day={day}>
      <h3 id={titleId} className="mb-3 text-lg font-bold">
        {t("trainer.dayTitle", { date })}
      </h3>
      <p className="text-slate-700">{t("trainer.notYet", { date })}</p>
    </section>
  );
}

function DayForm({ day, participants, result }: { day: string; participants: TrainerVirtualClass["participants"]; result?: FormReply }) {
  const { t } = useTranslation("attestations");
  const ref = useFocusFirstError(result);
  const date = printDate(day);
  const titleId = `day-${day}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-300 p-5" data-testid="attendance-day" data-day={day}>
      <h3 id={titleId} className="mb-3 text-lg font-bold">
        {t("trainer.dayTitle", { date })}
      </h3>
      <Form method="post" ref={ref} className="flex flex-col gap-4">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="day" value={day} />
        <FormMessage message={replyMessage(result)} />
        {participants.map((p) => {
          const name = `${p.firstName} ${p.lastName}`;
          const attended = p.attendance[day]?.attended ?? null;
          return (
            <fieldset key={p.userId} className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="participant" data-user-id={p.userId}>
              <legend className="sr-only">{t("trainer.attendanceOf", { name, date })}</legend>
              <span aria-hidden="true" className="min-w-40 font-semibold">
                {name}
              </span>
              <label className="flex items-center gap-2">
                <input type="radio" name={`attended-${p.userId}`} value="1" defaultChecked={attended === true} className="h-5 w-5" />
                {t("trainer.attended")}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name={`attended-${p.userId}`} value="0" defaultChecked={attended === false} className="h-5 w-5" />
                {t("trainer.absent")}
              </label>
              {attended === null ? <span className="text-sm text-slate-600">({t("trainer.notMarked")})</span> : null}
            </fieldset>
          );
        })}
        <div>
          <SubmitButton intent={day}>{t("trainer.save", { date })}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
