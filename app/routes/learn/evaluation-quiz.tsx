import { requireIdParam } from "~/lib/id-param.server";
import type { Route } from "./+types/evaluation-quiz";
import { EvaluationPage } from "~/components/learn/evaluation-page";
import { answerEvaluation, loadEvaluation } from "~/routes/learn/evaluation.server";
import { pageMeta } from "~/lib/meta";

/** /evaluation-quiz/{id} (fr) and /valoracion-quiz/{id} (es): id is the training id. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadEvaluation({ url, context }, requireIdParam(params.id, url));
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  return answerEvaluation({ request, url, context }, requireIdParam(params.id, url));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title });

export default function EvaluationQuiz({ loaderData }: Route.ComponentProps) {
  const { evaluation, learnHref } = loaderData;
  return <EvaluationPage evaluation={evaluation} learnHref={learnHref} testId="evaluation-quiz-page" />;
}
