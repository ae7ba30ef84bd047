import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminInvoicesQuery, PendingChecksQuery, RefundsQuery } from "#core/contract/accounting.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { enrolments, invoices, orderLines, orders, payments, users } from "../../../db/schema/index.ts";

/** Invoices and credit notes of a brand issued in [start, end) (instants), in number order. */
export async function listInvoicesIssued(db: DbOrTx, brand: string, start: Date, end: Date) {
  return db
    .select({
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      buyer: invoices.buyer,
      totalCents: invoices.totalCents,
      vatCents: invoices.vatCents,
      totalWithVatCents: invoices.totalWithVatCents,
    })
    .from(invoices)
    .where(and(eq(invoices.brand, brand), gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
}

/** Orders waiting for a check, oldest first (one brand, or all). */
export async function listPendingCheckOrders(db: DbOrTx, query: PendingChecksQuery, page: { limit: number; offset: number }) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(orders.status, "pending"),
    eq(orders.paymentMethod, "check"),
    query.brand ? eq(orders.brand, query.brand) : undefined,
    pattern ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const order = {
    created: [orders.createdAt],
    amount: [orders.totalWithVatCents],
    buyer: [users.lastName, users.firstName],
    brand: [orders.brand, orders.createdAt],
  }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        brand: orders.brand,
        totalWithVatCents: orders.totalWithVatCents,
        currency: orders.currency,
        createdAt: orders.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...order.map((column) => direction(column)), direction(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const ids = rows.map((r) => r.orderId);
  const lines = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, name: orderLines.name })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id))
    : [];
  return { rows: rows.map((row) => ({ ...row, trainings: lines.filter((l) => l.orderId === row.orderId).map((l) => l.name) })), total: total?.n ?? 0 };
}

/**
 * Payments to give back (ADR 0101): a payment received (status paid) for an order that is not paid, or for an order
 * that an earlier payment had paid already. Newest first unless sorted otherwise; one brand, or all; searched on the
 * buyer.
 */
export async function listPaymentsToRefund(db: DbOrTx, query: RefundsQuery, page: { limit: number; offset: number }) {
  const pattern = query.q ? escapeLike(query.q) : null;
  const earlier = alias(payments, "earlier");
  const paidBefore = exists(
    db
      .select({ one: sql`1` })
      .from(earlier)
      .where(and(eq(earlier.orderId, payments.orderId), eq(earlier.status, "paid"), lt(earlier.id, payments.id))),
  );
  const where = and(
    eq(payments.status, "paid"),
    or(ne(orders.status, "paid"), paidBefore),
    query.brand ? eq(orders.brand, query.brand) : undefined,
    pattern ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const order = { received: payments.createdAt, amount: payments.amountCents }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        paymentId: payments.id,
        orderId: orders.id,
        brand: orders.brand,
        orderStatus: orders.status,
        failureReason: orders.failureReason,
        provider: payments.provider,
        transactionId: payments.providerTransactionId,
        amountCents: payments.amountCents,
        currency: payments.currency,
        receivedAt: payments.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(direction(order), direction(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An order's state as the audit log shows it (before and after a confirmation). */
export async function findOrderState(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      brand: orders.brand,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paidAt: orders.paidAt,
      totalWithVatCents: orders.totalWithVatCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export async function findInvoiceNumberOfOrder(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.id)).limit(1);
  return row?.number ?? null;
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The invoice store for the back office (ADR 0094): every document with its credit note (an invoice) or the invoice
 * it reverses (a credit note), and whether its order is paid; searched on the number and the buyer's name.
 */
export async function listAdminInvoices(db: DbOrTx, query: AdminInvoicesQuery, page: { limit: number; offset: number }) {
  const creditNote = alias(invoices, "credit_note");
  const credited = alias(invoices, "credited");
  const buyerName = sql<string>`coalesce(${invoices.buyer}->>'name', '')`;
  const pattern = query.q ? escapeLike(query.q) : null;
  const where = and(
    query.brand ? eq(invoices.brand, query.brand) : undefined,
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    pattern ? or(ilike(invoices.number, pattern), ilike(buyerName, pattern)) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const order = { issued: [invoices.issuedAt], number: [invoices.number], amount: [invoices.totalWithVatCents], buyer: [buyerName] }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        invoice: invoices,
        orderStatus: orders.status,
        creditNoteId: creditNote.id,
        creditNoteNumber: creditNote.number,
        creditedId: credited.id,
        creditedNumber: credited.number,
      })
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(creditNote, eq(creditNote.creditedInvoiceId, invoices.id))
      .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
      .where(where)
      .orderBy(...order.map((column) => direction(column)), direction(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The order an invoice was issued for, locked (FOR UPDATE) while its credit note is issued. */
export async function lockOrderForCredit(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ id: orders.id, userId: orders.userId, accountId: orders.accountId, status: orders.status, paidAt: orders.paidAt, kind: orders.kind })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return row;
}

/**
 * The enrolments a payment made (ADR 0094): the buyer's, in the order's trainings, created at the payment's instant
 * (payOrder writes both with the same clock reading), not cancelled; locked FOR UPDATE, in id order.
 */
export async function lockEnrolmentsOfPayment(tx: DbOrTx, orderId: number, userId: number, paidAt: Date) {
  const trainings = tx.select({ id: orderLines.trainingId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return tx
    .select({
      id: enrolments.id,
      userId: enrolments.userId,
      accountId: enrolments.accountId,
      trainingId: enrolments.trainingId,
      sessionId: enrolments.sessionId,
      status: enrolments.status,
      waitingListPosition: enrolments.waitingListPosition,
    })
    .from(enrolments)
    .where(
      and(eq(enrolments.userId, userId), inArray(enrolments.trainingId, trainings), eq(enrolments.createdAt, paidAt), sql`${enrolments.status} <> 'cancelled'`),
    )
    .orderBy(asc(enrolments.id))
    .for("update");
}

export async function findBuyerLocale(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? null;
}
