/**
 * The team's compliance status (issue 33, ADR 0126): where each active member of the referent's account stands
 * against their obligations (complianceOfUsers), as a list sorted late and at risk first, one member's detail, and
 * the rows of the exports. Every read is scoped by the account in use: another pharmacy's member is not found.
 */
import { TEAM_COMPLIANCE_PAGE_SIZE, type MemberCompliance, type TeamCompliance } from "#core/contract/compliance-team.ts";
import { TEAM_STATE_FILTERS, type TeamStateFilter } from "#core/domain/compliance.ts";
import { paging } from "#core/contract/admin-list.ts";
import { STATE_ORDER, worstState } from "#core/domain/compliance-words.ts";
import { paginate } from "#core/domain/pagination.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { ReferentScope } from "../referent/referent-scope.ts";
import { complianceOfUsers, complianceToday, type ProfessionalCompliance } from "./compliance.service.ts";
import * as repo from "./team-compliance.repository.ts";

/** Whether a member falls under a filter: one of their obligations is in that state, or none applies ("none"). */
function matches(member: ProfessionalCompliance, filter: TeamStateFilter): boolean {
  return filter === "none" ? member.statuses.length === 0 : member.statuses.some((status) => status.state === filter);
}

/** Late first, then at risk, in progress, voluntary, met; members without obligation last; then by name. */
function rank(member: ProfessionalCompliance): number {
  const worst = worstState(member.statuses);
  return worst === null ? STATE_ORDER.length : STATE_ORDER.indexOf(worst);
}

/** Every active member of the account with their statuses, most pressing first. */
export async function teamStatuses(ctx: ServiceContext, scope: ReferentScope, today = complianceToday(ctx)): Promise<ProfessionalCompliance[]> {
  const ids = await repo.listActiveMemberIds(ctx.db, scope.accountId);
  const members = await complianceOfUsers(ctx, ids, today);
  // complianceOfUsers lists by name: a stable sort keeps that order within a rank.
  return members.sort((a, b) => rank(a) - rank(b));
}

/** GET referent/compliance: a page of 50 members, filtered by state, with the number of members in each state. */
export async function teamCompliance(ctx: ServiceContext, scope: ReferentScope, query: { state?: TeamStateFilter; page: number }): Promise<TeamCompliance> {
  const today = complianceToday(ctx);
  const all = await teamStatuses(ctx, scope, today);
  const counts = Object.fromEntries(TEAM_STATE_FILTERS.map((filter) => [filter, all.filter((m) => matches(m, filter)).length])) as TeamCompliance["counts"];
  const listed = query.state ? all.filter((m) => matches(m, query.state!)) : all;
  const page = paginate({ total: listed.length, page: query.page, pageSize: TEAM_COMPLIANCE_PAGE_SIZE });
  return {
    today,
    state: query.state ?? null,
    counts,
    members: listed.slice(page.offset, page.offset + TEAM_COMPLIANCE_PAGE_SIZE).map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      profession: m.profession,
      worst: worstState(m.statuses),
      statuses: m.statuses.map((s) => ({ obligation: s.obligation, periodStart: s.periodStart, deadline: s.deadline, state: s.state, gaps: s.gaps.length })),
    })),
    paging: paging(listed.length, page.page, TEAM_COMPLIANCE_PAGE_SIZE),
  };
}

/** One active member of the account with their statuses; another pharmacy's (or an unknown) member is a 404. */
export async function memberStatus(ctx: ServiceContext, scope: ReferentScope, userId: number, today = complianceToday(ctx)): Promise<ProfessionalCompliance> {
  if (!(await repo.isActiveMember(ctx.db, scope.accountId, userId))) throw new AppError("NOT_FOUND", "notFound");
  const [member] = await complianceOfUsers(ctx, [userId], today);
  if (!member) throw new AppError("NOT_FOUND", "notFound");
  return member;
}

/** The path of a member's traceability document for the referent (the member detail page links it). */
export const memberTraceabilityPath = (userId: number) => `/back/api/referent/compliance/members/${userId}/traceability.pdf`;

/** GET referent/compliance/members/:id: the member's statuses with their gaps, and the actions that count. */
export async function memberCompliance(ctx: ServiceContext, scope: ReferentScope, userId: number): Promise<MemberCompliance> {
  const today = complianceToday(ctx);
  const m = await memberStatus(ctx, scope, userId, today);
  return {
    today,
    member: {
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      profession: m.profession,
      professionalNumber: m.professionalNumber,
      country: m.country,
    },
    statuses: m.statuses.map((s) => ({
      obligation: s.obligation,
      periodStart: s.periodStart,
      deadline: s.deadline,
      state: s.state,
      gaps: s.gaps,
      figures: s.figures,
    })),
    actions: m.actions.map((a) => ({
      title: a.title,
      startDate: a.startDate,
      endDate: a.endDate,
      hours: a.hours,
      source: a.source,
      code: a.origin.kind === "attestation" ? a.origin.code : null,
    })),
    traceabilityPath: memberTraceabilityPath(m.userId),
  };
}
