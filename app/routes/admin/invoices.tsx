import { Link, useActionData } from "react-router";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { AdminInvoicesQuerySchema, INVOICE_LIST_KINDS, IssueCreditNoteFormSchema, type AdminInvoice } from "#core/contract/accounting.ts";
import { formatInstant, formatMoney } from "#core/domain/format.ts";
import type { Route } from "./+types/invoices";
import { AdminToolsMain, CELL, StatusBadge } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { useListHref } from "~/components/ui/list-href";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { accountingEndpoints } from "#core/contract/endpoints/accounting.ts";

/**
 * /admin/factureCompta/invoices: the invoice store (invoices and credit notes, ADR 0094), searched, filtered, sorted
 * and paged in the query string (ADR 0061); a paid shop invoice gets its credit note after a confirmation step.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = AdminInvoicesQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await context.get(requestStateContext).back.call(accountingEndpoints.invoices, { query });
  const confirm = Number(url.searchParams.get("confirm")) || null;
  return {
    title: serverT(context, "admin-tools")("invoices.title"),
    invoices: list.items,
    paging: list.paging,
    query,
    confirm: list.items.some((i) => i.id === confirm && i.creditable) ? confirm : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** The confirmation step's form: the credit note of one invoice (`confirm=on`, as the API requires). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, IssueCreditNoteFormSchema);
  if (submission.status !== "success") return invalidReply(submission, { form: "credit-note" });
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "admin-tools");
  let message: string;
  try {
    const issued = await back.call(accountingEndpoints.issueCreditNote, { params: { id: submission.value.invoiceId }, body: { confirm: true } });
    message = t(issued.created ? "invoices.credited" : "invoices.alreadyCredited", { number: issued.creditNote.number });
  } catch (error) {
    return backErrorReply(submission, error, { form: "credit-note" });
  }
  const params = new URLSearchParams(url.search);
  params.delete("confirm");
  return redirectWithToast(`${url.pathname}${params.size ? `?${params.toString()}` : ""}`, { type: "success", message });
}

function Reference({ invoice }: { invoice: AdminInvoice }) {
  const { t } = useTranslation("admin-tools");
  if (invoice.creditNote) return <span data-testid="invoice-credited">{t("invoices.creditedBy", { number: invoice.creditNote.number })}</span>;
  if (invoice.creditedInvoice) return <span>{t("invoices.reverses", { number: invoice.creditedInvoice.number })}</span>;
  return null;
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const result = useActionData<FormReply>();
  const href = useListHref();
  const { invoices, paging, query, confirm } = loaderData;
  const toCredit = invoices.find((i) => i.id === confirm);
  const money = (invoice: AdminInvoice) => formatMoney(invoice.totalWithVat, invoice.currency, locale);
  return (
    <AdminToolsMain current="admin-facture-compta" title={t("invoices.title")} testId="admin-invoices">
      <p className="text-slate-800">
        {t("invoices.intro")}{" "}
        <Link to={path("admin-facture-compta")} className="font-semibold text-blue-800 underline">
          {t("invoices.toExport")}
        </Link>
      </p>
      <ListFilters query={query} searchLabel={t("invoices.search")}>
        <FilterSelect name="brand" label={t("fields.brand")} value={query.brand} options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))} />
        <FilterSelect
          name="kind"
          label={t("invoices.kind")}
          value={query.kind}
          options={INVOICE_LIST_KINDS.map((k) => ({ value: k, label: t(`invoices.kinds.${k}`) }))}
        />
      </ListFilters>
      {result?.form === "credit-note" && !toCredit ? <FormMessage message={replyMessage(result)} /> : null}
      {toCredit ? (
        <ConfirmPanel
          confirmKey={String(toCredit.id)}
          title={t("invoices.creditQuestion", { number: toCredit.number, name: toCredit.buyerName, amount: money(toCredit) })}
          intent="credit-note"
          fields={{ invoiceId: toCredit.id }}
          submitLabel={t("invoices.creditYes")}
          cancelTo={href({ confirm: undefined })}
          formKey="credit-note"
        >
          <p>{t("invoices.creditDetails")}</p>
        </ConfirmPanel>
      ) : null}
      <ListTable
        paging={paging}
        empty={t("list.empty")}
        rowCount={invoices.length}
        testId="invoices-table"
        columns={[
          { label: t("invoices.number"), sort: "number" },
          { label: t("invoices.kind") },
          { label: t("fields.brand") },
          { label: t("compta.buyer"), sort: "buyer" },
          { label: t("compta.date"), sort: "issued" },
          { label: t("compta.amount"), sort: "amount" },
          { label: t("compta.actions") },
        ]}
        sorting={query}
      >
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id} data-number={invoice.number}>
            <td className={`${CELL} font-mono`}>
              {invoice.number}
              <span className="block font-sans text-sm text-slate-700">
                <Reference invoice={invoice} />
              </span>
            </td>
            <td className={CELL}>
              <StatusBadge tone={invoice.kind === "creditNote" ? "warn" : "ok"}>{t(`invoices.kinds.${invoice.kind}`)}</StatusBadge>
            </td>
            <td className={CELL}>{t(`brands.${invoice.brand}`)}</td>
            <td className={CELL}>{invoice.buyerName}</td>
            <td className={CELL}>{formatInstant(invoice.issuedAt, locale, { dateStyle: "medium" })}</td>
            <td className={CELL}>{invoice.kind === "creditNote" ? `-${money(invoice)}` : money(invoice)}</td>
            <td className={CELL}>
              <span className="flex flex-col gap-1">
                <a href={path("admin-invoice-pdf", { invoiceId: invoice.id })} className="font-semibold text-blue-800 underline" download>
                  {t("invoices.pdf")}
                  <span className="sr-only"> {invoice.number}</span>
                </a>
                {invoice.creditable ? (
                  <ConfirmLink confirmKey={String(invoice.id)} look="danger" testId="credit-invoice">
                    {t("invoices.credit")}
                    <span className="sr-only"> {invoice.number}</span>
                  </ConfirmLink>
                ) : null}
              </span>
            </td>
          </tr>
        ))}
      </ListTable>
    </AdminToolsMain>
  );
}
