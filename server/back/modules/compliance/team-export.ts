/**
 * The team compliance status as a file (ADR 0126): one row per member and obligation (a member to whom no obligation
 * applies gets one row saying so), in the reader's language: state and obligation names, dates as the locale writes
 * them, the gaps in words. CSV as the history export writes it (semicolons, BOM), or a one-sheet xlsx.
 */
import type { Locale } from "#core/branding/brands.ts";
import { gapsWords, numericDay } from "#core/domain/compliance-words.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { buildXlsx, type Cell } from "../../../spreadsheet/xlsx.ts";
import type { ServiceContext } from "../../service-context.ts";
import { historyCsv } from "../referent/dashboard.service.ts";
import type { ReferentScope } from "../referent/referent-scope.ts";
import { teamStatuses } from "./team-compliance.service.ts";

export type ExportFile = { bytes: Uint8Array; filename: string };

/** The header and the rows, dates still as days (the CSV writes them in words, the xlsx as date cells). */
async function exportRows(ctx: ServiceContext, scope: ReferentScope, locale: Locale) {
  const t = fixedT(locale, "compliance-team");
  const words = (key: string, values?: Record<string, string | number>) => t(key, values ?? {});
  const members = await teamStatuses(ctx, scope);
  const rows: { cells: (string | null)[]; periodStart: string | null; deadline: string | null }[] = [];
  for (const m of members) {
    const who = [m.lastName, m.firstName, t(`professions.${m.profession}`)];
    if (m.statuses.length === 0) rows.push({ cells: [...who, null, null, null, t("states.none"), null], periodStart: null, deadline: null });
    for (const s of m.statuses) {
      rows.push({
        cells: [...who, t(`obligations.${s.obligation}`), null, null, t(`states.${s.state}`), s.gaps.length ? gapsWords(s.gaps, words, locale) : t("noGap")],
        periodStart: s.periodStart,
        deadline: s.deadline,
      });
    }
  }
  return { headers: t("export.columns").split(";"), rows, filename: t("export.filename", { date: toParisDate(ctx.now()) }), sheet: t("export.sheet") };
}

/** Columns 5 and 6 (0-based 4 and 5) are the period's start and the deadline. */
const withDays = <T>(cells: (string | null)[], start: T, deadline: T) => [...cells.slice(0, 4), start, deadline, ...cells.slice(6)];

export async function teamExportCsv(ctx: ServiceContext, scope: ReferentScope, locale: Locale): Promise<ExportFile> {
  const { headers, rows, filename } = await exportRows(ctx, scope, locale);
  const lines = rows.map((row) =>
    withDays(row.cells, row.periodStart ? numericDay(row.periodStart, locale) : null, row.deadline ? numericDay(row.deadline, locale) : null),
  );
  return { bytes: new TextEncoder().encode(historyCsv(headers, lines)), filename: `${filename}.csv` };
}

export async function teamExportXlsx(ctx: ServiceContext, scope: ReferentScope, locale: Locale): Promise<ExportFile> {
  const { headers, rows, filename, sheet } = await exportRows(ctx, scope, locale);
  const day = (value: string | null): Cell => (value ? { day: value } : null);
  const cells: Cell[][] = [headers, ...rows.map((row) => withDays<Cell>(row.cells, day(row.periodStart), day(row.deadline)))];
  return { bytes: await buildXlsx(sheet, cells, [18, 16, 14, 30, 14, 14, 14, 60]), filename: `${filename}.xlsx` };
}
