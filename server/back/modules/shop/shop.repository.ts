/** The shop's queries (Drizzle only here): carts, cart lines, discount codes, orders, payments, invoices. */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  cartProducts,
  carts,
  discountCodes,
  discountUses,
  enrolments,
  faceToFaceSessions,
  faceToFaces,
  fundings,
  invoices,
  orderLines,
  orders,
  payments,
  trainingFundings,
  trainings,
  users,
} from "../../../db/schema/index.ts";
import { limitReached } from "#core/domain/discounts.ts";
import { invoiceNumber } from "#core/domain/invoice-number.ts";
import { hasDpcDataColumn } from "../catalogue/catalogue.repository.ts";
import { insertInvoice, takeInvoiceSequence, type InvoiceRow } from "../invoices/invoices.repository.ts";
import { lockOfferById, signLockedOffer } from "../referent/contract.repository.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Q = Db | Tx;
export type CartRow = typeof carts.$inferSelect;
export type CartProductRow = typeof cartProducts.$inferSelect;
export type DiscountRow = typeof discountCodes.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type { InvoiceRow } from "../invoices/invoices.repository.ts";
export type ShopTrainingRow = Pick<
  typeof trainings.$inferSelect,
  | "id"
  | "brand"
  | "name"
  | "slug"
  | "type"
  | "priceHtCents"
  | "currency"
  | "free"
  | "availableFunctions"
  | "sessionsOnDemand"
  | "isVirtual"
  | "trainingOrganization"
>;

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

// ------------------------------------------------------------------ carts

export async function findCartById(db: Q, cartId: number): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return row;
}

export async function findUserCart(db: Q, userId: number, brand: string): Promise<CartRow | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.brand, brand)))
    .limit(1);
  return row;
}

export async function findTokenCart(db: Q, tokenHash: string, brand: string): Promise<CartRow | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.tokenHash, tokenHash), eq(carts.brand, brand), isNull(carts.userId)))
    .limit(1);
  return row;
}

export async function insertCart(db: Q, values: { brand: string; userId: number | null; tokenHash: string | null; now: Date }): Promise<CartRow> {
  const [row] = await db
    .insert(carts)
    .values({ brand: values.brand, userId: values.userId, tokenHash: values.tokenHash, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row;
}

/** The cart row locked FOR UPDATE: the checkouts and payments of one cart queue on it (ADR 0101). */
export async function lockCart(tx: Tx, cartId: number): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
  return row;
}

export async function touchCart(db: Q, cartId: number, now: Date): Promise<void> {
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

export async function setCartDiscount(db: Q, cartId: number, discountCodeId: number | null, now: Date): Promise<void> {
  await db.update(carts).set({ discountCodeId, updatedAt: now }).where(eq(carts.id, cartId));
}

export type CartLineRow = {
  line: CartProductRow;
  training: ShopTrainingRow;
  fundingName: string | null;
  /** Whether the training has DPC data (a dpc-type training without counts as formation). */
  hasDpcData: boolean;
};

const shopTrainingColumns = {
  id: trainings.id,
  brand: trainings.brand,
  name: trainings.name,
  slug: trainings.slug,
  type: trainings.type,
  priceHtCents: trainings.priceHtCents,
  currency: trainings.currency,
  free: trainings.free,
  availableFunctions: trainings.availableFunctions,
  sessionsOnDemand: trainings.sessionsOnDemand,
  isVirtual: trainings.isVirtual,
  trainingOrganization: trainings.trainingOrganization,
};

export async function listCartLines(db: Q, cartId: number): Promise<CartLineRow[]> {
  return db
    .select({
      line: cartProducts,
      training: shopTrainingColumns,
      fundingName: fundings.name,
      hasDpcData: hasDpcDataColumn,
    })
    .from(cartProducts)
    .innerJoin(trainings, eq(trainings.id, cartProducts.trainingId))
    .leftJoin(fundings, eq(fundings.id, cartProducts.fundingId))
    .where(eq(cartProducts.cartId, cartId))
    .orderBy(asc(cartProducts.id));
}

/** A published training of the brand that the shop sells; anything else reads as absent. */
export async function findStoreTrainings(db: Q, brand: string, trainingIds: number[]): Promise<ShopTrainingRow[]> {
  if (trainingIds.length === 0) return [];
  return db
    .select(shopTrainingColumns)
    .from(trainings)
    .where(and(inArray(trainings.id, trainingIds), eq(trainings.brand, brand), eq(trainings.isPublished, true), eq(trainings.availableOnStore, true)));
}

/**
 * The store's listing (the shop page): published, visible trainings of the brand in its content language that are
 * available on the store and have a price, newest first (as the catalogue's default order), and their count.
 */
function storeListed(brand: string, lang: string) {
  return and(
    eq(trainings.brand, brand),
    eq(trainings.lang, lang),
    eq(trainings.isPublished, true),
    eq(trainings.isTest, false),
    eq(trainings.obsolete, false),
    eq(trainings.availableOnStore, true),
    eq(trainings.free, false),
    sql`${trainings.priceHtCents} > 0`,
  );
}

export async function countStoreListing(db: Q, brand: string, lang: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trainings)
    .where(storeListed(brand, lang));
  return Number(row?.n ?? 0);
}

export async function listStoreListingIds(db: Q, brand: string, lang: string, page: { limit: number; offset: number }): Promise<number[]> {
  const rows = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(storeListed(brand, lang))
    .orderBy(desc(trainings.createdAt), desc(trainings.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => r.id);
}

/** Adds the lines in one transaction: all or nothing (a line already there is a unique violation). */
export async function insertCartProducts(db: Db, cartId: number, trainingIds: number[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(cartProducts).values(trainingIds.map((trainingId) => ({ cartId, trainingId, createdAt: now })));
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  });
}

export async function deleteCartProductByTraining(db: Q, cartId: number, trainingId: number): Promise<boolean> {
  const rows = await db
    .delete(cartProducts)
    .where(and(eq(cartProducts.cartId, cartId), eq(cartProducts.trainingId, trainingId)))
    .returning({ id: cartProducts.id });
  return rows.length > 0;
}

export async function findCartProduct(db: Q, cartId: number, productCartId: number): Promise<CartProductRow | undefined> {
  const [row] = await db
    .select()
    .from(cartProducts)
    .where(and(eq(cartProducts.id, productCartId), eq(cartProducts.cartId, cartId)))
    .limit(1);
  return row;
}

export async function updateCartProduct(
  db: Q,
  productCartId: number,
  values: Partial<Pick<CartProductRow, "functionName" | "sessionId" | "sessionCourseId" | "fundingId">>,
): Promise<void> {
  await db.update(cartProducts).set(values).where(eq(cartProducts.id, productCartId));
}

export async function listTrainingFundings(db: Q, trainingId: number) {
  return db
    .select({ id: fundings.id, code: fundings.code, name: fundings.name })
    .from(trainingFundings)
    .innerJoin(fundings, eq(fundings.id, trainingFundings.fundingId))
    .where(eq(trainingFundings.trainingId, trainingId))
    .orderBy(asc(fundings.id));
}

export async function findSessionOfGroup(db: Q, sessionId: number) {
  const [row] = await db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      faceToFaceId: faceToFaceSessions.faceToFaceId,
      trainingId: faceToFaces.trainingId,
      startDate: faceToFaceSessions.startDate,
      maxParticipants: faceToFaceSessions.maxParticipants,
      currentParticipants: faceToFaceSessions.currentParticipants,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaceSessions.id, sessionId))
    .limit(1);
  return row;
}

/** The fundings offered for each of these trainings (one query for a whole cart or shop page). */
export async function listFundingsOfTrainings(db: Q, trainingIds: number[]) {
  if (trainingIds.length === 0) return [];
  return db
    .select({ trainingId: trainingFundings.trainingId, id: fundings.id, code: fundings.code, name: fundings.name })
    .from(trainingFundings)
    .innerJoin(fundings, eq(fundings.id, trainingFundings.fundingId))
    .where(inArray(trainingFundings.trainingId, trainingIds))
    .orderBy(asc(trainingFundings.trainingId), asc(fundings.id));
}

export type TrainingSessionRow = Awaited<ReturnType<typeof listSessionsOfTrainings>>[number];

/** The sessions of these trainings with their group (the spec's sessionCourseId) and seats: one query for a whole cart or shop page. */
export async function listSessionsOfTrainings(db: Q, trainingIds: number[]) {
  if (trainingIds.length === 0) return [];
  return db
    .select({
      id: faceToFaceSessions.id,
      trainingId: faceToFaces.trainingId,
      faceToFaceId: faceToFaces.id,
      groupName: faceToFaces.name,
      virtualClass: faceToFaces.virtualClass,
      name: faceToFaceSessions.name,
      city: faceToFaceSessions.city,
      marketingCity: faceToFaceSessions.marketingCity,
      startDate: faceToFaceSessions.startDate,
      startTime: faceToFaceSessions.startTime,
      maxParticipants: faceToFaceSessions.maxParticipants,
      currentParticipants: faceToFaceSessions.currentParticipants,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(inArray(faceToFaces.trainingId, trainingIds))
    .orderBy(asc(faceToFaces.trainingId), asc(faceToFaces.id), asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id));
}

export async function activeEnrolmentTrainingIds(db: Q, userId: number, trainingIds: number[]): Promise<Set<number>> {
  if (trainingIds.length === 0) return new Set();
  const rows = await db
    .select({ trainingId: enrolments.trainingId })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), inArray(enrolments.trainingId, trainingIds), ne(enrolments.status, "cancelled")));
  return new Set(rows.map((r) => r.trainingId));
}

/**
 * Merges an anonymous cart into the user's cart of the brand (lines the user's cart lacks move over; the discount
 * code too when the user's cart has none), or makes it the user's cart when there is none. One transaction.
 */
export async function mergeCartIntoUser(db: Db, anonymous: CartRow, userId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.brand, anonymous.brand)))
      .for("update");
    if (!own) {
      await tx.update(carts).set({ userId, tokenHash: null, updatedAt: now }).where(eq(carts.id, anonymous.id));
      return anonymous.id;
    }
    const present = await tx.select({ trainingId: cartProducts.trainingId }).from(cartProducts).where(eq(cartProducts.cartId, own.id));
    const have = new Set(present.map((p) => p.trainingId));
    const moving = await tx.select().from(cartProducts).where(eq(cartProducts.cartId, anonymous.id));
    for (const line of moving) {
      if (have.has(line.trainingId)) continue;
      await tx.update(cartProducts).set({ cartId: own.id }).where(eq(cartProducts.id, line.id));
    }
    await tx
      .update(carts)
      .set({ discountCodeId: own.discountCodeId ?? anonymous.discountCodeId, updatedAt: now })
      .where(eq(carts.id, own.id));
    await tx
      .update(orders)
      .set({ status: "cancelled", cartId: null, updatedAt: now })
      .where(and(eq(orders.cartId, anonymous.id), eq(orders.status, "pending")));
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
    return own.id;
  });
}

// ------------------------------------------------------------------ discounts

export async function findDiscountByCode(db: Q, brand: string, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.brand, brand), eq(discountCodes.code, code)))
    .limit(1);
  return row;
}

export async function findDiscountById(db: Q, id: number): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return row;
}

/** The code's row locked FOR UPDATE: the payments using one code queue on it, so its limits hold (ADR 0101). */
export async function lockDiscountCode(tx: Tx, id: number): Promise<DiscountRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  return row;
}

/** The uses of a code by paid orders (a use is recorded when its order is paid): in total, and by this user. */
export async function countDiscountUses(db: Q, discountCodeId: number, userId: number | null): Promise<{ total: number; byCustomer: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`count(*) filter (where ${discountUses.userId} = ${userId ?? -1})::int`,
    })
    .from(discountUses)
    .where(eq(discountUses.discountCodeId, discountCodeId));
  return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0) };
}

// ------------------------------------------------------------------ orders

export async function findPendingOrderIdOfCart(db: Q, cartId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.status, "pending"), eq(orders.paymentMethod, "card")))
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}

export type NewOrder = Omit<typeof orders.$inferInsert, "id">;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

/** The cart's open order (pending; at most one, ADR 0101), in the checkout's transaction. */
export async function findOpenOrderOfCart(tx: Tx, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.status, "pending")))
    .limit(1);
  return row;
}

/** The cart's newest order, whatever its state. */
export async function findLastOrderOfCart(tx: Tx, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(desc(orders.id)).limit(1);
  return row;
}

/** A pending order no longer wanted (replaced by a new attempt): cancelled, if it is still pending. */
export async function cancelPendingOrder(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
}

/** A pending cheque order leaves its cart (the cart was filled again): it still awaits its cheque. */
export async function detachOrderFromCart(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx.update(orders).set({ cartId: null, updatedAt: now }).where(eq(orders.id, orderId));
}

/** The buyer's first pending cheque order holding one of these trainings, with that training's name. */
export async function findPendingCheckOrderWithTrainings(
  tx: Tx,
  userId: number,
  brand: string,
  trainingIds: number[],
): Promise<{ orderId: number; name: string } | undefined> {
  if (trainingIds.length === 0) return undefined;
  const [row] = await tx
    .select({ orderId: orders.id, name: orderLines.name })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.brand, brand),
        eq(orders.status, "pending"),
        eq(orders.paymentMethod, "check"),
        inArray(orderLines.trainingId, trainingIds),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  return row;
}

/** Inserts a pending order and its lines; when `clearCart` (pay by check), the cart's lines and code go with it. */
export async function insertOrder(tx: Tx, order: NewOrder, lines: NewOrderLine[], options: { clearCart: boolean }): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(order).returning();
  if (lines.length > 0) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: created.id })));
  if (options.clearCart && order.cartId != null) {
    await tx.delete(cartProducts).where(eq(cartProducts.cartId, order.cartId));
    await tx.update(carts).set({ discountCodeId: null, updatedAt: order.createdAt }).where(eq(carts.id, order.cartId));
  }
  return created;
}

export async function findOrder(db: Q, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export async function findLastOrderOfAccount(db: Q, accountId: number, brand: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.brand, brand), eq(orders.kind, "shop")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export async function listOrderLines(db: Q, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export { findInvoiceOfOrder } from "../invoices/invoices.repository.ts";

export async function findBuyer(db: Q, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Records a refused or cancelled payment (idempotent on the transaction id) and fails a pending order. */
export async function recordUnpaid(
  db: Db,
  input: {
    orderId: number;
    provider: string;
    transactionId: string;
    status: "failed" | "cancelled";
    amountCents: number;
    currency: string;
    payload: unknown;
    reason: string;
    now: Date;
  },
): Promise<"recorded" | "replayed"> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: input.orderId,
        provider: input.provider,
        providerTransactionId: input.transactionId,
        status: input.status,
        amountCents: input.amountCents,
        currency: input.currency,
        payload: input.payload as object,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 0) return "replayed";
    await tx
      .update(orders)
      .set({ status: input.status, failureReason: input.reason, updatedAt: input.now })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, "pending")));
    return "recorded";
  });
}

export type PayInput = {
  orderId: number;
  provider: string;
  /** Null for a free order or a cheque marked received (no provider notification). */
  transactionId: string | null;
  amountCents: number;
  currency: string;
  payload: unknown;
  now: Date;
  /** The invoice's seller and buyer as they are at payment time. */
  seller: object;
  buyer: object;
  invoicePrefix: string;
  year: number;
  /**
   * Run inside the payment's transaction once the order is paid, before it commits (ADR 0089: the back office's
   * audit row of a check confirmation). If it throws, nothing of the payment is written.
   */
  onPaid?: (tx: Tx, paid: { before: OrderRow; after: OrderRow; invoice: InvoiceRow }) => Promise<void>;
};

/** Why an order fails when it is paid (ADR 0101); the keys are the buyer's messages. */
export type PaymentRefusal = "shopDiscountUsedUpAtPayment" | "shopAlreadyEnrolledAtPayment" | "shopOrderConflict";

export type PayOutcome =
  | { kind: "paid"; order: OrderRow; invoice: InvoiceRow; enrolledTrainingIds: number[] }
  | { kind: "replayed" }
  | { kind: "notPending"; status: string }
  | { kind: "seatGone"; sessionName: string }
  | { kind: "offerClosed" }
  | { kind: "amountMismatch" }
  /** The order failed at payment time for this reason; nothing was booked (a captured card payment is to refund). */
  | { kind: "refused"; reason: PaymentRefusal };

/**
 * Marks an order paid in ONE transaction (ADR 0031, 0101), see payOrderOnce. A unique violation means that another
 * transaction committed a row this one also wrote (the buyer was enrolled in one of the order's trainings meanwhile,
 * or the brand-year counter row was created at the same moment): the payment runs again, sees that row and decides.
 * If it collides again the order fails (`shopOrderConflict`): never a 500, never an order left pending.
 */
export async function payOrder(db: Db, input: PayInput): Promise<PayOutcome> {
  try {
    return await payOrderOnce(db, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  try {
    return await payOrderOnce(db, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return refuseOrder(db, input, "shopOrderConflict");
  }
}

/** Fails a pending order with this reason, recording the provider's payment (to refund) if there was one. */
async function refuseOrder(db: Db, input: PayInput, reason: PaymentRefusal): Promise<PayOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return { kind: "notPending", status: "missing" };
    if (input.transactionId !== null && !(await recordPayment(tx, order.id, input))) return { kind: "replayed" };
    if (order.status !== "pending") return { kind: "notPending", status: order.status };
    await failOrder(tx, order.id, reason, input.now);
    return { kind: "refused", reason };
  });
}

/** The provider's payment row; false when this transaction id was already recorded (a replay). */
async function recordPayment(tx: Tx, orderId: number, input: PayInput): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      orderId,
      provider: input.provider,
      providerTransactionId: input.transactionId!,
      status: "paid",
      amountCents: input.amountCents,
      currency: input.currency,
      payload: input.payload as object,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return inserted.length > 0;
}

async function failOrder(tx: Tx, orderId: number, reason: string, now: Date): Promise<void> {
  await tx.update(orders).set({ status: "failed", failureReason: reason, updatedAt: now }).where(eq(orders.id, orderId));
}

/**
 * What stops a shop order from being paid, decided under locks (ADR 0101): its code's limits, counted on the paid
 * orders with the code's row locked (so two payments cannot both take the last use), then a training of the order
 * that the buyer already holds (the order would be paid for nothing).
 */
async function paymentRefusal(tx: Tx, order: OrderRow, trainingIds: number[]): Promise<PaymentRefusal | null> {
  if (order.discountCodeId !== null) {
    const code = await lockDiscountCode(tx, order.discountCodeId);
    if (code && limitReached(code, await countDiscountUses(tx, code.id, order.userId))) return "shopDiscountUsedUpAtPayment";
  }
  if ((await activeEnrolmentTrainingIds(tx, order.userId, trainingIds)).size > 0) return "shopAlreadyEnrolledAtPayment";
  return null;
}

/**
 * One payment attempt, one transaction: the cart row locked first when the order has one (a checkout of that cart
 * takes the same locks in the same order), then the order row; the payment row (its unique transaction id makes a
 * replay a no-op); the order must be pending with the notified amount; for a contract its offer is signed; for a shop
 * order the code's limits and the buyer's enrolments are checked (paymentRefusal), the sessions are locked in id order
 * and their seats checked and booked, the buyer enrolled and the code's use recorded. Then the invoice number from
 * the brand-year counter row locked here (no gap: a rollback gives the number back), the invoice, the order paid, and
 * the order's trainings taken out of its cart. A seat gone or a refusal fails the order and books nothing.
 */
async function payOrderOnce(db: Db, input: PayInput): Promise<PayOutcome> {
  return db.transaction(async (tx): Promise<PayOutcome> => {
    const [unlocked] = await tx.select({ cartId: orders.cartId }).from(orders).where(eq(orders.id, input.orderId));
    if (unlocked?.cartId != null) await lockCart(tx, unlocked.cartId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return { kind: "notPending", status: "missing" };
    if (input.transactionId !== null && !(await recordPayment(tx, order.id, input))) return { kind: "replayed" };
    if (order.status !== "pending") return { kind: "notPending", status: order.status };
    if (input.amountCents !== order.totalWithVatCents || input.currency !== order.currency) {
      await failOrder(tx, order.id, "shopNotificationInvalid", input.now);
      return { kind: "amountMismatch" };
    }
    if (order.kind === "contract") {
      // A contract order (ADR 0071): its offer, locked, is signed by this payment; no seat, no enrolment.
      const offer = order.contractOfferId === null ? undefined : await lockOfferById(tx, order.contractOfferId);
      if (!offer || offer.accountId !== order.accountId || offer.status !== "pending") {
        await failOrder(tx, order.id, "contractPaymentOfferClosed", input.now);
        return { kind: "offerClosed" };
      }
      await signLockedOffer(tx, offer, order.userId, input.now);
    }
    const lines =
      order.kind === "contract"
        ? []
        : await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sessionId), asc(orderLines.id));
    const refusal = await paymentRefusal(
      tx,
      order,
      lines.map((l) => l.trainingId),
    );
    if (refusal) {
      await failOrder(tx, order.id, refusal, input.now);
      // The buyer checks out again without the used-up code: it leaves the cart now.
      if (refusal === "shopDiscountUsedUpAtPayment" && order.cartId !== null) await dropCartDiscount(tx, order.cartId, order.discountCodeId!, input.now);
      return { kind: "refused", reason: refusal };
    }
    const sessionIds = [...new Set(lines.filter((l) => l.sessionId !== null).map((l) => l.sessionId!))].sort((a, b) => a - b);
    for (const sessionId of sessionIds) {
      const [seat] = await tx
        .select({ name: faceToFaceSessions.name, max: faceToFaceSessions.maxParticipants, current: faceToFaceSessions.currentParticipants })
        .from(faceToFaceSessions)
        .where(eq(faceToFaceSessions.id, sessionId))
        .for("update");
      if (!seat || seat.current >= seat.max) {
        await failOrder(tx, order.id, "shopSeatGone", input.now);
        return { kind: "seatGone", sessionName: seat?.name ?? "" };
      }
    }
    // Each booking below is counted in its session by the database (ADR 0111).
    for (const line of lines) {
      await tx.insert(enrolments).values({
        userId: order.userId,
        trainingId: line.trainingId,
        accountId: order.accountId,
        status: line.sessionId !== null ? "pending" : "in_progress",
        sessionId: line.sessionId,
        fundingId: line.fundingId,
        createdAt: input.now,
        startedAt: line.sessionId !== null ? null : input.now,
      });
    }
    if (order.discountCodeId !== null) {
      await tx.insert(discountUses).values({ discountCodeId: order.discountCodeId, orderId: order.id, userId: order.userId, usedAt: input.now });
    }
    const sequence = await takeInvoiceSequence(tx, order.brand, input.year);
    const invoice = await insertInvoice(tx, {
      kind: "order",
      orderId: order.id,
      brand: order.brand,
      year: input.year,
      sequence,
      number: invoiceNumber(input.invoicePrefix, input.year, sequence),
      issuedAt: input.now,
      seller: input.seller,
      buyer: input.buyer,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      totalWithVatCents: order.totalWithVatCents,
      vatRateBasisPoints: order.vatRateBasisPoints,
      vatExemptionMention: order.vatExemptionMention,
      currency: order.currency,
    });
    const [paid] = await tx
      .update(orders)
      .set({ status: "paid", paidAt: input.now, provider: input.provider, failureReason: null, updatedAt: input.now })
      .where(eq(orders.id, order.id))
      .returning();
    if (order.cartId !== null)
      await takeOrderOutOfCart(
        tx,
        order.cartId,
        lines.map((l) => l.trainingId),
        input.now,
      );
    if (input.onPaid) await input.onPaid(tx, { before: order, after: paid, invoice });
    return { kind: "paid", order: paid, invoice, enrolledTrainingIds: lines.map((l) => l.trainingId) };
  });
}

/** The cart's code, if it is still this one, leaves the cart. */
async function dropCartDiscount(tx: Tx, cartId: number, discountCodeId: number, now: Date): Promise<void> {
  await tx
    .update(carts)
    .set({ discountCodeId: null, updatedAt: now })
    .where(and(eq(carts.id, cartId), eq(carts.discountCodeId, discountCodeId)));
}

/**
 * The paid order's trainings leave its cart; a cart emptied so loses its code too. Lines added since the checkout
 * (after a cheque order emptied the cart, say) stay.
 */
async function takeOrderOutOfCart(tx: Tx, cartId: number, trainingIds: number[], now: Date): Promise<void> {
  if (trainingIds.length > 0) await tx.delete(cartProducts).where(and(eq(cartProducts.cartId, cartId), inArray(cartProducts.trainingId, trainingIds)));
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cartProducts)
    .where(eq(cartProducts.cartId, cartId));
  await tx
    .update(carts)
    .set({ ...(Number(left?.n ?? 0) === 0 ? { discountCodeId: null } : {}), updatedAt: now })
    .where(eq(carts.id, cartId));
}

/** The invoice series' sequences of a brand and year (credit notes have their own series, ADR 0094). */
export async function listInvoiceNumbers(db: Q, brand: string, year: number): Promise<number[]> {
  const rows = await db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(and(eq(invoices.brand, brand), eq(invoices.year, year), ne(invoices.kind, "creditNote")))
    .orderBy(asc(invoices.sequence));
  return rows.map((r) => r.sequence);
}
