import type { RouterContextProvider } from "react-router";
import { notFound } from "~/lib/errors.server";
import { EvaluationFormSchema } from "#core/contract/flow.ts";
import { errorReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { coursePath, learnActionError, learnPath, notEnrolledTarget, quizToast } from "~/routes/learn/learn.server";
import type { EvaluationQuiz } from "#core/contract/flow.ts";
import { flowEndpoints } from "#core/contract/endpoints/flow.ts";

export type EvaluationData = EvaluationQuiz;

type Args = { url: URL; context: Readonly<RouterContextProvider> };

/** The evaluation quiz of a training the user follows (403 -> the course page with a toast, 404 -> not found). */
export async function loadEvaluation({ url, context }: Args, trainingId: number) {
  const { back } = context.get(requestStateContext);
  try {
    const evaluation = await back.call(flowEndpoints.evaluationQuiz, { query: { trainingId } });
    return {
      evaluation,
      learnHref: learnPath(context, evaluation.training.type, evaluation.training.slug),
      title: serverT(context, "learning")("evaluation.title", { name: evaluation.training.name }),
    };
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    if (error.status === 403) {
      const target = notEnrolledTarget(error);
      if (target) throw redirectWithToast(coursePath(context, target.type, target.slug), { type: "info", message: error.message });
    }
    if (error.status === 404 || error.status === 422) notFound(url.pathname);
    throw error;
  }
}

/** Posts the answers; back to the same page, which then shows the score. */
export async function answerEvaluation({ request, url, context }: Args & { request: Request }, trainingId: number) {
  const formData = await readFormData(request, context);
  const here = url.pathname;
  const submission = parseSubmission(formData, context, EvaluationFormSchema);
  if (formData.get("intent") !== "quiz" || submission.status !== "success") {
    return errorReply({ message: serverT(context, "common")("errors.anErrorOccurred") });
  }
  const { back } = context.get(requestStateContext);
  try {
    // A choice that is not a number goes on as typed, for the API to refuse it with its own message.
    const answers = submission.value.answers as Record<string, number[]>;
    const answered = await back.call(flowEndpoints.answerEvaluation, { body: { trainingId, answers } });
    const t = serverT(context, "learning");
    return redirectWithToast(here, { type: "success", message: answered.finished ? t("toast.finished") : quizToast(t, answered.result) });
  } catch (error) {
    return learnActionError(context, error, here, "quiz");
  }
}
