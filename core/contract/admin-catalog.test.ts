import { describe, expect, test } from "vitest";
import { choiceLines, choicesText, MoveInputSchema, QuestionInputSchema, tagList, textLines, TrainingDetailsInputSchema } from "./admin-catalog.ts";

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
    for (const body of [{}, { direction: "UP" }, { direction: "up", position: 2 }, { direction: ["down"] }]) expect(MoveInputSchema.safeParse(body).success).toBe(false);
  });
});
