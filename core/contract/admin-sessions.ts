import { z } from "zod";
import { adminListQuery, DateFilter, IdFilter, optionFilter, PagingSchema } from "./admin-list.ts";
import { ADMIN_BRANDS } from "../domain/catalogue-choices.ts";
import { FormInt } from "./form-fields.ts";
import { Flag, FormId } from "./fields.ts";
import { isIsoDate } from "#core/domain/dates.ts";

/** The sessions tool (issue 16, ADR 0063): face-to-face and virtual-class sessions. */
/** A calendar day as YYYY-MM-DD that exists (no 2030-02-30: Date.parse rolls it over to March). */
const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalidType" })
  .refine(isIsoDate, { message: "invalidType" });
const Time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "invalidType" });
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A session's fields; the day's hours become its first (or only) date. */
const SessionFields = z.strictObject({
  name: z.string().trim().min(1).max(200),
  startDate: Day,
  startTime: Time,
  endTime: Time,
  maxParticipants: FormInt(1, 10_000),
  city: OptionalText(100),
  postalCode: OptionalText(20),
  address: OptionalText(300),
  virtualClassUrl: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^https:\/\/[^\s]+$/.test(value), { message: "invalidType" }),
});
const endAfterStart = (value: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (value.endTime <= value.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "invalidType" });
};
export const SessionInputSchema = SessionFields.superRefine(endAfterStart);
export type SessionInput = z.infer<typeof SessionInputSchema>;
/** A new session of a session group (the training's face-to-face or virtual-class part). */
export const NewSessionInputSchema = SessionFields.extend({ faceToFaceId: FormId }).superRefine(endAfterStart);
/** A further day of a multi-day session. */
export const SessionDateInputSchema = z.strictObject({ date: Day, startTime: Time, endTime: Time }).superRefine((value, ctx) => {
  if (value.endTime <= value.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "invalidType" });
});
export const MoveLearnerInputSchema = z.strictObject({ enrolmentId: FormId, toSessionId: FormId });

/** Gives a seat to one learner of the waiting list (ADR 0085); `addSeat` raises the seats of a full session by one. */
export const PromoteWaitingInputSchema = z.strictObject({ enrolmentId: FormId, addSeat: Flag });
/** Takes a learner off the waiting list: a destructive action, confirmed (ADR 0061). */
export const RemoveWaitingInputSchema = z.strictObject({ enrolmentId: FormId, confirm: Flag.refine((value) => value, { message: "confirmRequired" }) });
export const WaitingChangeReplySchema = z.strictObject({ id: z.number().int(), changed: z.boolean() });

export const SESSION_SORTS = ["date", "name", "training", "filling"] as const;
export const SessionListQuerySchema = adminListQuery(SESSION_SORTS, "date", {
  brand: optionFilter(ADMIN_BRANDS),
  kind: optionFilter(["faceToFace", "virtualClass"]),
  when: optionFilter(["upcoming", "past"]),
  from: DateFilter,
  to: DateFilter,
  training: IdFilter,
});
export type SessionListQuery = z.infer<typeof SessionListQuerySchema>;

export const SessionListItemSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  startTime: z.string().nullable(),
  city: z.string().nullable(),
  virtualClass: z.boolean(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  waiting: z.number().int(),
  trainingId: z.number().int(),
  trainingName: z.string(),
  brand: z.string(),
});
export const SessionListSchema = z.strictObject({ items: z.array(SessionListItemSchema), paging: PagingSchema });
export type SessionList = z.infer<typeof SessionListSchema>;

const PersonSchema = z.strictObject({
  enrolmentId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string(),
  waitingListPosition: z.number().int().nullable(),
});
export const AdminSessionSchema = z.strictObject({
  id: z.number().int(),
  faceToFaceId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
  virtualClass: z.boolean(),
  virtualClassUrl: z.string().nullable(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  training: z.strictObject({ id: z.number().int(), name: z.string(), brand: z.string(), slug: z.string(), type: z.string() }),
  dates: z.array(z.strictObject({ id: z.number().int(), date: z.string(), startTime: z.string(), endTime: z.string() })),
  participants: z.array(PersonSchema),
  waitingList: z.array(PersonSchema),
  /** Other sessions of the same training a learner can be moved to. */
  otherSessions: z.array(z.strictObject({ id: z.number().int(), name: z.string(), startDate: z.string(), seatsLeft: z.number().int() })),
  hasAttendance: z.boolean(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;
/** A cancelled session: how many learners were notified (booked and waiting), and who, by name ("First Last"). */
export const SessionCancelReplySchema = z.strictObject({ notified: z.number().int(), learners: z.array(z.string()) });
export type SessionCancelReply = z.infer<typeof SessionCancelReplySchema>;
