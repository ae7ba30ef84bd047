import { Hono } from "hono";
import { IssuedCreditNoteSchema, RefundsSchema, AdminInvoicesSchema } from "#core/contract/accounting.ts";
import { accountingEndpoints as endpoints } from "#core/contract/endpoints/accounting.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { confirmCheck, exportAccounting, listPendingChecks, listRefunds } from "./accounting.service.ts";
import { adminInvoicePdf, issueCreditNote, listInvoices } from "./credit-notes.service.ts";

/** Back office, factureCompta: the accounting export and the checks waiting to be confirmed (admin only). */
export const accountingRoutes = new Hono<BackEnv>();

register(accountingRoutes, endpoints.export, async (c, { ctx, query }) => {
  const file = await exportAccounting(ctx, query);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "x-content-type-options": "nosniff",
  });
});

register(accountingRoutes, endpoints.pendingChecks, async (_c, { ctx, query }) => ok(await listPendingChecks(ctx, query)));

register(accountingRoutes, endpoints.refunds, async (_c, { ctx, query }) => ok(RefundsSchema.parse(await listRefunds(ctx, query))));

register(accountingRoutes, endpoints.confirmCheck, async (c, { ctx, caller, params }) =>
  ok(await confirmCheck(ctx, caller.userId, params.id), c.get("t")("adminCheckConfirmed")),
);

register(accountingRoutes, endpoints.invoices, async (_c, { ctx, query }) => ok(AdminInvoicesSchema.parse(await listInvoices(ctx, query))));

register(accountingRoutes, endpoints.invoicePdf, async (c, { ctx, params }) => {
  const file = await adminInvoicePdf(ctx, params.id);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "no-store",
  });
});

register(accountingRoutes, endpoints.issueCreditNote, async (c, { ctx, caller, params }) => {
  const issued = IssuedCreditNoteSchema.parse(await issueCreditNote(ctx, caller.userId, params.id));
  return ok(
    issued,
    c.get("t")(issued.created ? "creditNoteIssued" : "creditNoteAlreadyIssued", { number: issued.creditNote.number }),
    issued.created ? 201 : 200,
  );
});
