import { z } from "zod";
import { Id, IdParam } from "./ids.ts";

/** {questionId: choiceId[]} — a question may be left out or given [] (skipped: notAnswered). */
export const AnswersSchema = z.record(z.string().regex(/^[1-9][0-9]{0,9}$/), z.array(Id).max(50));

export const StepIdSchema = z.string().regex(/^(m|q)[1-9][0-9]{0,9}$/);

export const AdvanceSchema = z.strictObject({ stepId: StepIdSchema, answers: AnswersSchema.optional() });

/** DPC posts its step in `data` (spec: POST body data). */
export const DpcAdvanceSchema = z.strictObject({ data: AdvanceSchema });

/** Video: the step may come from the `step` query instead of the body. */
export const VideoAdvanceSchema = z.strictObject({ stepId: StepIdSchema.optional(), answers: AnswersSchema.optional() });

export const PositionSchema = z.strictObject({ position: z.int().min(0).max(24 * 3600) });

export const EvaluationQuerySchema = z.strictObject({ trainingId: IdParam });

export const EvaluationAnswerSchema = z.strictObject({
  trainingId: Id,
  answers: AnswersSchema,
});

export const IdParamSchema = IdParam;
