/**
 * The team's compliance status (issue 33, ADR 0126): what the referent calls under /back/api/referent/compliance
 * answer, and the query of the team list. The states, obligations and gaps are those of the rules
 * (core/domain/compliance.ts); the pages and files say them in words.
 */
import { z } from "zod";
import { COMPLIANCE_STATES, TEAM_STATE_FILTERS, type ComplianceGap, type ComplianceStatus } from "#core/domain/compliance.ts";
import { optionFilter, PagingSchema } from "./admin-list.ts";

export const COMPLIANCE_OBLIGATIONS_LISTED = [
  "dpcTriennial",
  "certificationPeriodique",
  "belgiumCf",
  "spainRcf",
] as const satisfies readonly ComplianceStatus["obligation"][];

/** Members a page of the team list. */
export const TEAM_COMPLIANCE_PAGE_SIZE = 50;

/**
 * GET /referent/compliance?state=&page=: a malformed value falls back to its default (ADR 0061's list pattern), so a
 * stale link still shows the list.
 */
export const TeamComplianceQuerySchema = z.object({
  state: optionFilter(TEAM_STATE_FILTERS),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

const State = z.enum(COMPLIANCE_STATES);
const Obligation = z.enum(COMPLIANCE_OBLIGATIONS_LISTED);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const DpcType = z.enum(["training", "practice_analysis", "risk_management"]);

export const ComplianceGapSchema = z.discriminatedUnion("code", [
  z.strictObject({ code: z.literal("dpcActionOfType"), count: z.number(), anyOf: z.array(DpcType) }),
  z.strictObject({ code: z.literal("dpcPriorityOrientation"), count: z.number() }),
  z.strictObject({ code: z.literal("certificationAxis"), axis: z.number(), count: z.number() }),
  z.strictObject({ code: z.literal("belgiumCredits"), credits: z.number() }),
  z.strictObject({ code: z.literal("belgiumPharmaceuticalCredits"), credits: z.number() }),
  z.strictObject({ code: z.literal("rcfCredits"), credits: z.number() }),
]) satisfies z.ZodType<ComplianceGap>;

const Profession = z.enum(["pharmacist", "preparer", "assistant", "student", "other"]);

/** One row of the team list: a member and, per obligation, its state, deadline and number of gaps. */
export const TeamComplianceMemberSchema = z.strictObject({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  profession: Profession,
  /** The member's most pressing state (late first), null when no obligation applies. */
  worst: State.nullable(),
  statuses: z.array(z.strictObject({ obligation: Obligation, periodStart: Day, deadline: Day, state: State, gaps: z.number() })),
});

/** GET /referent/compliance */
export const TeamComplianceSchema = z.strictObject({
  today: Day,
  state: z.enum(TEAM_STATE_FILTERS).nullable(),
  /** Members per state (a member counts once, under their most pressing state; "none": no obligation applies). */
  counts: z.record(z.enum(TEAM_STATE_FILTERS), z.number()),
  members: z.array(TeamComplianceMemberSchema),
  paging: PagingSchema,
});
export type TeamCompliance = z.output<typeof TeamComplianceSchema>;

/** GET /referent/compliance/members/:id: one member's statuses with their gaps, and the actions that count. */
export const MemberComplianceSchema = z.strictObject({
  today: Day,
  member: z.strictObject({
    userId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    profession: Profession,
    professionalNumber: z.string().nullable(),
    country: z.enum(["FR", "BE", "ES"]),
  }),
  statuses: z.array(
    z.strictObject({
      obligation: Obligation,
      periodStart: Day,
      deadline: Day,
      state: State,
      gaps: z.array(ComplianceGapSchema),
      figures: z.record(z.string(), z.number()),
    }),
  ),
  actions: z.array(
    z.strictObject({
      title: z.string(),
      startDate: Day,
      endDate: Day,
      hours: z.number(),
      /** "platform": one of our attestations (with its code); "declared" or "confirmed": followed elsewhere. */
      source: z.enum(["platform", "declared", "confirmed"]),
      code: z.string().nullable(),
    }),
  ),
  /** Where the member's traceability document downloads (the referent's route). */
  traceabilityPath: z.string(),
});
export type MemberCompliance = z.output<typeof MemberComplianceSchema>;
