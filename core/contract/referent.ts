/**
 * The referent calls' API contract (spec section 7, Referent; DESIGN.md section 5: under /back/api/referent/). Every
 * call acts on the referent's current account. Request schemas are shared by the Hono routes and the pharmacy forms.
 */
import { z } from "zod";
import { EmailSchema } from "./auth.ts";
import { Id, IdParam } from "./ids.ts";
import { FUNDING_SCHEMES, FUNDING_STATES } from "#core/domain/funding-requests.ts";

// ------------------------------------------------------------------ requests

const Name = z.string().trim().min(1).max(80);

/** POST /referent/addApprenant: invite a learner by mail (the mail's link leads to the account creation). */
export const AddApprenantSchema = z.strictObject({
  email: EmailSchema,
  firstName: Name,
  lastName: Name,
});

/** POST /referent/sendEmailToApprenant: send the invitation (or a reminder) again. */
export const SendEmailToApprenantSchema = z.strictObject({ id: Id });

/** The resend form: the invitation id as a posted string. */
export const SendEmailToApprenantFormSchema = z.strictObject({ id: IdParam });

/** A checkbox or a JSON boolean ("true"/"false"/"on" from a form, true/false from JSON). */
const BooleanInput = z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((v) => v !== "false")]);

/** POST /referent/toggleApprenantActive: activate or deactivate a member of the team. */
export const ToggleApprenantActiveSchema = z.strictObject({ contactId: z.union([Id, IdParam]), isActive: BooleanInput });

/** POST /referent/editAccountDatas: the pharmacy's name and address as they appear on invoices and attestations. */
export const EditAccountDatasSchema = z.strictObject({
  name: z.string().trim().min(2).max(120),
  address: z.string().trim().min(1).max(200),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, { message: "invalidType" }),
  city: z.string().trim().min(1).max(80),
});

// ------------------------------------------------------------------ responses

export const AccountDataSchema = z.strictObject({
  name: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
});

/** POST /referent/addApprenant: the invitation sent and to whom. */
export const InvitationSentSchema = z.strictObject({ invitationId: z.number(), email: z.string() });

/** POST /referent/sendEmailToApprenant: to whom the invitation went again. */
export const InvitationResentSchema = z.strictObject({ email: z.string() });

/** POST /referent/toggleApprenantActive: the member's name and access now. */
export const ApprenantActivitySchema = z.strictObject({ name: z.string(), isActive: z.boolean() });

export const TEAM_STATUSES = ["active", "inactive", "invited"] as const;

export const TeamMemberSchema = z.strictObject({
  /** The user id (contactId), or null for an invitation not yet accepted. */
  contactId: z.number().nullable(),
  /** The invitation id for a pending invitation (what sendEmailToApprenant takes), else null. */
  invitationId: z.number().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: z.enum(["holder", "referent", "learner"]),
  status: z.enum(TEAM_STATUSES),
  isActive: z.boolean(),
  /** Whether the referent looking at the team may activate or deactivate this member (core/domain/permissions.ts). */
  canChangeAccess: z.boolean(),
  trainings: z.number(),
  finished: z.number(),
  /** Mean progress of the member's trainings for this pharmacy, 0-100. */
  progress: z.number(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export type AccountData = z.infer<typeof AccountDataSchema>;

/** GET /referent/dpec/allApprenants: the members and open invitations, and the pharmacy's data (editAccountDatas). */
export const TeamSchema = z.strictObject({ members: z.array(TeamMemberSchema), account: AccountDataSchema, readOnly: z.boolean() });
export type Team = z.infer<typeof TeamSchema>;

// ------------------------------------------------------------------ contract

/** A contract offer of the account (contract/sign/{id} and contract/signContractSystemPay/{id} name a pending one). */
export const ContractOfferSchema = z.strictObject({
  id: z.number(),
  productName: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  status: z.enum(["pending", "signed", "cancelled"]),
  createdAt: z.string(),
});

/** GET /referent/getContract: the contract in force, the brand's products, the next one, a pending offer. */
export const ContractViewSchema = z.strictObject({
  contract: z
    .strictObject({
      id: z.number(),
      productName: z.string(),
      type: z.string(),
      validFrom: z.string(),
      validUntil: z.string().nullable(),
      signedAt: z.string().nullable(),
      valid: z.boolean(),
    })
    .nullable(),
  readOnly: z.boolean(),
  products: z.array(z.strictObject({ name: z.string(), yearlyPriceCents: z.number(), seats: z.number(), current: z.boolean() })),
  nextProduct: z.strictObject({ name: z.string(), yearlyPriceCents: z.number(), seats: z.number() }).nullable(),
  pendingOffer: ContractOfferSchema.nullable(),
  /** The latest payment of an offer by card (signContractSystemPay), where it stands. */
  lastPayment: z
    .strictObject({
      orderId: z.number(),
      offerId: z.number(),
      status: z.enum(["pending", "paid", "failed", "cancelled"]),
      amountCents: z.number(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
  currency: z.string(),
});
export type ContractView = z.infer<typeof ContractViewSchema>;

// ------------------------------------------------------------------ attribution of bought trainings (ADR 0070)

/**
 * POST /referent/attributeApprenants: give a product the pharmacy bought (a training, with the session it was bought
 * for) to members of the team: each is enrolled, a seat booked on the session. `apprenants` are user ids (contactId).
 */
export const AttributeApprenantsSchema = z.strictObject({
  trainingId: Id,
  sessionId: Id.nullable().optional(),
  apprenants: z.array(Id).min(1, { message: "chooseAtLeastOne" }).max(50),
});
export type AttributeApprenantsInput = z.infer<typeof AttributeApprenantsSchema>;

/** The same from the attribution form: the product as "{trainingId}" or "{trainingId}-{sessionId}", checkboxes. */
export const AttributeApprenantsFormSchema = z.strictObject({
  product: z
    .string({ message: "required" })
    .trim()
    .min(1, { message: "required" })
    .pipe(z.string().regex(/^[1-9][0-9]{0,9}(-[1-9][0-9]{0,9})?$/, { message: "invalidType" }))
    .transform((v) => {
      const [trainingId, sessionId] = v.split("-").map(Number);
      return { trainingId, sessionId: sessionId ?? null };
    }),
  apprenants: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(IdParam).min(1, { message: "chooseAtLeastOne" }).max(50),
  ),
});

export const BoughtProductSchema = z.strictObject({
  /** The form's value: "{trainingId}" or "{trainingId}-{sessionId}". */
  key: z.string(),
  trainingId: z.number(),
  name: z.string(),
  trainingType: z.string(),
  session: z.strictObject({ id: z.number(), name: z.string(), startDate: z.string(), seatsAvailable: z.number() }).nullable(),
  /** Seats bought (paid order lines of the pharmacy), used (members enrolled), left. */
  quantity: z.number(),
  used: z.number(),
  remaining: z.number(),
  /** Members already enrolled in the training (they are skipped). */
  enrolledContactIds: z.array(z.number()),
});
export type BoughtProduct = z.infer<typeof BoughtProductSchema>;

/** GET /referent/attributeApprenants/options: the pharmacy's bought products and the team members who may get one. */
export const AttributionOptionsSchema = z.strictObject({
  products: z.array(BoughtProductSchema),
  members: z.array(
    z.strictObject({ contactId: z.number(), firstName: z.string(), lastName: z.string(), email: z.string(), role: z.enum(["holder", "referent", "learner"]) }),
  ),
  readOnly: z.boolean(),
});
export type AttributionOptions = z.infer<typeof AttributionOptionsSchema>;

export const AttributionResultSchema = z.strictObject({
  trainingId: z.number(),
  sessionId: z.number().nullable(),
  /** Enrolled now. */
  attributed: z.array(z.number()),
  /** Already enrolled in the training: left as they were. */
  alreadyEnrolled: z.array(z.number()),
  remaining: z.number(),
});

// ------------------------------------------------------------------ contract payment (ADR 0071)

/** GET /referent/contract/signContractSystemPay/{id}: the pending contract order and how to pay it. */
export const ContractPaymentSchema = z.strictObject({
  orderId: z.number(),
  offerId: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  payment: z.strictObject({
    provider: z.string(),
    method: z.enum(["GET", "POST"]),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});
export type ContractPayment = z.infer<typeof ContractPaymentSchema>;

// ------------------------------------------------------------------ invoices

/** POST /referent/invoices and /referent/mFactures: several invoices as one ZIP of PDFs. */
export const InvoicesZipSchema = z.strictObject({ factures: z.array(Id).min(1).max(100) });
/** The same from a form (checkboxes post the ids as strings). */
export const InvoicesZipFormSchema = z.strictObject({
  factures: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v),
    z.array(IdParam).min(1, { message: "chooseAtLeastOne" }).max(100),
  ),
});

export const AccountInvoiceSchema = z.strictObject({
  id: z.number(),
  /** `order`: a shop invoice; `funding`: the pharmacy's share of a funding request (ADR 0075); `creditNote`: the credit note of a shop invoice (ADR 0094). */
  kind: z.enum(["order", "funding", "creditNote"]),
  number: z.string(),
  issuedAt: z.string(),
  total: z.number(),
  vat: z.number(),
  totalWithVat: z.number(),
  currency: z.string(),
  orderId: z.number().nullable(),
  fundingRequestId: z.number().nullable(),
  paymentMethod: z.string().nullable(),
  paidAt: z.string().nullable(),
  buyerName: z.string(),
  /** An invoice: its credit note, once issued; a credit note: the invoice it reverses. */
  creditNote: z.strictObject({ id: z.number(), number: z.string() }).nullable(),
  creditedInvoice: z.strictObject({ id: z.number(), number: z.string() }).nullable(),
  downloadPath: z.string(),
});

/** GET /referent/invoices (and bonificacionesInvoices: the Spanish account's invoices of FUNDAE-funded lines). */
export const AccountInvoicesSchema = z.strictObject({ invoices: z.array(AccountInvoiceSchema) });

/** GET /referent/invoice/{id} */
export const AccountInvoiceDetailSchema = z.strictObject({
  invoice: AccountInvoiceSchema,
  lines: z.array(z.strictObject({ name: z.string(), trainingType: z.string(), price: z.number(), discount: z.number(), net: z.number() })),
});

// ------------------------------------------------------------------ team history export job (ADR 0076)

/** POST /referent/history/exports, GET /referent/history/exports/{id}: an export being written, then its file. */
export const HistoryExportJobSchema = z.strictObject({
  id: z.number(),
  state: z.enum(["running", "done", "failed"]),
  done: z.number(),
  total: z.number(),
  percent: z.number(),
  /** The file (GET, same origin) once done; null before. */
  downloadPath: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryExportJob = z.infer<typeof HistoryExportJobSchema>;

// ------------------------------------------------------------------ dashboard and attestations

export const KnowledgeGainSchema = z.strictObject({ trainings: z.number(), meanPre: z.number(), meanPost: z.number(), gain: z.number() }).nullable();

export const DpcMeterSchema = z.strictObject({
  year: z.number(),
  eligibleMinutes: z.number(),
  countedMinutes: z.number(),
  capMinutes: z.number(),
  remainingMinutes: z.number(),
  shortActions: z.number(),
  percent: z.number(),
  status: z.enum(["none", "partial", "full"]),
});

export const DashboardMemberSchema = z.strictObject({
  contactId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  trainings: z.number(),
  finished: z.number(),
  progress: z.number(),
  /** Minutes of the finished trainings. */
  minutes: z.number(),
  attestations: z.number(),
  knowledgeGain: KnowledgeGainSchema,
  /** Attempts at the final assessments of the member's trainings, and the trainings ended without passing (ADR 0107). */
  attempts: z.number(),
  failed: z.number(),
  dpc: DpcMeterSchema,
  /** The member's latest funding request (newest created) for this pharmacy: its state and scheme; null when none. */
  funding: z.strictObject({ id: z.number(), state: z.enum(FUNDING_STATES), scheme: z.enum(FUNDING_SCHEMES), updatedAt: z.string() }).nullable(),
});

/** GET /referent/dashboard */
export const DashboardSchema = z.strictObject({
  year: z.number(),
  team: z.strictObject({
    members: z.number(),
    activeMembers: z.number(),
    trainings: z.number(),
    finished: z.number(),
    progress: z.number(),
    minutes: z.number(),
    attestations: z.number(),
    knowledgeGain: KnowledgeGainSchema,
    dpcFull: z.number(),
  }),
  members: z.array(DashboardMemberSchema),
  historyExport: z.boolean(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** GET /referent/attestations: the team's attestations. */
export const TeamAttestationsSchema = z.strictObject({
  attestations: z.array(
    z.strictObject({
      id: z.number(),
      code: z.string(),
      kind: z.enum(["training", "dpc"]),
      learner: z.string(),
      trainingName: z.string(),
      issuedAt: z.string(),
    }),
  ),
});
