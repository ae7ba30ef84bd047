import { and, desc, eq, exists, inArray, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { fundingRequests, fundings, invoices, orderLines, orders } from "../../../db/schema/index.ts";

/**
 * The account's invoices (ADR 0075): the shop invoices of the orders bought for it, and the invoices addressed to
 * the pharmacy of its funding requests (payer `pharmacy`, its rest to pay), and the credit notes of its shop invoices
 * (ADR 0094). The funder's invoice is not the pharmacy's document: it stays on the request's page. Every query
 * scoped by accountId and brand.
 */

/** The shop invoice a credit note reverses, and that invoice's order (whose account the credit note belongs to). */
const credited = alias(invoices, "credited");
const creditedOrder = alias(orders, "credited_order");
/** An invoice's credit note. */
const creditNote = alias(invoices, "credit_note");

const columns = {
  invoice: invoices,
  paymentMethod: orders.paymentMethod,
  paidAt: orders.paidAt,
  creditNoteId: creditNote.id,
  creditNoteNumber: creditNote.number,
  creditedId: credited.id,
  creditedNumber: credited.number,
};

export type AccountInvoiceRow = Awaited<ReturnType<typeof listAccountInvoices>>[number];

function fromInvoices(db: Db) {
  return db
    .select(columns)
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(fundingRequests, eq(fundingRequests.id, invoices.fundingRequestId))
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .leftJoin(creditedOrder, eq(creditedOrder.id, credited.orderId))
    .leftJoin(creditNote, eq(creditNote.creditedInvoiceId, invoices.id));
}

function ofAccount(accountId: number, brand: string): SQL | undefined {
  return and(
    eq(invoices.brand, brand),
    or(
      and(eq(invoices.kind, "order"), eq(orders.accountId, accountId)),
      and(eq(invoices.kind, "funding"), eq(invoices.payer, "pharmacy"), eq(fundingRequests.accountId, accountId)),
      and(eq(invoices.kind, "creditNote"), eq(credited.kind, "order"), eq(creditedOrder.accountId, accountId)),
    ),
  );
}

export async function listAccountInvoices(db: Db, accountId: number, brand: string) {
  return fromInvoices(db).where(ofAccount(accountId, brand)).orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

export async function findAccountInvoices(db: Db, accountId: number, brand: string, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return [];
  return fromInvoices(db).where(and(ofAccount(accountId, brand), inArray(invoices.id, invoiceIds)));
}

/** The account's shop invoices with at least one line funded by FUNDAE (bonificación): Spanish accounts. */
export async function listBonificacionInvoices(db: Db, accountId: number, brand: string) {
  const funded = db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(fundings, eq(fundings.id, orderLines.fundingId))
    .where(and(eq(orderLines.orderId, orders.id), inArray(fundings.code, ["FUNDAE", "BONIFICABLE"])));
  return fromInvoices(db)
    .where(and(eq(invoices.brand, brand), eq(invoices.kind, "order"), eq(orders.accountId, accountId), exists(funded)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}
