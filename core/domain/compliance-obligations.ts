/**
 * The continuing-education obligations the compliance tracker follows (issue 33, ADR 0124), as data: a change of a
 * decree's numbers is a change here, not in the rules (core/domain/compliance.ts). Sources: peers-and-domain.md,
 * section 4 (France: CSP L.4021-1, R.4021-4, the 2021 ordonnance on certification périodique; Belgium: the royal
 * decree on community pharmacists' continuing education; Spain: the RCF credits).
 */
import type { AttestationOutcome, ComplianceCountry, DpcActionType, Profession } from "./compliance.ts";

export const COMPLIANCE_OBLIGATIONS = {
  /** France: at least 2 of the 3 action types and 1 orientation prioritaire over 3 calendar years, or the CNP pathway. */
  dpcTriennial: {
    country: "FR" as ComplianceCountry,
    professions: ["pharmacist", "preparer"] as Profession[],
    /** The first year of a period: periods are 3 calendar years from it (2023-2025, 2026-2028, ...). */
    firstPeriodStart: 2023,
    periodYears: 3,
    typesRequired: 2,
    priorityOrientationsRequired: 1,
    /** The CNP Pharmacie pathway: 3 actions, at least one training and one on practice quality or risk. */
    cnp: { actions: 3, training: 1, practiceOrRisk: 1 },
    counts: ["achievement", "participation"] as AttestationOutcome[],
  },
  /** France: certification périodique, 4 axes, a number of actions per axis over a 6-year cycle (9 years first). */
  certificationPeriodique: {
    country: "FR" as ComplianceCountry,
    professions: ["pharmacist"] as Profession[],
    cycleStart: "2023-01-01",
    cycleYears: 6,
    /** Professionals already registered when the first cycle began have a longer first cycle. */
    firstCycleYearsForPractising: 9,
    axes: 4,
    actionsPerAxis: 2,
    counts: ["achievement", "participation"] as AttestationOutcome[],
  },
  /** Belgium: 20 CF a year averaged over 3 years, at least 16 in pharmaceutical sciences or care, at most 8 by e-learning. */
  belgiumCf: {
    country: "BE" as ComplianceCountry,
    professions: ["pharmacist"] as Profession[],
    windowYears: 3,
    creditsPerYear: 20,
    pharmaceuticalCreditsPerYear: 16,
    elearningCreditsPerYearMax: 8,
    pointsPerHour: { pharmaceutical_sciences: 2, pharmaceutical_care: 2, health_society: 1 },
    hoursPerDayMax: 6,
    counts: ["achievement", "participation"] as AttestationOutcome[],
  },
  /** Spain: RCF credits, voluntary: shown as progress towards a yearly aim. */
  spainRcf: {
    country: "ES" as ComplianceCountry,
    professions: ["pharmacist"] as Profession[],
    yearlyAim: 10,
    /** RCF credits are given for an action whose evaluation was passed. */
    counts: ["achievement"] as AttestationOutcome[],
  },
  /** A gap left with fewer days than this before the deadline makes the obligation "at risk". */
  atRiskDays: 180,
} as const;

/** The three DPC action types, in the order they are listed. */
/** The Belgian training categories a training or a declared action counts for. */
export const BELGIAN_CATEGORIES = ["pharmaceutical_sciences", "pharmaceutical_care", "health_society"] as const;

export const DPC_ACTION_TYPES: DpcActionType[] = ["training", "practice_analysis", "risk_management"];
