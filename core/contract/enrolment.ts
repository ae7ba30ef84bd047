import { z } from "zod";
import { Id as IdSchema, IdParam } from "./ids.ts";

export const IdParamsSchema = z.object({ id: IdParam });

export const CourseSubscribeSchema = z
  .object({ sessions: z.array(IdSchema).max(1).default([]) })
  .strict();

export const TrainingBodySchema = z.object({ trainingId: IdSchema, sessionId: IdSchema.nullish() }).strict();

export const SessionSubscribeSchema = z.object({ trainingId: IdSchema, sessionId: IdSchema }).strict();

export const DpcSubscribeSchema = z
  .object({ trainingId: IdSchema, sessionId: IdSchema.nullish(), dpcProgrammeId: IdSchema.nullish() })
  .strict();

export const LmsStatusSchema = z
  .object({
    trainingId: IdSchema,
    status: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
  })
  .strict();

/** The course page's subscribe / unsubscribe form (the button is the `intent`): the chosen session, if any. */
export const EnrolmentFormSchema = z.strictObject({
  sessionId: z
    .string()
    .regex(/^([1-9][0-9]{0,8})?$/, { message: "invalidType" })
    .optional()
    .transform((value) => (value ? Number(value) : null)),
});
