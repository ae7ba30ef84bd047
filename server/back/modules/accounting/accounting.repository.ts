import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { PendingChecksQuery } from "#core/contract/accounting.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { invoices, orderLines, orders, users } from "../../../db/schema/index.ts";

/** Invoices of a brand issued in [start, end) (instants), in number order. */
export async function listInvoicesIssued(db: DbOrTx, brand: string, start: Date, end: Date) {
  return db
    .select({
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
  const order = { created: [orders.createdAt], amount: [orders.totalWithVatCents], buyer: [users.lastName, users.firstName], brand: [orders.brand, orders.createdAt] }[query.sort];
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
  const lines = ids.length ? await db.select({ orderId: orderLines.orderId, name: orderLines.name }).from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)) : [];
  return { rows: rows.map((row) => ({ ...row, trainings: lines.filter((l) => l.orderId === row.orderId).map((l) => l.name) })), total: total?.n ?? 0 };
}

/** An order's state as the audit log shows it (before and after a confirmation). */
export async function findOrderState(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, brand: orders.brand, status: orders.status, paymentMethod: orders.paymentMethod, paidAt: orders.paidAt, totalWithVatCents: orders.totalWithVatCents })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export async function findInvoiceNumberOfOrder(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.id)).limit(1);
  return row?.number ?? null;
}
