import { describe, expect, test } from "vitest";
import {
  ACCOUNT_PLANS,
  accountingAmount,
  accountingDate,
  accountPlanForBrand,
  buildJournal,
  csvField,
  documentLines,
  isValidPeriod,
  journalCsv,
  journalTotals,
  monthOf,
  UnbalancedDocumentError,
  type AccountingDocument,
} from "./accounting.ts";

const PREFIX = { invoice: "Facture", creditNote: "Avoir" };
const HEADER = { journal: "Journal", date: "Date", account: "Compte", piece: "Pièce", label: "Libellé", debit: "Débit", credit: "Crédit" };

const doc = (over: Partial<AccountingDocument> = {}): AccountingDocument => ({
  kind: "invoice",
  number: "FR-2026-000001",
  date: "2026-11-03",
  customerName: "Claire Martin",
  totalCents: 10_000,
  vatCents: 2_100,
  totalWithVatCents: 12_100,
  ...over,
});

describe("accounting journal", () => {
  test.each([
    ["an invoice with VAT", doc(), 3],
    ["an exempt invoice (no VAT line)", doc({ vatCents: 0, totalWithVatCents: 10_000 }), 2],
    ["a credit note with VAT", doc({ kind: "creditNote", number: "AV-1" }), 3],
    // Its number must be in the journal (no gap, issue 28 item 11): the customer line, at 0.
    ["a free order's invoice", doc({ totalCents: 0, vatCents: 0, totalWithVatCents: 0 }), 1],
    ["a free order's credit note", doc({ kind: "creditNote", totalCents: 0, vatCents: 0, totalWithVatCents: 0 }), 1],
  ])("%s balances: debits equal credits", (_, document, count) => {
    const lines = documentLines(document, ACCOUNT_PLANS.BE, PREFIX);
    expect(lines).toHaveLength(count);
    const totals = journalTotals(lines);
    expect(totals.debitCents).toBe(totals.creditCents);
    expect(totals.debitCents).toBe(document.totalWithVatCents);
    for (const line of lines) expect(line.debitCents === 0 || line.creditCents === 0).toBe(true);
  });

  test("an invoice debits the customer and credits sales and VAT; a credit note is the mirror", () => {
    const plan = ACCOUNT_PLANS.FR;
    const invoice = documentLines(doc(), plan, PREFIX);
    expect(invoice.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ["411000", 12_100, 0],
      ["706000", 0, 10_000],
      ["445710", 0, 2_100],
    ]);
    const credit = documentLines(doc({ kind: "creditNote" }), plan, PREFIX);
    expect(credit.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ["411000", 0, 12_100],
      ["706000", 10_000, 0],
      ["445710", 2_100, 0],
    ]);
    expect(invoice[0]).toMatchObject({ journal: "VT", piece: "FR-2026-000001", date: "2026-11-03", label: "Facture FR-2026-000001 Claire Martin" });
    expect(credit[0].label).toBe("Avoir FR-2026-000001 Claire Martin");
  });

  test("a document that does not balance is refused, not exported half right", () => {
    expect(() => documentLines(doc({ totalWithVatCents: 12_000 }), ACCOUNT_PLANS.FR, PREFIX)).toThrow(UnbalancedDocumentError);
    expect(() => documentLines(doc({ totalCents: -5, vatCents: 0, totalWithVatCents: -5 }), ACCOUNT_PLANS.FR, PREFIX)).toThrow(UnbalancedDocumentError);
  });

  test("a month of mixed documents balances overall and is sorted by date, invoices before credit notes", () => {
    const documents = [
      doc({ number: "F-3", date: "2026-11-20", totalCents: 3333, vatCents: 700, totalWithVatCents: 4033 }),
      doc({ kind: "creditNote", number: "A-1", date: "2026-11-05", totalCents: 1000, vatCents: 210, totalWithVatCents: 1210 }),
      doc({ number: "F-1", date: "2026-11-05" }),
      doc({ number: "F-2", date: "2026-11-07", vatCents: 0, totalWithVatCents: 10_000 }),
    ];
    const lines = buildJournal(documents, ACCOUNT_PLANS.ES, PREFIX);
    expect([...new Set(lines.map((l) => l.piece))]).toEqual(["F-1", "A-1", "F-2", "F-3"]);
    const totals = journalTotals(lines);
    expect(totals.debitCents).toBe(totals.creditCents);
    expect(lines.every((l) => l.journal === "VE")).toBe(true);
  });

  test("brands map to their country's chart of accounts", () => {
    expect(accountPlanForBrand("fr")).toBe(ACCOUNT_PLANS.FR);
    expect(accountPlanForBrand("be")).toBe(ACCOUNT_PLANS.BE);
    expect(accountPlanForBrand("es-campus")).toBe(ACCOUNT_PLANS.ES);
  });
});

describe("accounting formats", () => {
  test("amounts with a decimal comma, empty for none; dates as DD/MM/YYYY", () => {
    expect(accountingAmount(123_450)).toBe("1234,50");
    expect(accountingAmount(5)).toBe("0,05");
    expect(accountingAmount(0)).toBe("0,00");
    expect(accountingAmount(null)).toBe("");
    expect(accountingDate("2026-02-09")).toBe("09/02/2026");
  });

  test("CSV fields: separators and quotes quoted, formulas neutralised", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("plain")).toBe("plain");
  });

  test("the CSV has the header and one row per line, and a hostile customer name stays in its column", () => {
    const csv = journalCsv(documentLines(doc({ customerName: "Evil;\r\n=cmd" }), ACCOUNT_PLANS.FR, PREFIX), HEADER);
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toBe("Journal;Date;Compte;Pièce;Libellé;Débit;Crédit");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe("VT;03/11/2026;411000;FR-2026-000001;Facture FR-2026-000001 Evil =cmd;121,00;");
    for (const row of rows) expect(row.split(";")).toHaveLength(7);
  });

  test("a free order's invoice is a CSV row at 0, between its neighbours: no number is missing", () => {
    const documents = [
      doc({ number: "FR-2026-000006" }),
      doc({ number: "FR-2026-000007", totalCents: 0, vatCents: 0, totalWithVatCents: 0 }),
      doc({ number: "FR-2026-000008" }),
    ];
    const rows = journalCsv(buildJournal(documents, ACCOUNT_PLANS.FR, PREFIX), HEADER)
      .trimEnd()
      .split("\r\n");
    expect([...new Set(rows.slice(1).map((row) => row.split(";")[3]))]).toEqual(["FR-2026-000006", "FR-2026-000007", "FR-2026-000008"]);
    expect(rows.find((row) => row.includes("FR-2026-000007"))).toBe("VT;03/11/2026;411000;FR-2026-000007;Facture FR-2026-000007 Claire Martin;0,00;");
  });

  test("periods: ordered, at most a year; months", () => {
    expect(isValidPeriod("2026-11-01", "2026-11-30")).toBe(true);
    expect(isValidPeriod("2026-11-30", "2026-11-01")).toBe(false);
    expect(isValidPeriod("2024-01-01", "2026-01-01")).toBe(false);
    expect(isValidPeriod("2026-02-30x", "2026-03-01")).toBe(false);
    expect(monthOf("2024-02-10")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});
