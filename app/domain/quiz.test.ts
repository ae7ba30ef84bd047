import { describe, expect, it } from "vitest";
import { EMPTY_QUIZ_TRACKING, scoreQuiz, type QuizAnswers, type QuizQuestion, type QuizResult } from "./quiz.ts";

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
    [
      "multiple with an extra wrong choice",
      quiz,
      { 1: [10], 2: [22], 3: [30, 31, 32] },
      { score: 67, correctCount: 2, notAnswered: false },
    ],
    [
      "single with two choices ticked",
      quiz,
      { 1: [10, 11], 2: [22], 3: [30, 32] },
      { score: 67, correctCount: 2, notAnswered: false },
    ],
    [
      "ids given as strings",
      quiz,
      { 1: ["10"], 2: ["22"], 3: ["30", "32"] },
      { score: 100, correctCount: 3, notAnswered: false },
    ],
    [
      "duplicate choice ids count once",
      quiz,
      { 1: [10, 10], 2: [22], 3: [30, 32, 30] },
      { score: 100, correctCount: 3, notAnswered: false },
    ],
    [
      "an unknown choice id",
      quiz,
      { 1: [99], 2: [22], 3: [30, 32] },
      { score: 67, correctCount: 2, notAnswered: false },
    ],
    ["a question left out", quiz, { 1: [10], 3: [30, 32] }, { score: 67, correctCount: 2, notAnswered: true }],
    [
      "a question with an empty answer",
      quiz,
      { 1: [10], 2: [], 3: [30, 32] },
      { score: 67, correctCount: 2, notAnswered: true },
    ],
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
});
