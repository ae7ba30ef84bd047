/**
 * The one invoice store (ADR 0075): shop invoices (kind `order`) and funding payers' invoices (kind `funding`) in the
 * `invoices` table, numbered from one brand-year counter. Drizzle only here; callers scope by account or order.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import {
  agreements,
  contractOffers,
  faceToFaceSessions,
  faceToFaces,
  fundingRequests,
  fundings,
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  trainings,
  users,
} from "../../../db/schema/index.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export type InvoiceSeries = "invoice" | "creditNote";

/**
 * The next number of the brand-year sequence of a series: the counter row (invoice_counters), created if missing and
 * locked FOR UPDATE in the caller's transaction, so shop and funding invoices form one gapless sequence, and credit
 * notes another (ADR 0094); a rollback gives the number back.
 */
export async function takeInvoiceSequence(tx: DbOrTx, brand: string, year: number, series: InvoiceSeries = "invoice"): Promise<number> {
  const counterOf = and(eq(invoiceCounters.brand, brand), eq(invoiceCounters.series, series), eq(invoiceCounters.year, year));
  await tx.insert(invoiceCounters).values({ brand, series, year, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx.select({ lastNumber: invoiceCounters.lastNumber }).from(invoiceCounters).where(counterOf).for("update");
  const sequence = counter.lastNumber + 1;
  await tx.update(invoiceCounters).set({ lastNumber: sequence }).where(counterOf);
  return sequence;
}

export async function findInvoice(db: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return row;
}

/** The invoice row locked FOR UPDATE: two credit notes of one invoice queue on it (ADR 0094). */
export async function lockInvoice(tx: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  return row;
}

/** The credit note of an invoice, if one was issued. */
export async function findCreditNoteOf(db: DbOrTx, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, "creditNote"), eq(invoices.creditedInvoiceId, invoiceId)))
    .limit(1);
  return row;
}

/** The credit note of an order's invoice, if one was issued. */
export async function findCreditNoteOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  const credited = alias(invoices, "credited");
  const [row] = await db
    .select({ creditNote: invoices })
    .from(invoices)
    .innerJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .where(and(eq(invoices.kind, "creditNote"), eq(credited.orderId, orderId)))
    .limit(1);
  return row?.creditNote;
}

/**
 * "This order's invoice has no credit note": a credited order is still `paid` (it was), but it no longer counts as
 * bought (the pharmacy's seats to hand out, ADR 0070 and 0094).
 */
export function orderNotCredited(orderId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${invoices} as credited_invoice join ${invoices} as credit_note on credit_note.credited_invoice_id = credited_invoice.id where credited_invoice.order_id = ${orderId})`;
}

export async function insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row;
}

export async function findInvoiceOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, "order"), eq(invoices.orderId, orderId)))
    .limit(1);
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

/**
 * An order's lines with what the buyer chose for each (issue 30 item 8): the function, the session (its day, place
 * and whether it is a virtual class) and the funding's name, as the order page and the invoice print them.
 */
export async function listOrderLinesWithChoices(db: DbOrTx, orderId: number) {
  return db
    .select({
      trainingId: orderLines.trainingId,
      name: orderLines.name,
      trainingType: orderLines.trainingType,
      functionName: orderLines.functionName,
      sessionId: orderLines.sessionId,
      fundingId: orderLines.fundingId,
      priceCents: orderLines.priceCents,
      discountCents: orderLines.discountCents,
      netCents: orderLines.netCents,
      sessionStartDate: faceToFaceSessions.startDate,
      sessionCity: sql<string | null>`coalesce(nullif(${faceToFaceSessions.marketingCity}, ''), ${faceToFaceSessions.city})`,
      sessionGroupName: faceToFaces.name,
      sessionVirtualClass: faceToFaces.virtualClass,
      fundingName: fundings.name,
    })
    .from(orderLines)
    .leftJoin(faceToFaceSessions, eq(faceToFaceSessions.id, orderLines.sessionId))
    .leftJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .leftJoin(fundings, eq(fundings.id, orderLines.fundingId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}
export type OrderLineWithChoices = Awaited<ReturnType<typeof listOrderLinesWithChoices>>[number];

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
