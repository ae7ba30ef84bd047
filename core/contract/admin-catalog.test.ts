import { describe, expect, test } from "vitest";
import {
  choiceLines,
  MoveInputSchema,
  PassRulesInputSchema,
  passRulesOfInput,
  QuestionInputSchema,
  QuizInputSchema,
  tagList,
  textLines,
  TrainingDetailsInputSchema,
} from "./admin-catalog.ts";
import { choicesText } from "../domain/catalogue-choices.ts";

describe("catalogue edit helpers (ADR 0080, 0082)", () => {
  test("a stored question's choices, typed back into its edit form, read as the same choices", () => {
    const choices = [
      { text: "Oui", correct: true },
      { text: "Non", correct: false },
      { text: "*étoile au milieu", correct: false },
    ];
    // A stored text starting with "*" cannot be told from a correct mark: it reads back as a correct choice.
    expect(choiceLines(choicesText(choices))).toEqual([choices[0], choices[1], { text: "étoile au milieu", correct: true }]);
    const twoChoices = choices.slice(0, 2);
    expect(choiceLines(choicesText(twoChoices))).toEqual(twoChoices);
    expect(QuestionInputSchema.safeParse({ text: "Q", kind: "single", choices: choicesText(twoChoices) }).success).toBe(true);
  });

  test("objective lines and tags: trimmed, empty lines and repeated tags dropped, order kept", () => {
    expect(textLines("  un \r\n\n deux\n")).toEqual(["un", "deux"]);
    expect(tagList(" avk, , AVK ,avk,anticoagulants ")).toEqual(["avk", "AVK", "anticoagulants"]);
    expect(TrainingDetailsInputSchema.parse({ trainers: "3" }).trainers).toEqual([3]);
    expect(TrainingDetailsInputSchema.parse({}).trainers).toEqual([]);
    expect(TrainingDetailsInputSchema.safeParse({ trainers: ["0x10"] }).success).toBe(false);
  });

  test("a move is up or down, nothing else", () => {
    expect(MoveInputSchema.parse({ direction: "up" })).toEqual({ direction: "up" });
    for (const body of [{}, { direction: "UP" }, { direction: "up", position: 2 }, { direction: ["down"] }])
      expect(MoveInputSchema.safeParse(body).success).toBe(false);
  });
});

describe("pass rules as the back office types them (ADR 0107)", () => {
  const form = { attests: "achievement", onFail: "retry", maxAttempts: "3", retryWaitMinutes: "1440", countedAttempt: "last", revealAnswers: "on" };

  test("retries: the number typed, or no limit when empty; the form's strings become the stored rules", () => {
    expect(passRulesOfInput(PassRulesInputSchema.parse(form))).toEqual({
      attests: "achievement",
      maxAttempts: 3,
      retryWaitMinutes: 1440,
      countedAttempt: "last",
      revealAnswers: true,
    });
    // An empty field arrives left out (Conform drops empty strings; a JSON body leaves it out).
    expect(passRulesOfInput(PassRulesInputSchema.parse({ ...form, maxAttempts: undefined, revealAnswers: undefined })).maxAttempts).toBeNull();
  });

  test("the end at the first failure is one attempt, without a number or a wait of its own", () => {
    expect(passRulesOfInput(PassRulesInputSchema.parse({ ...form, onFail: "end", maxAttempts: undefined, retryWaitMinutes: "0" }))).toMatchObject({
      maxAttempts: 1,
      retryWaitMinutes: 0,
    });
    const refused = PassRulesInputSchema.safeParse({ ...form, onFail: "end" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["maxAttempts", "retryOnly"],
      ["retryWaitMinutes", "retryOnly"],
    ]);
  });

  test("limits: 2 to 20 attempts, a wait of 30 days at most", () => {
    for (const change of [
      { maxAttempts: "1" },
      { maxAttempts: "21" },
      { retryWaitMinutes: "43201" },
      { retryWaitMinutes: "-1" },
      { countedAttempt: "first" },
      { attests: "pass" },
    ]) {
      expect(PassRulesInputSchema.safeParse({ ...form, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });

  test("a passing score only on a post-test or a stand-alone quiz", () => {
    for (const kind of ["post_test", "standalone"]) expect(QuizInputSchema.safeParse({ title: "Q", kind, passScore: "70" }).success).toBe(true);
    for (const kind of ["pre_test", "evaluation"]) {
      const refused = QuizInputSchema.safeParse({ title: "Q", kind, passScore: "70" });
      expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["passScore", "passScoreNotGraded"]]);
      expect(QuizInputSchema.safeParse({ title: "Q", kind }).success).toBe(true);
    }
  });
});
