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

/**
 * The learning page's forms, by their `intent`. Quiz answers come as `q-{questionId}` inputs (radio or
 * checkboxes) and one hidden `question` per question shown: a question left blank is sent as skipped. A choice
 * that is not a number is passed on as is, for the API to refuse it with its own message.
 */
function collectAnswers(question: string | string[] | undefined, inputs: Record<string, string | string[]>) {
  const answers: Record<string, (number | string)[]> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const match = /^q-(\d{1,10})$/.exec(name);
    if (!match) continue;
    for (const choice of Array.isArray(value) ? value : [value]) {
      (answers[match[1]!] ??= []).push(/^[1-9][0-9]{0,9}$/.test(choice) ? Number(choice) : choice);
    }
  }
  for (const id of question === undefined ? [] : Array.isArray(question) ? question : [question]) {
    if (/^\d{1,10}$/.test(id)) answers[id] ??= [];
  }
  return answers;
}

const QuestionList = z.union([z.string().max(20), z.array(z.string().max(20)).max(200)]).optional();
const QuizInput = z.union([z.string().max(20), z.array(z.string().max(20)).max(50)]);

/** A step of the flow as the page names it (a module, a quiz, or the attestation). */
const PageStepId = z.string().regex(/^(m|q)[1-9][0-9]{0,9}$|^attestation$/);
const FormId = z.string().regex(/^[1-9][0-9]{0,9}$/);

export const LearnFormSchemas = {
  advance: z.object({ stepId: PageStepId }),
  quiz: z
    .object({ stepId: PageStepId, question: QuestionList })
    .catchall(QuizInput)
    .transform(({ stepId, question, ...inputs }) => ({ stepId: stepId as string, answers: collectAnswers(question, inputs as Record<string, string | string[]>) })),
  moduleComplete: z.object({ moduleId: FormId, position: z.string().regex(/^(\d{1,6}(\.\d{1,6})?)?$/).optional() }),
  pdfOpen: z.object({ moduleId: FormId }),
  join: z.object({ sessionId: FormId }),
};

/** The final evaluation's quiz form: only answers. */
export const EvaluationFormSchema = z
  .object({ question: QuestionList })
  .catchall(QuizInput)
  .transform(({ question, ...inputs }) => ({ answers: collectAnswers(question, inputs as Record<string, string | string[]>) }));
