import { describe, expect, it } from "vitest";
import { buildFlowSteps, type FlowInput } from "./flow-steps.ts";
import {
  attemptRefusal,
  attestationAttests,
  countedAttemptOf,
  DEFAULT_PASS_RULES,
  defaultPassRules,
  earnsPoints,
  gradedState,
  outcomeFrom,
  passRulesFrom,
  isGraded,
  isPassing,
  mayHavePassScore,
  stepsDone,
  trainingOutcome,
  type PassRules,
  type QuizAttempt,
} from "./pass-rules.ts";

const T0 = new Date("2026-03-02T09:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const attempt = (id: number, score: number | null, atMinute: number): QuizAttempt => ({ id, score, answeredAt: minutes(atMinute) });
const rules = (changes: Partial<PassRules> = {}): PassRules => ({ ...DEFAULT_PASS_RULES, ...changes });

describe("default rules", () => {
  it("a DPC programme attests participation, any other training achievement, with retries and no wait", () => {
    expect(defaultPassRules("dpc")).toEqual({ attests: "participation", maxAttempts: null, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: false });
    for (const type of ["formation", "quiz", "mixt", "video"]) expect(defaultPassRules(type).attests).toBe("achievement");
  });
});

describe("which quizzes are graded", () => {
  it.each<[string, string, number | null, PassRules["attests"], boolean]>([
    ["a post-test with a passing score, achievement", "post_test", 70, "achievement", true],
    ["a stand-alone quiz with a passing score", "standalone", 50, "achievement", true],
    ["a post-test without a passing score", "post_test", null, "achievement", false],
    ["a pre-test measures, never graded", "pre_test", 70, "achievement", false],
    ["an evaluation asks opinions, never graded", "evaluation", 70, "achievement", false],
    ["a participation training never holds the learner back", "post_test", 70, "participation", false],
  ])("%s", (_label, kind, passScore, attests, graded) => {
    expect(isGraded({ kind, passScore }, { attests })).toBe(graded);
  });

  it("only the post-test and the stand-alone quiz may carry a passing score", () => {
    expect(["pre_test", "post_test", "evaluation", "standalone"].filter(mayHavePassScore)).toEqual(["post_test", "standalone"]);
  });

  it("a quiz without a score (opinions only) never reaches a passing score", () => {
    expect(isPassing(null, 0)).toBe(false);
    expect(isPassing(70, 70)).toBe(true);
    expect(isPassing(69, 70)).toBe(false);
  });
});

describe("countedAttemptOf", () => {
  const attempts = [attempt(3, 40, 20), attempt(1, 60, 0), attempt(2, 60, 10)];

  it("the best attempt: the highest score, the earliest of equal ones", () => {
    expect(countedAttemptOf(attempts, "best")?.id).toBe(1);
  });

  it("the last attempt, whatever the order given", () => {
    expect(countedAttemptOf(attempts, "last")?.id).toBe(3);
  });

  it("none without attempts", () => {
    expect(countedAttemptOf([], "best")).toBeNull();
    expect(countedAttemptOf([], "last")).toBeNull();
  });

  it("attempts at the same instant are ordered by id", () => {
    expect(countedAttemptOf([attempt(5, 10, 0), attempt(4, 30, 0)], "last")?.id).toBe(5);
  });
});

describe("gradedState: attempts, retries and the wait", () => {
  const state = (attempts: QuizAttempt[], changes: Partial<PassRules> = {}, nowMinute = 60) =>
    gradedState({ passScore: 70, rules: rules(changes), attempts, now: minutes(nowMinute) });

  it("not tried yet: open, every attempt left", () => {
    expect(state([], { maxAttempts: 3 })).toEqual({ status: "open", attemptsUsed: 0, attemptsLeft: 3, retryAt: null, counted: null });
  });

  it("a pass closes the quiz, whatever came before", () => {
    expect(state([attempt(1, 50, 0), attempt(2, 80, 5)], { maxAttempts: 2 })).toMatchObject({
      status: "passed",
      attemptsUsed: 2,
      attemptsLeft: 0,
      counted: { id: 2 },
    });
  });

  it("the passing attempt counts even under 'last' or 'best'", () => {
    expect(state([attempt(1, 50, 0), attempt(2, 70, 5)], { countedAttempt: "last" }).counted?.id).toBe(2);
    expect(state([attempt(1, 50, 0), attempt(2, 70, 5)], { countedAttempt: "best" }).counted?.id).toBe(2);
  });

  it("a failure with attempts left and no wait: retry now", () => {
    expect(state([attempt(1, 50, 0)], { maxAttempts: 3 })).toMatchObject({ status: "retry", attemptsUsed: 1, attemptsLeft: 2, retryAt: null });
  });

  it("unlimited attempts never run out", () => {
    const many = Array.from({ length: 30 }, (_, i) => attempt(i + 1, 10, i));
    expect(state(many)).toMatchObject({ status: "retry", attemptsUsed: 30, attemptsLeft: null });
  });

  it("a failure within the wait: waiting until the last attempt plus the wait", () => {
    expect(state([attempt(1, 50, 0), attempt(2, 40, 50)], { maxAttempts: 3, retryWaitMinutes: 30 }, 60)).toMatchObject({
      status: "waiting",
      retryAt: minutes(80),
    });
  });

  it("the wait over, exactly at its end: retry", () => {
    expect(state([attempt(1, 50, 0)], { retryWaitMinutes: 60 }, 60).status).toBe("retry");
    expect(state([attempt(1, 50, 0)], { retryWaitMinutes: 61 }, 60).status).toBe("waiting");
  });

  it("no attempt left: failed for good, even while a wait would run", () => {
    expect(state([attempt(1, 50, 0), attempt(2, 65, 55)], { maxAttempts: 2, retryWaitMinutes: 30 })).toMatchObject({
      status: "failed",
      attemptsLeft: 0,
      retryAt: null,
    });
  });

  it("one attempt allowed (the end at the first failure)", () => {
    expect(state([attempt(1, 69, 0)], { maxAttempts: 1 })).toMatchObject({ status: "failed", attemptsLeft: 0 });
  });

  it("the counted attempt of a failure follows the rule", () => {
    const failed = [attempt(1, 60, 0), attempt(2, 30, 5)];
    expect(state(failed, { maxAttempts: 2, countedAttempt: "best" }).counted?.score).toBe(60);
    expect(state(failed, { maxAttempts: 2, countedAttempt: "last" }).counted?.score).toBe(30);
  });

  it("refusals before an attempt is written", () => {
    expect(attemptRefusal(state([]))).toBeNull();
    expect(attemptRefusal(state([attempt(1, 10, 0)]))).toBeNull();
    expect(attemptRefusal(state([attempt(1, 10, 50)], { retryWaitMinutes: 30 }))).toBe("waiting");
    expect(attemptRefusal(state([attempt(1, 10, 0)], { maxAttempts: 1 }))).toBe("noAttemptLeft");
    expect(attemptRefusal(state([attempt(1, 90, 0)]))).toBe("passed");
  });
});

describe("stepsDone", () => {
  // pre-test (quiz 1), a page (module 11), the post-test (quiz 2, 70 %), the evaluation (quiz 3, opinions).
  const input: FlowInput = {
    trainingType: "formation",
    courses: [
      {
        id: 1,
        position: 0,
        modules: [
          { id: 10, position: 0, type: 7, title: "Pré-test", quiz: { id: 1, kind: "pre_test", position: 0 } },
          { id: 11, position: 1, type: 1, title: "Page", quiz: null },
          { id: 12, position: 2, type: 7, title: "Post-test", quiz: { id: 2, kind: "post_test", position: 1 } },
          { id: 13, position: 3, type: 7, title: "Évaluation", quiz: { id: 3, kind: "evaluation", position: 2 } },
        ],
      },
    ],
    trainingQuizzes: [],
  };
  const steps = buildFlowSteps(input);
  const quizzes = new Map([
    [1, { kind: "pre_test", passScore: null }],
    [2, { kind: "post_test", passScore: 70 }],
    [3, { kind: "evaluation", passScore: null }],
  ]);
  const done = (attempts: [number, QuizAttempt[]][], changes: Partial<PassRules> = {}, options: { closed?: boolean; modules?: number[] } = {}) =>
    stepsDone({
      steps,
      records: { completedModuleIds: new Set(options.modules ?? [11]), attemptsByQuiz: new Map(attempts) },
      quizzes,
      rules: rules(changes),
      now: minutes(60),
      closed: options.closed ?? false,
    });

  it("a failed post-test is not done, even with its module marked completed (a forged or older record)", () => {
    expect(
      done(
        [
          [1, [attempt(1, 20, 0)]],
          [2, [attempt(2, 50, 5)]],
        ],
        {},
        { modules: [10, 11, 12] },
      ),
    ).toEqual({ doneIds: ["m10", "m11"], failedStepId: null });
  });

  it("a passed post-test is done", () => {
    expect(
      done([
        [1, [attempt(1, 20, 0)]],
        [2, [attempt(2, 50, 5), attempt(3, 90, 6)]],
      ]).doneIds,
    ).toEqual(["m10", "m11", "m12"]);
  });

  it("a post-test without any attempt left is the failed step", () => {
    expect(done([[2, [attempt(2, 50, 5)]]], { maxAttempts: 1 })).toEqual({ doneIds: ["m11"], failedStepId: "m12" });
  });

  it("in a participation training any answer completes the post-test", () => {
    expect(done([[2, [attempt(2, 0, 5)]]], { attests: "participation", maxAttempts: 1 })).toEqual({ doneIds: ["m11", "m12"], failedStepId: null });
  });

  it("the pre-test and the evaluation are done once answered, whatever their score", () => {
    expect(
      done([
        [1, [attempt(1, 0, 0)]],
        [3, [attempt(4, null, 9)]],
      ]).doneIds,
    ).toEqual(["m10", "m11", "m13"]);
  });

  it("a closed enrolment (finished before the rules) keeps its records: an answered quiz is done", () => {
    expect(done([[2, [attempt(2, 50, 5)]]], { maxAttempts: 1 }, { closed: true })).toEqual({ doneIds: ["m11", "m12"], failedStepId: null });
  });
});

describe("outcomes, attestations and points", () => {
  it.each<[string, PassRules["attests"], number, boolean, string]>([
    ["achievement, graded quizzes passed", "achievement", 1, false, "achieved"],
    ["achievement, nothing graded: a participation", "achievement", 0, false, "participated"],
    ["participation (a DPC programme)", "participation", 0, false, "participated"],
    ["participation even with passing scores set", "participation", 2, false, "participated"],
    ["a graded quiz failed for good", "achievement", 1, true, "failed"],
  ])("%s", (_label, attests, gradedSteps, failed, outcome) => {
    expect(trainingOutcome({ rules: { attests }, gradedSteps, failed })).toBe(outcome);
  });

  it("each outcome's attestation", () => {
    expect(attestationAttests("achieved")).toBe("achievement");
    expect(attestationAttests("participated")).toBe("participation");
    expect(attestationAttests("failed")).toBeNull();
    expect(attestationAttests(null)).toBeNull();
  });

  it("a stored outcome is read back, anything else is none", () => {
    expect(["achieved", "participated", "failed"].map(outcomeFrom)).toEqual(["achieved", "participated", "failed"]);
    for (const value of [null, undefined, "", "passed", "FAILED"]) expect(outcomeFrom(value)).toBeNull();
  });

  it("stored rules are read as they are; without any, the type's defaults", () => {
    const stored = { attests: "participation", maxAttempts: 2, retryWaitMinutes: 30, countedAttempt: "last", revealAnswers: true };
    expect(passRulesFrom(stored, "formation")).toEqual(stored);
    expect(passRulesFrom(undefined, "dpc").attests).toBe("participation");
  });

  it("points follow the attestation", () => {
    expect(earnsPoints("failed")).toBe(false);
    expect(earnsPoints("achieved")).toBe(true);
    expect(earnsPoints("participated")).toBe(true);
    expect(earnsPoints(null)).toBe(true);
  });
});
