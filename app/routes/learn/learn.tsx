import { redirect, useActionData } from "react-router";
import { notFound } from "~/lib/errors.server";
import type { Route } from "./+types/learn";
import { LearnFormSchemas } from "#core/contract/flow.ts";
import { errorReply } from "~/lib/forms.server";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
import { replyErrors, replyMessage, type FormReply } from "~/lib/form-reply";
import { coursePath, learnActionError, learnPath, notEnrolledTarget, quizToast } from "~/routes/learn/learn.server";
import { StepContent, StepList } from "~/components/learn/step-view";
import { isTrainingType } from "#core/domain/training-types.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { catalogueEndpoints } from "#core/contract/endpoints/catalogue.ts";
import { enrolmentEndpoints } from "#core/contract/endpoints/enrolment.ts";
import { flowEndpoints } from "#core/contract/endpoints/flow.ts";

const STEP_ID = /^(m|q)[1-9][0-9]{0,9}$|^attestation$/;

async function trainingOf(args: { params: { trainingType?: string; slug?: string }; url: URL; context: Route.LoaderArgs["context"] }) {
  const { params, url, context } = args;
  if (!isTrainingType(params.trainingType)) notFound(url.pathname, "training-type");
  const { back } = context.get(requestStateContext);
  // Only the training's id, name, slug and type are used here: its reference, not the course page's full detail.
  const training = await back.call(catalogueEndpoints.trainingRef, { params: { slug: params.slug ?? "" } }).catch((error: unknown) => {
    if (error instanceof BackError && error.status === 404) notFound(url.pathname);
    throw error;
  });
  return training;
}

/**
 * /{trainingType}/{slug}/learn: the learner's steps and the current one (or the done step asked for with `step`).
 * A learner not enrolled goes back to the course page with a toast inviting to subscribe.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const training = await trainingOf({ params, url, context });
  if (training.effectiveType !== params.trainingType) throw redirect(learnPath(context, training.effectiveType, training.slug) + url.search, 301);
  const { back } = context.get(requestStateContext);
  const requested = url.searchParams.get("step");
  const step = requested && STEP_ID.test(requested) ? requested : null;
  try {
    // `retry=1`: the learner asked to try the current graded quiz again (the "try again" GET form, ADR 0107).
    const retry = url.searchParams.get("retry") === "1" ? "1" : null;
    const flow = await back.call(flowEndpoints.courseFlow, { params: { id: training.id }, query: { step, retry } });
    return { flow, title: serverT(context, "learning")("title", { name: training.name }) };
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    if (error.status === 403) {
      const target = notEnrolledTarget(error) ?? { slug: training.slug, type: training.effectiveType };
      throw redirectWithToast(coursePath(context, target.type, target.slug), { type: "info", message: error.message });
    }
    // A step not reached yet (or unknown): the current step instead.
    if (step && (error.status === 409 || error.status === 404))
      throw redirectWithToast(learnPath(context, training.effectiveType, training.slug), { type: "warning", message: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const training = await trainingOf({ params, url, context });
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "learning");
  const here = learnPath(context, training.effectiveType, training.slug);
  const badRequest = (form: string) => errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), form });
  const invalid = (_: unknown, form: string) => badRequest(form);
  /** A refusal of the API goes back to the page (learnActionError): a toast, the login page, or the form's errors. */
  const answer = (form: string, run: () => Promise<Response>) => run().catch((error: unknown) => learnActionError(context, error, here, form));
  const stepDone = (finished: boolean) => redirectWithToast(here, { type: "success", message: finished ? t("toast.finished") : t("toast.stepDone") });
  const complete = (kind: "video" | "pdf") =>
    intentBranch({
      schema: LearnFormSchemas.moduleComplete,
      invalid,
      run: ({ value, form }) =>
        answer(form, async () => {
          // Where the video player stopped, sent by its `ended` event (empty without JavaScript).
          const position = kind === "video" ? (value.position ?? "") : "";
          const endpoint = kind === "pdf" ? flowEndpoints.completePdf : flowEndpoints.completeVideo;
          return stepDone((await back.call(endpoint, { params: { id: value.moduleId }, query: { position } })).finished);
        }),
    });
  return intentAction(
    request,
    context,
    {
      advance: {
        schema: LearnFormSchemas.advance,
        invalid,
        run: ({ value, form }) =>
          answer(form, async () =>
            stepDone((await back.call(flowEndpoints.advanceCourse, { params: { id: training.id }, body: { stepId: value.stepId } })).finished),
          ),
      },
      quiz: {
        schema: LearnFormSchemas.quiz,
        invalid,
        run: ({ value, form }) =>
          answer(form, async () => {
            // A choice that is not a number goes on as typed, for the API to refuse it with its own message.
            const body = value as { stepId: string; answers: Record<string, number[]> };
            const flow = await back.call(flowEndpoints.advanceCourse, { params: { id: training.id }, body });
            // A passed or ungraded quiz: its score page, then a link on to the next step. A failed graded one stays the
            // current step, which shows the result, what was wrong and how to try again (or that no attempt is left).
            const failed = flow.result?.passed === false;
            return redirectWithToast(failed ? here : learnPath(context, training.effectiveType, training.slug, value.stepId), {
              type: failed ? "warning" : "success",
              message: flow.finished ? t("toast.finished") : quizToast(t, flow.result),
            });
          }),
      },
      "video-complete": complete("video"),
      "pdf-complete": complete("pdf"),
      "pdf-open": {
        schema: LearnFormSchemas.pdfOpen,
        invalid,
        run: ({ value, form }) => answer(form, async () => redirect((await back.call(flowEndpoints.pdfLink, { params: { id: value.moduleId } })).url)),
      },
      join: {
        schema: LearnFormSchemas.join,
        invalid,
        run: ({ value, form }) =>
          answer(form, async () => redirect((await back.call(enrolmentEndpoints.joinVirtualClass, { params: { id: value.sessionId } })).url)),
      },
    },
    { unknownIntent: badRequest },
  );
}

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("learning");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const { flow } = loaderData;
  const base = path("learn", { trainingType: flow.training.type, slug: flow.training.slug });
  const hrefOf = (stepId: string) => (stepId === flow.currentStepId ? base : `${base}?${new URLSearchParams({ step: stepId })}`);
  const fields = { trainingId: String(flow.training.id) };
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 outline-none"
      data-testid="learn-page"
      data-training-id={flow.training.id}
    >
      <header className="flex flex-col gap-3">
        <p>
          <a href={path("training", { trainingType: flow.training.type, slug: flow.training.slug })} className="text-primary-dark underline underline-offset-2">
            {t("backToCourse")}
          </a>
        </p>
        <h1 className="text-3xl font-bold">{flow.training.name}</h1>
        <div className="flex items-center gap-3">
          <label htmlFor="flow-progress" className="text-sm font-semibold">
            {t("progress", { percent: flow.progressPercent })}
          </label>
          <progress
            id="flow-progress"
            max={100}
            value={flow.progressPercent}
            className="h-3 w-48"
            data-testid="flow-progress"
            data-percent={flow.progressPercent}
          />
        </div>
      </header>
      <div className="grid gap-8 md:grid-cols-[18rem_1fr]">
        <StepList flow={flow} shownId={flow.step?.id ?? null} hrefOf={hrefOf} />
        {flow.step ? (
          <StepContent
            step={flow.step}
            flow={flow}
            fields={fields}
            quizErrors={result?.form === "quiz" ? replyErrors(result) : undefined}
            quizMessage={result?.form === "quiz" ? replyMessage(result) : undefined}
            attestationsHref={path("profile-attestations")}
            historyHref={path("profile-history")}
            continueHref={base}
          />
        ) : (
          <p>{t("empty")}</p>
        )}
      </div>
    </main>
  );
}
