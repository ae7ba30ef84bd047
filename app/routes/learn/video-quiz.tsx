import { notFound } from "~/lib/errors.server";
import type { Route } from "./+types/video-quiz";
import { EvaluationPage } from "~/components/learn/evaluation-page";
import { answerEvaluation, loadEvaluation } from "~/routes/learn/evaluation.server";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { catalogueEndpoints } from "#core/contract/endpoints/catalogue.ts";

/** /video/quiz/{slug}: the quiz of a video training (its evaluation quiz). */
async function videoTrainingId({ params, url, context }: Pick<Route.LoaderArgs, "params" | "url" | "context">): Promise<number> {
  const { back } = context.get(requestStateContext);
  const training = await back.call(catalogueEndpoints.training, { params: { slug: params.slug } }).catch((error: unknown) => {
    if (error instanceof BackError && error.status === 404) notFound(url.pathname);
    throw error;
  });
  if (training.effectiveType !== "video") notFound(url.pathname);
  return training.id;
}

export async function loader(args: Route.LoaderArgs) {
  return loadEvaluation(args, await videoTrainingId(args));
}

export async function action(args: Route.ActionArgs) {
  return answerEvaluation(args, await videoTrainingId(args));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title });

export default function VideoQuiz({ loaderData }: Route.ComponentProps) {
  const { evaluation, learnHref } = loaderData;
  return <EvaluationPage evaluation={evaluation} learnHref={learnHref} testId="video-quiz-page" />;
}
