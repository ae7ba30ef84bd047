/** An invoice's number: the seller's prefix, the year, and the brand's sequence for that year on six digits
 * (FR-2026-000042). Shop invoices and funding payers' invoices take their sequence from the same counter (ADR 0056). */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, "0")}`;
}
