/**
 * Funding requests (spec 7 dpec; ADR 0055 transitions, 0056 payers and invoices). One function per use case; the
 * routes pass the referent scope (account in use), every query is scoped by it.
 */
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
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
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { computeVat } from "#core/domain/money.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { BackDeps } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import type { Translate } from "../../i18n/messages.ts";
import * as invoiceStore from "../invoices/invoices.repository.ts";
import { invoicePdf, type InvoiceRow } from "../invoices/invoices.service.ts";
import { invoiceBuyer, invoiceSeller } from "../invoices/invoice-parties.ts";
import { accountBillingDetails, sellerCountryOf } from "../billing/billing.service.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as repo from "./funding-requests.repository.ts";
import { invoiceNumber } from "#core/domain/invoice-number.ts";

type Deps = Pick<BackDeps, "db" | "now" | "logger">;

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

export async function listFundingRequests(deps: Deps, scope: ReferentScope, state?: FundingState) {
  const [rows, counts] = await Promise.all([repo.listRequests(deps.db, scope.accountId, { state }), repo.countByState(deps.db, scope.accountId)]);
  const invoices = await invoiceStore.listInvoicesOfRequests(
    deps.db,
    rows.map((r) => r.request.id),
  );
  const byState = Object.fromEntries(FUNDING_STATES.map((s) => [s, 0])) as Record<FundingState, number>;
  for (const c of counts) if (isFundingState(c.state)) byState[c.state] = c.count;
  return { requests: rows.map((r) => toPayload(r, invoices)), counts: byState };
}

async function requireRequest(deps: Deps, scope: ReferentScope, id: number) {
  const row = await repo.findRequest(deps.db, scope.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", "fundingRequestNotFound");
  return row;
}

async function requestPayload(deps: Deps, scope: ReferentScope, id: number): Promise<FundingRequest> {
  const row = await requireRequest(deps, scope, id);
  return toPayload(row, await invoiceStore.listInvoicesOfRequests(deps.db, [id]));
}

export async function getFundingRequest(deps: Deps, scope: ReferentScope, id: number): Promise<FundingRequestDetail> {
  const row = await requireRequest(deps, scope, id);
  const [invoices, events, sessions] = await Promise.all([
    invoiceStore.listInvoicesOfRequests(deps.db, [id]),
    repo.listEvents(deps.db, id),
    repo.listSessions(deps.db, { brand: scope.brand, fromDate: toParisDate(deps.now()), trainingId: row.training.id }),
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

export async function getFundingOptions(deps: Deps, scope: ReferentScope): Promise<FundingOptions> {
  const schemes = schemesOfBrand(scope.brand);
  const [members, agreementRows, sessions] = await Promise.all([
    repo.listActiveMembers(deps.db, scope.accountId),
    repo.listAgreements(deps.db),
    repo.listSessions(deps.db, { brand: scope.brand, fromDate: toParisDate(deps.now()) }),
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

async function requireSessionOfBrand(deps: Deps, scope: ReferentScope, sessionId: number) {
  const session = await repo.findSession(deps.db, sessionId);
  if (!session || session.trainingBrand !== scope.brand) {
    throw new AppError("VALIDATION", "invalidInput", { fields: { sessionId: ["fundingSessionNotFound"] } });
  }
  return session;
}

/** POST dpec/add: a request in state creation, amounts split between funder and pharmacy (ADR 0056). */
export async function addFundingRequest(deps: Deps, scope: ReferentScope, input: { apprenantId: number; agrementId: number; sessionId: number }) {
  const learner = await repo.findActiveMember(deps.db, scope.accountId, input.apprenantId);
  const agreement = await repo.findAgreement(deps.db, input.agrementId);
  const scheme = agreement ? schemeOfOrganisation(agreement.organisation) : null;
  const fields: Record<string, string[]> = {};
  if (!learner) fields.apprenantId = ["fundingLearnerNotFound"];
  if (!agreement || !scheme || !schemesOfBrand(scope.brand).includes(scheme)) fields.agrementId = ["fundingAgreementNotFound"];
  const session = await repo.findSession(deps.db, input.sessionId);
  if (!session || session.trainingBrand !== scope.brand) fields.sessionId = ["fundingSessionNotFound"];
  if (Object.keys(fields).length > 0 || !session || !scheme || !learner) throw new AppError("VALIDATION", "invalidInput", { fields });
  const days = await repo.listSessionDays(deps.db, [session.id]);
  const minutes = sessionMinutes(session, days);
  const funder = payerShares(scheme, session.priceHtCents, minutes).find((s) => s.payer === "funder")?.amountCents ?? 0;
  const refusal = fundingRequestRefusal(session.priceHtCents, funder);
  if (refusal) throw new AppError("VALIDATION", refusal, { fields: { sessionId: [refusal] } });
  const now = deps.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
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
    return requestPayload(deps, scope, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "fundingDuplicate");
    throw error;
  }
}

/**
 * POST dpec/action: one transition of the table (409 otherwise), in a transaction that locks the request; entering
 * financing issues one invoice per payer (numbered in the shop's brand-year sequence).
 */
export async function actOnFundingRequest(deps: Deps, t: Translate, scope: ReferentScope, input: { id: number; action: FundingAction; isSpanish: boolean }) {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
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
  return { request: await requestPayload(deps, scope, input.id), message: t("fundingActionDone", { state: t(`fundingState_${outcome.to}`) }) };
}

/**
 * Who a payer's invoice is addressed to and what it says about the funding (ADR 0103): the funder (ANDPC paying
 * directly, an OPCO under subrogation for the employer), or the pharmacy, which for FUNDAE pays the whole cost and
 * is told that the training is bonificable. In the invoice's language, the brand's.
 */
function payerInvoiceBuyer(
  payer: "funder" | "pharmacy",
  scheme: FundingScheme,
  brand: string,
  agreement: { name: string; number: string; organisation: string } | undefined,
  account: Parameters<typeof accountBillingDetails>[0] | undefined,
) {
  const locale = isBrandKey(brand) ? BRANDS[brand].defaultLocale : "fr-FR";
  const t = fixedT(locale, "pdf", "fundingInvoice");
  if (payer === "funder") {
    const mention = scheme === "dpc" ? t("dpcDirect") : scheme === "opco" ? t("opcoSubrogation", { employer: account?.name ?? "" }) : "";
    return { name: agreement?.organisation ?? "", lines: [agreement?.name ?? "", agreement?.number ?? "", mention].filter(Boolean) };
  }
  // The pharmacy's share: its billing details as on a shop invoice (address, tax number: ADR 0102), then the mention.
  const pharmacy = account
    ? invoiceBuyer({
        personName: account.name,
        email: null,
        details: { ...accountBillingDetails(account, brand), companyName: null },
        sellerCountry: sellerCountryOf(brand),
        locale,
      })
    : { name: "", lines: [] };
  return { name: pharmacy.name, lines: [...pharmacy.lines, scheme === "fundae" ? t("fundaeBonificable") : ""].filter(Boolean) };
}

/** One invoice per payer with a share (idempotent: a request re-entering financing keeps its invoices). */
export async function issuePayerInvoices(tx: DbOrTx, row: repo.FundingRequestRow, now: Date) {
  const existing = await invoiceStore.listInvoicesOfRequests(tx, [row.id]);
  const shares = invoicedPayers(row.scheme as FundingScheme, row.totalCents, row.fundedCents);
  const seller = invoiceSeller(row.brand);
  const invoicePrefix = legalIdentityOf(row.brand).invoicePrefix;
  const vat = vatRuleForBrand(row.brand);
  const account = await repo.findAccountIdentity(tx, row.accountId);
  const agreement = await repo.findAgreement(tx, row.agreementId);
  const year = Number(toParisDate(now).slice(0, 4));
  for (const share of shares) {
    if (share.amountCents <= 0 || existing.some((i) => i.payer === share.payer)) continue;
    const sequence = await invoiceStore.takeInvoiceSequence(tx, row.brand, year);
    const vatCents = computeVat(share.amountCents, vat.rateBasisPoints);
    const buyer = payerInvoiceBuyer(share.payer, row.scheme as FundingScheme, row.brand, agreement, account);
    await invoiceStore.insertInvoice(tx, {
      kind: "funding",
      fundingRequestId: row.id,
      payer: share.payer,
      brand: row.brand,
      year,
      sequence,
      number: invoiceNumber(invoicePrefix, year, sequence),
      issuedAt: now,
      seller,
      buyer,
      totalCents: share.amountCents,
      vatCents,
      totalWithVatCents: share.amountCents + vatCents,
      vatRateBasisPoints: vat.rateBasisPoints,
      vatExemptionMention: vat.exemptionMention,
      currency: row.currency,
    });
  }
}

/** PUT dpec/action: another session of the same training, while the request is in creation or in progress. */
export async function changeFundingSession(deps: Deps, scope: ReferentScope, input: { dpecId: number; session: number }) {
  const session = await requireSessionOfBrand(deps, scope, input.session);
  const days = await repo.listSessionDays(deps.db, [session.id]);
  const now = deps.now();
  try {
    const outcome = await deps.db.transaction(async (tx) => {
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
  return requestPayload(deps, scope, input.dpecId);
}

// ------------------------------------------------------------------------------------------------ invoices

/** POST dpec/invoice: the PDF of one payer's invoice of the account's request (404 before financing). */
export async function fundingInvoicePdf(deps: Deps, scope: ReferentScope, input: { dpecId: number; payer: "funder" | "pharmacy" }) {
  const row = await requireRequest(deps, scope, input.dpecId);
  const invoice = await invoiceStore.findInvoiceOfRequest(deps.db, row.request.id, input.payer);
  if (!invoice) throw new AppError("NOT_FOUND", "fundingInvoiceNotFound");
  return invoicePdf(deps.db, invoice);
}
