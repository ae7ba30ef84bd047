import { describe, expect, test } from "vitest";
import { readFirstSheet, unzip } from "../../tests/fixtures/read-xlsx.ts";
import { buildXlsx } from "./xlsx.ts";

describe("xlsx writer", () => {
  test("a workbook with its parts, read back cell by cell", async () => {
    const bytes = await buildXlsx("Journal <nov>", [
      ["Journal", "Date", "Montant"],
      ["VT", { day: "2026-11-03" }, 121.5],
      ['a & b <c> "d"\u0000', null, 0],
    ]);
    const files = unzip(bytes);
    for (const part of ["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"]) {
      expect([...files.keys()]).toContain(part);
    }
    expect(files.get("xl/workbook.xml")!.toString()).toContain('name="Journal &lt;nov&gt;"');
    // 2026-11-03 is day 46329 of the spreadsheet calendar (days since 1899-12-30): a date cell, not text.
    expect(readFirstSheet(bytes)).toEqual([
      ["Journal", "Date", "Montant"],
      ["VT", "46329", "121.5"],
      ['a & b <c> "d"', "", "0"],
    ]);
  });

  test("the header is bold and frozen, a day is shown DD/MM/YYYY, the columns have their widths", async () => {
    const bytes = await buildXlsx("Journal", [["Date"], [{ day: "2026-01-01" }]], [12]);
    const files = unzip(bytes);
    const sheet = files.get("xl/worksheets/sheet1.xml")!.toString();
    expect(sheet).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(sheet).toContain('<col min="1" max="1" width="12" customWidth="1"/>');
    const styles = files.get("xl/styles.xml")!.toString();
    const fonts = [...styles.matchAll(/<font>([\s\S]*?)<\/font>/g)].map((m) => m[1]);
    const formats = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "").matchAll(/<xf [^>]*?\/?>/g)].map((m) => m[0]);
    const styleOf = (ref: string) => xfs[Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)?.[1] ?? 0)];
    expect(fonts[Number(/fontId="(\d+)"/.exec(styleOf("A1"))?.[1])]).toContain("<b/>");
    expect(formats.get(/numFmtId="(\d+)"/.exec(styleOf("A2"))?.[1] ?? "")).toBe("dd/mm/yyyy");
    expect(readFirstSheet(bytes)[1]).toEqual(["46023"]);
  });

  test("a sheet name Excel refuses is made acceptable", async () => {
    const files = unzip(await buildXlsx("a/b:c*d?e[f]g\\h and a name much longer than thirty-one", [["x"]]));
    expect(files.get("xl/workbook.xml")!.toString()).toContain('name="a b c d e f g h and a name much"');
  });
});
