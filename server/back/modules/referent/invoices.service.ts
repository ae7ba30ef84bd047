import { AccountInvoiceDetailSchema, type AccountInvoiceSchema } from "#core/contract/referent.ts";
import type { z } from "zod";
import { zipStream } from "../../../export/zip.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { invoiceLines, invoicePdf as printInvoice } from "../invoices/invoices.service.ts";
import * as repo from "./invoices.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";

type AccountInvoice = z.infer<typeof AccountInvoiceSchema>;

function payload(row: repo.AccountInvoiceRow): AccountInvoice {
  const { invoice } = row;
  const buyer = invoice.buyer as { name?: string } | null;
  return {
    id: invoice.id,
    kind: invoice.kind === "funding" ? "funding" : invoice.kind === "creditNote" ? "creditNote" : "order",
    number: invoice.number,
    issuedAt: invoice.issuedAt.toISOString(),
    total: invoice.totalCents,
    vat: invoice.vatCents,
    totalWithVat: invoice.totalWithVatCents,
    currency: invoice.currency,
    orderId: invoice.orderId,
    fundingRequestId: invoice.fundingRequestId,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    buyerName: buyer?.name ?? "",
    creditNote: row.creditNoteId !== null && row.creditNoteNumber !== null ? { id: row.creditNoteId, number: row.creditNoteNumber } : null,
    creditedInvoice: row.creditedId !== null && row.creditedNumber !== null ? { id: row.creditedId, number: row.creditedNumber } : null,
    downloadPath: `/back/api/referent/invoice/${invoice.id}/pdf`,
  };
}

/** GET invoices: the account's shop invoices and the pharmacy's funding invoices (ADR 0075), newest first. */
export async function listInvoices(ctx: ServiceContext, scope: ReferentScope) {
  const rows = await repo.listAccountInvoices(ctx.db, scope.accountId, scope.account.brand);
  return { invoices: rows.map(payload) };
}

/**
 * GET bonificacionesInvoices: a Spanish account's invoices whose order has a FUNDAE-funded line (what the pharmacy
 * declares to FUNDAE to recover the cost); other countries have none (an empty list).
 */
export async function listBonificacionInvoices(ctx: ServiceContext, scope: ReferentScope) {
  if (scope.account.country !== "ES") return { invoices: [] };
  const rows = await repo.listBonificacionInvoices(ctx.db, scope.accountId, scope.account.brand);
  return { invoices: rows.map(payload) };
}

async function requireInvoice(ctx: ServiceContext, scope: ReferentScope, invoiceId: number) {
  const [row] = await repo.findAccountInvoices(ctx.db, scope.accountId, scope.account.brand, [invoiceId]);
  if (!row) throw new AppError("NOT_FOUND", "invoiceNotFound");
  return row;
}

/** GET invoice/{id}: one invoice of the account with its lines (another account's invoice is a 404). */
export async function getInvoice(ctx: ServiceContext, scope: ReferentScope, invoiceId: number): Promise<z.infer<typeof AccountInvoiceDetailSchema>> {
  const row = await requireInvoice(ctx, scope, invoiceId);
  const lines = await invoiceLines(ctx, row.invoice);
  return {
    invoice: payload(row),
    lines: lines.map((l) => ({ name: l.name, trainingType: l.trainingType, price: l.priceCents, discount: l.discountCents, net: l.netCents })),
  };
}

/** The PDF of one invoice of the account, printed by the one invoice module (the shop's PDF layout). */
export async function invoicePdf(ctx: ServiceContext, scope: ReferentScope, invoiceId: number) {
  const row = await requireInvoice(ctx, scope, invoiceId);
  return printInvoice(ctx, row.invoice);
}

/**
 * POST invoices / mFactures: the chosen invoices of the account as one ZIP; any id not the account's is a 404. The
 * PDFs are printed first, so a failure is an error reply and not a cut archive; the archive itself is streamed.
 */
export async function invoicesZip(
  ctx: ServiceContext,
  scope: ReferentScope,
  invoiceIds: number[],
): Promise<{ body: ReadableStream<Uint8Array>; filename: string }> {
  const unique = [...new Set(invoiceIds)];
  const rows = await repo.findAccountInvoices(ctx.db, scope.accountId, scope.account.brand, unique);
  if (rows.length !== unique.length) throw new AppError("NOT_FOUND", "invoiceNotFound");
  const files = [];
  for (const row of rows.sort((a, b) => a.invoice.number.localeCompare(b.invoice.number))) {
    const pdf = await printInvoice(ctx, row.invoice);
    files.push({ name: pdf.filename, bytes: pdf.bytes });
  }
  const now = ctx.now();
  return { body: zipStream(files, now), filename: `factures-${now.toISOString().slice(0, 10)}.zip` };
}
