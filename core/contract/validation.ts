import type { z } from "zod";

/**
 * The messages a schema's issues translate to: one key per kind of problem (the texts are in each locale's
 * `validation` block on the web, server/back/i18n on the API). Custom refinements name their key as their message
 * ("passwordPolicy", "consentRequired"...).
 */
export const VALIDATION_KEYS = [
  "invalidInput",
  "unknownField",
  "required",
  "invalidEmail",
  "invalidType",
  "invalidCharacters",
  "tooShort",
  "tooLong",
  "tooSmall",
  "tooBig",
  "passwordPolicy",
  "passwordsDiffer",
  "invalidPhone",
  "birthDateFuture",
  "birthDateTooOld",
  "birthDateTooYoung",
  "durationRange",
  "consentRequired",
  "invalidPage",
  "chooseAtLeastOne",
  "ratingRequired",
  "invalidSlug",
  "invalidPrice",
  "audienceConflict",
  "invalidActionNumber",
  "invalidChoices",
  "confirmRequired",
  "periodInvalid",
  "discountValueRange",
  "invalidDate",
  "endBeforeStart",
  "invalidPostalCode",
  "invalidTaxId",
  "taxIdRequired",
  "passScoreNotGraded",
  "retryOnly",
  "termsRequired",
  "dateInFuture",
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function isValidationKey(value: string): value is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(value);
}

/** The message key and values of one zod issue (the same rule as the API's translateIssue). */
export function issueMessage(issue: z.core.$ZodIssue): { key: ValidationKey; values?: Record<string, number> } {
  switch (issue.code) {
    case "unrecognized_keys":
      return { key: "unknownField" };
    case "invalid_type":
      // zod 4 leaves the input out of issues; its default message says what was received.
      return { key: /received undefined/.test(issue.message) ? "required" : "invalidType" };
    case "invalid_format":
      // A pattern may name its own message (`.regex(re, { message: "ratingRequired" })`).
      if (issue.format === "regex" && isValidationKey(issue.message)) return { key: issue.message };
      return { key: issue.format === "email" ? "invalidEmail" : "invalidType" };
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? { key: "required" } : { key: "tooShort", values: { min: Number(issue.minimum) } };
      // A list may name its own message (`.min(1, { message: "chooseAtLeastOne" })`).
      if (issue.origin === "array" && isValidationKey(issue.message)) return { key: issue.message };
      return { key: "tooSmall", values: { min: Number(issue.minimum) } };
    case "too_big":
      if (issue.origin === "string") return { key: "tooLong", values: { max: Number(issue.maximum) } };
      return { key: "tooBig", values: { max: Number(issue.maximum) } };
    case "custom":
      return { key: isValidationKey(issue.message) ? issue.message : "invalidType" };
    default:
      return { key: "invalidType" };
  }
}
