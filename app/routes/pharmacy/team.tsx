import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/team";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { SubmitButton, TextField } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { replyOf } from "~/components/pharmacy/form-reply";
import { pharmacyBranch } from "./pharmacy.server";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import {
  AddApprenantSchema,
  EditAccountDatasSchema,
  SendEmailToApprenantFormSchema,
  ToggleApprenantActiveSchema,
  type TeamMember,
} from "#core/contract/referent.ts";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/**
 * The team: the account's learners with status and progress (GET referent/dpec/allApprenants), inviting a learner
 * (addApprenant), sending the invitation again, activating or deactivating a member after a confirmation step
 * (`?confirm={contactId}`: a page of its own, so it works without JavaScript), and the pharmacy's data.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const team = await back.call(referent.team);
  const confirmId = Number(url.searchParams.get("confirm"));
  const confirm = team.members.find((m) => m.contactId !== null && m.contactId === confirmId && m.canChangeAccess) ?? null;
  return { title: serverT(context, "pharmacy")("tabs.team"), team, confirm };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "pharmacy");
  const here = pathOf(context, "pharmacy-team");
  return intentAction(
    request,
    context,
    {
      add: pharmacyBranch(here, AddApprenantSchema, async (value) => {
        await back.call(referent.addApprenant, { body: value });
        return { message: t("team.invited", { email: value.email }) };
      }),
      resend: pharmacyBranch(here, SendEmailToApprenantFormSchema, async (value) => {
        await back.call(referent.resendInvitation, { body: value });
        return { message: t("team.resent") };
      }),
      toggle: pharmacyBranch(here, ToggleApprenantActiveSchema, async (value) => {
        await back.call(referent.toggleApprenantActive, { body: value });
        return { message: t(value.isActive ? "team.activated" : "team.deactivated") };
      }),
      account: pharmacyBranch(here, EditAccountDatasSchema, async (value) => {
        await back.call(referent.editAccountDatas, { body: value });
        return { message: t("team.accountSaved") };
      }),
    },
    { unknownIntent: () => badRequest(context) },
  );
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const { team, confirm } = loaderData;
  const result = useActionData<FormReply>();
  const path = usePagePath();
  return (
    <PharmacyPage title={t("tabs.team")}>
      {confirm ? <ConfirmToggle member={confirm} /> : null}
      <FormMessage message={replyOf(result, "resend")?.error?.[""]?.[0] ?? replyOf(result, "toggle")?.error?.[""]?.[0]} />
      <p className="mb-6">
        <Link to={path("pharmacy-attribution")} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="team-attribution-link">
          {t("team.attributeLink")}
        </Link>
      </p>
      <DataTable
        caption={t("team.caption")}
        captionHidden
        columns={[
          { label: t("team.name") },
          { label: t("team.email") },
          { label: t("team.status") },
          { label: t("team.trainings") },
          { label: t("team.progress") },
          ...(team.readOnly ? [] : [{ label: t("team.actions") }]),
        ]}
        density="flush"
        className="mb-10"
        testId="team-table"
      >
        {team.members.map((m) => (
          <MemberRow key={m.contactId ?? `i${m.invitationId}`} member={m} readOnly={team.readOnly} />
        ))}
      </DataTable>
      {team.readOnly ? null : (
        <div className="grid gap-10 md:grid-cols-2">
          <AddForm reply={replyOf(result, "add")} />
          <AccountForm reply={replyOf(result, "account")} account={team.account} />
        </div>
      )}
    </PharmacyPage>
  );
}

function MemberRow({ member: m, readOnly }: { member: TeamMember; readOnly: boolean }) {
  const { t } = useTranslation("pharmacy");
  const name = `${m.firstName} ${m.lastName}`.trim() || (m.email ?? "");
  return (
    <tr className="border-b border-slate-200" data-testid="team-member">
      <td className="py-2 pr-4">{name}</td>
      <td className="py-2 pr-4">{m.email}</td>
      <td className="py-2 pr-4">{t(`team.statuses.${m.status}`)}</td>
      <td className="py-2 pr-4">{t("team.finishedOf", { finished: m.finished, total: m.trainings })}</td>
      <td className="py-2 pr-4">
        <progress max={100} value={m.progress} aria-label={t("team.progressOf", { name })} className="mr-2 align-middle" />
        {t("team.progressValue", { progress: m.progress })}
      </td>
      {readOnly ? null : (
        <td className="py-2 pr-4">
          {m.status === "invited" && m.invitationId !== null ? (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="id" value={m.invitationId} />
              <SubmitButton intent="resend" variant="secondary">
                {t("team.resend")}
                <span className="sr-only"> {name}</span>
              </SubmitButton>
            </Form>
          ) : m.contactId !== null && m.canChangeAccess ? (
            <ConfirmLink confirmKey={String(m.contactId)} look="link" testId={`toggle-${m.contactId}`}>
              {m.isActive ? t("team.deactivate") : t("team.activate")}
              <span className="sr-only"> {name}</span>
            </ConfirmLink>
          ) : null}
        </td>
      )}
    </tr>
  );
}

function ConfirmToggle({ member }: { member: TeamMember }) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const name = `${member.firstName} ${member.lastName}`;
  const next = !member.isActive;
  return (
    <div className="mb-6">
      <ConfirmPanel
        confirmKey={String(member.contactId)}
        title={next ? t("team.confirmActivate", { name }) : t("team.confirmDeactivate", { name })}
        intent="toggle"
        fields={{ contactId: member.contactId ?? "", isActive: String(next) }}
        submitLabel={next ? t("team.activate") : t("team.deactivate")}
        action={path("pharmacy-team")}
        cancelTo={path("pharmacy-team")}
        sendsConfirm={false}
        tone={next ? "caution" : "danger"}
        level={3}
        testId="confirm-toggle"
      >
        <p>{next ? t("team.confirmActivateText") : t("team.confirmDeactivateText")}</p>
      </ConfirmPanel>
    </div>
  );
}

function AddForm({ reply }: { reply: FormReply | undefined }) {
  const { t } = useTranslation("pharmacy");
  const [form] = useSchemaForm(() => import("#core/contract/referent.ts").then((m) => m.AddApprenantSchema), reply, { id: "add" });
  const { message, errors, value } = formView(form);
  return (
    <section aria-labelledby="add-title">
      <h3 id="add-title" className="mb-3 text-xl font-bold">
        {t("team.addTitle")}
      </h3>
      <p className="mb-3 text-slate-700">{t("team.addText")}</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        <TextField name="firstName" label={t("team.firstName")} autoComplete="off" required defaultValue={value("firstName")} errors={errors.firstName} />
        <TextField name="lastName" label={t("team.lastName")} autoComplete="off" required defaultValue={value("lastName")} errors={errors.lastName} />
        <TextField name="email" type="email" label={t("team.email")} autoComplete="off" required defaultValue={value("email")} errors={errors.email} />
        <SubmitButton intent="add">{t("team.invite")}</SubmitButton>
      </Form>
    </section>
  );
}

function AccountForm({
  reply,
  account,
}: {
  reply: FormReply | undefined;
  account: { name: string; address: string | null; postalCode: string | null; city: string | null };
}) {
  const { t } = useTranslation("pharmacy");
  const [form] = useSchemaForm(() => import("#core/contract/referent.ts").then((m) => m.EditAccountDatasSchema), reply, { id: "account" });
  const { message, errors, value } = formView(form);
  return (
    <section aria-labelledby="account-title">
      <h3 id="account-title" className="mb-3 text-xl font-bold">
        {t("team.accountTitle")}
      </h3>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        <TextField name="name" label={t("team.pharmacyName")} required defaultValue={value("name") ?? account.name} errors={errors.name} />
        <TextField
          name="address"
          label={t("team.address")}
          autoComplete="street-address"
          required
          defaultValue={value("address") ?? account.address ?? ""}
          errors={errors.address}
        />
        <TextField
          name="postalCode"
          label={t("team.postalCode")}
          autoComplete="postal-code"
          required
          defaultValue={value("postalCode") ?? account.postalCode ?? ""}
          errors={errors.postalCode}
        />
        <TextField
          name="city"
          label={t("team.city")}
          autoComplete="address-level2"
          required
          defaultValue={value("city") ?? account.city ?? ""}
          errors={errors.city}
        />
        <SubmitButton intent="account">{t("team.save")}</SubmitButton>
      </Form>
    </section>
  );
}
