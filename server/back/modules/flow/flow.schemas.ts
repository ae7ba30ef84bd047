import { z } from "zod";

const Id = z.union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^[1-9][0-9]{0,9}$/)]);

/** {questionId: choiceId[]} — a question may be left out or given [] (skipped: notAnswered). */
export const AnswersSchema = z.record(z.string().regex(/^[1-9][0-9]{0,9}$/), z.array(Id).max(50));

export const StepIdSchema = z.string().regex(/^(m|q)[1-9][0-9]{0,9}$/);

export const AdvanceSchema = z.strictObject({ stepId: StepIdSchema, answers: AnswersSchema.optional() });

/** DPC posts its step in `data` (spec: POST body data). */
export const DpcAdvanceSchema = z.strictObject({ data: AdvanceSchema });

/** Video: the step may come from the `step` query instead of the body. */
export const VideoAdvanceSchema = z.strictObject({ stepId: StepIdSchema.optional(), answers: AnswersSchema.optional() });

export const PositionSchema = z.strictObject({ position: z.coerce.number().int().min(0).max(24 * 3600) });

export const EvaluationQuerySchema = z.strictObject({ trainingId: z.coerce.number().int().positive().max(2_147_483_647) });

export const EvaluationAnswerSchema = z.strictObject({
  trainingId: z.coerce.number().int().positive().max(2_147_483_647),
  answers: AnswersSchema,
});

export const IdParamSchema = z.coerce.number().int().positive().max(2_147_483_647);
