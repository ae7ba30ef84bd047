import { Form, useNavigation } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatInstant } from "#core/domain/format.ts";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { useTranslation } from "~/i18n/react";
import type { QuizView } from "#core/contract/flow.ts";

type Props = {
  quiz: QuizView;
  /** Hidden fields the action needs (intent, step or training id). */
  fields: Record<string, string>;
  /** Field errors of a refused answer (`answers.{questionId}`), and its message. */
  errors?: Record<string, string[]>;
  message?: string;
  /** An answered quiz shows its score; its questions stay behind a disclosure (the quiz's hidden flag). */
  readOnly?: boolean;
};

type Review = NonNullable<QuizView["review"]>[number];

/** What the review says of one answered question: right, wrong, or an opinion (never scored). */
function ReviewMark({ review }: { review: Review }) {
  const { t } = useTranslation("learning");
  const tone = review.result === "right" ? "text-green-800" : review.result === "wrong" ? "text-red-800" : "text-slate-700";
  return (
    <p className={cx("mt-2 font-semibold", tone)} data-testid="question-review" data-result={review.result}>
      {review.result === "right" ? `✓ ${t("review.right")}` : review.result === "wrong" ? `✗ ${t("review.wrong")}` : t("review.opinion")}
    </p>
  );
}

function Questions({ quiz, errors, readOnly }: Pick<Props, "quiz" | "errors" | "readOnly">) {
  const { t } = useTranslation("learning");
  const chosen = new Map(quiz.tracking.answers.map((a) => [String(a.questionId), new Set(a.choiceIds.map(String))]));
  const reviews = new Map((readOnly ? (quiz.review ?? []) : []).map((r) => [r.questionId, r]));
  return (
    <div className="flex flex-col gap-5">
      {quiz.questions.map((question, index) => {
        const error = errors?.[`answers.${question.id}`];
        const errorId = error?.length ? `question-${question.id}-error` : undefined;
        const review = reviews.get(question.id);
        const correct = new Set(review?.correctChoiceIds ?? []);
        return (
          <fieldset
            key={question.id}
            className={cx("rounded-md border-2 p-4", error?.length ? "border-red-700" : "border-slate-300")}
            aria-describedby={errorId}
            data-testid="quiz-question"
            data-kind={question.kind}
            data-opinion={question.opinion}
          >
            <legend className="px-1 font-semibold">
              <span className="sr-only">{t("quiz.questionNumber", { n: index + 1, total: quiz.questions.length })} </span>
              {question.text}
            </legend>
            <p className="mb-2 text-sm text-slate-700">
              {question.kind === "single" ? t("quiz.single") : t("quiz.multiple")}
              {question.opinion ? ` ${t("quiz.opinion")}` : ""}
            </p>
            {readOnly ? null : <input type="hidden" name="question" value={question.id} />}
            <ul className="flex flex-col gap-2">
              {question.choices.map((choice) => {
                const id = `q-${question.id}-c-${choice.id}`;
                const isCorrect = correct.has(choice.id);
                return (
                  <li
                    key={choice.id}
                    className="flex items-start gap-2"
                    data-testid="quiz-choice"
                    data-choice-id={choice.id}
                    data-correct={review?.correctChoiceIds ? isCorrect : undefined}
                  >
                    <input
                      id={id}
                      type={question.kind === "single" ? "radio" : "checkbox"}
                      name={`q-${question.id}`}
                      value={choice.id}
                      disabled={readOnly}
                      defaultChecked={readOnly ? (chosen.get(String(question.id))?.has(String(choice.id)) ?? false) : undefined}
                      className="mt-1 h-5 w-5 accent-[var(--color-primary-dark)] focus-visible:outline-3 focus-visible:outline-offset-2"
                    />
                    <label htmlFor={id}>
                      {choice.text}
                      {isCorrect ? <span className="ml-2 font-semibold text-green-800">({t("review.correctChoice")})</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
            {review ? <ReviewMark review={review} /> : null}
            {errorId ? (
              <p id={errorId} className="mt-2 font-semibold text-red-700" role="alert">
                {error!.join(" ")}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * The score of the shown attempt. A quiz of opinions only has no score; only a graded quiz (ADR 0107) says whether
 * its passing score is reached: a pre-test or an evaluation never shows a threshold.
 */
export function QuizScore({ quiz }: { quiz: QuizView }) {
  const { t } = useTranslation("learning");
  const { score, notAnswered } = quiz.tracking;
  const passed = quiz.passScore === null || score === null ? null : score >= quiz.passScore;
  return (
    <div
      className={cx("rounded-md border-2 bg-slate-50 p-4", passed === false ? "border-red-700" : "border-primary")}
      data-testid="quiz-score"
      data-passed={passed === null ? undefined : passed}
      role="status"
    >
      {score === null ? <p className="text-xl font-bold">{t("quiz.noScore")}</p> : <p className="text-xl font-bold">{t("quiz.score", { score })}</p>}
      {passed === null ? null : <p>{passed ? t("quiz.passed", { pass: quiz.passScore }) : t("quiz.notPassed", { pass: quiz.passScore })}</p>}
      {notAnswered ? <p>{t("quiz.notAnswered")}</p> : null}
    </div>
  );
}

/** The attempts kept in this enrolment, oldest first, the counted one marked. */
function Attempts({ quiz }: { quiz: QuizView }) {
  const { t, i18n } = useTranslation("learning");
  if (quiz.grading === null || quiz.attempts.length === 0) return null;
  return (
    <DataTable
      caption={t("attempts.title")}
      density="compact"
      testId="quiz-attempts"
      columns={[{ label: t("attempts.attempt") }, { label: t("attempts.date") }, { label: t("attempts.score") }, { label: t("attempts.result") }]}
    >
      {quiz.attempts.map((a) => (
        <tr key={a.number} className="border-b border-slate-200" data-testid="quiz-attempt" data-counted={a.counted} data-passed={a.passed ?? undefined}>
          <th scope="row" className="py-1 pr-3 font-normal">
            {t("attempts.number", { n: a.number })}
          </th>
          <td className="py-1 pr-3">{formatInstant(a.answeredAt, i18n.language, { dateStyle: "short", timeStyle: "short" })}</td>
          <td className="py-1 pr-3">{a.score === null ? "—" : `${a.score} %`}</td>
          <td className="py-1">
            {a.passed ? t("attempts.passed") : t("attempts.failed")}
            {a.counted ? ` · ${t("attempts.counted")}` : ""}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Where a learner who answered a graded quiz stands: passed; may try again (a GET form back to the page with
 * `retry=1`, which shows a new attempt: it works without JavaScript); must wait; or has no attempt left.
 */
function Grading({ quiz, current }: { quiz: QuizView; current: boolean }) {
  const { t, i18n } = useTranslation("learning");
  const grading = quiz.grading;
  if (!grading || grading.status === "open") return null;
  const left =
    grading.attemptsLeft === null
      ? t("grading.unlimited")
      : t("grading.attemptsLeft", { count: grading.attemptsLeft, max: grading.maxAttempts ?? grading.attemptsLeft });
  return (
    <div className="flex flex-col gap-2" data-testid="quiz-grading" data-status={grading.status}>
      {grading.status === "passed" ? <p className="font-semibold text-green-800">{t("grading.passed")}</p> : null}
      {grading.status === "failed" ? (
        <p className="rounded-md border-2 border-red-700 p-3 font-semibold text-red-800" data-testid="quiz-no-attempt-left">
          {t("grading.noAttemptLeft", { count: grading.attemptsUsed })}
        </p>
      ) : null}
      {grading.status === "waiting" && grading.retryAt ? (
        <>
          <p>{left}</p>
          <p data-testid="quiz-retry-at">
            {t("grading.retryAt", { date: formatInstant(grading.retryAt, i18n.language, { dateStyle: "long", timeStyle: "short" }) })}
          </p>
          <p>
            <Button disabled aria-describedby="quiz-retry-help" data-testid="quiz-retry">
              {t("grading.retry")}
            </Button>
          </p>
          <p id="quiz-retry-help" className="sr-only">
            {t("grading.retryLater")}
          </p>
        </>
      ) : null}
      {grading.status === "retry" && current ? (
        <>
          <p>{left}</p>
          <Form method="get" data-testid="form-retry">
            <input type="hidden" name="retry" value="1" />
            <Button type="submit" data-testid="quiz-retry">
              {t("grading.retry")}
            </Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}

/** A quiz: one fieldset per question (radios for single choice, checkboxes for multiple), posted to the page's action. */
export function QuizForm({ quiz, fields, errors, message, readOnly }: Props) {
  const { t } = useTranslation("learning");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (readOnly || quiz.hidden) {
    // A failed graded attempt shows what was wrong at once.
    const failed = quiz.grading !== null && quiz.grading.status !== "passed";
    return (
      <div className="flex flex-col gap-4" data-testid="quiz-answered">
        <QuizScore quiz={quiz} />
        <Grading quiz={quiz} current={!readOnly} />
        <Attempts quiz={quiz} />
        <details className="rounded-md border-2 border-slate-300 p-3" data-testid="quiz-reveal" open={failed || undefined}>
          <summary className="cursor-pointer font-semibold focus-visible:outline-3 focus-visible:outline-offset-2">
            {t(quiz.review ? "quiz.revealReview" : "quiz.reveal")}
          </summary>
          <div className="mt-3">
            <Questions quiz={quiz} readOnly />
          </div>
        </details>
      </div>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-5" data-testid="quiz-form" noValidate>
      <AuthenticityTokenInput name="csrf" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {message ? (
        <p className="rounded-md border-2 border-red-700 p-3 font-semibold text-red-700" role="alert" data-testid="quiz-error">
          {message}
        </p>
      ) : null}
      {quiz.grading ? (
        <p className="text-slate-700" data-testid="quiz-pass-rule">
          {t("grading.rule", { pass: quiz.grading.passScore })}{" "}
          {quiz.grading.maxAttempts === null
            ? t("grading.unlimited")
            : t("grading.attemptNumber", { n: quiz.grading.attemptsUsed + 1, max: quiz.grading.maxAttempts })}
        </p>
      ) : null}
      <Attempts quiz={quiz} />
      <Questions quiz={quiz} errors={errors} />
      <p className="text-sm text-slate-700">{t("quiz.skipHint")}</p>
      <div>
        <Button type="submit" disabled={busy} data-testid="quiz-submit">
          {t("quiz.submit")}
        </Button>
      </div>
    </Form>
  );
}
