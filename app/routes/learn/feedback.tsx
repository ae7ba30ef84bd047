import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/feedback";
import { FeedbackFormSchema } from "#core/contract/attestations.ts";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { SubmitButton, TextAreaField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { cx } from "~/components/ui/cx";
import { RATING_COLOUR } from "~/components/ui/rating";
import { useTranslation } from "~/i18n/react";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { feedbackTrainerEndpoints } from "#core/contract/endpoints/feedback-trainer.ts";

/** /feedback/{token}: reached from the mail; no login, the single-use token is the credential. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const title = serverT(context, "attestations")("feedback.title");
  try {
    const request = await context.get(requestStateContext).back.call(feedbackTrainerEndpoints.feedbackRequest, { params: { token: params.token } });
    return { title, request, invalidMessage: null };
  } catch (error) {
    if (!(error instanceof BackError) || error.status !== 404) throw error;
    return { title, request: null, invalidMessage: error.message };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, FeedbackFormSchema);
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const reply = await context
      .get(requestStateContext)
      .back.call(feedbackTrainerEndpoints.submitFeedback, { params: { token: params.token }, body: submission.value });
    return { ...submission.reply({ resetForm: true }), extra: { reviewId: reply.reviewId } } satisfies FormReply;
  } catch (error) {
    if (error instanceof BackError && error.status === 404)
      return { status: "error", error: { "": [error.message] }, extra: { invalid: true } } satisfies FormReply;
    return backErrorReply(submission, error);
  }
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("attestations");
  const { request, invalidMessage } = loaderData;
  const result = useActionData<FormReply>();
  if (result?.extra?.reviewId) {
    return (
      <main id="main" data-testid="feedback-thanks">
        <h1 className="mb-3 text-3xl font-bold">{t("feedback.thanksTitle")}</h1>
        <p role="status">{t("feedback.thanksText")}</p>
        <HomeLink />
      </main>
    );
  }
  if (!request || result?.extra?.invalid) {
    return (
      <main id="main" data-testid="feedback-invalid">
        <h1 className="mb-3 text-3xl font-bold">{t("feedback.invalidTitle")}</h1>
        <p role="alert">{result?.error?.[""]?.[0] ?? invalidMessage ?? t("feedback.invalidText")}</p>
        <p className="mt-2 text-slate-700">{t("feedback.invalidText")}</p>
        <HomeLink />
      </main>
    );
  }
  return (
    <main id="main">
      <h1 className="mb-3 text-3xl font-bold">{t("feedback.title")}</h1>
      <p className="mb-6">{t("feedback.intro", { name: request.firstName, training: request.trainingName })}</p>
      <FeedbackForm result={result} />
    </main>
  );
}

function HomeLink() {
  const { t } = useTranslation("attestations");
  return (
    <p className="mt-6">
      <Link to="/" className="font-semibold text-[var(--color-primary-dark)] underline">
        {t("feedback.home")}
      </Link>
    </p>
  );
}

function FeedbackForm({ result }: { result?: FormReply }) {
  const { t } = useTranslation("attestations");
  const [form] = useSchemaForm(() => import("#core/contract/attestations.ts").then((m) => m.FeedbackFormSchema), result);
  const { message, errors, value } = formView(form);
  const ref = useFocusFirstError(result);
  const ratingError = errors.rating?.[0];
  const chosen = value("rating") ?? "";
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      ref={ref}
      className="flex flex-col gap-6 rounded-lg border border-slate-300 bg-white p-5"
      noValidate
      data-testid="feedback-form"
    >
      <AuthenticityTokenInput name="csrf" />
      <FormMessage message={ratingError ? undefined : message} />
      <fieldset role="radiogroup" aria-invalid={ratingError ? true : undefined} aria-describedby={ratingError ? "rating-error" : undefined}>
        <legend className="mb-2 font-semibold">{t("feedback.ratingLegend")}</legend>
        {ratingError ? (
          <p id="rating-error" className="mb-2 font-semibold text-red-800">
            {ratingError}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          {(["1", "2", "3", "4", "5"] as const).map((value) => (
            <label
              key={value}
              className={cx(
                "flex cursor-pointer items-center gap-3 rounded-md border-2 px-3 py-2 has-[:checked]:border-[var(--color-primary-dark)] has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--color-primary-dark)]",
                ratingError ? "border-red-700" : "border-slate-300",
              )}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={chosen === value}
                required
                autoFocus={ratingError && value === "1" ? true : undefined}
                className="h-5 w-5"
              />
              <span aria-hidden="true" style={{ color: RATING_COLOUR }} className="text-xl tracking-widest [text-shadow:0_0_1px_#8A5C00]">
                {"★".repeat(Number(value))}
                <span className="text-slate-300">{"★".repeat(5 - Number(value))}</span>
              </span>
              <span>{t(`feedback.stars.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        name="comment"
        label={t("feedback.comment")}
        rows={5}
        maxLength={2000}
        defaultValue={value("comment") ?? ""}
        errors={errors.comment}
        aria-describedby={errors.comment ? undefined : "comment-hint"}
      />
      <p id="comment-hint" className="-mt-4 text-sm text-slate-700">
        {t("feedback.commentHint")}
      </p>
      <div>
        <SubmitButton>{t("feedback.submit")}</SubmitButton>
      </div>
    </Form>
  );
}
