import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import type { Dashboard } from "#core/contract/referent.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { dpcHoursMeter } from "#core/domain/dpc-hours.ts";
import { FUNDING_SCHEMES, isFundingState, type FundingScheme, type FundingState } from "#core/domain/funding-requests.ts";
import { knowledgeGain } from "#core/domain/knowledge-gain.ts";
import { outcomeFrom, type Outcome } from "#core/domain/pass-rules.ts";
import { enrolmentProgress, isFinished, oneAttestationPerTraining } from "#core/domain/team-figures.ts";
import { memberProgress, teamProgress } from "#core/domain/team-progress.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import * as repo from "./dashboard.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";
import { listMembers } from "./team.repository.ts";

function groupBy<T extends { userId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

/** A learner's latest funding request as the dashboard shows it (its state and scheme), or null without one. */
function fundingOf(row: { id: number; state: string; scheme: string; updatedAt: Date } | undefined): Dashboard["members"][number]["funding"] {
  if (!row || !isFundingState(row.state) || !(FUNDING_SCHEMES as readonly string[]).includes(row.scheme)) return null;
  return { id: row.id, state: row.state as FundingState, scheme: row.scheme as FundingScheme, updatedAt: row.updatedAt.toISOString() };
}

/** Attempts at the final assessments of a member's trainings, and the trainings ended without passing (ADR 0107). */
function attemptFigures(scores: readonly { attempts: number | null; outcome: string | null }[]) {
  return { attempts: scores.reduce((sum, s) => sum + (s.attempts ?? 0), 0), failed: scores.filter((s) => s.outcome === "failed").length };
}

export function brandOffersHistoryExport(brand: string): boolean {
  return isBrandKey(brand) && BRANDS[brand].teamHistoryExport;
}

/**
 * GET dashboard: per member and for the team, the trainings, finished ones, progress, hours of finished trainings,
 * attestations, knowledge gain (pre/post tests), the DPC hours meter of the current year (Paris time) and the state
 * of the member's latest funding request (DPC status per learner, spec 2; null when none).
 */
export async function getDashboard(ctx: ServiceContext, scope: ReferentScope): Promise<Dashboard> {
  const year = Number(toParisDate(ctx.now()).slice(0, 4));
  const [list, enrolments] = await Promise.all([listMembers(ctx.db, scope.accountId), repo.listAccountEnrolmentsWithTraining(ctx.db, scope.accountId)]);
  const members = { list, enrolments };
  const userIds = list.map((m) => m.userId);
  const [scores, attestations, funding] = await Promise.all([
    repo.listAccountScores(ctx.db, scope.accountId, userIds),
    repo.listAccountAttestations(ctx.db, scope.accountId).then(oneAttestationPerTraining),
    repo.listAccountFundingRequests(ctx.db, scope.accountId),
  ]);
  const enrolmentsBy = groupBy(members.enrolments);
  const scoresBy = groupBy(scores);
  const attestationsBy = groupBy(attestations);
  // Each learner's latest funding request (the rows come newest first per learner).
  const latestFunding = new Map<number, (typeof funding)[number]>();
  for (const row of funding) if (!latestFunding.has(row.userId) && isFundingState(row.state)) latestFunding.set(row.userId, row);
  const rows = members.list.map((m) => {
    const own = enrolmentsBy.get(m.userId) ?? [];
    const finished = own.filter(isFinished);
    const dpcActions = finished
      .filter((e) => e.trainingType === "dpc" && e.finishedAt)
      .map((e) => ({ minutes: e.durationMinutes, finishedOn: toParisDate(e.finishedAt!) }));
    return {
      contactId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      isActive: m.isActive,
      trainings: own.length,
      finished: finished.length,
      progress: memberProgress(own),
      minutes: finished.reduce((sum, e) => sum + e.durationMinutes, 0),
      attestations: attestationsBy.get(m.userId)?.length ?? 0,
      knowledgeGain: knowledgeGain(scoresBy.get(m.userId) ?? []),
      ...attemptFigures(scoresBy.get(m.userId) ?? []),
      dpc: dpcHoursMeter(dpcActions, year),
      funding: fundingOf(latestFunding.get(m.userId)),
    };
  });
  return {
    year,
    team: {
      members: rows.length,
      activeMembers: rows.filter((r) => r.isActive).length,
      trainings: rows.reduce((s, r) => s + r.trainings, 0),
      finished: rows.reduce((s, r) => s + r.finished, 0),
      progress: teamProgress(rows),
      minutes: rows.reduce((s, r) => s + r.minutes, 0),
      attestations: rows.reduce((s, r) => s + r.attestations, 0),
      knowledgeGain: knowledgeGain(scores),
      dpcFull: rows.filter((r) => r.dpc.status === "full").length,
    },
    members: rows,
    historyExport: brandOffersHistoryExport(scope.account.brand),
  };
}

/** GET attestations: the attestations of the team's trainings for this pharmacy, one per training (ADR 0112). */
export async function listTeamAttestations(ctx: ServiceContext, scope: ReferentScope) {
  const rows = oneAttestationPerTraining(await repo.listAccountAttestations(ctx.db, scope.accountId));
  return {
    attestations: rows.map((r) => ({
      id: r.id,
      code: r.code,
      kind: r.kind as "training" | "dpc",
      learner: `${r.firstName} ${r.lastName}`,
      trainingName: r.trainingName,
      issuedAt: r.issuedAt.toISOString(),
    })),
  };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  // A leading = + - @ would be read as a formula by a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * POST history/export: the team's history as a spreadsheet (CSV, semicolon-separated with a BOM, which Excel and
 * LibreOffice open in the French and Spanish locales). Offered where the brand has teamHistoryExport (403 elsewhere).
 */
/** The texts of the export in the caller's language: the column titles and the words of the outcomes (ADR 0107). */
/**
 * The words of the export in the reader's language: column headers, outcomes, the training types and enrolment
 * statuses as people read them (never the raw values "formation", "in_progress"), and the file's name.
 */
export type HistoryTexts = {
  headers: readonly string[];
  outcomes: Readonly<Record<Outcome, string>>;
  type(trainingType: string): string;
  status(status: string): string;
  filename(date: string): string;
};

export async function exportHistory(ctx: ServiceContext, scope: ReferentScope, texts: HistoryTexts): Promise<{ bytes: Uint8Array; filename: string }> {
  if (!brandOffersHistoryExport(scope.account.brand)) throw new AppError("FORBIDDEN", "historyExportNotOffered");
  const rows = await historyRows(ctx, scope, texts);
  return { bytes: new TextEncoder().encode(historyCsv(texts.headers, rows)), filename: historyFilename(ctx.now(), texts) };
}

export type HistoryCell = string | number | null;

/**
 * The rows of the team history (one per enrolment of a member), in the column order of `historyColumns`: then the
 * attempts at the final assessment, the pre-test score, the counted post-test score and how the training ended.
 */
export async function historyRows(
  ctx: ServiceContext,
  scope: ReferentScope,
  texts: Pick<HistoryTexts, "outcomes" | "type" | "status">,
): Promise<HistoryCell[][]> {
  const [members, enrolments] = await Promise.all([listMembers(ctx.db, scope.accountId), repo.listAccountEnrolmentsWithTraining(ctx.db, scope.accountId)]);
  const scores = await repo.listAccountScores(
    ctx.db,
    scope.accountId,
    members.map((m) => m.userId),
  );
  const scoreOf = new Map(scores.map((s) => [`${s.userId}:${s.trainingId}`, s]));
  const byId = new Map(members.map((m) => [m.userId, m]));
  const rows: HistoryCell[][] = [];
  for (const e of enrolments) {
    const m = byId.get(e.userId);
    if (!m) continue;
    const score = scoreOf.get(`${e.userId}:${e.trainingId}`);
    const outcome = outcomeFrom(score?.outcome);
    rows.push([
      m.lastName,
      m.firstName,
      m.email,
      e.trainingName,
      texts.type(e.trainingType),
      texts.status(e.status),
      enrolmentProgress(e),
      e.startedAt ? toParisDate(e.startedAt) : null,
      e.finishedAt ? toParisDate(e.finishedAt) : null,
      e.durationMinutes,
      score?.attempts ?? null,
      score?.initialScore ?? null,
      score?.finalScore ?? null,
      outcome ? texts.outcomes[outcome] : null,
    ]);
  }
  return rows;
}

/** One CSV line per row (semicolons, CRLF). */
export function historyCsvLines(rows: readonly HistoryCell[][]): string[] {
  return rows.map((row) => row.map(csvCell).join(";"));
}

/** The whole file: byte-order mark, header line, rows, a final CRLF. */
export function historyCsv(headers: readonly string[], rows: readonly HistoryCell[][], lines = historyCsvLines(rows)): string {
  return "\uFEFF" + [headers.map(csvCell).join(";"), ...lines].join("\r\n") + "\r\n";
}

export function historyFilename(now: Date, texts: Pick<HistoryTexts, "filename">): string {
  return texts.filename(toParisDate(now));
}
