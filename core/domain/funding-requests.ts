/**
 * Funding requests ("prises en charge", spec 7 dpec; DESIGN.md 8b): the state machine and the split of an order
 * between payers. Pure rules: the service enforces them (409 otherwise), the database checks the state column.
 * ADR 0055 (transitions), ADR 0056 (payers).
 */

/** The states, in the order a request goes through them. */
export const FUNDING_STATES = ["creation", "in_progress", "financing", "report", "reimbursement"] as const;
export type FundingState = (typeof FUNDING_STATES)[number];

/** The actions of POST dpec/action. */
export const FUNDING_ACTIONS = ["submit", "reopen", "fund", "report", "reimburse"] as const;
export type FundingAction = (typeof FUNDING_ACTIONS)[number];

/** The allowed transitions: action -> from -> to (ADR 0055). Anything else is refused. */
export const FUNDING_TRANSITIONS: readonly { action: FundingAction; from: FundingState; to: FundingState }[] = [
  { action: "submit", from: "creation", to: "in_progress" },
  { action: "reopen", from: "in_progress", to: "creation" },
  { action: "fund", from: "in_progress", to: "financing" },
  { action: "report", from: "financing", to: "report" },
  { action: "reimburse", from: "report", to: "reimbursement" },
];

export function isFundingState(value: string): value is FundingState {
  return (FUNDING_STATES as readonly string[]).includes(value);
}

/** The state an action leads to from `from`, or null when the transition is not allowed. */
export function nextFundingState(from: FundingState, action: FundingAction): FundingState | null {
  return FUNDING_TRANSITIONS.find((t) => t.from === from && t.action === action)?.to ?? null;
}

/** The actions offered in a state (the request's page shows exactly these). */
export function allowedFundingActions(state: FundingState): FundingAction[] {
  return FUNDING_TRANSITIONS.filter((t) => t.from === state).map((t) => t.action);
}

/** The session of a request may change until the funder has agreed to pay (creation, in progress). */
export function canChangeFundingSession(state: FundingState): boolean {
  return state === "creation" || state === "in_progress";
}

/** The final state: nothing more happens. */
export function isFinalFundingState(state: FundingState): boolean {
  return allowedFundingActions(state).length === 0;
}

// ------------------------------------------------------------------------------------------- schemes and payers

/**
 * Who funds: ANDPC (DPC, owners), OPCO EP (employed staff), FIF PL (owners' non-DPC), FUNDAE (Spain), and for
 * Belgium the pharmacies' joint committee's sector training fund (CP 313; ADR 0056 lists what to verify).
 */
export const FUNDING_SCHEMES = ["dpc", "opco", "fifpl", "fundae", "sector"] as const;
export type FundingScheme = (typeof FUNDING_SCHEMES)[number];

/** The scheme of an agreement, from its organisation name (seeded: ANDPC, OPCO EP, FIF PL, FUNDAE). */
export function schemeOfOrganisation(organisation: string): FundingScheme | null {
  const name = organisation.trim().toUpperCase().replace(/\s+/g, " ");
  if (name === "ANDPC") return "dpc";
  if (name.startsWith("OPCO")) return "opco";
  if (name === "FIF PL" || name === "FIFPL") return "fifpl";
  if (name === "FUNDAE") return "fundae";
  if (name === "CP 313") return "sector";
  return null;
}

export const isSpanishScheme = (scheme: FundingScheme): boolean => scheme === "fundae";

/** FUNDAE: módulo económico per participant hour, in cents (ADR 0056: the reference's example, 13 EUR/h). */
export const FUNDAE_HOURLY_MODULE_CENTS = 1300;
/** FIF PL: yearly ceiling per owner, in cents (2024: 1,000 EUR). */
export const FIFPL_CEILING_CENTS = 100_000;

export type PayerShare = { payer: "funder" | "pharmacy"; amountCents: number };

/**
 * One order, several payers (ADR 0056): the funder pays its share, the pharmacy the rest. Amounts in integer
 * cents; the shares always add up to the total, and a share of 0 is left out.
 * - dpc (ANDPC), opco and sector: the funder takes the whole pedagogical cost;
 * - fifpl: up to the yearly ceiling;
 * - fundae: up to módulo x hours (one participant per request); the rest is the company's cofinanciación.
 */
export function payerShares(scheme: FundingScheme, totalCents: number, minutes: number): PayerShare[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`Invalid total: ${totalCents}`);
  const cap =
    scheme === "fundae" ? Math.floor((Math.max(0, minutes) * FUNDAE_HOURLY_MODULE_CENTS) / 60) : scheme === "fifpl" ? FIFPL_CEILING_CENTS : totalCents;
  const funded = Math.min(totalCents, cap);
  const shares: PayerShare[] = [
    { payer: "funder", amountCents: funded },
    { payer: "pharmacy", amountCents: totalCents - funded },
  ];
  return shares.filter((s) => s.amountCents > 0);
}

/**
 * Who receives an invoice for a request, and for how much (ADR 0103), from its total and the funder's share
 * (`fundedCents`, from payerShares):
 * - dpc: ANDPC pays the training body directly: the funder is invoiced (the pharmacy for a rest, if any);
 * - opco: under subrogation, the OPCO pays the training body for the employer: the funder for its share, the
 *   pharmacy for the rest; fifpl and sector the same (ADR 0056, to verify);
 * - fundae: FUNDAE pays no training body. The company (the pharmacy) pays the whole cost and then deducts the
 *   bonificación (the funder's share) from its social security contributions: one invoice, to the pharmacy.
 * A share of 0 is left out.
 */
export function invoicedPayers(scheme: FundingScheme, totalCents: number, fundedCents: number): PayerShare[] {
  const shares: PayerShare[] =
    scheme === "fundae"
      ? [{ payer: "pharmacy", amountCents: totalCents }]
      : [
          { payer: "funder", amountCents: fundedCents },
          { payer: "pharmacy", amountCents: totalCents - fundedCents },
        ];
  return shares.filter((s) => s.amountCents > 0);
}

/**
 * Why a request cannot be made for a session, or null (issue 28): a free session has nothing to fund, and a request
 * whose funder would pay nothing (no hours for FUNDAE, for instance) has no funding to ask for.
 */
export function fundingRequestRefusal(totalCents: number, fundedCents: number): "fundingFreeSession" | "fundingNothingFunded" | null {
  if (totalCents <= 0) return "fundingFreeSession";
  if (fundedCents <= 0) return "fundingNothingFunded";
  return null;
}
