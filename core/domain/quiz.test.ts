import { describe, expect, it } from "vitest";
import { answersToList, checkQuizAnswers, EMPTY_QUIZ_TRACKING, scoreQuiz, type QuizAnswers, type QuizQuestion, type QuizResult } from "./quiz.ts";

describe("EMPTY_QUIZ_TRACKING", () => {
  it("is the empty tracking of the spec", () => {
    expect(EMPTY_QUIZ_TRACKING).toStrictEqual({
      id: null,
      answers: [],
      startDate: null,
      score: null,
      notAnswered: false,
    });
  });

  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(EMPTY_QUIZ_TRACKING)).toBe(true);
    expect(Object.isFrozen(EMPTY_QUIZ_TRACKING.answers)).toBe(true);
  });
});

const single = (id: number, correct: number, choiceCount = 3): QuizQuestion => ({
  id,
  kind: "single",
  choices: Array.from({ length: choiceCount }, (_, i) => ({ id: id * 10 + i, correct: id * 10 + i === correct })),
});

const multiple = (id: number, correct: number[], choiceCount = 4): QuizQuestion => ({
  id,
  kind: "multiple",
  choices: Array.from({ length: choiceCount }, (_, i) => ({ id: id * 10 + i, correct: correct.includes(id * 10 + i) })),
});

describe("scoreQuiz", () => {
  const quiz = [single(1, 10), single(2, 22), multiple(3, [30, 32])];

  it.each<[string, QuizQuestion[], QuizAnswers, QuizResult]>([
    ["all right", quiz, { 1: [10], 2: [22], 3: [32, 30] }, { score: 100, correctCount: 3, notAnswered: false }],
    ["all wrong", quiz, { 1: [11], 2: [20], 3: [31] }, { score: 0, correctCount: 0, notAnswered: false }],
    ["two of three, rounded", quiz, { 1: [10], 2: [22], 3: [30] }, { score: 67, correctCount: 2, notAnswered: false }],
    ["one of three, rounded", quiz, { 1: [10], 2: [21], 3: [30] }, { score: 33, correctCount: 1, notAnswered: false }],
    ["multiple with an extra wrong choice", quiz, { 1: [10], 2: [22], 3: [30, 31, 32] }, { score: 67, correctCount: 2, notAnswered: false }],
    ["single with two choices ticked", quiz, { 1: [10, 11], 2: [22], 3: [30, 32] }, { score: 67, correctCount: 2, notAnswered: false }],
    ["ids given as strings", quiz, { 1: ["10"], 2: ["22"], 3: ["30", "32"] }, { score: 100, correctCount: 3, notAnswered: false }],
    ["duplicate choice ids count once", quiz, { 1: [10, 10], 2: [22], 3: [30, 32, 30] }, { score: 100, correctCount: 3, notAnswered: false }],
    ["an unknown choice id", quiz, { 1: [99], 2: [22], 3: [30, 32] }, { score: 67, correctCount: 2, notAnswered: false }],
    ["a question left out", quiz, { 1: [10], 3: [30, 32] }, { score: 67, correctCount: 2, notAnswered: true }],
    ["a question with an empty answer", quiz, { 1: [10], 2: [], 3: [30, 32] }, { score: 67, correctCount: 2, notAnswered: true }],
    ["no answers", quiz, {}, { score: 0, correctCount: 0, notAnswered: true }],
    ["no questions", [], {}, { score: 0, correctCount: 0, notAnswered: false }],
    [
      "eight questions, 5 right gives 62.5 -> 63",
      Array.from({ length: 8 }, (_, i) => single(i + 1, (i + 1) * 10)),
      { 1: [10], 2: [20], 3: [30], 4: [40], 5: [50], 6: [61], 7: [71], 8: [81] },
      { score: 63, correctCount: 5, notAnswered: false },
    ],
  ])("%s", (_label, questions, answers, expected) => {
    expect(scoreQuiz(questions, answers)).toEqual(expected);
  });

  // An evaluation's satisfaction question: no right choice, so any answer is accepted and none is scored.
  const opinion: QuizQuestion = { id: 9, kind: "single", choices: [90, 91, 92].map((id) => ({ id, correct: false })) };
  it.each<[string, QuizQuestion[], QuizAnswers, QuizResult]>([
    ["opinion answered, knowledge right", [opinion, single(1, 10)], { 9: [92], 1: [10] }, { score: 100, correctCount: 1, notAnswered: false }],
    ["opinion answered, knowledge wrong", [opinion, single(1, 10)], { 9: [90], 1: [11] }, { score: 0, correctCount: 0, notAnswered: false }],
    ["opinion left out", [opinion, single(1, 10)], { 1: [10] }, { score: 100, correctCount: 1, notAnswered: true }],
    // Never scored, answered or not: no score at all rather than 100 % or 0 % (issue 29, item 1).
    ["opinions only, answered", [opinion], { 9: [91] }, { score: null, correctCount: 0, notAnswered: false }],
    ["opinions only, left out", [opinion], {}, { score: null, correctCount: 0, notAnswered: true }],
  ])("%s", (_label, questions, answers, expected) => {
    expect(scoreQuiz(questions, answers)).toEqual(expected);
  });
});

describe("checkQuizAnswers", () => {
  const quiz = [single(1, 10), multiple(2, [20, 21])];

  it.each<[string, QuizAnswers, ReturnType<typeof checkQuizAnswers>]>([
    ["every question answered", { 1: [10], 2: [20, 21] }, []],
    ["ids as strings", { 1: ["11"], 2: ["23"] }, []],
    ["a skipped question is allowed", { 2: [20] }, []],
    ["an empty answer is allowed", { 1: [], 2: [] }, []],
    ["nothing answered", {}, []],
    ["two choices for a single-choice question", { 1: [10, 11] }, [{ questionId: "1", problem: "oneChoiceOnly" }]],
    ["the same choice twice counts once", { 1: [10, 10] }, []],
    ["an unknown question", { 3: [30] }, [{ questionId: "3", problem: "unknownQuestion" }]],
    ["a choice of another question", { 1: [20] }, [{ questionId: "1", problem: "unknownChoice" }]],
    ["an unknown choice", { 2: [20, 99] }, [{ questionId: "2", problem: "unknownChoice" }]],
    [
      "several problems",
      { 1: [10, 12], 2: [0], 9: [] },
      [
        { questionId: "1", problem: "oneChoiceOnly" },
        { questionId: "2", problem: "unknownChoice" },
        { questionId: "9", problem: "unknownQuestion" },
      ],
    ],
  ])("%s", (_label, answers, expected) => {
    expect(checkQuizAnswers(quiz, answers)).toEqual(expected);
  });
});

describe("answersToList", () => {
  it("lists answered questions in question order, without duplicates", () => {
    const quiz = [single(1, 10), single(2, 20), multiple(3, [30])];
    expect(answersToList(quiz, { 3: [31, 30, 31], 1: [10], 2: [] })).toEqual([
      { questionId: 1, choiceIds: [10] },
      { questionId: 3, choiceIds: [31, 30] },
    ]);
  });
});
