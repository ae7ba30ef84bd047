import { z } from "zod";

/** A database id, from a path parameter or a JSON/form body (numbers or digit strings). */
export const IdSchema = z.union([
  z.number().int().positive().max(2_147_483_647),
  z.string().regex(/^[1-9][0-9]{0,8}$/, { message: "invalidType" }).transform(Number),
]);

export const IdParamsSchema = z.object({ id: IdSchema });

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
