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
