import { Form, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
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

function Questions({ quiz, errors, readOnly }: Pick<Props, "quiz" | "errors" | "readOnly">) {
  const { t } = useTranslation("learning");
  const chosen = new Map(quiz.tracking.answers.map((a) => [String(a.questionId), new Set(a.choiceIds.map(String))]));
  return (
    <div className="flex flex-col gap-5">
      {quiz.questions.map((question, index) => {
        const error = errors?.[`answers.${question.id}`];
        const errorId = error?.length ? `question-${question.id}-error` : undefined;
        return (
          <fieldset
            key={question.id}
            className={cx("rounded-md border-2 p-4", error?.length ? "border-red-700" : "border-slate-300")}
            aria-describedby={errorId}
            data-testid="quiz-question"
            data-kind={question.kind}
          >
            <legend className="px-1 font-semibold">
              <span className="sr-only">{t("quiz.questionNumber", { n: index + 1, total: quiz.questions.length })} </span>
              {question.text}
            </legend>
            <p className="mb-2 text-sm text-slate-700">{question.kind === "single" ? t("quiz.single") : t("quiz.multiple")}</p>
            {readOnly ? null : <input type="hidden" name="question" value={question.id} />}
            <ul className="flex flex-col gap-2">
              {question.choices.map((choice) => {
                const id = `q-${question.id}-c-${choice.id}`;
                return (
                  <li key={choice.id} className="flex items-start gap-2">
                    <input
                      id={id}
                      type={question.kind === "single" ? "radio" : "checkbox"}
                      name={`q-${question.id}`}
                      value={choice.id}
                      disabled={readOnly}
                      defaultChecked={readOnly ? (chosen.get(String(question.id))?.has(String(choice.id)) ?? false) : undefined}
                      className="mt-1 h-5 w-5 accent-[var(--color-primary-dark)] focus-visible:outline-3 focus-visible:outline-offset-2"
                    />
                    <label htmlFor={id}>{choice.text}</label>
                  </li>
                );
              })}
            </ul>
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

export function QuizScore({ quiz }: { quiz: QuizView }) {
  const { t } = useTranslation("learning");
  const { score, notAnswered } = quiz.tracking;
  const passed = quiz.passScore === null || score === null ? null : score >= quiz.passScore;
  return (
    <div className="rounded-md border-2 border-primary bg-slate-50 p-4" data-testid="quiz-score" role="status">
      <p className="text-xl font-bold">{t("quiz.score", { score: score ?? 0 })}</p>
      {passed === null ? null : <p>{passed ? t("quiz.passed", { pass: quiz.passScore }) : t("quiz.notPassed", { pass: quiz.passScore })}</p>}
      {notAnswered ? <p>{t("quiz.notAnswered")}</p> : null}
    </div>
  );
}

/** A quiz: one fieldset per question (radios for single choice, checkboxes for multiple), posted to the page's action. */
export function QuizForm({ quiz, fields, errors, message, readOnly }: Props) {
  const { t } = useTranslation("learning");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (readOnly || quiz.hidden) {
    return (
      <div className="flex flex-col gap-4" data-testid="quiz-answered">
        <QuizScore quiz={quiz} />
        <details className="rounded-md border-2 border-slate-300 p-3" data-testid="quiz-reveal">
          <summary className="cursor-pointer font-semibold focus-visible:outline-3 focus-visible:outline-offset-2">{t("quiz.reveal")}</summary>
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
