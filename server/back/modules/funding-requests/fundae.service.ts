/**
 * The FUNDAE views of a Spanish pharmacy's funding requests (ADR 0058): one group per session (FUNDAE "grupo") with
 * its participants, hours and costs, and the end-of-group report, one row per participant.
 */
import type { FundaeReportRow } from "#core/contract/funding-requests.ts";
import { toParisDate } from "#core/domain/dates.ts";
import type { FundingState } from "#core/domain/funding-requests.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as repo from "./funding-requests.repository.ts";

const day = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : toParisDate(value));

async function fundaeRows(ctx: ServiceContext, scope: ReferentScope) {
  const rows = await repo.listRequests(ctx.db, scope.accountId, { scheme: "fundae" });
  const days = await repo.listSessionDays(ctx.db, [...new Set(rows.map((r) => r.session.id))]);
  const endOf = (sessionId: number, start: string) => days.filter((d) => d.sessionId === sessionId).at(-1)?.date ?? start;
  return rows.map((r) => ({ ...r, startDate: day(r.session.startDate), endDate: day(endOf(r.session.id, day(r.session.startDate))) }));
}

/** GET dpec/fundae: one group per session (FUNDAE "grupo"), with its participants, hours and costs. */
export async function listFundaeGroups(ctx: ServiceContext, scope: ReferentScope) {
  const rows = await fundaeRows(ctx, scope);
  const groups = new Map<number, (typeof rows)[number][]>();
  for (const r of rows) groups.set(r.session.id, [...(groups.get(r.session.id) ?? []), r]);
  return [...groups.values()]
    .map((members) => {
      const first = members[0];
      const total = members.reduce((s, m) => s + m.request.totalCents, 0);
      const funded = members.reduce((s, m) => s + m.request.fundedCents, 0);
      return {
        sessionId: first.session.id,
        trainingName: first.training.name,
        sessionName: first.session.name,
        startDate: first.startDate,
        endDate: first.endDate,
        minutes: first.request.minutes,
        participants: members.map((m) => ({
          requestId: m.request.id,
          firstName: m.learner.firstName,
          lastName: m.learner.lastName,
          email: m.learner.email,
          state: m.request.state as FundingState,
        })),
        totalCents: total,
        fundedCents: funded,
        cofinancingCents: total - funded,
      };
    })
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.sessionId - b.sessionId));
}

/** GET dpec/informes: one row per participant for the FUNDAE end-of-group notification (ADR 0058). */
export async function fundaeReport(ctx: ServiceContext, scope: ReferentScope): Promise<FundaeReportRow[]> {
  const rows = await fundaeRows(ctx, scope);
  return rows
    .map((r) => ({
      requestId: r.request.id,
      actionName: r.training.name,
      group: r.session.name,
      startDate: r.startDate,
      endDate: r.endDate,
      lastName: r.learner.lastName,
      firstName: r.learner.firstName,
      email: r.learner.email,
      professionalNumber: r.learner.professionalNumber,
      hours: Math.round((r.request.minutes / 60) * 100) / 100,
      totalCents: r.request.totalCents,
      bonifiedCents: r.request.fundedCents,
      cofinancingCents: r.request.totalCents - r.request.fundedCents,
      state: r.request.state as FundingState,
    }))
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.lastName.localeCompare(b.lastName, "es")));
}
