import { useActionData } from "react-router";
import { replyErrors, replyMessage, type FormReply } from "~/lib/form-reply";
import { ButtonLink } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { EvaluationData } from "~/routes/learn/evaluation.server";
import { QuizForm } from "./quiz-form";

/** The evaluation quiz page (also the video quiz page): the same quiz form as in the learning view. */
export function EvaluationPage({ evaluation, learnHref, testId }: { evaluation: EvaluationData; learnHref: string; testId: string }) {
  const { t } = useTranslation("learning");
  const result = useActionData<FormReply>();
  const { quiz, training, status } = evaluation;
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 outline-none" data-testid={testId}>
      <header className="flex flex-col gap-2">
        <p>
          <a href={learnHref} className="text-primary-dark underline underline-offset-2">
            {t("evaluation.backToLearn")}
          </a>
        </p>
        <h1 className="text-3xl font-bold">{quiz.title}</h1>
        <p className="text-slate-700">{training.name}</p>
      </header>
      {status === "locked" ? (
        <div className="flex flex-col gap-3" data-testid="evaluation-locked">
          <p>{t("evaluation.locked")}</p>
          <p>
            <ButtonLink to={learnHref}>{t("evaluation.goOn")}</ButtonLink>
          </p>
        </div>
      ) : (
        <>
          <QuizForm
            quiz={quiz}
            readOnly={status === "done"}
            fields={{ intent: "quiz" }}
            errors={result?.form === "quiz" ? replyErrors(result) : undefined}
            message={result?.form === "quiz" ? replyMessage(result) : undefined}
          />
          {status === "done" ? (
            <p>
              <ButtonLink to={learnHref} data-testid="continue-link">
                {t("evaluation.goOn")}
              </ButtonLink>
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}
