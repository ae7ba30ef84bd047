import {
  accountPlanForBrand,
  buildJournal,
  journalCsv,
  JOURNAL_COLUMNS,
  lineAmounts,
  type AccountingDocument,
  type JournalColumn,
} from "#core/domain/accounting.ts";
import { parisDayStart, toParisDate } from "#core/domain/dates.ts";
import type { AccountingExportQuery, PendingCheck, PendingChecksQuery, Refund, RefundsQuery } from "#core/contract/accounting.ts";
import { ADMIN_PAGE_SIZE, paging, type Paging } from "#core/contract/admin-list.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { AppError } from "../../http/app-error.ts";
import { buildXlsx, XLSX_CONTENT_TYPE, type Cell } from "../../../spreadsheet/xlsx.ts";
import { markCheckReceived } from "../shop/payments.service.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { findInvoiceNumberOfOrder, findOrderState, listInvoicesIssued, listPaymentsToRefund, listPendingCheckOrders } from "./accounting.repository.ts";
import type { ServiceContext } from "../../service-context.ts";

/** The instant a Paris calendar day starts (core/domain/dates.ts), kept here for the callers of this module. */
export { parisDayStart };

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The invoices and credit notes (ADR 0094) of a brand issued between two Paris days inclusive: a credit note is
 * booked on its own issue day as the mirror entry of its invoice (the journal builder reverses debit and credit).
 */
export async function listAccountingDocuments(ctx: ServiceContext, brand: BrandKey, from: string, to: string): Promise<AccountingDocument[]> {
  const rows = await listInvoicesIssued(ctx.db, brand, parisDayStart(from), parisDayStart(nextDay(to)));
  return rows.map((row) => ({
    kind: row.kind === "creditNote" ? ("creditNote" as const) : ("invoice" as const),
    number: row.number,
    date: toParisDate(row.issuedAt),
    customerName: (row.buyer as { name?: string } | null)?.name ?? "",
    totalCents: row.totalCents,
    vatCents: row.vatCents,
    totalWithVatCents: row.totalWithVatCents,
  }));
}

export type AccountingFile = { bytes: Uint8Array; contentType: string; filename: string };

/** The export file of a period: CSV (UTF-8 with BOM, ";") or .xlsx, headers in the administrator's language. */
export async function exportAccounting(ctx: ServiceContext, query: AccountingExportQuery): Promise<AccountingFile> {
  const { t } = ctx;
  const documents = await listAccountingDocuments(ctx, query.brand, query.from, query.to);
  const prefix = { invoice: t("accountingInvoice"), creditNote: t("accountingCreditNote") };
  const lines = buildJournal(documents, accountPlanForBrand(query.brand), prefix);
  const header: Record<JournalColumn, string> = {
    journal: t("accountingJournal"),
    date: t("accountingDate"),
    account: t("accountingAccount"),
    piece: t("accountingPiece"),
    label: t("accountingLabel"),
    debit: t("accountingDebit"),
    credit: t("accountingCredit"),
  };
  const base = `journal-${query.brand}-${query.from}-${query.to}`;
  if (query.format === "csv") {
    return { bytes: new TextEncoder().encode(`\uFEFF${journalCsv(lines, header)}`), contentType: "text/csv; charset=utf-8", filename: `${base}.csv` };
  }
  const rows: Cell[][] = [
    JOURNAL_COLUMNS.map((c) => header[c]),
    ...lines.map((l) => {
      const { debitCents, creditCents } = lineAmounts(l);
      return [
        l.journal,
        { day: l.date },
        l.account,
        l.piece,
        l.label,
        debitCents === null ? null : debitCents / 100,
        creditCents === null ? null : creditCents / 100,
      ];
    }),
  ];
  return { bytes: await buildXlsx(t("accountingSheet"), rows, [10, 12, 12, 20, 48, 12, 12]), contentType: XLSX_CONTENT_TYPE, filename: `${base}.xlsx` };
}

export async function listPendingChecks(ctx: ServiceContext, query: PendingChecksQuery): Promise<{ items: PendingCheck[]; paging: Paging }> {
  const { rows, total } = await listPendingCheckOrders(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE });
  const items = rows.map((row) => ({
    orderId: row.orderId,
    brand: row.brand as BrandKey,
    buyerName: `${row.firstName} ${row.lastName}`.trim(),
    buyerEmail: row.email,
    trainings: row.trainings,
    totalWithVat: row.totalWithVatCents,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, paging: paging(total, query.page) };
}

/**
 * The payments to refund (ADR 0101): money received for an order that was not paid by it (the order failed when it was
 * paid, was replaced meanwhile, or was paid already). The refund itself is made outside the platform.
 */
export async function listRefunds(ctx: ServiceContext, query: RefundsQuery): Promise<{ items: Refund[]; paging: Paging }> {
  const { rows, total } = await listPaymentsToRefund(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE });
  const items = rows.map((row) => ({
    paymentId: row.paymentId,
    orderId: row.orderId,
    brand: row.brand as BrandKey,
    buyerName: `${row.firstName} ${row.lastName}`.trim(),
    buyerEmail: row.email,
    provider: row.provider,
    transactionId: row.transactionId,
    amount: row.amountCents,
    currency: row.currency,
    receivedAt: row.receivedAt.toISOString(),
    cause: row.orderStatus === "paid" ? ("paidTwice" as const) : row.orderStatus === "failed" ? ("failed" as const) : ("cancelled" as const),
    failureReason: row.orderStatus === "failed" ? row.failureReason : null,
  }));
  return { items, paging: paging(total, query.page) };
}

/** The audit entry of a confirmed check, before: pending, after: paid with its invoice number. */
const orderState = (row: { id: number; brand: string; status: string; paymentMethod: string | null; paidAt: Date | null; totalWithVatCents: number }) => ({
  id: row.id,
  brand: row.brand,
  status: row.status,
  paymentMethod: row.paymentMethod,
  paidAt: row.paidAt,
  totalWithVatCents: row.totalWithVatCents,
});

/**
 * A check has arrived: the shop's own service marks the order paid (seats booked, buyer enrolled, invoice, mail;
 * one transaction, idempotent per order), and writes our audit entry inside that same transaction through its
 * `inTransaction` hook (ADR 0089): the payment and its record commit or roll back together.
 */
export async function confirmCheck(
  ctx: ServiceContext,
  actorId: number,
  orderId: number,
): Promise<{ orderId: number; status: string; invoiceNumber: string | null }> {
  if (!(await findOrderState(ctx.db, orderId))) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  const outcome = await markCheckReceived(ctx, orderId, {
    inTransaction: (tx, paid) =>
      recordAdminChange(
        { ...ctx, db: tx },
        {
          actorId,
          action: "order.checkConfirmed",
          entityType: "order",
          entityId: orderId,
          before: orderState(paid.before),
          after: { ...orderState(paid.after), invoiceNumber: paid.invoice.number },
        },
      ),
  });
  if (outcome.kind === "paid") return { orderId, status: outcome.order.status, invoiceNumber: outcome.invoice.number };
  const after = await findOrderState(ctx.db, orderId);
  return { orderId, status: after?.status ?? "paid", invoiceNumber: await findInvoiceNumberOfOrder(ctx.db, orderId) };
}
