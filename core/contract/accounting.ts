import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { isValidPeriod } from "#core/domain/accounting.ts";
import { isIsoDate } from "#core/domain/dates.ts";
import { ConfirmInputSchema } from "./admin-catalog.ts";
import { adminListQuery, optionFilter, PagingSchema } from "./admin-list.ts";

/** Back office, accounting (factureCompta, ADR 0065): the export of a period's documents and the pending checks. */

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;

/** A calendar day as YYYY-MM-DD (what <input type="date"> posts). */
export const DaySchema = z.string().trim().min(1).max(10).refine(isIsoDate, { message: "invalidType" });

/** ?brand=fr&from=2026-11-01&to=2026-11-30&format=csv: both days inclusive, at most a year. */
export const AccountingExportQuerySchema = z
  .strictObject({
    brand: z.enum(BRAND_KEYS),
    from: DaySchema,
    to: DaySchema,
    format: z.enum(EXPORT_FORMATS),
  })
  .refine((v) => isValidPeriod(v.from, v.to), { message: "periodInvalid", path: ["to"] });
export type AccountingExportQuery = z.infer<typeof AccountingExportQuerySchema>;

/** ?brand=fr (every brand when absent). */
export const CHECK_SORTS = ["created", "amount", "buyer", "brand"] as const;
/** The pending checks: search (buyer), brand, sort and page (ADR 0061, 0086); oldest first by default (ADR 0069). */
export const PendingChecksQuerySchema = adminListQuery(CHECK_SORTS, "created", { brand: optionFilter(BRAND_KEYS) }, "asc");
export type PendingChecksQuery = z.infer<typeof PendingChecksQuerySchema>;

export const PendingCheckSchema = z.strictObject({
  orderId: z.number(),
  brand: z.enum(BRAND_KEYS),
  buyerName: z.string(),
  buyerEmail: z.string(),
  trainings: z.array(z.string()),
  totalWithVat: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type PendingCheck = z.infer<typeof PendingCheckSchema>;

export const PendingChecksSchema = z.strictObject({ items: z.array(PendingCheckSchema), paging: PagingSchema });

/** The web form that confirms a check: the order's id as posted text. */
export const ConfirmCheckFormSchema = z.strictObject({ orderId: z.string().regex(/^[1-9][0-9]{0,9}$/, { message: "invalidType" }) });

// ------------------------------------------------------------------ payments to refund (ADR 0101)

/**
 * Why a payment is to give back: its order failed when it was paid (the order's failure reason, a message key), was
 * cancelled (replaced by a newer attempt before the provider's payment arrived), or was already paid by another
 * payment.
 */
export const REFUND_CAUSES = ["failed", "cancelled", "paidTwice"] as const;
export const REFUND_SORTS = ["received", "amount"] as const;
/** The payments to refund: brand filter, sorted and paged (ADR 0061), newest first by default. */
export const RefundsQuerySchema = adminListQuery(REFUND_SORTS, "received", { brand: optionFilter(BRAND_KEYS) });
export type RefundsQuery = z.infer<typeof RefundsQuerySchema>;

export const RefundSchema = z.strictObject({
  paymentId: z.number(),
  orderId: z.number(),
  brand: z.enum(BRAND_KEYS),
  buyerName: z.string(),
  buyerEmail: z.string(),
  provider: z.string(),
  transactionId: z.string(),
  amount: z.number(),
  currency: z.string(),
  receivedAt: z.string(),
  cause: z.enum(REFUND_CAUSES),
  /** The order's failure reason when it failed (a message key such as shopSeatGone), else null. */
  failureReason: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const RefundsSchema = z.strictObject({ items: z.array(RefundSchema), paging: PagingSchema });

// ------------------------------------------------------------------ invoices and credit notes (ADR 0094)

export const INVOICE_LIST_KINDS = ["order", "funding", "creditNote"] as const;
export const INVOICE_SORTS = ["issued", "number", "amount", "buyer"] as const;
/** The invoice store in the back office: search (number, buyer), brand and kind filters, sorted and paged (ADR 0061). */
export const AdminInvoicesQuerySchema = adminListQuery(INVOICE_SORTS, "issued", { brand: optionFilter(BRAND_KEYS), kind: optionFilter(INVOICE_LIST_KINDS) });
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuerySchema>;

export const AdminInvoiceSchema = z.strictObject({
  id: z.number(),
  kind: z.enum(INVOICE_LIST_KINDS),
  number: z.string(),
  brand: z.enum(BRAND_KEYS),
  issuedAt: z.string(),
  buyerName: z.string(),
  totalWithVat: z.number(),
  currency: z.string(),
  orderId: z.number().nullable(),
  /** An invoice: its credit note, once issued; a credit note: the invoice it reverses. */
  creditNote: z.strictObject({ id: z.number(), number: z.string() }).nullable(),
  creditedInvoice: z.strictObject({ id: z.number(), number: z.string() }).nullable(),
  /** A paid shop invoice without a credit note: the back office may issue one. */
  creditable: z.boolean(),
  downloadPath: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

export const AdminInvoicesSchema = z.strictObject({ items: z.array(AdminInvoiceSchema), paging: PagingSchema });

/** POST /admin/invoices/{id}/creditNote: a destructive step, so `confirm: true` (ADR 0061), nothing else. */
export const IssueCreditNoteSchema = ConfirmInputSchema;

/** The web form of the confirmation step: the invoice's id as posted text, and `confirm=on`. */
export const IssueCreditNoteFormSchema = ConfirmInputSchema.extend({ invoiceId: z.string().regex(/^[1-9][0-9]{0,9}$/, { message: "invalidType" }) });

/** The credit note issued (or the one already issued: `created: false`, nothing changed). */
export const IssuedCreditNoteSchema = z.strictObject({
  created: z.boolean(),
  invoiceId: z.number(),
  creditNote: z.strictObject({ id: z.number(), number: z.string(), issuedAt: z.string(), totalWithVat: z.number(), currency: z.string() }),
  cancelledEnrolments: z.number(),
});
