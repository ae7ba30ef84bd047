/**
 * The team compliance status in words (ADR 0126): the same sentences on the team pages, in the exports, in the
 * traceability PDF and in the reminders. The texts are the `compliance-team` namespace's; `t` is a translator of it
 * in the reader's language (i18next on both tiers), so this stays free of I/O.
 */
import type { ComplianceGap, ComplianceState, ComplianceStatus } from "./compliance.ts";
import { formatCredits } from "./compliance-gaps.ts";
import { dateTimeFormat } from "./intl-cache.ts";

export type WordsT = (key: string, values?: Record<string, string | number>) => string;

/** From the most pressing to the least: the team list sorts and filters by it. */
export const STATE_ORDER: readonly ComplianceState[] = ["late", "at_risk", "in_progress", "voluntary", "met"];

/** A member's most pressing state, or null when no obligation applies to them. */
export function worstState(statuses: readonly Pick<ComplianceStatus, "state">[]): ComplianceState | null {
  if (statuses.length === 0) return null;
  return statuses.map((s) => s.state).sort((a, b) => STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b))[0];
}

/** A calendar day as the locale writes it with digits, the year in full (30/11/2026 in the three languages). */
export function numericDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(date);
}

/** What is missing, as one sentence ("1 action de gestion des risques ou d'analyse des pratiques"). */
export function gapWords(gap: ComplianceGap, t: WordsT, locale: string): string {
  switch (gap.code) {
    case "dpcActionOfType":
      return t("gaps.dpcActionOfType", { count: gap.count, types: gap.anyOf.map((type) => t(`dpcTypes.${type}`)).join(t("gaps.or")) });
    case "dpcPriorityOrientation":
      return t("gaps.dpcPriorityOrientation", { count: gap.count });
    case "certificationAxis":
      return t("gaps.certificationAxis", { count: gap.count, axis: gap.axis, name: t(`axes.${gap.axis}`) });
    case "belgiumCredits":
    case "belgiumPharmaceuticalCredits":
    case "rcfCredits":
      return t(`gaps.${gap.code}`, { credits: formatCredits(gap.credits, locale) });
  }
}

/** Every gap of a status, joined ("; "), or the empty string when none is left. */
export function gapsWords(gaps: readonly ComplianceGap[], t: WordsT, locale: string): string {
  return gaps.map((gap) => gapWords(gap, t, locale)).join("; ");
}
