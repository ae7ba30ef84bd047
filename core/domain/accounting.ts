import { BRAND_VAT_CONFIG, type VatCountry } from "./vat.ts";

/**
 * The accounting export (ADR 0065): invoices and credit notes of a period turned into journal entries, one balanced
 * group of lines per document, in the seven columns an accounting import expects (journal, date, account, piece
 * number, label, debit, credit). Pure: the service reads the documents, the spreadsheet module writes the file.
 */

export type AccountingDocument = {
  kind: "invoice" | "creditNote";
  /** The piece number: the invoice (or credit note) number. */
  number: string;
  /** The accounting date, a calendar day (YYYY-MM-DD, Europe/Paris). */
  date: string;
  customerName: string;
  /** Net of discounts, before VAT; VAT; and their sum, in cents (positive for both kinds). */
  totalCents: number;
  vatCents: number;
  totalWithVatCents: number;
};

export type JournalLine = {
  journal: string;
  date: string;
  account: string;
  piece: string;
  label: string;
  debitCents: number;
  creditCents: number;
};

/** The chart of accounts of each country (sales journal, customers, sales of services, VAT collected). */
export type AccountPlan = { journal: string; customers: string; sales: string; vat: string };

export const ACCOUNT_PLANS: Record<VatCountry, AccountPlan> = {
  // Plan comptable général: 411 clients, 706 prestations de services, 44571 TVA collectée.
  FR: { journal: "VT", customers: "411000", sales: "706000", vat: "445710" },
  // PCMN belge: 400 clients, 7000 ventes de services, 451 TVA à payer.
  BE: { journal: "VEN", customers: "400000", sales: "700000", vat: "451000" },
  // PGC español: 430 clientes, 705 prestaciones de servicios, 477 IVA repercutido.
  ES: { journal: "VE", customers: "430000", sales: "705000", vat: "477000" },
};

export function accountPlanForBrand(brand: string): AccountPlan {
  return ACCOUNT_PLANS[(BRAND_VAT_CONFIG[brand] ?? BRAND_VAT_CONFIG.fr).country];
}

export const JOURNAL_COLUMNS = ["journal", "date", "account", "piece", "label", "debit", "credit"] as const;
export type JournalColumn = (typeof JOURNAL_COLUMNS)[number];

export class UnbalancedDocumentError extends Error {
  constructor(readonly piece: string) {
    super(`document ${piece}: total with VAT differs from total plus VAT`);
    this.name = "UnbalancedDocumentError";
  }
}

/** A label that fits an import (no line breaks or separators that break a column), at most 60 characters. */
export function journalLabel(kind: AccountingDocument["kind"], number: string, customer: string, prefix: { invoice: string; creditNote: string }): string {
  const clean = `${prefix[kind]} ${number} ${customer}`
    .replace(/[\r\n\t;]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > 60 ? clean.slice(0, 60).trimEnd() : clean;
}

/**
 * The lines of one document: an invoice debits the customer with the total with VAT and credits sales (net) and VAT;
 * a credit note does the opposite. Zero amounts make no line (an exempt invoice has no VAT line), except that a
 * document at 0 (a free order's invoice) keeps its customer line at 0: every issued number is in the journal, without
 * gap (issue 28 item 11). The document must balance (total with VAT = total + VAT), else UnbalancedDocumentError:
 * nothing half-right reaches the accountant.
 */
export function documentLines(document: AccountingDocument, plan: AccountPlan, prefix: { invoice: string; creditNote: string }): JournalLine[] {
  const { totalCents, vatCents, totalWithVatCents } = document;
  if (![totalCents, vatCents, totalWithVatCents].every((v) => Number.isInteger(v) && v >= 0) || totalCents + vatCents !== totalWithVatCents) {
    throw new UnbalancedDocumentError(document.number);
  }
  const label = journalLabel(document.kind, document.number, document.customerName, prefix);
  const base = { journal: plan.journal, date: document.date, piece: document.number, label };
  const invoice = document.kind === "invoice";
  const line = (account: string, cents: number, customerSide: boolean): JournalLine => {
    const debit = invoice === customerSide;
    return { ...base, account, debitCents: debit ? cents : 0, creditCents: debit ? 0 : cents };
  };
  const customer = line(plan.customers, totalWithVatCents, true);
  return [customer, line(plan.sales, totalCents, false), line(plan.vat, vatCents, false)].filter((l) => l === customer || l.debitCents + l.creditCents > 0);
}

/**
 * The two amount columns of a line: the side with no amount is empty, and a line at 0 (a free order's customer line)
 * shows 0 as its debit, so no line of the journal is without an amount.
 */
export function lineAmounts(line: JournalLine): { debitCents: number | null; creditCents: number | null } {
  if (line.debitCents === 0 && line.creditCents === 0) return { debitCents: 0, creditCents: null };
  return { debitCents: line.debitCents || null, creditCents: line.creditCents || null };
}

/** Every document's lines, by date then piece number (credit notes after invoices of the same day). */
export function buildJournal(documents: AccountingDocument[], plan: AccountPlan, prefix: { invoice: string; creditNote: string }): JournalLine[] {
  const sorted = [...documents].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === "invoice" ? -1 : 1) || a.number.localeCompare(b.number),
  );
  return sorted.flatMap((document) => documentLines(document, plan, prefix));
}

export function journalTotals(lines: JournalLine[]): { debitCents: number; creditCents: number } {
  return lines.reduce((sum, l) => ({ debitCents: sum.debitCents + l.debitCents, creditCents: sum.creditCents + l.creditCents }), {
    debitCents: 0,
    creditCents: 0,
  });
}

/** Cents as an accounting amount with a decimal comma and no thousands separator ("1234,50"); null is empty. */
export function accountingAmount(cents: number | null): string {
  if (cents === null) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** YYYY-MM-DD as DD/MM/YYYY, the date most accounting imports of the three countries read. */
export function accountingDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** One CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is neutralised (formula injection). */
export function csvField(value: string, separator = ";"): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The journal as CSV: a header of translated column names, ";" separated, CRLF line ends, amounts with a comma. */
export function journalCsv(lines: JournalLine[], header: Record<JournalColumn, string>): string {
  const rows = [
    JOURNAL_COLUMNS.map((c) => header[c]),
    ...lines.map((l) => {
      const amounts = lineAmounts(l);
      return [l.journal, accountingDate(l.date), l.account, l.piece, l.label, accountingAmount(amounts.debitCents), accountingAmount(amounts.creditCents)];
    }),
  ];
  return rows.map((row) => row.map((v) => csvField(v)).join(";")).join("\r\n") + "\r\n";
}

/** A period: both days inclusive, from <= to, at most 366 days (a year of documents in one file). */
export function isValidPeriod(from: string, to: string): boolean {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && a <= b && (b - a) / 86_400_000 <= 366;
}

/** The first and last day of the month of a day (YYYY-MM-DD). */
export function monthOf(day: string): { from: string; to: string } {
  const [y, m] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, "0")}` };
}
