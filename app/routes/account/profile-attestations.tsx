import { Form, Link, useActionData } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/profile-attestations";
import { backErrorReply, errorReply, readFormData } from "~/lib/forms.server";
import { replyErrors, replyMessage, type FormReply } from "~/lib/form-reply";
import { SubmitButton, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { ProfileLayout } from "~/components/account/profile-layout";
import type { AttestationItem, DpcEnrolment } from "~/components/attestations/types";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { attestationsEndpoints } from "#core/contract/endpoints/attestations.ts";
import { pageMeta } from "~/lib/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const [attestations, dpc] = await Promise.all([back.call(attestationsEndpoints.attestations), back.call(attestationsEndpoints.dpcAttestations)]);
  return { title: serverT(context, "attestations")("profile.title"), attestations, dpcEnrolments: dpc.enrolments };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/**
 * The download form posts natively (reloadDocument), with or without JavaScript: this middleware answers it
 * with the PDF itself, streamed from the back API with its headers, so the browser saves the file and stays
 * on the page. Every other request goes on to the loader or the action.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST") return next();
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (form?.get("intent") !== "download") return next();
    await readFormData(request, context);
    const { back } = context.get(requestStateContext);
    try {
      const file = await back.file(attestationsEndpoints.download, { body: { data: { attestationId: Number(form.get("attestationId")) || 0 } } });
      const headers = new Headers({ "Cache-Control": "no-store" });
      for (const name of ["content-type", "content-disposition", "content-length"]) {
        const value = file.headers.get(name);
        if (value) headers.set(name, value);
      }
      return new Response(file.body, { status: 200, headers });
    } catch (error) {
      if (!(error instanceof BackError)) throw error;
      const message = serverT(context, "attestations")("profile.downloadFailed", { message: error.message });
      return redirectWithToast(pathOf(context, "profile-attestations"), { type: "error", message });
    }
  },
];

/** The practice-certificate upload (one form per DPC enrolment). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const enrolmentId = String(formData.get("enrolmentId") ?? "");
  const t = serverT(context, "attestations");
  // A file upload: checked here (a file has no schema the browser could check the same way).
  const form = `certificate-${enrolmentId}`;
  const file = formData.get("certificate");
  if (!(file instanceof File) || file.size === 0) return errorReply({ fieldErrors: { certificate: [t("certificate.required")] }, form, status: 200 });
  const upload = new FormData();
  upload.set("certificate", file, file.name || "certificate");
  try {
    await context.get(requestStateContext).back.call(attestationsEndpoints.practiceCertificate, { params: { id: enrolmentId }, body: upload });
  } catch (error) {
    return backErrorReply(null, error, { form });
  }
  return redirectWithToast(pathOf(context, "profile-attestations"), { type: "success", message: t("certificate.saved") });
}

export default function ProfileAttestations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("attestations");
  const { t: tAccount } = useTranslation("account");
  const { attestations, dpcEnrolments } = loaderData;
  const result = useActionData<FormReply>();
  return (
    <ProfileLayout title={tAccount("profile.title")}>
      <h2 className="mb-2 text-2xl font-bold">{t("profile.title")}</h2>
      <p className="mb-6 max-w-3xl text-slate-700">{t("profile.intro")}</p>
      {attestations.length === 0 ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-4" data-testid="attestations-empty">
          {t("profile.empty")}
        </p>
      ) : (
        <AttestationTable attestations={attestations} />
      )}
      {dpcEnrolments.length > 0 ? (
        <section aria-labelledby="certificates-title" className="mt-10">
          <h2 id="certificates-title" className="mb-2 text-2xl font-bold">
            {t("certificate.title")}
          </h2>
          <p className="mb-4 max-w-3xl text-slate-700">{t("certificate.intro")}</p>
          <ul className="grid gap-4 md:grid-cols-2">
            {dpcEnrolments.map((enrolment) => (
              <li key={enrolment.enrolmentId}>
                <CertificateForm enrolment={enrolment} result={result?.form === `certificate-${enrolment.enrolmentId}` ? result : undefined} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ProfileLayout>
  );
}

function AttestationTable({ attestations }: { attestations: AttestationItem[] }) {
  const { t } = useTranslation("attestations");
  const path = usePagePath();
  return (
    <DataTable
      caption={t("profile.caption")}
      captionHidden
      testId="attestations-table"
      columns={[
        { label: t("profile.training") },
        { label: t("profile.kind") },
        { label: t("profile.issuedOn") },
        { label: t("profile.code") },
        { label: t("profile.actions") },
      ]}
    >
      {attestations.map((item) => (
        <tr
          key={item.id}
          className="border-b border-slate-200 align-top"
          data-testid="attestation"
          data-code={item.code}
          data-kind={item.kind}
          data-attests={item.attests ?? undefined}
        >
          <th scope="row" className="px-3 py-3 font-semibold">
            {item.kind === "dpc" && item.programmeName ? item.programmeName : item.trainingName}
          </th>
          <td className="px-3 py-3">
            {t(`profile.kinds.${item.kind}`)}
            {item.attests ? ` · ${t(`profile.attests.${item.attests}`)}` : ""}
          </td>
          <td className="px-3 py-3">{item.issuedOn}</td>
          <td className="px-3 py-3 font-mono whitespace-nowrap" data-testid="attestation-code">
            {item.code}
          </td>
          <td className="px-3 py-3">
            <div className="flex flex-wrap items-center gap-3">
              {/* reloadDocument: a native POST, so the PDF reply becomes a download, JavaScript or not. */}
              <Form method="post" reloadDocument>
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="attestationId" value={item.id} />
                <Button type="submit" name="intent" value="download" size="small" aria-label={t("profile.downloadLabel", { training: item.trainingName })}>
                  {t("profile.download")}
                </Button>
              </Form>
              <Link
                to={path("attestation-verify", { code: item.code })}
                className="font-semibold text-[var(--color-primary-dark)] underline"
                aria-label={t("profile.verifyLabel", { code: item.code })}
              >
                {t("profile.verify")}
              </Link>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function CertificateForm({ enrolment, result }: { enrolment: DpcEnrolment; result?: FormReply }) {
  const { t } = useTranslation("attestations");
  const ref = useFocusFirstError(result);
  const errors = replyErrors(result);
  const uploaded = enrolment.practiceCertificate;
  const titleId = `certificate-${enrolment.enrolmentId}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="h-full rounded-lg border border-slate-300 p-5"
      data-testid="certificate"
      data-enrolment-id={enrolment.enrolmentId}
    >
      <h3 id={titleId} className="text-lg font-bold">
        {enrolment.programmeName}
      </h3>
      <p className="text-sm text-slate-700">{t("certificate.action", { number: enrolment.actionNumber })}</p>
      <p className="my-3 font-semibold" data-testid="certificate-status">
        {uploaded ? t("certificate.uploadedOn", { date: uploaded.CertificateUploadedDate }) : t("certificate.notUploaded")}
      </p>
      {uploaded ? (
        <p className="mb-3">
          <a href={uploaded.downloadPath} className="text-[var(--color-primary-dark)] underline" data-testid="certificate-file">
            {t("certificate.download", { name: uploaded.originalName })}
          </a>
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" ref={ref} className="flex flex-col gap-3" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="enrolmentId" value={enrolment.enrolmentId} />
        <FormMessage message={errors.certificate ? undefined : replyMessage(result)} />
        <TextField
          id={`certificate-file-${enrolment.enrolmentId}`}
          name="certificate"
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          label={t("certificate.file")}
          hint={t("certificate.hint")}
          errors={errors.certificate}
          autoFocus={errors.certificate ? true : undefined}
        />
        <SubmitButton intent="certificate">{uploaded ? t("certificate.replace") : t("certificate.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
