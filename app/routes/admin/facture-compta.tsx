import { Link, useActionData } from "react-router";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import type { Refund } from "#core/contract/accounting.ts";
import { formatInstant, formatMoney } from "#core/domain/format.ts";
import type { Route } from "./+types/facture-compta";
import { AdminToolsMain, CELL } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { ListTable } from "~/components/admin/admin-list";
import { useListHref } from "~/components/ui/list-href";
import { DataTable } from "~/components/ui/data-table";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { useRootData } from "~/lib/use-root-data";
import { confirmCheckAction, loadFactureCompta } from "./facture-compta.server";
import { pageMeta } from "~/lib/meta";

/** The order failure reasons the refunds list names (others read "other"). */
const REFUND_REASONS = [
  "shopSeatGone",
  "shopDiscountUsedUpAtPayment",
  "shopAlreadyEnrolledAtPayment",
  "shopOrderConflict",
  "shopNotificationInvalid",
  "contractPaymentOfferClosed",
] as const;

/**
 * /admin/factureCompta: the accounting export of a period and brand, the payments by check to confirm, and the payments
 * to refund (ADR 0101).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  return loadFactureCompta(url, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  return confirmCheckAction(request, context);
}

export default function FactureCompta({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const result = useActionData<FormReply>();
  const { checks, paging, list, values, exportErrors, confirm, refunds, refundsTotal } = loaderData;
  const href = useListHref();
  const brandOptions = BRAND_KEYS.map((brand) => ({ value: brand, label: t(`brands.${brand}`) }));
  const pending = checks.find((c) => c.orderId === confirm);
  return (
    <AdminToolsMain current="admin-facture-compta" title={t("compta.title")} testId="admin-facture-compta">
      <section aria-labelledby="export-heading" className="flex flex-col gap-3">
        <h2 id="export-heading" className="text-xl font-bold">
          {t("compta.exportHeading")}
        </h2>
        <p className="text-slate-800">{t("compta.exportIntro")}</p>
        <p>
          <Link to={path("admin-invoices")} className="font-semibold text-blue-800 underline" data-testid="invoices-link">
            {t("compta.invoicesLink")}
          </Link>
        </p>
        {/* A native form: the browser downloads the file (with or without JavaScript). */}
        <form method="get" action={path("admin-facture-compta-export")} className="grid max-w-3xl gap-4 sm:grid-cols-2" data-testid="export-form" noValidate>
          {Object.keys(exportErrors).length ? <FormMessage message={t("compta.exportInvalid")} /> : null}
          <SelectField name="brand" label={t("fields.brand")} options={brandOptions} defaultValue={values.brand} errors={exportErrors.brand} />
          <SelectField
            name="format"
            label={t("fields.format")}
            options={[
              { value: "csv", label: t("compta.csv") },
              { value: "xlsx", label: t("compta.xlsx") },
            ]}
            defaultValue={values.format}
            errors={exportErrors.format}
          />
          <TextField name="from" type="date" label={t("fields.from")} defaultValue={values.from} errors={exportErrors.from} required />
          <TextField name="to" type="date" label={t("fields.to")} defaultValue={values.to} errors={exportErrors.to} required />
          <div className="sm:col-span-2">
            <Button type="submit">{t("compta.download")}</Button>
          </div>
        </form>
      </section>

      <section aria-labelledby="checks-heading" className="flex flex-col gap-3">
        <h2 id="checks-heading" className="text-xl font-bold">
          {t("compta.checksHeading")}
        </h2>
        <FormMessage message={replyMessage(result)} />
        {pending ? (
          <ConfirmPanel
            confirmKey={String(pending.orderId)}
            title={t("compta.confirmQuestion", {
              id: pending.orderId,
              name: pending.buyerName,
              amount: formatMoney(pending.totalWithVat, pending.currency, locale),
            })}
            intent="confirm-check"
            fields={{ orderId: pending.orderId }}
            submitLabel={t("compta.confirmYes")}
            cancelTo={href({ confirm: undefined })}
            sendsConfirm={false}
          />
        ) : null}
        {checks.length === 0 ? (
          <p data-testid="no-checks">{t("compta.noChecks")}</p>
        ) : (
          <ListTable
            paging={paging}
            caption={t("compta.checksHeading")}
            empty={t("compta.noChecks")}
            rowCount={checks.length}
            testId="checks-table"
            columns={[
              { label: t("compta.order") },
              { label: t("fields.brand"), sort: "brand" },
              { label: t("compta.buyer"), sort: "buyer" },
              { label: t("compta.trainings") },
              { label: t("compta.amount"), sort: "amount" },
              { label: t("compta.date"), sort: "created" },
              { label: t("compta.actions") },
            ]}
            sorting={list}
          >
            {checks.map((check) => (
              <tr key={check.orderId} data-testid="check-row" data-order-id={check.orderId}>
                <td className={CELL}>#{check.orderId}</td>
                <td className={CELL}>{t(`brands.${check.brand}`)}</td>
                <td className={CELL}>
                  {check.buyerName}
                  <br />
                  <span className="text-slate-700">{check.buyerEmail}</span>
                </td>
                <td className={CELL}>{check.trainings.join(", ")}</td>
                <td className={CELL}>{formatMoney(check.totalWithVat, check.currency, locale)}</td>
                <td className={CELL}>{formatInstant(check.createdAt, locale, { dateStyle: "medium" })}</td>
                <td className={CELL}>
                  <ConfirmLink confirmKey={String(check.orderId)} look="link" testId="confirm-check">
                    {t("compta.confirm")}
                    <span className="sr-only"> #{check.orderId}</span>
                  </ConfirmLink>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>

      <RefundsSection refunds={refunds} total={refundsTotal} locale={locale} />
    </AdminToolsMain>
  );
}

/**
 * Money received for an order it did not pay (ADR 0101): the order failed when it was paid, was replaced meanwhile or
 * was paid already. The refund is made outside the platform (the provider's back office, or the cheque sent back).
 */
function RefundsSection({ refunds, total, locale }: { refunds: Refund[]; total: number; locale: string }) {
  const { t } = useTranslation("admin-tools");
  const cause = (refund: Refund) => {
    if (refund.cause !== "failed") return t(`compta.refundCauses.${refund.cause}`);
    const known = (REFUND_REASONS as readonly string[]).includes(refund.failureReason ?? "");
    return t(`compta.refundReasons.${known ? refund.failureReason : "other"}`);
  };
  return (
    <section aria-labelledby="refunds-heading" className="flex flex-col gap-3">
      <h2 id="refunds-heading" className="text-xl font-bold">
        {t("compta.refundsHeading")}
      </h2>
      <p className="text-slate-800">{t("compta.refundsIntro")}</p>
      <DataTable
        caption={t("compta.refundsCount", { count: total })}
        empty={t("compta.noRefunds")}
        rowCount={refunds.length}
        testId="refunds-table"
        className="text-sm"
        columns={[
          { label: t("compta.order") },
          { label: t("fields.brand") },
          { label: t("compta.buyer") },
          { label: t("compta.payment") },
          { label: t("compta.amount") },
          { label: t("compta.received") },
          { label: t("compta.cause") },
        ]}
      >
        {refunds.map((refund) => (
          <tr key={refund.paymentId} data-testid="refund-row" data-order-id={refund.orderId}>
            <td className={CELL}>#{refund.orderId}</td>
            <td className={CELL}>{t(`brands.${refund.brand}`)}</td>
            <td className={CELL}>
              {refund.buyerName}
              <br />
              <span className="text-slate-700">{refund.buyerEmail}</span>
            </td>
            <td className={CELL}>
              {refund.provider}
              <br />
              <span className="break-all text-slate-700">{refund.transactionId}</span>
            </td>
            <td className={CELL}>{formatMoney(refund.amount, refund.currency, locale)}</td>
            <td className={CELL}>{formatInstant(refund.receivedAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
            <td className={CELL}>{cause(refund)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
