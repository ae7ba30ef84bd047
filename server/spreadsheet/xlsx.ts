import ExcelJS from "exceljs";

/**
 * The spreadsheet module (ADR 0065, written by ExcelJS since ADR 0116): a workbook (.xlsx) of one sheet. Cells are
 * text, numbers, or calendar days (a real date cell, shown DD/MM/YYYY); the first row is the header, in bold and
 * frozen.
 */
export type Cell = string | number | { day: string } | null;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ (each becomes a space). */
function sheetName(name: string): string {
  return name.slice(0, 31).replace(/[[\]:*?/\\]/g, " ");
}

function cellValue(cell: Cell): ExcelJS.CellValue {
  if (cell === null || cell === "") return null;
  if (typeof cell === "object") return new Date(`${cell.day}T00:00:00Z`);
  return cell;
}

/** One sheet of rows (the first is the header) as .xlsx bytes; `widths` are the columns' widths in characters. */
export async function buildXlsx(name: string, rows: Cell[][], widths: number[] = []): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: "frozen", ySplit: 1, topLeftCell: "A2", activeCell: "A2" }] });
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  rows.forEach((cells, index) => {
    const row = sheet.addRow(cells.map(cellValue));
    if (index === 0) row.font = { bold: true };
    cells.forEach((cell, column) => {
      if (cell !== null && typeof cell === "object") row.getCell(column + 1).numFmt = "dd/mm/yyyy";
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
