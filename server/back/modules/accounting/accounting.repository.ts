import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
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
export async function listPendingCheckOrders(db: DbOrTx, brand: string | undefined) {
  const rows = await db
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
    .where(and(eq(orders.status, "pending"), eq(orders.paymentMethod, "check"), brand ? eq(orders.brand, brand) : sql`true`))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(200);
  const ids = rows.map((r) => r.orderId);
  const lines = ids.length ? await db.select({ orderId: orderLines.orderId, name: orderLines.name }).from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)) : [];
  return rows.map((row) => ({ ...row, trainings: lines.filter((l) => l.orderId === row.orderId).map((l) => l.name) }));
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
