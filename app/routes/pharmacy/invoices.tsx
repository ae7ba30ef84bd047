import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/invoices";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { SubmitButton } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/**
 * The pharmacy's invoices: list, a PDF each, several at once as one ZIP (POST referent/invoices with factures), and
 * the pharmacy's last order with a link to its page (GET referent/getLastCommand, ADR 0053).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const [list, bonificaciones, lastOrder] = await Promise.all([
    back.call(referent.invoices),
    back.call(referent.bonificacionInvoices),
    back.call(referent.lastOrder),
  ]);
  return { title: serverT(context, "pharmacy")("tabs.invoices"), invoices: list.invoices, bonificaciones: bonificaciones.invoices, lastOrder, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { invoices, bonificaciones, lastOrder, locale } = loaderData;
  return (
    <PharmacyPage title={t("tabs.invoices")}>
      <section aria-labelledby="last-order" className="mb-8" data-testid="last-order">
        <h3 id="last-order" className="mb-2 text-xl font-bold">
          {t("orders.lastTitle")}
        </h3>
        {lastOrder ? (
          <p>
            {t("orders.summary", {
              id: lastOrder.id,
              date: formatInstant(lastOrder.createdAt, locale, { dateStyle: "long" }),
              total: formatMoney(lastOrder.totalWithVat, lastOrder.currency, locale),
            })}{" "}
            {t(`orders.statuses.${lastOrder.status}`)}.{" "}
            <Link to={path("pharmacy-order", { orderId: lastOrder.id })} className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("orders.see", { id: lastOrder.id })}
            </Link>
          </p>
        ) : (
          <p>{t("orders.none")}</p>
        )}
      </section>
      {invoices.length === 0 ? (
        <p data-testid="invoices-empty">{t("invoices.empty")}</p>
      ) : (
        <Form method="post" action={path("pharmacy-invoices-zip")} reloadDocument className="flex flex-col gap-4">
          <AuthenticityTokenInput name="csrf" />
          <DataTable
            caption={t("invoices.caption")}
            captionHidden
            columns={[
              { label: t("invoices.select") },
              { label: t("invoices.number") },
              { label: t("invoices.date") },
              { label: t("invoices.total") },
              { label: t("invoices.pdf") },
            ]}
            density="flush"
            testId="invoices-table"
          >
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
                  {invoice.kind === "funding" ? <span className="block text-sm text-slate-600">{t("invoices.fundingShare")}</span> : null}
                  {invoice.creditedInvoice ? (
                    <span className="block text-sm text-slate-600">{t("invoices.reverses", { number: invoice.creditedInvoice.number })}</span>
                  ) : null}
                  {invoice.creditNote ? (
                    <span className="block text-sm text-slate-600">{t("invoices.creditedBy", { number: invoice.creditNote.number })}</span>
                  ) : null}
                </td>
                <td className="py-2 pr-4">{formatInstant(invoice.issuedAt, locale, { dateStyle: "long" })}</td>
                <td className="py-2 pr-4">
                  {formatMoney(invoice.kind === "creditNote" ? -invoice.totalWithVat : invoice.totalWithVat, invoice.currency, locale)}
                </td>
                <td className="py-2 pr-4">
                  <a href={invoice.downloadPath} className="underline" download>
                    {t("invoices.download")}
                    <span className="sr-only"> {invoice.number}</span>
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
          <div>
            <SubmitButton>{t("invoices.zip")}</SubmitButton>
          </div>
        </Form>
      )}
      {bonificaciones.length > 0 ? (
        <section aria-labelledby="bonificaciones" className="mt-10" data-testid="bonificaciones">
          <h3 id="bonificaciones" className="mb-2 text-xl font-bold">
            {t("invoices.bonificaciones")}
          </h3>
          <p className="mb-3">{t("invoices.bonificacionesText")}</p>
          <ul className="list-disc pl-6">
            {bonificaciones.map((invoice) => (
              <li key={invoice.id}>
                <Link to={path("pharmacy-invoice", { invoiceId: invoice.id })} className="underline">
                  {invoice.number}
                </Link>{" "}
                — {formatMoney(invoice.totalWithVat, invoice.currency, locale)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PharmacyPage>
  );
}
