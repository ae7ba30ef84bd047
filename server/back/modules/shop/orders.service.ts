/**
 * The shop's orders (ADR 0031, 0101): the checkout that turns the buyer's cart into a pending order for a payment
 * mode (one transaction with the cart row locked; a repeated checkout gets its open order), and the reading of
 * orders, their invoices and credit notes by the buyer, the pharmacy it was bought for and the back office. How an
 * order is paid is payments.service.ts's.
 */
import type { Order } from "#core/contract/shop.ts";
import { sameCheckout, type Checkout } from "#core/domain/checkout.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { Tx } from "../../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import type { ServiceContext } from "../../service-context.ts";
import { requireCompleteBilling } from "../billing/billing.service.ts";
import { findCreditNoteOfOrder, listOrderLinesWithChoices } from "../invoices/invoices.repository.ts";
import { invoicePdf, lineChoices } from "../invoices/invoices.service.ts";
import { requireConfirmedEmail } from "../signup/signup.service.ts";
import { listMemberships } from "../user/user.repository.ts";
import { DISCOUNT_MESSAGES, needsSession, priceCart, type PricedCart } from "./cart-pricing.ts";
import { changed, requireCart, requireShopContext } from "./cart.service.ts";
import { paymentProvider } from "./payment-providers.ts";
import * as repo from "./shop.repository.ts";

// ------------------------------------------------------------------ checkout

export function requireBuyer(ctx: ServiceContext): number {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", "shopLoginRequired");
  return ctx.user.userId;
}

type PaymentMethod = "card" | "check" | "free";

/**
 * The cart's order for this payment mode (ADR 0101). One transaction with the cart row locked: the checkouts of one
 * cart queue, and the partial unique index (one pending order per cart) is the referee behind the lock. A checkout
 * sent again with the same content and mode gets the open order it made; a changed cart or mode replaces an open card
 * or free order (not paid yet: cancelled) and detaches an open cheque order from the cart (it still awaits its
 * cheque). An empty cart is a checkout repeated after its order emptied it (repeatedCheckout). A code of the cart
 * that no longer applies (used up since, expired) is taken out of the cart and the checkout answers why (409): the
 * buyer is never charged another price than the one the cart showed without being told.
 */
export async function checkout(ctx: ServiceContext, cartToken: string | null, method: PaymentMethod): Promise<repo.OrderRow> {
  await requireShopContext(ctx);
  const userId = requireBuyer(ctx);
  const { id: cartId, brand } = await requireCart(ctx, cartToken);
  // The invoice goes to the buyer's address: no order before its owner confirmed it (public sign-up, ADR 0109).
  await requireConfirmedEmail(ctx, userId);
  // The invoice must carry the buyer's legal data (ADR 0102): no order before the billing details are complete.
  await requireCompleteBilling(ctx, { userId, accountId: ctx.user?.accountId ?? null, brand });
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx): Promise<{ order: repo.OrderRow } | { refusedCode: NonNullable<PricedCart["refusedCode"]> }> => {
    const cart = await repo.lockCart(tx, cartId);
    if (!cart) throw new AppError("CONFLICT", "shopCartEmpty");
    const open = await repo.findOpenOrderOfCart(tx, cart.id);
    const priced = await priceCart(tx, cart, userId, now, { inTransaction: true });
    if (priced.lines.length === 0) return { order: await repeatedCheckout(tx, cart.id, open, method) };
    if (priced.refusedCode) {
      await repo.setCartDiscount(tx, cart.id, null, now);
      return { refusedCode: priced.refusedCode };
    }
    await requireOrderable(tx, priced, userId, method);
    const draft = orderDraft(ctx, priced, userId, method, now);
    if (open && sameCheckout(checkoutOf(open, await repo.listOrderLines(tx, open.id)), checkoutOf(draft.order, draft.lines))) return { order: open };
    if (open?.paymentMethod === "check") await repo.detachOrderFromCart(tx, open.id, now);
    else if (open) await repo.cancelPendingOrder(tx, open.id, now);
    const awaitingCheck = await repo.findPendingCheckOrderWithTrainings(
      tx,
      userId,
      cart.brand,
      priced.lines.map((l) => l.training.id),
    );
    // Answered on the cart (no order named in the data): the buyer removes the line there.
    if (awaitingCheck) throw new AppError("CONFLICT", "shopTrainingInCheckOrder", { values: { name: awaitingCheck.name, order: awaitingCheck.orderId } });
    return { order: await repo.insertOrder(tx, draft.order, draft.lines, { clearCart: method === "check" }) };
  });
  if ("order" in result) return result.order;
  await changed(ctx, cartId);
  throw new AppError("CONFLICT", DISCOUNT_MESSAGES[result.refusedCode.reason], { values: { code: result.refusedCode.code } });
}

/**
 * A checkout of an empty cart repeats the one whose order emptied it: a cheque order (it empties the cart when it is
 * made) or a paid order. payByCheck gets its pending cheque order again and freePayment its paid free order; any
 * other mode is a 409 naming the order (its id in the reply's data): nothing is ordered or charged a second time.
 */
async function repeatedCheckout(tx: Tx, cartId: number, open: repo.OrderRow | undefined, method: PaymentMethod): Promise<repo.OrderRow> {
  const last = open ?? (await repo.findLastOrderOfCart(tx, cartId));
  if (last?.status === "pending" && last.paymentMethod === "check") {
    if (method === "check") return last;
    throw new AppError("CONFLICT", "shopOrderAwaitingCheck", { values: { order: last.id }, data: { orderId: last.id } });
  }
  if (last?.status === "paid") {
    if (method === "free" && last.paymentMethod === "free") return last;
    throw new AppError("CONFLICT", "shopOrderAlreadyPaid", { values: { order: last.id }, data: { orderId: last.id } });
  }
  throw new AppError("CONFLICT", "shopCartEmpty");
}

/** The cart can become an order in this mode: every choice made, every training still sold and not held, seats left. */
async function requireOrderable(tx: Tx, priced: PricedCart, userId: number, method: PaymentMethod): Promise<void> {
  for (const { line, training } of priced.lines) {
    if ((line.sessionId === null && needsSession(training, priced.withSessions)) || (line.functionName === null && training.availableFunctions.length > 0)) {
      throw new AppError("CONFLICT", "shopCartIncomplete");
    }
  }
  const trainingIds = priced.lines.map((l) => l.training.id);
  if ((await repo.findStoreTrainings(tx, priced.cart.brand, trainingIds)).length !== trainingIds.length) throw new AppError("NOT_FOUND", "shopProductNotFound");
  if ((await repo.activeEnrolmentTrainingIds(tx, userId, trainingIds)).size > 0) throw new AppError("CONFLICT", "shopAlreadyEnrolled");
  for (const { line } of priced.lines) {
    if (line.sessionId === null) continue;
    const session = await repo.findSessionOfGroup(tx, line.sessionId);
    if (!session || session.currentParticipants >= session.maxParticipants) throw new AppError("CONFLICT", "shopSessionFull");
  }
  const free = priced.totals.totalWithVat === 0;
  if (method === "free" && !free) throw new AppError("CONFLICT", "shopNotFree");
  if (method !== "free" && free) throw new AppError("CONFLICT", "shopIsFree");
}

/** The order the priced cart makes in this mode, with its lines: the same numbers as the cart (computeCartTotals). */
function orderDraft(
  ctx: ServiceContext,
  priced: PricedCart,
  userId: number,
  method: PaymentMethod,
  now: Date,
): { order: repo.NewOrder; lines: repo.NewOrderLine[] } {
  const rule = vatRuleForBrand(priced.cart.brand);
  return {
    order: {
      brand: priced.cart.brand,
      userId,
      accountId: ctx.user?.accountId ?? null,
      cartId: priced.cart.id,
      status: "pending",
      paymentMethod: method,
      provider: method === "card" ? paymentProvider(ctx).name : null,
      discountCodeId: priced.discount?.id ?? null,
      discountCode: priced.discount?.code ?? null,
      subtotalCents: priced.totals.subtotal,
      discountCents: priced.totals.totalDiscount,
      totalCents: priced.totals.total,
      vatCents: priced.totals.vat,
      totalWithVatCents: priced.totals.totalWithVat,
      vatRateBasisPoints: rule.rateBasisPoints,
      vatExemptionMention: rule.exemptionMention,
      currency: rule.currency,
      locale: ctx.locale,
      createdAt: now,
      updatedAt: now,
    },
    lines: priced.lines.map(({ line, training }, i) => ({
      trainingId: training.id,
      name: training.name,
      trainingType: training.type,
      functionName: line.functionName,
      sessionId: line.sessionId,
      sessionCourseId: line.sessionCourseId,
      fundingId: line.fundingId,
      priceCents: priced.totals.lines[i].priceCents,
      discountCents: priced.totals.lines[i].discountCents,
      netCents: priced.totals.lines[i].netCents,
    })),
  };
}

/** What an order (stored, or about to be) commits to, for sameCheckout. */
function checkoutOf(order: repo.NewOrder, lines: repo.NewOrderLine[]): Checkout {
  return {
    terms: {
      paymentMethod: order.paymentMethod ?? null,
      provider: order.provider ?? null,
      accountId: order.accountId ?? null,
      discountCodeId: order.discountCodeId ?? null,
      currency: order.currency ?? "EUR",
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents ?? 0,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      totalWithVatCents: order.totalWithVatCents,
    },
    lines: lines.map((l) => ({
      trainingId: l.trainingId,
      functionName: l.functionName ?? null,
      sessionId: l.sessionId ?? null,
      sessionCourseId: l.sessionCourseId ?? null,
      fundingId: l.fundingId ?? null,
      priceCents: l.priceCents,
      discountCents: l.discountCents ?? 0,
      netCents: l.netCents,
    })),
  };
}

// ------------------------------------------------------------------ reading orders and invoices

export async function orderPayload(ctx: ServiceContext, order: repo.OrderRow): Promise<Order> {
  const { db } = ctx;
  const [lines, invoice, creditNote] = await Promise.all([
    listOrderLinesWithChoices(db, order.id),
    repo.findInvoiceOfOrder(db, order.id),
    findCreditNoteOfOrder(db, order.id),
  ]);
  return {
    id: order.id,
    status: order.status as Order["status"],
    paymentMethod: order.paymentMethod as Order["paymentMethod"],
    lines: lines.map((l) => ({
      trainingId: l.trainingId,
      name: l.name,
      trainingType: l.trainingType,
      functionName: l.functionName,
      sessionId: l.sessionId,
      fundingId: l.fundingId,
      ...lineChoices(l),
      price: l.priceCents,
      discount: l.discountCents,
      net: l.netCents,
    })),
    subtotal: order.subtotalCents,
    total: order.totalCents,
    totalDiscount: order.discountCents,
    vat: order.vatCents,
    totalWithVat: order.totalWithVatCents,
    currency: order.currency,
    discountCode: order.discountCode,
    failureMessage: order.failureReason ? ctx.t(order.failureReason as MessageKey) : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    invoice: invoice ? { id: invoice.id, number: invoice.number, downloadPath: `/back/api/shop/invoice/${order.id}` } : null,
    creditNote: creditNote
      ? { id: creditNote.id, number: creditNote.number, issuedAt: creditNote.issuedAt.toISOString(), downloadPath: `/back/api/shop/creditNote/${order.id}` }
      : null,
  };
}

/** The order if the user bought it, or is a holder/referent of the pharmacy it was bought for; else 404. */
export async function requireReadableOrder(ctx: ServiceContext, userId: number, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.brand !== ctx.brand.key) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  if (order.userId === userId) return order;
  if (order.accountId !== null) {
    const memberships = await listMemberships(ctx.db, userId);
    if (memberships.some((m) => m.account.id === order.accountId && m.isActive && (m.role === "holder" || m.role === "referent"))) return order;
  }
  throw new AppError("NOT_FOUND", "shopOrderNotFound");
}

export async function getOrder(ctx: ServiceContext, userId: number, orderId: number): Promise<Order> {
  return orderPayload(ctx, await requireReadableOrder(ctx, userId, orderId));
}

/**
 * The pharmacy's last shop order (spec getLastCommand, ADR 0053): the newest order bought for the account, by anyone of
 * it, on this brand; null when there is none. The caller has checked the holder-or-referent guard for `accountId`.
 */
export async function getLastAccountOrder(ctx: ServiceContext, accountId: number): Promise<Order | null> {
  const order = await repo.findLastOrderOfAccount(ctx.db, accountId, ctx.brand.key);
  return order ? orderPayload(ctx, order) : null;
}

/** One order of the pharmacy (spec getCommand/{id}, ADR 0053): another account's, a personal one or an unknown id is a 404. */
export async function getAccountOrder(ctx: ServiceContext, accountId: number, orderId: number): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.brand !== ctx.brand.key || order.accountId !== accountId) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return orderPayload(ctx, order);
}

export async function getInvoicePdf(ctx: ServiceContext, userId: number, orderId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const order = await requireReadableOrder(ctx, userId, orderId);
  const invoice = await repo.findInvoiceOfOrder(ctx.db, order.id);
  if (!invoice) throw new AppError("NOT_FOUND", "shopInvoiceNotFound");
  return invoicePdf(ctx, invoice);
}

/** The credit note of the order's invoice (ADR 0094), for whoever may read the order. */
export async function getCreditNotePdf(ctx: ServiceContext, userId: number, orderId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const order = await requireReadableOrder(ctx, userId, orderId);
  const creditNote = await findCreditNoteOfOrder(ctx.db, order.id);
  if (!creditNote) throw new AppError("NOT_FOUND", "shopInvoiceNotFound");
  return invoicePdf(ctx, creditNote);
}

/** For the sandbox page: the order it pays, if still pending. */
export async function findPendingOrder(ctx: ServiceContext, orderId: number): Promise<repo.OrderRow | null> {
  const order = await repo.findOrder(ctx.db, orderId);
  return order && order.status === "pending" ? order : null;
}

export async function getOrderForAdmin(ctx: ServiceContext, orderId: number): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return orderPayload(ctx, order);
}
