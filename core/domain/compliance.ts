/**
 * Where a professional stands against each continuing-education obligation that applies to them (issue 33, ADR 0124):
 * one small pure function per obligation, on the actions they have followed. The numbers are configuration
 * (core/domain/compliance-obligations.ts). Dates are calendar days, "YYYY-MM-DD".
 *
 * What counts (the same for every obligation):
 * - an action counts once, in the period that holds its last day (an action straddling two periods counts in the
 *   second, as the attestation that proves it is dated from its end);
 * - a failed attempt never counts; participation and achievement count where the obligation's `counts` says so;
 * - an action declared by the professional (followed elsewhere) counts only once a referent has confirmed it.
 */
import { COMPLIANCE_OBLIGATIONS as RULES, DPC_ACTION_TYPES } from "./compliance-obligations.ts";

export type ComplianceCountry = "FR" | "BE" | "ES";
export type Profession = "pharmacist" | "preparer" | "assistant" | "student" | "other";
export type DpcActionType = "training" | "practice_analysis" | "risk_management";
export type AttestationOutcome = "achievement" | "participation" | "failed";
export type BelgianCategory = keyof typeof RULES.belgiumCf.pointsPerHour;

export type ComplianceAction = {
  /** Its first and last day. */
  startDate: string;
  endDate: string;
  outcome: AttestationOutcome;
  /** "platform": from one of our attestations; "declared": followed elsewhere, not yet confirmed; "confirmed": by a referent. */
  source: "platform" | "declared" | "confirmed";
  hours: number;
  elearning: boolean;
  /** France, DPC: the ANDPC type ("integrated" programmes count as each type they combine). */
  dpcTypes?: DpcActionType[];
  priorityOrientation?: boolean;
  /** France, certification périodique: the axes (1 to 4) the action serves. */
  axes?: number[];
  /** Belgium: the CF category. */
  belgianCategory?: BelgianCategory;
  /** Spain: the RCF credits of the action. */
  rcfCredits?: number;
};

export type ComplianceState = "met" | "in_progress" | "at_risk" | "late" | "voluntary";
/** The states in the order the team's list offers them. */
export const COMPLIANCE_STATES = ["late", "at_risk", "in_progress", "met", "voluntary"] as const satisfies readonly ComplianceState[];
/** The team list's state filter: a state, or "none" for the members to whom no obligation applies. */
export const TEAM_STATE_FILTERS = [...COMPLIANCE_STATES, "none"] as const;
export type TeamStateFilter = (typeof TEAM_STATE_FILTERS)[number];

/** What is missing, in data: the page says it in words ("1 action de gestion des risques avant le 31/12/2026"). */
export type ComplianceGap =
  | { code: "dpcActionOfType"; count: number; anyOf: DpcActionType[] }
  | { code: "dpcPriorityOrientation"; count: number }
  | { code: "certificationAxis"; axis: number; count: number }
  | { code: "belgiumCredits"; credits: number }
  | { code: "belgiumPharmaceuticalCredits"; credits: number }
  | { code: "rcfCredits"; credits: number };

export type ComplianceStatus = {
  obligation: "dpcTriennial" | "certificationPeriodique" | "belgiumCf" | "spainRcf";
  periodStart: string;
  /** The last day of the period: the deadline. */
  deadline: string;
  state: ComplianceState;
  gaps: ComplianceGap[];
  /** Figures the page shows beside the gaps (counts per type or axis, credits). */
  figures: Record<string, number>;
};

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

/** The day before a date. */
function dayBefore(date: string): string {
  return new Date((dayNumber(date) - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** The actions that count for an obligation, ended within [start, end]. */
function counted(actions: ComplianceAction[], outcomes: readonly AttestationOutcome[], start: string, end: string): ComplianceAction[] {
  return actions.filter((action) => action.source !== "declared" && outcomes.includes(action.outcome) && action.endDate >= start && action.endDate <= end);
}

/** met, or late once the deadline has passed, at risk close to it, in progress before. */
function stateOf(gaps: ComplianceGap[], today: string, deadline: string): ComplianceState {
  if (gaps.length === 0) return "met";
  if (today > deadline) return "late";
  return dayNumber(deadline) - dayNumber(today) < RULES.atRiskDays ? "at_risk" : "in_progress";
}

/** The 3-year DPC period holding `today`. */
export function dpcPeriod(today: string): { start: string; end: string } {
  const rule = RULES.dpcTriennial;
  const year = Number(today.slice(0, 4));
  const first = rule.firstPeriodStart + Math.floor((year - rule.firstPeriodStart) / rule.periodYears) * rule.periodYears;
  return { start: `${first}-01-01`, end: `${first + rule.periodYears - 1}-12-31` };
}

type Period = { start: string; end: string };

/** France, DPC triennial rule: 2 of the 3 types and 1 orientation prioritaire, or the CNP pathway. */
export function dpcTriennial(actions: ComplianceAction[], today: string, period: Period = dpcPeriod(today)): ComplianceStatus {
  const rule = RULES.dpcTriennial;
  const done = counted(actions, rule.counts, period.start, period.end);
  const typesDone = DPC_ACTION_TYPES.filter((type) => done.some((action) => action.dpcTypes?.includes(type)));
  const priority = done.filter((action) => action.priorityOrientation).length;
  const cnpMet =
    done.length >= rule.cnp.actions &&
    done.filter((action) => action.dpcTypes?.includes("training")).length >= rule.cnp.training &&
    done.filter((action) => action.dpcTypes?.some((type) => type !== "training")).length >= rule.cnp.practiceOrRisk;
  const gaps: ComplianceGap[] = [];
  if (!cnpMet) {
    const typesMissing = rule.typesRequired - typesDone.length;
    if (typesMissing > 0) gaps.push({ code: "dpcActionOfType", count: typesMissing, anyOf: DPC_ACTION_TYPES.filter((type) => !typesDone.includes(type)) });
    if (priority < rule.priorityOrientationsRequired) gaps.push({ code: "dpcPriorityOrientation", count: rule.priorityOrientationsRequired - priority });
  }
  const figures: Record<string, number> = { actions: done.length, priorityOrientation: priority };
  for (const type of DPC_ACTION_TYPES) figures[type] = done.filter((action) => action.dpcTypes?.includes(type)).length;
  return { obligation: "dpcTriennial", periodStart: period.start, deadline: period.end, state: stateOf(gaps, today, period.end), gaps, figures };
}

/**
 * The certification périodique cycle holding `today`: 6 years from the first cycle's start, the first one 9 years
 * long for a professional registered before it began.
 */
export function certificationCycle(today: string, registeredOn: string): { start: string; end: string } {
  const rule = RULES.certificationPeriodique;
  const firstYears = registeredOn < rule.cycleStart ? rule.firstCycleYearsForPractising : rule.cycleYears;
  let start = registeredOn < rule.cycleStart ? rule.cycleStart : registeredOn;
  let next = addYears(start, firstYears);
  while (next <= today) {
    start = next;
    next = addYears(start, rule.cycleYears);
  }
  return { start, end: dayBefore(next) };
}

/** France, certification périodique: at least `actionsPerAxis` actions in each of the 4 axes over the cycle. */
export function certificationPeriodique(
  actions: ComplianceAction[],
  today: string,
  registeredOn: string,
  cycle: Period = certificationCycle(today, registeredOn),
): ComplianceStatus {
  const rule = RULES.certificationPeriodique;
  const done = counted(actions, rule.counts, cycle.start, cycle.end);
  const gaps: ComplianceGap[] = [];
  const figures: Record<string, number> = {};
  for (let axis = 1; axis <= rule.axes; axis++) {
    const count = done.filter((action) => action.axes?.includes(axis)).length;
    figures[`axis${axis}`] = count;
    if (count < rule.actionsPerAxis) gaps.push({ code: "certificationAxis", axis, count: rule.actionsPerAxis - count });
  }
  return { obligation: "certificationPeriodique", periodStart: cycle.start, deadline: cycle.end, state: stateOf(gaps, today, cycle.end), gaps, figures };
}

/** The CF of one Belgian action: hours (at most 6 a day) times its category's points. */
export function belgianCredits(action: ComplianceAction): number {
  const rule = RULES.belgiumCf;
  if (!action.belgianCategory) return 0;
  const days = dayNumber(action.endDate) - dayNumber(action.startDate) + 1;
  return Math.min(action.hours, days * rule.hoursPerDayMax) * rule.pointsPerHour[action.belgianCategory];
}

/**
 * Belgium: over the 3 calendar years ending with this one, 20 CF a year on average, 16 of them in pharmaceutical
 * sciences or care; e-learning counts for at most 8 CF a year.
 */
export function belgiumCf(actions: ComplianceAction[], today: string, year = Number(today.slice(0, 4))): ComplianceStatus {
  const rule = RULES.belgiumCf;
  const start = `${year - rule.windowYears + 1}-01-01`;
  const deadline = `${year}-12-31`;
  let credits = 0;
  let pharmaceutical = 0;
  for (let y = year - rule.windowYears + 1; y <= year; y++) {
    const done = counted(actions, rule.counts, `${y}-01-01`, `${y}-12-31`);
    const elearning = Math.min(
      rule.elearningCreditsPerYearMax,
      done.filter((action) => action.elearning).reduce((sum, action) => sum + belgianCredits(action), 0),
    );
    const inPerson = done.filter((action) => !action.elearning);
    const inPersonCredits = inPerson.reduce((sum, action) => sum + belgianCredits(action), 0);
    // E-learning over the cap counts for nothing, pharmaceutical or not: its capped part is taken as pharmaceutical
    // only as far as its pharmaceutical credits go.
    const elearningPharmaceutical = Math.min(
      elearning,
      done.filter((action) => action.elearning && action.belgianCategory !== "health_society").reduce((sum, action) => sum + belgianCredits(action), 0),
    );
    credits += inPersonCredits + elearning;
    pharmaceutical +=
      inPerson.filter((action) => action.belgianCategory !== "health_society").reduce((sum, action) => sum + belgianCredits(action), 0) +
      elearningPharmaceutical;
  }
  const gaps: ComplianceGap[] = [];
  const creditsNeeded = rule.creditsPerYear * rule.windowYears - credits;
  const pharmaceuticalNeeded = rule.pharmaceuticalCreditsPerYear * rule.windowYears - pharmaceutical;
  if (creditsNeeded > 0) gaps.push({ code: "belgiumCredits", credits: creditsNeeded });
  if (pharmaceuticalNeeded > 0) gaps.push({ code: "belgiumPharmaceuticalCredits", credits: pharmaceuticalNeeded });
  return { obligation: "belgiumCf", periodStart: start, deadline, state: stateOf(gaps, today, deadline), gaps, figures: { credits, pharmaceutical } };
}

/** Spain: RCF credits are voluntary: the year's credits against an aim, never late. */
export function spainRcf(actions: ComplianceAction[], today: string): ComplianceStatus {
  const rule = RULES.spainRcf;
  const year = today.slice(0, 4);
  const credits = counted(actions, rule.counts, `${year}-01-01`, `${year}-12-31`).reduce((sum, action) => sum + (action.rcfCredits ?? 0), 0);
  const gaps: ComplianceGap[] = credits < rule.yearlyAim ? [{ code: "rcfCredits", credits: rule.yearlyAim - credits }] : [];
  return {
    obligation: "spainRcf",
    periodStart: `${year}-01-01`,
    deadline: `${year}-12-31`,
    state: gaps.length ? "voluntary" : "met",
    gaps,
    figures: { credits },
  };
}

/**
 * Every obligation that applies to a professional, by country and profession, with where they stand in the current
 * period; a period that has ended unmet is listed too, first, as late (it is what a control looks at).
 */
export function complianceOf(
  professional: { country: ComplianceCountry; profession: Profession; registeredOn: string },
  actions: ComplianceAction[],
  today: string,
): ComplianceStatus[] {
  const applies = (rule: { country: ComplianceCountry; professions: readonly Profession[] }) =>
    rule.country === professional.country && rule.professions.includes(professional.profession);
  const statuses: ComplianceStatus[] = [];
  const withLate = (previous: ComplianceStatus | null, current: ComplianceStatus) => {
    if (previous && previous.state === "late") statuses.push(previous);
    statuses.push(current);
  };
  if (applies(RULES.dpcTriennial)) {
    const current = dpcPeriod(today);
    const previous = dpcPeriod(dayBefore(current.start));
    withLate(
      previous.start >= `${RULES.dpcTriennial.firstPeriodStart}-01-01` ? dpcTriennial(actions, today, previous) : null,
      dpcTriennial(actions, today, current),
    );
  }
  if (applies(RULES.certificationPeriodique)) {
    const current = certificationCycle(today, professional.registeredOn);
    const first = current.start <= RULES.certificationPeriodique.cycleStart || current.start <= professional.registeredOn;
    const previous = first ? null : certificationCycle(dayBefore(current.start), professional.registeredOn);
    withLate(
      previous ? certificationPeriodique(actions, today, professional.registeredOn, previous) : null,
      certificationPeriodique(actions, today, professional.registeredOn, current),
    );
  }
  if (applies(RULES.belgiumCf)) {
    const year = Number(today.slice(0, 4));
    withLate(belgiumCf(actions, today, year - 1), belgiumCf(actions, today, year));
  }
  if (applies(RULES.spainRcf)) statuses.push(spainRcf(actions, today));
  return statuses;
}
