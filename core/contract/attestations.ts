import { z } from "zod";
import { Id, IdParam } from "./ids.ts";

/** POST /api/user/download: `data` names the attestation by id or by verification code. */
export const DownloadSchema = z.strictObject({
  data: z
    .strictObject({
      attestationId: Id.optional(),
      code: z.string().trim().min(1).max(40).optional(),
    })
    .refine((value) => value.attestationId !== undefined || value.code !== undefined, { message: "required" }),
});

export const IdParamSchema = IdParam;

/** POST /api/feedback/{token}. */
export const FeedbackSchema = z.strictObject({
  rating: z.int().min(1).max(5),
  comment: z.string().trim().max(2000).optional().default(""),
});

/** POST /api/trainer/virtualClass/{token}/attendance: one day, and who attended it. */
export const AttendanceSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  attendance: z
    .array(z.strictObject({ userId: Id, attended: z.boolean() }))
    .max(500),
});

/** The feedback form (radio buttons post text): a rating from 1 to 5, and an optional comment. */
export const FeedbackFormSchema = z.strictObject({
  rating: z.preprocess((value) => value ?? "", z.string().regex(/^[1-5]$/, { message: "ratingRequired" }).transform(Number)),
  comment: z.string().trim().max(2000).optional().default(""),
});

/**
 * The trainer's attendance form for one day: each participant's radio pair is `attended-{userId}` = "1" or "0"
 * (unmarked: left out). Read into the API's body (AttendanceSchema).
 */
export const AttendanceFormSchema = z
  .object({ day: z.string().max(10) })
  .catchall(z.union([z.string().max(10), z.array(z.string().max(10)).max(2)]))
  .transform(({ day, ...marks }) => ({
    day,
    attendance: Object.entries(marks).flatMap(([name, value]) => {
      const match = /^attended-(\d{1,9})$/.exec(name);
      return match && (value === "1" || value === "0") ? [{ userId: Number(match[1]), attended: value === "1" }] : [];
    }),
  }));
