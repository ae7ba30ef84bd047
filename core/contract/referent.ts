/**
 * The referent calls' API contract (spec section 7, Referent; DESIGN.md section 5: under /back/api/referent/). Every
 * call acts on the referent's current account. Request schemas are shared by the Hono routes and the pharmacy forms.
 */
import { z } from "zod";
import { EmailSchema } from "./auth.ts";
import { Id } from "./ids.ts";

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

/** A checkbox or a JSON boolean ("true"/"false"/"on" from a form, true/false from JSON). */
const BooleanInput = z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((v) => v !== "false")]);

/** POST /referent/toggleApprenantActive: activate or deactivate a member of the team. */
export const ToggleApprenantActiveSchema = z.strictObject({ contactId: Id, isActive: BooleanInput });

// ------------------------------------------------------------------ responses

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
  trainings: z.number(),
  finished: z.number(),
  /** Mean progress of the member's trainings for this pharmacy, 0-100. */
  progress: z.number(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** GET /referent/dpec/allApprenants */
export const TeamSchema = z.strictObject({ members: z.array(TeamMemberSchema) });
export type Team = z.infer<typeof TeamSchema>;
