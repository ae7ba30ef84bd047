import { z } from "zod";
import { Id as IdSchema } from "./ids.ts";

export const CourseSubscribeSchema = z.object({ sessions: z.array(IdSchema).max(1).default([]) }).strict();

export const TrainingBodySchema = z.object({ trainingId: IdSchema, sessionId: IdSchema.nullish() }).strict();

export const SessionSubscribeSchema = z.object({ trainingId: IdSchema, sessionId: IdSchema }).strict();

export const DpcSubscribeSchema = z.object({ trainingId: IdSchema, sessionId: IdSchema.nullish(), dpcProgrammeId: IdSchema.nullish() }).strict();

export const LmsStatusSchema = z
  .object({
    trainingId: IdSchema,
    status: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
  })
  .strict();

// ------------------------------------------------------------------ responses (the `data` of each reply)

export const EnrolmentPayloadSchema = z.strictObject({
  id: z.number(),
  trainingId: z.number(),
  status: z.string(),
  sessionId: z.number().nullable(),
  dpcProgrammeId: z.number().nullable(),
  waitingListPosition: z.number().nullable(),
  dossierId: z.string().nullable(),
  lmsActive: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
});
export type EnrolmentPayload = z.infer<typeof EnrolmentPayloadSchema>;

const ELIGIBILITY_REFUSALS = [
  "readOnly",
  "shopContext",
  "notInStore",
  "contractInvalid",
  "pharmacistsOnly",
  "nonPharmacistsOnly",
  "holdersOnly",
  "nonHoldersOnly",
] as const;

export const EligibilitySchema = z.discriminatedUnion("allowed", [
  z.strictObject({ allowed: z.literal(true) }),
  z.strictObject({ allowed: z.literal(false), reason: z.enum(ELIGIBILITY_REFUSALS) }),
]);

/** GET /user/enrolment/:id: the learner's enrolment in one training (or null) and whether they may subscribe. */
export const UserEnrolmentSchema = z.strictObject({ enrolment: EnrolmentPayloadSchema.nullable(), eligibility: EligibilitySchema.nullable() });

export const SUBSCRIBE_OUTCOMES = ["subscribed", "booked", "waiting_list"] as const;

/** Every subscribe endpoint's reply (and GET /user/pdf/subscribe/:id). */
export const SubscribeReplySchema = z.strictObject({ outcome: z.enum(SUBSCRIBE_OUTCOMES), enrolment: EnrolmentPayloadSchema });

/** GET /training/dpc/sessions/:id: the sessions of a DPC training with their seats. */
export const SessionSeatsPayloadSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  maxParticipants: z.number(),
  currentParticipants: z.number(),
  seatsAvailable: z.number(),
  isFull: z.boolean(),
  noWaitingList: z.boolean(),
  virtualClass: z.boolean(),
  sessionDates: z.array(z.strictObject({ id: z.number(), date: z.string(), startTime: z.string(), endTime: z.string() })),
});
export type SessionSeatsPayload = z.infer<typeof SessionSeatsPayloadSchema>;
export const SessionSeatsListSchema = z.array(SessionSeatsPayloadSchema);

/** GET /lms/maintenance. */
export const LmsMaintenanceSchema = z.strictObject({ maintenance: z.boolean() });

/** POST /course/subscribe/lms/:id: the learner's access to the e-learning player. */
export const LmsActiveSchema = z.strictObject({ lmsActive: z.boolean() });

/** POST /user/formation/setActiveOnLmsAndGetPassword: the access, and a one-time password when turned on. */
export const LmsPasswordSchema = z.strictObject({ lmsActive: z.boolean(), password: z.string().nullable() });

/** Every unsubscribe endpoint's reply: the learner who got the freed seat, if any. */
export const UnsubscribeReplySchema = z.strictObject({ promotedUserId: z.number().nullable() });

/** POST /virtualSessions/all: the learner's booked virtual-class days not ended yet, with their join windows. */
export const VirtualSessionsSchema = z.array(
  z.strictObject({
    sessionId: z.number(),
    sessionDateId: z.number().nullable(),
    sessionName: z.string(),
    training: z.strictObject({ id: z.number(), name: z.string(), slug: z.string(), type: z.string() }),
    day: z.string(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    opensAt: z.string(),
    closesAt: z.string(),
    joinable: z.boolean(),
  }),
);

/** A link to open (virtual class test room, PDF module). */
export const UrlReplySchema = z.strictObject({ url: z.string() });

/** GET /user/mixt/virtualClass/join/:id and .../sessionDateTracking/join/:id. */
export const VirtualClassJoinSchema = z.strictObject({ url: z.string(), opensAt: z.string(), closesAt: z.string() });
/** The course page's subscribe / unsubscribe form (the button is the `intent`): the chosen session, if any. */
export const EnrolmentFormSchema = z.strictObject({
  sessionId: z
    .string()
    .regex(/^([1-9][0-9]{0,8})?$/, { message: "invalidType" })
    .optional()
    .transform((value) => (value ? Number(value) : null)),
});
