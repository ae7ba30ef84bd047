import { and, desc, eq, exists, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { contractOffers, fundings, invoices, orderLines, orders } from "../../../db/schema/index.ts";

/** The account's invoices (the invoices of the orders bought for it): every query scoped by accountId. */

const columns = {
  id: invoices.id,
  number: invoices.number,
  issuedAt: invoices.issuedAt,
  totalCents: invoices.totalCents,
  vatCents: invoices.vatCents,
  totalWithVatCents: invoices.totalWithVatCents,
  currency: invoices.currency,
  orderId: invoices.orderId,
  paymentMethod: orders.paymentMethod,
  paidAt: orders.paidAt,
  buyer: invoices.buyer,
};

export type AccountInvoiceRow = Awaited<ReturnType<typeof listAccountInvoices>>[number];

export async function listAccountInvoices(db: Db, accountId: number, brand: string) {
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.accountId, accountId), eq(invoices.brand, brand)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

export async function findAccountInvoices(db: Db, accountId: number, brand: string, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.accountId, accountId), eq(invoices.brand, brand), inArray(invoices.id, invoiceIds)));
}

/** The invoice's lines: the order's trainings, or a contract order's product (ADR 0071). */
export async function listLines(db: Db, orderId: number) {
  const lines = await db
    .select({ name: orderLines.name, trainingType: orderLines.trainingType, priceCents: orderLines.priceCents, discountCents: orderLines.discountCents, netCents: orderLines.netCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  if (lines.length > 0) return lines;
  const contract = await db
    .select({ name: contractOffers.productName, priceCents: orders.subtotalCents, discountCents: orders.discountCents, netCents: orders.totalCents })
    .from(orders)
    .innerJoin(contractOffers, eq(contractOffers.id, orders.contractOfferId))
    .where(and(eq(orders.id, orderId), eq(orders.kind, "contract")));
  return contract.map((c) => ({ ...c, trainingType: "contract" }));
}

/** The account's invoices with at least one line funded by FUNDAE (bonificación): Spanish accounts. */
export async function listBonificacionInvoices(db: Db, accountId: number, brand: string) {
  const funded = db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(fundings, eq(fundings.id, orderLines.fundingId))
    .where(and(eq(orderLines.orderId, orders.id), inArray(fundings.code, ["FUNDAE", "BONIFICABLE"])));
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.accountId, accountId), eq(invoices.brand, brand), exists(funded)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}
