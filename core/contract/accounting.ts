import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { isValidPeriod } from "#core/domain/accounting.ts";
import { isIsoDate } from "#core/domain/dates.ts";
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

export const ConfirmedCheckSchema = z.strictObject({ orderId: z.number(), status: z.string(), invoiceNumber: z.string().nullable() });
