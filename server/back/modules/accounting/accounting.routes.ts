import { Hono } from "hono";
import {
  AccountingExportQuerySchema,
  AdminInvoicesQuerySchema,
  AdminInvoicesSchema,
  IssueCreditNoteSchema,
  IssuedCreditNoteSchema,
  PendingChecksQuerySchema,
  RefundsQuerySchema,
  RefundsSchema,
} from "#core/contract/accounting.ts";
import { EmptyBody, IdParam } from "#core/contract/ids.ts";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { confirmCheck, exportAccounting, listPendingChecks, listRefunds } from "./accounting.service.ts";
import { adminInvoicePdf, issueCreditNote, listInvoices } from "./credit-notes.service.ts";

/** Back office, factureCompta: the accounting export and the checks waiting to be confirmed (admin only). */
export const accountingRoutes = new Hono<BackEnv>();

/** GET /back/api/admin/accounting/export?brand&from&to&format: the file itself (CSV or .xlsx), never cached. */
accountingRoutes.get("/admin/accounting/export", async (c) => {
  await requireAdmin(c);
  const query = parseInput(AccountingExportQuerySchema, c.req.query(), c.var.t);
  const file = await exportAccounting(c.var.deps.db, c.var.t, query);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "x-content-type-options": "nosniff",
  });
});

accountingRoutes.get("/admin/checks", async (c) => {
  await requireAdmin(c);
  return success(c, await listPendingChecks(c.var.deps.db, PendingChecksQuerySchema.parse(c.req.query())));
});

/** The payments to refund (ADR 0101): received for an order they did not pay. Read only. */
accountingRoutes.get("/admin/accounting/refunds", async (c) => {
  await requireAdmin(c);
  return success(c, RefundsSchema.parse(await listRefunds(c.var.deps.db, RefundsQuerySchema.parse(c.req.query()))));
});

accountingRoutes.post("/admin/checks/:id/confirm", async (c) => {
  const session = await requireAdmin(c);
  const { id } = parseInput(z.strictObject({ id: IdParam }), { id: c.req.param("id") }, c.var.t);
  await parseBody(c, EmptyBody);
  return success(c, await confirmCheck(c.var.deps, session.userId, id), c.var.t("adminCheckConfirmed"));
});

/** The invoice store (invoices and credit notes, ADR 0094): searched, filtered, sorted and paged (ADR 0061). */
accountingRoutes.get("/admin/invoices", async (c) => {
  await requireAdmin(c);
  return success(c, AdminInvoicesSchema.parse(await listInvoices(c.var.deps.db, AdminInvoicesQuerySchema.parse(c.req.query()))));
});

/** Any invoice or credit note as a PDF (the invoice's layout). */
accountingRoutes.get("/admin/invoices/:id/pdf", async (c) => {
  await requireAdmin(c);
  const { id } = parseInput(z.strictObject({ id: IdParam }), { id: c.req.param("id") }, c.var.t);
  const file = await adminInvoicePdf(c.var.deps.db, id);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "no-store",
  });
});

/**
 * POST /back/api/admin/invoices/{id}/creditNote `{ confirm: true }`: the credit note of a paid shop invoice (ADR
 * 0094), 201 when issued; 200 with the same credit note and `created: false` when it already was (nothing changes).
 */
accountingRoutes.post("/admin/invoices/:id/creditNote", async (c) => {
  const session = await requireAdmin(c);
  const { id } = parseInput(z.strictObject({ id: IdParam }), { id: c.req.param("id") }, c.var.t);
  await parseBody(c, IssueCreditNoteSchema);
  const issued = IssuedCreditNoteSchema.parse(await issueCreditNote(c.var.deps, session.userId, id));
  return success(c, issued, c.var.t(issued.created ? "creditNoteIssued" : "creditNoteAlreadyIssued", { number: issued.creditNote.number }), issued.created ? 201 : 200);
});
