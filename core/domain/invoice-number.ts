import type { VatCountry } from "./vat.ts";

/** An invoice's number: the seller's prefix, the year, and the brand's sequence for that year on six digits
 * (FR-2026-000042). Shop invoices and funding payers' invoices take their sequence from the same counter (ADR 0056). */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The letters of each country's credit-note series (ADR 0094): "avoir" in France, "note de crédit" in Belgium,
 * "factura rectificativa" in Spain (which must be a series of its own, art. 6.1 of Real Decreto 1619/2012).
 */
export const CREDIT_NOTE_SERIES: Record<VatCountry, string> = { FR: "AV", BE: "NC", ES: "R" };

/** A credit note's number: the seller's prefix, its series letters, the year and the brand's credit-note sequence
 * (FR-AV-2026-000001), so it never looks like an invoice number and follows its own gapless sequence. */
export function creditNoteNumber(prefix: string, country: VatCountry, year: number, sequence: number): string {
  return invoiceNumber(`${prefix}-${CREDIT_NOTE_SERIES[country]}`, year, sequence);
}
