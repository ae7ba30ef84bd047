import { Link } from "react-router";
import type { Route } from "./+types/invoice";
import { DocumentLines } from "~/components/pharmacy/document-lines";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { serverT } from "~/lib/translate.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { pageMeta } from "~/lib/meta";

/** One invoice of the pharmacy (GET referent/invoice/{id}): another pharmacy's, or an unknown one, is a 404. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireIdParam(params.invoiceId, url);
  const { back, locale } = context.get(requestStateContext);
  const detail = await back.call(referent.invoice, { params: { id: params.invoiceId } }).catch(notFoundOn404(url.pathname, [404, 422]));
  const t = serverT(context, "pharmacy");
  return { title: `${t(detail.invoice.kind === "creditNote" ? "invoices.creditNote" : "invoices.invoice")} ${detail.invoice.number}`, detail, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { detail, locale } = loaderData;
  const { invoice, lines } = detail;
  // A credit note gives back its invoice's amounts: shown negative (ADR 0094).
  const sign = invoice.kind === "creditNote" ? -1 : 1;
  const money = (cents: number) => formatMoney(cents === 0 ? 0 : sign * cents, invoice.currency, locale);
  return (
    <PharmacyPage title={`${t(invoice.kind === "creditNote" ? "invoices.creditNote" : "invoices.invoice")} ${invoice.number}`}>
      <p className="mb-4">
        <Link to={path("pharmacy-invoices")} className="underline">
          {t("invoices.back")}
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-semibold">{t("invoices.date")}</dt>
        <dd>{formatInstant(invoice.issuedAt, locale, { dateStyle: "long" })}</dd>
        <dt className="font-semibold">{t("invoices.buyer")}</dt>
        <dd>{invoice.buyerName}</dd>
        {invoice.kind === "funding" ? <dd className="col-span-full text-slate-600">{t("invoices.fundingShare")}</dd> : null}
        {invoice.creditedInvoice ? (
          <dd className="col-span-full text-slate-600" data-testid="invoice-reverses">
            <Link to={path("pharmacy-invoice", { invoiceId: invoice.creditedInvoice.id })} className="underline">
              {t("invoices.reverses", { number: invoice.creditedInvoice.number })}
            </Link>
          </dd>
        ) : null}
        {invoice.creditNote ? (
          <dd className="col-span-full text-slate-600" data-testid="invoice-credited-by">
            <Link to={path("pharmacy-invoice", { invoiceId: invoice.creditNote.id })} className="underline">
              {t("invoices.creditedBy", { number: invoice.creditNote.number })}
            </Link>
          </dd>
        ) : null}
      </dl>
      <DocumentLines testId="invoice-lines" lineLabel={t("invoices.line")} netLabel={t("invoices.net")} lines={lines} totals={invoice} money={money} />
      <a href={invoice.downloadPath} download className="font-semibold text-[var(--color-primary-dark)] underline">
        {t("invoices.downloadPdf")}
      </a>
    </PharmacyPage>
  );
}
