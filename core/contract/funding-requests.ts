/**
 * Funding requests (spec 7, Referent: dpec, dpec/add, dpec/action, dpec/fundae, dpec/informes; ADR 0055-0056):
 * request schemas the Hono routes validate with, reply schemas the web tier's back client checks replies with.
 * Money in integer cents.
 */
import { z } from "zod";
import { FUNDING_ACTIONS, FUNDING_SCHEMES, FUNDING_STATES } from "#core/domain/funding-requests.ts";
import { Id, IdParam } from "./ids.ts";

// ------------------------------------------------------------------ requests

/** POST dpec/add */
export const FundingRequestAddSchema = z.strictObject({ apprenantId: Id, agrementId: Id, sessionId: Id });

/** POST dpec/action: one transition; isSpanish must say whether the request is a FUNDAE one. */
export const FundingRequestActionSchema = z.strictObject({ id: Id, action: z.enum(FUNDING_ACTIONS), isSpanish: z.boolean() });

/** PUT dpec/action: another session of the same training. */
export const FundingRequestSessionSchema = z.strictObject({ dpecId: Id, session: Id });

/** POST dpec/invoice: the PDF invoice of one payer of a funded request. */
export const FundingInvoiceRequestSchema = z.strictObject({ dpecId: Id, payer: z.enum(["funder", "pharmacy"]) });

/** GET dpec?state= (every state when absent) */
export const FundingListQuerySchema = z.strictObject({ state: z.enum(FUNDING_STATES).optional() });

/** GET dpec/informes?format=csv gives the file; without, the rows. */
export const FundaeReportQuerySchema = z.strictObject({ format: z.enum(["json", "csv"]).optional() });

// ------------------------------------------------------------------ replies

export const FundingStateSchema = z.enum(FUNDING_STATES);
export const FundingSchemeSchema = z.enum(FUNDING_SCHEMES);

const PersonSchema = z.strictObject({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() });
const SessionSummarySchema = z.strictObject({ id: z.number(), name: z.string(), city: z.string().nullable(), startDate: z.string() });

export const FundingPayerSchema = z.strictObject({
  payer: z.enum(["funder", "pharmacy"]),
  amountCents: z.number(),
  invoiceNumber: z.string().nullable(),
});

export const FundingRequestSchema = z.strictObject({
  id: z.number(),
  state: FundingStateSchema,
  scheme: FundingSchemeSchema,
  isSpanish: z.boolean(),
  learner: PersonSchema,
  agreement: z.strictObject({ id: z.number(), name: z.string(), number: z.string(), organisation: z.string() }),
  training: z.strictObject({ id: z.number(), name: z.string(), slug: z.string(), type: z.string() }),
  session: SessionSummarySchema,
  minutes: z.number(),
  totalCents: z.number(),
  /** The funder's share: what it pays, or for FUNDAE the bonificación the company deducts from its contributions (ADR 0103). */
  fundedCents: z.number(),
  currency: z.string(),
  /** Who is invoiced, and for how much (ADR 0103). */
  payers: z.array(FundingPayerSchema),
  actions: z.array(z.enum(FUNDING_ACTIONS)),
  canChangeSession: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FundingRequest = z.infer<typeof FundingRequestSchema>;

/** GET dpec */
export const FundingRequestListSchema = z.strictObject({
  requests: z.array(FundingRequestSchema),
  counts: z.strictObject(Object.fromEntries(FUNDING_STATES.map((s) => [s, z.number()])) as Record<(typeof FUNDING_STATES)[number], z.ZodNumber>),
});

export const FundingEventSchema = z.strictObject({
  action: z.string(),
  fromState: FundingStateSchema.nullable(),
  toState: FundingStateSchema,
  by: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
});

/** GET dpec/{id}: the request, its history and the sessions it may move to. */
export const FundingRequestDetailSchema = z.strictObject({
  request: FundingRequestSchema,
  history: z.array(FundingEventSchema),
  sessions: z.array(SessionSummarySchema),
});
export type FundingRequestDetail = z.infer<typeof FundingRequestDetailSchema>;

/** GET dpec/options: what the creation form offers (the account's members, the brand's funders, sessions). */
export const FundingOptionsSchema = z.strictObject({
  learners: z.array(PersonSchema),
  agreements: z.array(z.strictObject({ id: z.number(), name: z.string(), organisation: z.string(), scheme: FundingSchemeSchema })),
  sessions: z.array(SessionSummarySchema.extend({ trainingName: z.string() })),
});
export type FundingOptions = z.infer<typeof FundingOptionsSchema>;

/** GET dpec/fundae: the FUNDAE groups (one per session) with their participants, hours and costs. */
export const FundaeGroupSchema = z.strictObject({
  sessionId: z.number(),
  trainingName: z.string(),
  sessionName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  minutes: z.number(),
  participants: z.array(z.strictObject({ requestId: z.number(), firstName: z.string(), lastName: z.string(), email: z.string(), state: FundingStateSchema })),
  totalCents: z.number(),
  fundedCents: z.number(),
  cofinancingCents: z.number(),
});
export const FundaeGroupsSchema = z.array(FundaeGroupSchema);

/** GET dpec/informes: one row per participant, as a FUNDAE end-of-group notification needs them. */
export const FundaeReportRowSchema = z.strictObject({
  requestId: z.number(),
  actionName: z.string(),
  group: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  professionalNumber: z.string().nullable(),
  hours: z.number(),
  totalCents: z.number(),
  bonifiedCents: z.number(),
  cofinancingCents: z.number(),
  state: FundingStateSchema,
});
export type FundaeReportRow = z.infer<typeof FundaeReportRowSchema>;
export const FundaeReportSchema = z.array(FundaeReportRowSchema);

// ------------------------------------------------------------------ web forms (posted strings)

/** The creation form (creer): the same three ids as dpec/add, posted as text. */
export const FundingAddFormSchema = z.object({ apprenantId: IdParam, agrementId: IdParam, sessionId: IdParam });

/** One action button of a request's page (`step`: a field named "action" would shadow the form's own action). */
export const FundingActionFormSchema = z.object({ step: z.enum(FUNDING_ACTIONS) });

/** The session change form of a request's page. */
export const FundingSessionFormSchema = z.object({ session: IdParam });
