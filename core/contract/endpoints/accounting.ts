/** Back office, factureCompta: the accounting export, checks to confirm, refunds, the invoice store. Administrators only. */
import {
  AccountingExportQuerySchema,
  AdminInvoicesQuerySchema,
  AdminInvoicesSchema,
  ConfirmedCheckSchema,
  IssueCreditNoteSchema,
  IssuedCreditNoteSchema,
  PendingChecksQuerySchema,
  PendingChecksSchema,
  RefundsQuerySchema,
  RefundsSchema,
} from "../accounting.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";

export const accountingEndpoints = {
  /** The export file itself (CSV or .xlsx) of a brand and period, never cached. */
  export: endpoint({ method: "GET", path: "/admin/accounting/export", query: AccountingExportQuerySchema, reply: "file", access: "admin" }),
  pendingChecks: endpoint({ method: "GET", path: "/admin/checks", query: PendingChecksQuerySchema, reply: PendingChecksSchema, access: "admin" }),
  /** The payments to refund (ADR 0101): received for an order they did not pay. */
  refunds: endpoint({ method: "GET", path: "/admin/accounting/refunds", query: RefundsQuerySchema, reply: RefundsSchema, access: "admin" }),
  confirmCheck: endpoint({
    method: "POST",
    path: "/admin/checks/:id/confirm",
    params: IdParams,
    body: EmptyBody,
    reply: ConfirmedCheckSchema,
    access: "admin",
  }),
  /** The invoice store (invoices and credit notes, ADR 0094): searched, filtered, sorted and paged (ADR 0061). */
  invoices: endpoint({ method: "GET", path: "/admin/invoices", query: AdminInvoicesQuerySchema, reply: AdminInvoicesSchema, access: "admin" }),
  /** Any invoice or credit note as a PDF (the invoice's layout). */
  invoicePdf: endpoint({ method: "GET", path: "/admin/invoices/:id/pdf", params: IdParams, reply: "file", access: "admin" }),
  /** The credit note of a paid shop invoice: 201 when issued, 200 with `created: false` when it already was. */
  issueCreditNote: endpoint({
    method: "POST",
    path: "/admin/invoices/:id/creditNote",
    params: IdParams,
    body: IssueCreditNoteSchema,
    reply: IssuedCreditNoteSchema,
    access: "admin",
  }),
};
