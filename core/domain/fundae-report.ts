/**
 * The FUNDAE report file (dpec/informes, ADR 0058): one line per participant with the hours and costs an
 * end-of-group notification needs. CSV with ';' and decimal commas (what Spanish spreadsheets open directly),
 * UTF-8 with a byte-order mark; cells that a spreadsheet would run as a formula are quoted with a leading '.
 */

export const FUNDAE_REPORT_COLUMNS = [
  "actionName",
  "group",
  "startDate",
  "endDate",
  "lastName",
  "firstName",
  "email",
  "professionalNumber",
  "hours",
  "total",
  "bonified",
  "cofinancing",
  "state",
] as const;
export type FundaeReportColumn = (typeof FUNDAE_REPORT_COLUMNS)[number];

export type FundaeReportLine = {
  actionName: string;
  group: string;
  startDate: string;
  endDate: string;
  lastName: string;
  firstName: string;
  email: string;
  professionalNumber: string | null;
  hours: number;
  totalCents: number;
  bonifiedCents: number;
  cofinancingCents: number;
  state: string;
};

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const hours = (value: number) => String(value).replace(".", ",");
/** 'yyyy-mm-dd' -> 'dd/mm/yyyy' (FUNDAE's date format). */
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function fundaeReportCsv(
  rows: readonly FundaeReportLine[],
  headers: Record<FundaeReportColumn, string>,
  stateLabel: (state: string) => string = (s) => s,
): string {
  const lines = [FUNDAE_REPORT_COLUMNS.map((c) => csvCell(headers[c])).join(";")];
  for (const r of rows) {
    const cells: Record<FundaeReportColumn, string> = {
      actionName: r.actionName,
      group: r.group,
      startDate: dmy(r.startDate),
      endDate: dmy(r.endDate),
      lastName: r.lastName,
      firstName: r.firstName,
      email: r.email,
      professionalNumber: r.professionalNumber ?? "",
      hours: hours(r.hours),
      total: euros(r.totalCents),
      bonified: euros(r.bonifiedCents),
      cofinancing: euros(r.cofinancingCents),
      state: stateLabel(r.state),
    };
    lines.push(FUNDAE_REPORT_COLUMNS.map((c) => csvCell(cells[c])).join(";"));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
