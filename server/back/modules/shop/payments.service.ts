/**
 * Paying the shop's orders (ADR 0031, 0100-0103): a card payment started with the provider (its form asked again),
 * the cheque and free modes, the provider's notifications (verified against their order, then applied idempotently),
 * a cheque marked received, and settleOrder, the one way an order becomes paid (payOrder's one transaction), followed
 * by the cart's CartUpdate and the confirmation mail with the invoice. Which provider is payment-providers.ts's.
 */
import { BRANDS, type BrandKey } from "#core/branding/brands.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import type { Order, PaymentStart } from "#core/contract/shop.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { isLocale, pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { orderConfirmationMail } from "../../../mail/order-templates.ts";
import type { IncomingNotification, PaymentProvider, VerifiedNotification } from "../../../payments/provider.ts";
import { AppError } from "../../http/app-error.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import type { ServiceContext } from "../../service-context.ts";
import { invoiceBuyerOf } from "../billing/billing.service.ts";
import { invoiceLocale, invoiceSeller } from "../invoices/invoice-parties.ts";
import { invoiceLines, invoicePdf } from "../invoices/invoices.service.ts";
import { cartPayload, changed, publishCart } from "./cart.service.ts";
import { mailChequeInstructions } from "./cheque-instructions.service.ts";
import { checkout, orderPayload, requireBuyer } from "./orders.service.ts";
import { notifyingProvider, paymentProvider } from "./payment-providers.ts";
import * as repo from "./shop.repository.ts";

// ------------------------------------------------------------------ starting a payment

/**
 * Where the provider sends the buyer back: the order's own page in the order's language, by kind (a shop order's
 * page, the pharmacy's contract page). Never a path from the request: it is signed into the payment (ADR 0100).
 */
export function paymentReturnPath(order: Pick<repo.OrderRow, "kind" | "locale">): string {
  const lang = pathLangOf(isLocale(order.locale) ? order.locale : "fr-FR");
  return pagePath(order.kind === "contract" ? "pharmacy-contract" : "order", lang) ?? "/";
}

/**
 * The payment start of any pending card order, shop or contract (ADR 0071): the provider's page or form for the
 * order's amount; its notification comes back to the shop's endpoint and settles the order by its kind. An order that
 * is no longer pending is never offered for payment again (409).
 */
export async function startOrderPayment(provider: PaymentProvider, order: repo.OrderRow, input: { origin: string }): Promise<PaymentStart> {
  if (order.status !== "pending") throw new AppError("CONFLICT", "shopOrderNotPending");
  return provider.startPayment({
    orderId: order.id,
    amountCents: order.totalWithVatCents,
    currency: order.currency,
    returnPath: paymentReturnPath(order),
    origin: input.origin,
    language: order.locale.slice(0, 2),
  });
}

/** getPaymentToken: the cart's card order (the open one again when the checkout is repeated) and its payment start. */
export async function startCardPayment(ctx: ServiceContext, cartToken: string | null, input: { origin: string }): Promise<PaymentStart> {
  const order = await checkout(ctx, cartToken, "card");
  const start = await startOrderPayment(paymentProvider(ctx), order, input);
  if (order.cartId !== null) await changed(ctx, order.cartId);
  return start;
}

/**
 * The payment form of the buyer's pending card order, again (the order page of a POST provider renders it: the
 * buyer's browser posts it to the provider). Nothing is written; another buyer's order, or one that is no longer
 * pending, is a 404.
 */
export async function paymentForm(ctx: ServiceContext, orderId: number, input: { origin: string }): Promise<PaymentStart> {
  const userId = requireBuyer(ctx);
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.userId !== userId || order.brand !== ctx.brand.key || order.status !== "pending" || order.paymentMethod !== "card") {
    throw new AppError("NOT_FOUND", "shopOrderNotFound");
  }
  const provider = notifyingProvider(ctx, order.provider ?? "");
  if (!provider) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return startOrderPayment(provider, order, input);
}

/** payByCheck: the cart's pending cheque order (the same one when the checkout is repeated); the cart is emptied. */
export async function payByCheck(ctx: ServiceContext, cartToken: string | null): Promise<Order> {
  const order = await checkout(ctx, cartToken, "check");
  if (order.cartId !== null) await changed(ctx, order.cartId);
  const payload = await orderPayload(ctx, order);
  await mailChequeInstructions(ctx, order, payload);
  return payload;
}

/**
 * freePayment: the cart's free order, paid at once. A repeated call gets the same order: it pays it if it is still
 * pending, answers it once paid, and answers its failure (409) when the payment refused it.
 */
export async function freePayment(ctx: ServiceContext, cartToken: string | null): Promise<Order> {
  const order = await checkout(ctx, cartToken, "free");
  if (order.status === "pending")
    await settleOrder(ctx, order.id, { provider: "free", transactionId: null, amountCents: 0, currency: order.currency, payload: null });
  const after = (await repo.findOrder(ctx.db, order.id))!;
  if (after.status !== "paid") throw new AppError("CONFLICT", (after.failureReason ?? "shopOrderNotPending") as MessageKey);
  return orderPayload(ctx, after);
}

// ------------------------------------------------------------------ settling an order

/**
 * Marks the order paid (payOrder's one transaction), then, after commit: the cart's CartUpdate and the
 * confirmation mail with the invoice. Failures after commit are logged, never undo the payment.
 */
export async function settleOrder(
  ctx: ServiceContext,
  orderId: number,
  payment: { provider: string; transactionId: string | null; amountCents: number; currency: string; payload: unknown },
  onPaid?: repo.PayInput["onPaid"],
): Promise<repo.PayOutcome> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) return { kind: "notPending", status: "missing" };
  const buyer = await repo.findBuyer(ctx.db, order.userId);
  const now = ctx.now();
  const outcome = await repo.payOrder(ctx.db, {
    orderId,
    ...payment,
    onPaid,
    now,
    year: Number(toParisDate(now).slice(0, 4)),
    invoicePrefix: legalIdentityOf(order.brand).invoicePrefix,
    seller: invoiceSeller(order.brand),
    // The buyer's legal data as it is now (ADR 0102): the pharmacy's for an order bought for one, else the buyer's own.
    buyer: await invoiceBuyerOf(
      ctx,
      { userId: order.userId, accountId: order.accountId, brand: order.brand },
      {
        name: buyer ? `${buyer.firstName} ${buyer.lastName}` : "",
        email: buyer?.email ?? null,
        locale: invoiceLocale(legalIdentityOf(order.brand).address.country, buyer?.locale),
      },
    ),
  });
  if (outcome.kind === "paid") {
    if (order.cartId !== null) {
      const cart = await repo.findCartById(ctx.db, order.cartId);
      if (cart) await publishCart(ctx, await cartPayload(ctx, cart, order.userId));
    }
    await sendConfirmation(ctx, outcome.order, outcome.invoice).catch((error: unknown) =>
      ctx.logger.error({ err: error, orderId }, "order confirmation mail failed"),
    );
  }
  return outcome;
}

async function sendConfirmation(ctx: ServiceContext, order: repo.OrderRow, invoice: repo.InvoiceRow): Promise<void> {
  const buyer = await repo.findBuyer(ctx.db, order.userId);
  if (!buyer) return;
  const { bytes: pdf } = await invoicePdf(ctx, invoice);
  const lines = await invoiceLines(ctx, invoice);
  const mail = orderConfirmationMail({
    brand: BRANDS[order.brand as BrandKey] ?? BRANDS.fr,
    locale: buyer.locale,
    firstName: buyer.firstName,
    invoiceNumber: invoice.number,
    totalWithVatCents: order.totalWithVatCents,
    currency: order.currency,
    trainings: lines.map((l) => l.name),
  });
  await ctx.mailer.send({
    to: buyer.email,
    ...mail,
    attachments: [{ filename: `${invoice.number}.pdf`, content: Buffer.from(pdf), contentType: "application/pdf" }],
  });
}

// ------------------------------------------------------------------ provider notifications and cheques

export type NotificationResult = "paid" | "failed" | "cancelled" | "pending" | "replayed" | "ignored" | "seatGone";

/**
 * Why a verified notification does not belong to the order it names, or null when it does: the order exists, is a
 * card order started with this provider, and (unless the notification pays nothing) its amount and currency are
 * the notification's. A mismatch is refused and changes nothing (ADR 0100).
 */
function orderMismatch(order: repo.OrderRow | undefined, providerName: string, verified: VerifiedNotification): string | null {
  if (!order) return "unknown order";
  if (order.paymentMethod !== "card" || order.provider !== providerName)
    return `order started with ${order.paymentMethod === "card" ? order.provider : order.paymentMethod}`;
  if (verified.status === "pending") return null;
  if (verified.amountCents !== order.totalWithVatCents) return `amount ${verified.amountCents} instead of ${order.totalWithVatCents}`;
  if (verified.currency !== order.currency) return `currency ${verified.currency} instead of ${order.currency}`;
  return null;
}

/**
 * A provider's server-to-server notification: verified first (a forged one, or one that does not match its order,
 * is refused with 403 and logged, and nothing changes), then applied idempotently (a replayed transaction id changes
 * nothing).
 */
export async function receiveNotification(ctx: ServiceContext, providerName: string, notification: IncomingNotification): Promise<NotificationResult> {
  const { logger } = ctx;
  const provider = notifyingProvider(ctx, providerName);
  const check = provider ? provider.verifyNotification(notification) : { ok: false as const, reason: "provider not configured" };
  if (!check.ok) {
    logger.warn({ provider: providerName, reason: check.reason, bytes: notification.body.length }, "payment notification refused");
    throw new AppError("FORBIDDEN", "shopNotificationInvalid");
  }
  const verified = check.notification;
  const order = await repo.findOrder(ctx.db, verified.orderId);
  const mismatch = orderMismatch(order, providerName, verified);
  if (!order || mismatch !== null) {
    // Signed, so either the provider's mistake or a leaked key: the log is the record, a refund the back office's.
    logger.error(
      { provider: providerName, orderId: verified.orderId, transactionId: verified.transactionId, reason: mismatch },
      "payment notification refused: it does not match its order",
    );
    throw new AppError("FORBIDDEN", "shopNotificationInvalid");
  }
  if (verified.status === "pending") return "pending";
  if (verified.status === "failed" || verified.status === "cancelled") {
    const recorded = await repo.recordUnpaid(ctx.db, {
      orderId: order.id,
      provider: providerName,
      transactionId: verified.transactionId,
      status: verified.status,
      amountCents: verified.amountCents,
      currency: verified.currency,
      payload: verified.payload,
      reason: verified.status === "failed" ? "shopCardRefused" : "shopPaymentCancelled",
      now: ctx.now(),
    });
    return recorded === "replayed" ? "replayed" : verified.status;
  }
  const outcome = await settleOrder(ctx, order.id, {
    provider: providerName,
    transactionId: verified.transactionId,
    amountCents: verified.amountCents,
    currency: verified.currency,
    payload: verified.payload,
  });
  if (outcome.kind === "amountMismatch") logger.warn({ orderId: order.id }, "payment notification amount differs from the order: order failed");
  if (outcome.kind === "notPending")
    logger.warn({ orderId: order.id, status: outcome.status }, "payment notification for an order that is not pending: the payment is recorded, to refund");
  if (outcome.kind === "offerClosed") logger.warn({ orderId: order.id }, "contract payment for an offer no longer pending: order failed");
  if (outcome.kind === "refused")
    logger.warn({ orderId: order.id, reason: outcome.reason }, "payment refused for the order: order failed, the payment is to refund");
  return outcome.kind === "paid"
    ? "paid"
    : outcome.kind === "replayed"
      ? "replayed"
      : outcome.kind === "seatGone"
        ? "seatGone"
        : outcome.kind === "offerClosed" || outcome.kind === "refused"
          ? "failed"
          : "ignored";
}

/**
 * A cheque has been received: the pending check order is paid (settleOrder), idempotent per order. A seat gone, a
 * code used up or a training the buyer already holds fails the order (409 with the reason: the cheque is to return).
 * `options.inTransaction` runs inside the payment's transaction once the order is paid, so the back office's audit row
 * commits or rolls back with the payment (ADR 0089).
 */
export async function markCheckReceived(
  ctx: ServiceContext,
  orderId: number,
  options: { inTransaction?: repo.PayInput["onPaid"] } = {},
): Promise<repo.PayOutcome> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.paymentMethod !== "check") throw new AppError("NOT_FOUND", "shopOrderNotFound");
  if (order.status !== "pending") throw new AppError("CONFLICT", "shopOrderNotPending");
  const outcome = await settleOrder(
    ctx,
    orderId,
    { provider: "check", transactionId: `check-${orderId}`, amountCents: order.totalWithVatCents, currency: order.currency, payload: null },
    options.inTransaction,
  );
  if (outcome.kind === "seatGone") throw new AppError("CONFLICT", "shopSeatGone");
  if (outcome.kind === "refused") throw new AppError("CONFLICT", outcome.reason);
  return outcome;
}
