/**
 * The one invoice store (ADR 0075): shop invoices (kind `order`) and funding payers' invoices (kind `funding`) in the
 * `invoices` table, numbered from one brand-year counter. Drizzle only here; callers scope by account or order.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { agreements, contractOffers, faceToFaceSessions, fundingRequests, invoiceCounters, invoices, orderLines, orders, trainings, users } from "../../../db/schema/index.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * The next number of the brand-year sequence: the counter row (invoice_counters), created if missing and locked FOR
 * UPDATE in the caller's transaction, so shop and funding invoices form one gapless sequence (a rollback gives it back).
 */
export async function takeInvoiceSequence(tx: DbOrTx, brand: string, year: number): Promise<number> {
  await tx.insert(invoiceCounters).values({ brand, year, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.brand, brand), eq(invoiceCounters.year, year)))
    .for("update");
  const sequence = counter.lastNumber + 1;
  await tx.update(invoiceCounters).set({ lastNumber: sequence }).where(and(eq(invoiceCounters.brand, brand), eq(invoiceCounters.year, year)));
  return sequence;
}

export async function insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row;
}

export async function findInvoiceOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  return row;
}

export async function listInvoicesOfRequests(db: DbOrTx, requestIds: number[]): Promise<InvoiceRow[]> {
  if (requestIds.length === 0) return [];
  return db.select().from(invoices).where(inArray(invoices.fundingRequestId, requestIds)).orderBy(asc(invoices.id));
}

export async function findInvoiceOfRequest(db: DbOrTx, requestId: number, payer: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.fundingRequestId, requestId), eq(invoices.payer, payer)))
    .limit(1);
  return row;
}

/** What a shop invoice prints of its order: payment, discount, subtotal, the buyer's language. */
export async function findOrderForInvoice(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      paidAt: orders.paidAt,
      paymentMethod: orders.paymentMethod,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      discountCode: orders.discountCode,
      buyerLocale: users.locale,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export async function listOrderLinesForInvoice(db: DbOrTx, orderId: number) {
  return db
    .select({ name: orderLines.name, trainingType: orderLines.trainingType, functionName: orderLines.functionName, priceCents: orderLines.priceCents, discountCents: orderLines.discountCents, netCents: orderLines.netCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/** A contract order's one line (ADR 0071): the signed offer's product at the order's amounts. */
export async function findContractLineForInvoice(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ name: contractOffers.productName, priceCents: orders.subtotalCents, discountCents: orders.discountCents, netCents: orders.totalCents })
    .from(orders)
    .innerJoin(contractOffers, eq(contractOffers.id, orders.contractOfferId))
    .where(and(eq(orders.id, orderId), eq(orders.kind, "contract")))
    .limit(1);
  return row;
}

/** What a funding payer's invoice prints: the training, the learner, the session and the agreement of its request. */
export async function findRequestForInvoice(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      trainingName: trainings.name,
      trainingType: trainings.type,
      learnerFirstName: users.firstName,
      learnerLastName: users.lastName,
      sessionName: faceToFaceSessions.name,
      agreementName: agreements.name,
    })
    .from(fundingRequests)
    .innerJoin(trainings, eq(trainings.id, fundingRequests.trainingId))
    .innerJoin(users, eq(users.id, fundingRequests.learnerId))
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, fundingRequests.sessionId))
    .innerJoin(agreements, eq(agreements.id, fundingRequests.agreementId))
    .where(eq(fundingRequests.id, requestId))
    .limit(1);
  return row;
}
