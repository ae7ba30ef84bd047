/** Quiz tracking and scoring (spec sections 3 and 4). */

export type QuizId = number | string;

export type QuizTracking = {
  id: QuizId | null;
  quizId?: QuizId;
  answers: readonly QuizAnswer[];
  startDate: string | null;
  score: number | null;
  notAnswered: boolean;
};

export type QuizAnswer = { questionId: QuizId; choiceIds: readonly QuizId[] };

export const EMPTY_QUIZ_TRACKING: Readonly<QuizTracking> = Object.freeze({
  id: null,
  answers: Object.freeze([]),
  startDate: null,
  score: null,
  notAnswered: false,
});

export type QuizQuestion = {
  id: QuizId;
  kind: "single" | "multiple";
  choices: ReadonlyArray<{ id: QuizId; correct: boolean }>;
};

/** Chosen choice ids per question id (ids compared as strings, as they come back from forms). */
export type QuizAnswers = Readonly<Record<string, readonly QuizId[] | undefined>>;

/** score: null when the quiz has no scored question (opinions only): there is nothing to score (ADR 0107). */
export type QuizResult = { score: number | null; correctCount: number; notAnswered: boolean };

function isCorrect(question: QuizQuestion, chosen: ReadonlySet<string>): boolean {
  const correct = question.choices.filter((c) => c.correct).map((c) => String(c.id));
  return chosen.size === correct.length && correct.every((id) => chosen.has(id));
}

/** An opinion question (satisfaction in an evaluation) has no right choice: it is answered, never scored. */
export function isOpinionQuestion(question: Pick<QuizQuestion, "choices">): boolean {
  return !question.choices.some((c) => c.correct);
}

/** Whether the chosen choices answer a scored question right; null for an opinion question (never right or wrong). */
export function answerIsRight(question: QuizQuestion, chosenIds: readonly QuizId[]): boolean | null {
  if (isOpinionQuestion(question)) return null;
  const chosen = new Set(chosenIds.map(String));
  return chosen.size > 0 && isCorrect(question, chosen);
}

/**
 * A question is right when the chosen set equals the set of correct choices (for single and multiple choice);
 * an unanswered question is wrong and sets notAnswered. Score is the rounded percentage of right questions among
 * the scored ones. Opinion questions are never scored: a quiz of opinions only has no score at all (null).
 */
export function scoreQuiz(questions: readonly QuizQuestion[], answers: QuizAnswers): QuizResult {
  let correctCount = 0;
  let scored = 0;
  let notAnswered = false;
  for (const question of questions) {
    const chosen = new Set((answers[String(question.id)] ?? []).map(String));
    if (chosen.size === 0) notAnswered = true;
    if (isOpinionQuestion(question)) continue;
    scored++;
    if (chosen.size > 0 && isCorrect(question, chosen)) correctCount++;
  }
  const score = questions.length === 0 ? 0 : scored === 0 ? null : Math.round((correctCount / scored) * 100);
  return { score, correctCount, notAnswered };
}

export type AnswerProblem = { questionId: string; problem: "unknownQuestion" | "unknownChoice" | "oneChoiceOnly" };

/**
 * Checks posted answers against the quiz before anything is stored: every question id and choice id must belong
 * to the quiz, and a single-choice question takes exactly one choice. A question left out (or given an empty
 * list) is allowed: the learner skipped it, which the tracking records as notAnswered.
 */
export function checkQuizAnswers(
  questions: ReadonlyArray<{ id: QuizId; kind: QuizQuestion["kind"]; choices: ReadonlyArray<{ id: QuizId }> }>,
  answers: QuizAnswers,
): AnswerProblem[] {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const problems: AnswerProblem[] = [];
  for (const [questionId, chosen] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) {
      problems.push({ questionId, problem: "unknownQuestion" });
      continue;
    }
    const ids = new Set((chosen ?? []).map(String));
    const known = new Set(question.choices.map((c) => String(c.id)));
    if ([...ids].some((id) => !known.has(id))) problems.push({ questionId, problem: "unknownChoice" });
    else if (question.kind === "single" && ids.size > 1) problems.push({ questionId, problem: "oneChoiceOnly" });
  }
  return problems;
}

/** The stored answers ({questionId: choiceIds}) in the tracking's list shape, in question order. */
export function answersToList(questions: readonly { id: QuizId }[], answers: QuizAnswers): QuizAnswer[] {
  return questions.flatMap((q) => {
    const chosen = answers[String(q.id)] ?? [];
    const unique = [...new Map(chosen.map((id) => [String(id), id])).values()];
    return unique.length ? [{ questionId: q.id, choiceIds: unique }] : [];
  });
}
