import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/invoices";
import { accountMeta } from "~/components/account/meta";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { FormMessage, SubmitButton } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { replyMessage, type FormReply } from "~/lib/forms";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { serverT } from "~/lib/translate.server";
import { AccountInvoicesSchema, InvoicesZipFormSchema } from "#core/contract/referent.ts";
import { formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";

/** The pharmacy's invoices: list, a PDF each, several at once as one ZIP (POST referent/invoices with factures). */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const list = await back.get("/referent/invoices", AccountInvoicesSchema);
  return { title: serverT(context, "pharmacy")("tabs.invoices"), invoices: list.invoices, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

/** The ZIP download: the file itself is the answer (the form is a document submission, with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, InvoicesZipFormSchema);
  if (submission.status !== "success") return invalidReply(submission, { form: "zip" });
  const { back } = context.get(requestStateContext);
  try {
    const file = await back.postForFile("/referent/invoices", { factures: submission.value.factures });
    return new Response(file.body, {
      headers: {
        "content-type": file.headers.get("content-type") ?? "application/zip",
        "content-disposition": file.headers.get("content-disposition") ?? 'attachment; filename="factures.zip"',
      },
    });
  } catch (error) {
    return backErrorReply(submission, error, { form: "zip" });
  }
}

export default function Invoices() {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { invoices, locale } = useLoaderData<typeof loader>();
  const result = useActionData<FormReply>();
  const error = replyMessage(result) ?? Object.values(result?.error ?? {}).flat()[0];
  return (
    <PharmacyPage title={t("tabs.invoices")}>
      {invoices.length === 0 ? (
        <p data-testid="invoices-empty">{t("invoices.empty")}</p>
      ) : (
        <Form method="post" reloadDocument className="flex flex-col gap-4">
          <AuthenticityTokenInput name="csrf" />
          <FormMessage message={error ?? undefined} />
          <table className="w-full border-collapse text-left" data-testid="invoices-table">
            <caption className="sr-only">{t("invoices.caption")}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4">{t("invoices.select")}</th>
                <th scope="col" className="py-2 pr-4">{t("invoices.number")}</th>
                <th scope="col" className="py-2 pr-4">{t("invoices.date")}</th>
                <th scope="col" className="py-2 pr-4">{t("invoices.total")}</th>
                <th scope="col" className="py-2 pr-4">{t("invoices.pdf")}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-slate-200" data-testid="invoice-row">
                  <td className="py-2 pr-4">
                    <input
                      type="checkbox"
                      name="factures"
                      value={invoice.id}
                      id={`invoice-${invoice.id}`}
                      aria-label={t("invoices.selectOne", { number: invoice.number })}
                      className="h-5 w-5"
                    />
                  </td>
                  <td className="py-2 pr-4">
                    <Link to={path("pharmacy-invoice", { invoiceId: invoice.id })} className="font-semibold text-[var(--color-primary-dark)] underline">
                      {invoice.number}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{formatInstant(invoice.issuedAt, locale, { dateStyle: "long" })}</td>
                  <td className="py-2 pr-4">{formatMoney(invoice.totalWithVat, invoice.currency, locale)}</td>
                  <td className="py-2 pr-4">
                    <a href={invoice.downloadPath} className="underline" download>
                      {t("invoices.download")}
                      <span className="sr-only"> {invoice.number}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <SubmitButton>{t("invoices.zip")}</SubmitButton>
          </div>
        </Form>
      )}
    </PharmacyPage>
  );
}
