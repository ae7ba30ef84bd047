/**
 * Invoice numbers of the demo in the order of their issue dates (issue 28 item 10). Each seed module tells its own
 * story (the shop's paid order, the pharmacies' invoices, the funding payers'), in no common order of time, and takes
 * numbers as it goes: this last step numbers every seeded document again, per brand, series and Paris year, by issue
 * date, as a real shop would have issued them, and sets each counter to its last number, so the next invoice
 * follows without gap.
 */
import { asc, eq } from "drizzle-orm";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { creditNoteNumber, invoiceNumber } from "#core/domain/invoice-number.ts";
import type { VatCountry } from "#core/domain/vat.ts";
import * as t from "../schema/index.ts";
import type { SeedDb } from "./util.ts";

type Series = (typeof t.INVOICE_SERIES)[number];

/** Out of the way of any real number while the documents change places (the unique indexes hold at every step). */
const PARKED = 1_000_000;

export async function numberSeededInvoicesByIssueDate(db: SeedDb): Promise<void> {
  const rows = await db
    .select({ id: t.invoices.id, kind: t.invoices.kind, brand: t.invoices.brand, issuedAt: t.invoices.issuedAt, seller: t.invoices.seller })
    .from(t.invoices)
    .orderBy(asc(t.invoices.issuedAt), asc(t.invoices.id));
  const last = new Map<string, { brand: string; series: Series; year: number; lastNumber: number }>();
  const numbered = rows.map((row) => {
    const series: Series = row.kind === "creditNote" ? "creditNote" : "invoice";
    const year = Number(toParisDate(row.issuedAt).slice(0, 4));
    const key = `${row.brand}|${series}|${year}`;
    const counter = last.get(key) ?? { brand: row.brand, series, year, lastNumber: 0 };
    counter.lastNumber += 1;
    last.set(key, counter);
    const identity = legalIdentityOf(row.brand);
    const country = (row.seller as { country?: VatCountry } | null)?.country ?? identity.address.country;
    const number =
      series === "creditNote"
        ? creditNoteNumber(identity.invoicePrefix, country, year, counter.lastNumber)
        : invoiceNumber(identity.invoicePrefix, year, counter.lastNumber);
    return { id: row.id, year, sequence: counter.lastNumber, number };
  });
  for (const [index, row] of numbered.entries()) {
    await db
      .update(t.invoices)
      .set({ sequence: PARKED + index, number: `parked-${row.id}` })
      .where(eq(t.invoices.id, row.id));
  }
  for (const row of numbered) {
    await db.update(t.invoices).set({ year: row.year, sequence: row.sequence, number: row.number }).where(eq(t.invoices.id, row.id));
  }
  await db.delete(t.invoiceCounters);
  if (last.size > 0) await db.insert(t.invoiceCounters).values([...last.values()]);
}
