import { Link, redirect } from "react-router";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import type { Order } from "#core/contract/shop.ts";
import { chequeInstructions, type ChequeInstructions } from "#core/domain/cheque-instructions.ts";
import { formatInstant } from "#core/domain/format.ts";
import { vatAmount } from "#core/domain/money.ts";
import type { Route } from "./+types/order";
import { ProviderPaymentForm } from "~/components/shop/provider-payment-form";
import { Money, sessionLabel } from "~/components/shop/shop-forms";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { getUser } from "~/lib/current-user.server";
import { notFound } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pageMeta } from "~/lib/meta";
import { currentPath, loginPath } from "~/lib/paths.server";
import { useRootData } from "~/lib/use-root-data";

const PAYMENT_OUTCOMES = ["paid", "failed", "seatGone", "replayed", "cancelled", "post"] as const;

/**
 * /boutique/commande?order={id} | /tienda/pedido?order={id}: where the payment provider sends the buyer back (with
 * `payment`), and where cheque and free orders land. Reads the order (its status is the truth, not the query).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user.loggedIn) throw redirect(loginPath(context, currentPath(url)));
  const orderId = requireIdParam(url.searchParams.get("order"), url);
  const { back, brand } = context.get(requestStateContext);
  const order = await back.call(shopEndpoints.order, { params: { id: orderId } }).catch((error: unknown) => {
    if (error instanceof BackError && (error.status === 404 || error.status === 403)) notFound(url.pathname);
    throw error;
  });
  const outcome = url.searchParams.get("payment");
  // A POST provider (SystemPay): the buyer's browser posts the signed form to the provider's payment page.
  const paymentForm =
    outcome === "post" && order.status === "pending" && order.paymentMethod === "card"
      ? await back.call(shopEndpoints.paymentForm, { params: { id: order.id } }).catch((error: unknown) => {
          if (error instanceof BackError) return null;
          throw error;
        })
      : null;
  return {
    order,
    payment: (PAYMENT_OUTCOMES as readonly string[]).includes(outcome ?? "") ? outcome : null,
    paymentForm: paymentForm?.method === "POST" ? paymentForm : null,
    // The order is the brand's (the API answers the host's brand's orders only): its legal identity says whom to pay.
    cheque: order.status === "pending" && order.paymentMethod === "check" ? chequeInstructions(brand.key, order) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "shop:order.title" });

/**
 * What the page says. The stored status decides; the provider's `payment=cancelled` only words a card order still
 * pending (the buyer left the payment page: nothing was booked and the cart is still there).
 */
function orderState(order: { status: string; paymentMethod: string | null }, payment: string | null) {
  if (order.status === "paid") return "paid";
  if (order.status !== "pending") return "failed";
  if (order.paymentMethod === "check") return "pendingCheck";
  return payment === "cancelled" ? "cancelled" : "pending";
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const root = useRootData();
  const path = usePagePath();
  if (!root) return null;
  const { order } = loaderData;
  const locale = root.locale;
  const state = orderState(order, loaderData.payment);
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 outline-none" data-testid="order-page" data-status={order.status}>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{t("order.heading", { id: order.id })}</h1>
      {loaderData.paymentForm ? (
        <ProviderPaymentForm start={loaderData.paymentForm} text={t("order.toPayment")} button={t("order.toPaymentButton")} />
      ) : state === "paid" ? (
        <p role="status" className="rounded-md border-2 border-green-700 bg-green-50 p-3 font-semibold text-green-900" data-testid="order-paid">
          {t("order.paid")}
        </p>
      ) : state === "pendingCheck" ? (
        <>
          <p role="status" className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900" data-testid="order-pending-check">
            {t("order.pendingCheck")}
          </p>
          {loaderData.cheque ? <ChequeInstructionsBlock cheque={loaderData.cheque} locale={locale} /> : null}
        </>
      ) : state === "cancelled" ? (
        <p role="status" className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900" data-testid="order-payment-cancelled">
          {t("order.paymentCancelled")}
        </p>
      ) : state === "pending" ? (
        <p role="status" className="rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900" data-testid="order-pending">
          {t("order.pending")}
        </p>
      ) : (
        <div role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900" data-testid="order-failed">
          <p className="font-semibold">{t("order.failed")}</p>
          {order.failureMessage ? <p data-testid="order-failure-message">{order.failureMessage}</p> : null}
        </div>
      )}
      <ul className="flex flex-col gap-2" aria-label={t("order.lines")}>
        {order.lines.map((line) => (
          <li key={line.trainingId} className="flex flex-col gap-1 border-b border-slate-200 pb-2" data-testid="order-line">
            <div className="flex flex-wrap justify-between gap-2">
              <span>{line.name}</span>
              <Money cents={line.net} currency={order.currency} locale={locale} />
            </div>
            <LineChoices line={line} locale={locale} />
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{t("cart.totalHt")}</dt>
        <dd className="text-right">
          <Money cents={order.total} currency={order.currency} locale={locale} testId="order-total" />
        </dd>
        <dt>{t("cart.vat")}</dt>
        <dd className="text-right">
          <Money cents={vatAmount(order)} currency={order.currency} locale={locale} />
        </dd>
        <dt className="font-bold">{t("cart.totalTtc")}</dt>
        <dd className="text-right font-bold">
          <Money cents={order.totalWithVat} currency={order.currency} locale={locale} testId="order-total-ttc" />
        </dd>
      </dl>
      {order.invoice ? (
        <p>
          {/* No download attribute: the reply's Content-Disposition makes the PDF a download, and an error (logged out,
              no such order) is a page the browser shows instead of a failed download. */}
          <a href={order.invoice.downloadPath} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="order-invoice">
            {t("order.invoice", { number: order.invoice.number })}
          </a>
        </p>
      ) : null}
      {order.creditNote ? (
        <div className="flex flex-col gap-1" data-testid="order-credit-note">
          <p>{t("order.credited", { number: order.creditNote.number, date: formatInstant(order.creditNote.issuedAt, locale, { dateStyle: "long" }) })}</p>
          <p>
            <a href={order.creditNote.downloadPath} className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("order.creditNote", { number: order.creditNote.number })}
            </a>
          </p>
        </div>
      ) : null}
      <p className="flex flex-wrap gap-4">
        {state === "paid" ? (
          <Link to={path("profile")} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="order-learner-link">
            {t("order.toLearnerArea")}
          </Link>
        ) : null}
        {state === "failed" || state === "cancelled" ? (
          <Link to={path("cart")} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="order-cart-link">
            {t("order.backToCart")}
          </Link>
        ) : null}
        <Link to={path("shop")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("cart.toShop")}
        </Link>
      </p>
    </main>
  );
}

/** What the buyer chose for a line in the cart (issue 30 item 8): its function, session and funding, those it has. */
function LineChoices({ line, locale }: { line: Order["lines"][number]; locale: string }) {
  const { t } = useTranslation("shop");
  const rows: { key: string; label: string; value: string }[] = [];
  if (line.functionName)
    rows.push({ key: "function", label: t("cart.function"), value: t(`functions.${line.functionName}`, { defaultValue: line.functionName }) });
  if (line.session) rows.push({ key: "session", label: t("cart.session"), value: sessionLabel(t, line.session, locale) });
  if (line.fundingLabel) rows.push({ key: "funding", label: t("cart.funding"), value: line.fundingLabel });
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
      {rows.map((row) => (
        <div key={row.key} className="contents" data-testid={`order-line-${row.key}`}>
          <dt className="font-semibold">{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How to pay a cheque order: whom to pay, how much, what to write on the back, where to send it. */
function ChequeInstructionsBlock({ cheque, locale }: { cheque: ChequeInstructions; locale: string }) {
  const { t } = useTranslation("shop");
  return (
    <section aria-labelledby="cheque-heading" className="flex flex-col gap-3 rounded-md border border-slate-300 p-4" data-testid="order-cheque-instructions">
      <h2 id="cheque-heading" className="text-xl font-bold">
        {t("order.cheque.heading")}
      </h2>
      <p>{t("order.cheque.intro")}</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("order.cheque.payee")}</dt>
        <dd data-testid="cheque-payee">{cheque.payee}</dd>
        <dt className="font-semibold">{t("order.cheque.amount")}</dt>
        <dd>
          <Money cents={cheque.amountCents} currency={cheque.currency} locale={locale} testId="cheque-amount" />
        </dd>
        <dt className="font-semibold">{t("order.cheque.reference")}</dt>
        <dd data-testid="cheque-reference">{t("order.cheque.referenceValue", { reference: cheque.reference })}</dd>
        <dt className="font-semibold">{t("order.cheque.address")}</dt>
        <dd>
          <address className="not-italic" data-testid="cheque-address">
            {cheque.payee}
            <br />
            {cheque.address.street}
            <br />
            {cheque.address.postalCode} {cheque.address.city}
          </address>
        </dd>
      </dl>
    </section>
  );
}
