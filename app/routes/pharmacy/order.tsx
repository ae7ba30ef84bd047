import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/order";
import { accountMeta } from "~/components/account/meta";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFound, notFoundOn404 } from "~/lib/errors.server";
import { serverT } from "~/lib/translate.server";
import { OrderSchema } from "#core/contract/shop.ts";
import { formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";

/** One order of the pharmacy (GET referent/getCommand/{id}, ADR 0053): another pharmacy's, or an unknown one, is a 404. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!/^[1-9][0-9]{0,9}$/.test(params.orderId)) notFound(url.pathname);
  const { back, locale } = context.get(requestStateContext);
  const order = await back.get(`/referent/getCommand/${params.orderId}`, OrderSchema).catch(notFoundOn404(url.pathname, [404, 422]));
  return { title: serverT(context, "pharmacy")("orders.title", { id: order.id }), order, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

export default function PharmacyOrder() {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { order, locale } = useLoaderData<typeof loader>();
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
      <table className="mb-6 w-full border-collapse text-left" data-testid="order-lines">
        <caption className="sr-only">{t("orders.lines")}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">{t("orders.line")}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t("invoices.price")}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t("invoices.discount")}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t("orders.net")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i} className="border-b border-slate-200">
              <td className="py-2 pr-4">{line.name}</td>
              <td className="py-2 pr-4 text-right">{money(line.price)}</td>
              <td className="py-2 pr-4 text-right">{money(line.discount)}</td>
              <td className="py-2 pr-4 text-right">{money(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-4 text-right">{t("invoices.totalHt")}</th>
            <td className="py-1 pr-4 text-right">{money(order.total)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-4 text-right">{t("invoices.vat")}</th>
            <td className="py-1 pr-4 text-right">{money(order.vat)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-4 text-right">{t("invoices.total")}</th>
            <td className="py-1 pr-4 text-right font-bold">{money(order.totalWithVat)}</td>
          </tr>
        </tfoot>
      </table>
      {order.invoice ? (
        <Link to={path("pharmacy-invoice", { invoiceId: order.invoice.id })} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="order-invoice">
          {t("orders.invoice", { number: order.invoice.number })}
        </Link>
      ) : (
        <p>{t("orders.noInvoice")}</p>
      )}
    </PharmacyPage>
  );
}
