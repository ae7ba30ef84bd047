import { describe, expect, test } from "vitest";
import { readFirstSheet, unzip } from "../../tests/fixtures/read-xlsx.ts";
import { buildXlsx, columnName, serialDay } from "./xlsx.ts";

describe("xlsx writer", () => {
  test("a workbook with its parts, read back cell by cell", () => {
    const bytes = buildXlsx("Journal <nov>", [
      ["Journal", "Date", "Montant"],
      ["VT", { day: "2026-11-03" }, 121.5],
      ["a & b <c> \"d\"\u0000", null, 0],
    ]);
    const files = unzip(bytes);
    expect([...files.keys()]).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"]);
    expect(files.get("xl/workbook.xml")!.toString()).toContain('name="Journal &lt;nov&gt;"');
    expect(readFirstSheet(bytes)).toEqual([
      ["Journal", "Date", "Montant"],
      ["VT", String(serialDay("2026-11-03")), "121.5"],
      ['a & b <c> "d"', "", "0"],
    ]);
  });

  test("column names and the spreadsheet day epoch", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
    expect(serialDay("1900-03-01")).toBe(61);
    expect(serialDay("2026-01-01")).toBe(46023);
  });
});
