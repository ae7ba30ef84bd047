import { describe, expect, it } from "vitest";
import { csvCell, FUNDAE_REPORT_COLUMNS, fundaeReportCsv } from "./fundae-report.ts";

const HEADERS = Object.fromEntries(FUNDAE_REPORT_COLUMNS.map((c) => [c, c])) as Record<(typeof FUNDAE_REPORT_COLUMNS)[number], string>;

describe("FUNDAE report CSV (ADR 0058)", () => {
  it("one line per participant: ';', decimal commas, dd/mm/yyyy, BOM and CRLF", () => {
    const csv = fundaeReportCsv(
      [
        {
          actionName: "Atención farmacéutica",
          group: "Madrid; grupo 1",
          startDate: "2026-03-28",
          endDate: "2026-03-29",
          lastName: "Ruiz",
          firstName: "Carlos",
          email: "carlos@example.test",
          professionalNumber: null,
          hours: 7.5,
          totalCents: 25_000,
          bonifiedCents: 9_750,
          cofinancingCents: 15_250,
          state: "financing",
        },
      ],
      HEADERS,
      (s) => s.toUpperCase(),
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(FUNDAE_REPORT_COLUMNS.join(";"));
    expect(lines[1]).toBe('Atención farmacéutica;"Madrid; grupo 1";28/03/2026;29/03/2026;Ruiz;Carlos;carlos@example.test;;7,5;250,00;97,50;152,50;FINANCING');
    expect(lines[2]).toBe("");
  });

  it.each([
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+34 600", "'+34 600"],
    ["-1", "'-1"],
    ["@SUM", "'@SUM"],
    ['say "hi"', '"say ""hi"""'],
    ["plain", "plain"],
  ])("cell %j -> %j (no formula runs in a spreadsheet)", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
