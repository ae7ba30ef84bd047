/**
 * Funding requests (spec 7 dpec; ADR 0055 transitions, 0056 payers and invoices). One function per use case; the
 * routes pass the referent scope (account in use), every query is scoped by it.
 */
import type { FundingOptions, FundingRequest, FundingRequestDetail } from "#core/contract/funding-requests.ts";
import { toParisDate } from "#core/domain/dates.ts";
import {
  allowedFundingActions,
  canChangeFundingSession,
  fundingRequestRefusal,
  invoicedPayers,
  isFundingState,
  isSpanishScheme,
  nextFundingState,
  payerShares,
  schemeOfOrganisation,
  FUNDING_STATES,
  type FundingAction,
  type FundingScheme,
  type FundingState,
} from "#core/domain/funding-requests.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import * as invoiceStore from "../invoices/invoices.repository.ts";
import { invoicePdf, type InvoiceRow } from "../invoices/invoices.service.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as repo from "./funding-requests.repository.ts";
import { issuePayerInvoices } from "./payer-invoices.ts";

/** Which schemes a brand's pharmacies may ask (ADR 0056): France DPC/OPCO/FIF PL, Spain FUNDAE, Belgium CP 313. */
export function schemesOfBrand(brand: string): FundingScheme[] {
  if (brand === "fr") return ["dpc", "opco", "fifpl"];
  if (brand === "es" || brand === "es-campus") return ["fundae"];
  if (brand === "be") return ["sector"];
  return [];
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const day = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : toParisDate(value));

/** Minutes of a session: its days' hours, else its own times, else the training's face-to-face or total duration. */
function sessionMinutes(session: NonNullable<repo.SessionRow>, days: { minutes: number }[]): number {
  const fromDays = days.reduce((sum, d) => sum + Math.max(0, d.minutes), 0);
  if (fromDays > 0) return fromDays;
  return session.faceToFaceDurationMinutes ?? session.durationMinutes;
}

function toPayload(row: repo.FundingRequestWithParts, invoices: InvoiceRow[]): FundingRequest {
  const { request } = row;
  const state = request.state as FundingState;
  const scheme = request.scheme as FundingScheme;
  const shares = invoicedPayers(scheme, request.totalCents, request.fundedCents);
  return {
    id: request.id,
    state,
    scheme,
    isSpanish: isSpanishScheme(scheme),
    learner: { id: row.learner.id, firstName: row.learner.firstName, lastName: row.learner.lastName, email: row.learner.email },
    agreement: row.agreement,
    training: row.training,
    session: { id: row.session.id, name: row.session.name, city: row.session.city, startDate: day(row.session.startDate) },
    minutes: request.minutes,
    totalCents: request.totalCents,
    fundedCents: request.fundedCents,
    currency: request.currency,
    payers: shares.map((s) => ({
      ...s,
      invoiceNumber: invoices.find((i) => i.fundingRequestId === request.id && i.payer === s.payer)?.number ?? null,
    })),
    actions: allowedFundingActions(state),
    canChangeSession: canChangeFundingSession(state),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

export async function listFundingRequests(ctx: ServiceContext, scope: ReferentScope, state?: FundingState) {
  const [rows, counts] = await Promise.all([repo.listRequests(ctx.db, scope.accountId, { state }), repo.countByState(ctx.db, scope.accountId)]);
  const invoices = await invoiceStore.listInvoicesOfRequests(
    ctx.db,
    rows.map((r) => r.request.id),
  );
  const byState = Object.fromEntries(FUNDING_STATES.map((s) => [s, 0])) as Record<FundingState, number>;
  for (const c of counts) if (isFundingState(c.state)) byState[c.state] = c.count;
  return { requests: rows.map((r) => toPayload(r, invoices)), counts: byState };
}

async function requireRequest(ctx: ServiceContext, scope: ReferentScope, id: number) {
  const row = await repo.findRequest(ctx.db, scope.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", "fundingRequestNotFound");
  return row;
}

async function requestPayload(ctx: ServiceContext, scope: ReferentScope, id: number): Promise<FundingRequest> {
  const row = await requireRequest(ctx, scope, id);
  return toPayload(row, await invoiceStore.listInvoicesOfRequests(ctx.db, [id]));
}

export async function getFundingRequest(ctx: ServiceContext, scope: ReferentScope, id: number): Promise<FundingRequestDetail> {
  const row = await requireRequest(ctx, scope, id);
  const [invoices, events, sessions] = await Promise.all([
    invoiceStore.listInvoicesOfRequests(ctx.db, [id]),
    repo.listEvents(ctx.db, id),
    repo.listSessions(ctx.db, { brand: scope.brand, fromDate: toParisDate(ctx.now()), trainingId: row.training.id }),
  ]);
  return {
    request: toPayload(row, invoices),
    history: events.map(({ event, firstName, lastName }) => ({
      action: event.action,
      fromState: event.fromState && isFundingState(event.fromState) ? event.fromState : null,
      toState: event.toState as FundingState,
      by: `${firstName} ${lastName}`,
      at: event.at.toISOString(),
      detail: typeof (event.detail as { session?: string } | null)?.session === "string" ? (event.detail as { session: string }).session : null,
    })),
    sessions: sessions.map((s) => ({ id: s.id, name: s.name, city: s.city, startDate: day(s.startDate) })),
  };
}

export async function getFundingOptions(ctx: ServiceContext, scope: ReferentScope): Promise<FundingOptions> {
  const schemes = schemesOfBrand(scope.brand);
  const [members, agreementRows, sessions] = await Promise.all([
    repo.listActiveMembers(ctx.db, scope.accountId),
    repo.listAgreements(ctx.db),
    repo.listSessions(ctx.db, { brand: scope.brand, fromDate: toParisDate(ctx.now()) }),
  ]);
  return {
    learners: members.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, email: m.email })),
    agreements: agreementRows.flatMap((a) => {
      const scheme = schemeOfOrganisation(a.organisation);
      return scheme && schemes.includes(scheme) ? [{ id: a.id, name: a.name, organisation: a.organisation, scheme }] : [];
    }),
    sessions: sessions.map((s) => ({ id: s.id, name: s.name, city: s.city, startDate: day(s.startDate), trainingName: s.trainingName })),
  };
}

async function requireSessionOfBrand(ctx: ServiceContext, scope: ReferentScope, sessionId: number) {
  const session = await repo.findSession(ctx.db, sessionId);
  if (!session || session.trainingBrand !== scope.brand) {
    throw new AppError("VALIDATION", "invalidInput", { fields: { sessionId: ["fundingSessionNotFound"] } });
  }
  return session;
}

/** POST dpec/add: a request in state creation, amounts split between funder and pharmacy (ADR 0056). */
export async function addFundingRequest(ctx: ServiceContext, scope: ReferentScope, input: { apprenantId: number; agrementId: number; sessionId: number }) {
  const learner = await repo.findActiveMember(ctx.db, scope.accountId, input.apprenantId);
  const agreement = await repo.findAgreement(ctx.db, input.agrementId);
  const scheme = agreement ? schemeOfOrganisation(agreement.organisation) : null;
  const fields: Record<string, string[]> = {};
  if (!learner) fields.apprenantId = ["fundingLearnerNotFound"];
  if (!agreement || !scheme || !schemesOfBrand(scope.brand).includes(scheme)) fields.agrementId = ["fundingAgreementNotFound"];
  const session = await repo.findSession(ctx.db, input.sessionId);
  if (!session || session.trainingBrand !== scope.brand) fields.sessionId = ["fundingSessionNotFound"];
  if (Object.keys(fields).length > 0 || !session || !scheme || !learner) throw new AppError("VALIDATION", "invalidInput", { fields });
  const days = await repo.listSessionDays(ctx.db, [session.id]);
  const minutes = sessionMinutes(session, days);
  const funder = payerShares(scheme, session.priceHtCents, minutes).find((s) => s.payer === "funder")?.amountCents ?? 0;
  const refusal = fundingRequestRefusal(session.priceHtCents, funder);
  if (refusal) throw new AppError("VALIDATION", refusal, { fields: { sessionId: [refusal] } });
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertRequest(tx, {
        accountId: scope.accountId,
        brand: scope.brand,
        learnerId: learner.id,
        agreementId: input.agrementId,
        trainingId: session.trainingId,
        sessionId: session.id,
        scheme,
        state: "creation",
        minutes,
        totalCents: session.priceHtCents,
        fundedCents: funder,
        currency: session.currency,
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertEvent(tx, { requestId: row.id, action: "create", fromState: null, toState: "creation", userId: scope.userId, at: now });
      return row.id;
    });
    return requestPayload(ctx, scope, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "fundingDuplicate");
    throw error;
  }
}

/**
 * POST dpec/action: one transition of the table (409 otherwise), in a transaction that locks the request; entering
 * financing issues one invoice per payer (numbered in the shop's brand-year sequence).
 */
export async function actOnFundingRequest(ctx: ServiceContext, scope: ReferentScope, input: { id: number; action: FundingAction; isSpanish: boolean }) {
  const { t } = ctx;
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockRequest(tx, scope.accountId, input.id);
    if (!row) return { kind: "notFound" as const };
    const scheme = row.scheme as FundingScheme;
    if (isSpanishScheme(scheme) !== input.isSpanish) return { kind: "schemeMismatch" as const };
    const from = row.state as FundingState;
    const to = nextFundingState(from, input.action);
    if (!to) return { kind: "refused" as const, from };
    await repo.updateRequest(tx, row.id, { state: to, updatedAt: now });
    await repo.insertEvent(tx, { requestId: row.id, action: input.action, fromState: from, toState: to, userId: scope.userId, at: now });
    if (to === "financing") await issuePayerInvoices(tx, row, now);
    return { kind: "done" as const, to };
  });
  if (outcome.kind === "notFound") throw new AppError("NOT_FOUND", "fundingRequestNotFound");
  if (outcome.kind === "schemeMismatch") throw new AppError("CONFLICT", "fundingSchemeMismatch");
  if (outcome.kind === "refused") throw new AppError("CONFLICT", "fundingTransitionRefused", { values: { state: t(`fundingState_${outcome.from}`) } });
  return { request: await requestPayload(ctx, scope, input.id), message: t("fundingActionDone", { state: t(`fundingState_${outcome.to}`) }) };
}

/** PUT dpec/action: another session of the same training, while the request is in creation or in progress. */
export async function changeFundingSession(ctx: ServiceContext, scope: ReferentScope, input: { dpecId: number; session: number }) {
  const session = await requireSessionOfBrand(ctx, scope, input.session);
  const days = await repo.listSessionDays(ctx.db, [session.id]);
  const now = ctx.now();
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const row = await repo.lockRequest(tx, scope.accountId, input.dpecId);
      if (!row) return "notFound" as const;
      if (!canChangeFundingSession(row.state as FundingState)) return "locked" as const;
      if (session.trainingId !== row.trainingId) return "otherTraining" as const;
      if (session.id === row.sessionId) return "done" as const;
      const minutes = sessionMinutes(session, days);
      const funded = payerShares(row.scheme as FundingScheme, row.totalCents, minutes).find((s) => s.payer === "funder")?.amountCents ?? 0;
      if (fundingRequestRefusal(row.totalCents, funded)) return "nothingFunded" as const;
      await repo.updateRequest(tx, row.id, { sessionId: session.id, minutes, fundedCents: funded, updatedAt: now });
      await repo.insertEvent(tx, {
        requestId: row.id,
        action: "session",
        fromState: row.state,
        toState: row.state,
        userId: scope.userId,
        at: now,
        detail: { session: `${session.name} (${day(session.startDate)})` },
      });
      return "done" as const;
    });
    if (outcome === "notFound") throw new AppError("NOT_FOUND", "fundingRequestNotFound");
    if (outcome === "locked") throw new AppError("CONFLICT", "fundingSessionLocked");
    if (outcome === "otherTraining") throw new AppError("VALIDATION", "invalidInput", { fields: { session: ["fundingSessionOtherTraining"] } });
    if (outcome === "nothingFunded") throw new AppError("VALIDATION", "fundingNothingFunded", { fields: { session: ["fundingNothingFunded"] } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "fundingDuplicate");
    throw error;
  }
  return requestPayload(ctx, scope, input.dpecId);
}

// ------------------------------------------------------------------------------------------------ invoices

/** POST dpec/invoice: the PDF of one payer's invoice of the account's request (404 before financing). */
export async function fundingInvoicePdf(ctx: ServiceContext, scope: ReferentScope, input: { dpecId: number; payer: "funder" | "pharmacy" }) {
  const row = await requireRequest(ctx, scope, input.dpecId);
  const invoice = await invoiceStore.findInvoiceOfRequest(ctx.db, row.request.id, input.payer);
  if (!invoice) throw new AppError("NOT_FOUND", "fundingInvoiceNotFound");
  return invoicePdf(ctx, invoice);
}
