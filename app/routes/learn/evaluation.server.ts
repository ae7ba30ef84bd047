import { data, type RouterContextProvider } from "react-router";
import type { FormResult } from "~/lib/action.server";
import { readForm } from "~/lib/action.server";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { requireUser, serverT } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { EvaluationAnsweredSchema, EvaluationQuizSchema, type EvaluationQuiz } from "#core/contract/flow.ts";
import { answersFromForm, coursePath, learnActionError, learnPath, notEnrolledTarget } from "~/routes/learn/learn.server";

export type EvaluationData = EvaluationQuiz;

type Args = { url: URL; context: Readonly<RouterContextProvider> };

/** The evaluation quiz of a training the user follows (403 -> the course page with a toast, 404 -> not found). */
export async function loadEvaluation({ url, context }: Args, trainingId: number) {
  await requireUser({ url, context });
  const { back } = context.get(requestStateContext);
  try {
    const evaluation = await back.get("/user/evaluationQuiz", EvaluationQuizSchema, { trainingId });
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
    if (error.status === 404 || error.status === 422) throw data(`Page not found: ${url.pathname}`, { status: 404 });
    throw error;
  }
}

/** Posts the answers; back to the same page, which then shows the score. */
export async function answerEvaluation({ request, url, context }: Args & { request: Request }, trainingId: number) {
  await requireUser({ url, context });
  const formData = await readForm(request, context);
  const here = url.pathname;
  if (formData.get("intent") !== "quiz") {
    return data<FormResult>({ ok: false, message: serverT(context, "common")("errors.anErrorOccurred") }, { status: 400 });
  }
  const { back } = context.get(requestStateContext);
  try {
    const answered = await back.post("/user/evaluationQuiz/answer", { trainingId, answers: answersFromForm(formData) }, EvaluationAnsweredSchema);
    const t = serverT(context, "learning");
    return redirectWithToast(here, { type: "success", message: answered.finished ? t("toast.finished") : t("toast.quizScored", { score: answered.result?.score ?? 0 }) });
  } catch (error) {
    return learnActionError(context, error, here, "quiz");
  }
}
