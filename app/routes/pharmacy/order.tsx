import { Link } from "react-router";
import type { Route } from "./+types/order";
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

/** One order of the pharmacy (GET referent/getCommand/{id}, ADR 0053): another pharmacy's, or an unknown one, is a 404. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireIdParam(params.orderId, url);
  const { back, locale } = context.get(requestStateContext);
  const order = await back.call(referent.order, { params: { id: params.orderId } }).catch(notFoundOn404(url.pathname, [404, 422]));
  return { title: serverT(context, "pharmacy")("orders.title", { id: order.id }), order, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function PharmacyOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { order, locale } = loaderData;
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return (
    <PharmacyPage title={t("orders.title", { id: order.id })}>
      <p className="mb-4">
        <Link to={path("pharmacy-invoices")} className="underline">
          {t("orders.back")}
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid="order-facts">
        <dt className="font-semibold">{t("orders.date")}</dt>
        <dd>{formatInstant(order.createdAt, locale, { dateStyle: "long" })}</dd>
        <dt className="font-semibold">{t("orders.status")}</dt>
        <dd data-testid="order-status">{t(`orders.statuses.${order.status}`)}</dd>
        <dt className="font-semibold">{t("orders.method")}</dt>
        <dd>{t(`orders.methods.${order.paymentMethod ?? "none"}`)}</dd>
      </dl>
      <DocumentLines
        testId="order-lines"
        caption={t("orders.lines")}
        lineLabel={t("orders.line")}
        netLabel={t("orders.net")}
        lines={order.lines}
        totals={order}
        money={money}
      />
      {order.invoice ? (
        <Link
          to={path("pharmacy-invoice", { invoiceId: order.invoice.id })}
          className="font-semibold text-[var(--color-primary-dark)] underline"
          data-testid="order-invoice"
        >
          {t("orders.invoice", { number: order.invoice.number })}
        </Link>
      ) : (
        <p>{t("orders.noInvoice")}</p>
      )}
    </PharmacyPage>
  );
}
