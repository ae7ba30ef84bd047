import { describe, expect, test } from "vitest";
import { z } from "zod";
import { issueMessage, VALIDATION_KEYS } from "#core/contract/validation.ts";
import { ContactSchema } from "#core/contract/content.ts";
import { CreateAccountSchema, LoginSchema } from "#core/contract/auth.ts";
import { FeedbackFormSchema } from "#core/contract/attestations.ts";
import { createI18n } from "~/i18n/instance";
import fr from "../../locales/fr-FR/common.json";
import es from "../../locales/es-ES/common.json";
import en from "../../locales/en-US/common.json";
import { parseFormData } from "./form-validation";

const keysOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const keys: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const { key, values } = issueMessage(issue);
    (keys[issue.path.join(".") || "_"] ??= []).push(values ? `${key}:${JSON.stringify(values)}` : key);
  }
  return keys;
};

describe("issueMessage: one message key per kind of problem", () => {
  test.each([
    ["a missing field", LoginSchema, { password: "x" }, { email: ["required"] }],
    [
      "an empty required text",
      ContactSchema,
      { name: "", email: "a@b.test", subject: "Sujet", message: "Un message assez long.", consent: "on" },
      { name: ["required"] },
    ],
    ["a bad address", LoginSchema, { email: "nope", password: "x" }, { email: ["invalidEmail"] }],
    [
      "a text too short",
      ContactSchema,
      { name: "A", email: "a@b.test", subject: "Sujet", message: "court", consent: "on" },
      { message: ['tooShort:{"min":10}'] },
    ],
    [
      "a text too long",
      ContactSchema,
      { name: "A".repeat(121), email: "a@b.test", subject: "Sujet", message: "Un message assez long.", consent: "on" },
      { name: ['tooLong:{"max":120}'] },
    ],
    [
      "a refused consent (custom key)",
      ContactSchema,
      { name: "A", email: "a@b.test", subject: "Sujet", message: "Un message assez long." },
      { consent: ["consentRequired"] },
    ],
    ["an unknown field", LoginSchema, { email: "a@b.test", password: "x", extra: "1" }, { _: ["unknownField"] }],
    [
      "the password policy and the confirmation",
      CreateAccountSchema,
      {
        token: "t",
        email: "a@b.test",
        firstName: "A",
        lastName: "B",
        profession: "other",
        password: "short",
        passwordConfirmation: "short",
        acceptTerms: "on",
      },
      { password: ["passwordPolicy"] },
    ],
    ["a missing rating (form schema)", FeedbackFormSchema, {}, { rating: ["ratingRequired"] }],
  ])("%s", (_name, schema, input, expected) => {
    expect(keysOf(schema as z.ZodType, input)).toEqual(expected);
  });

  test("every key has a text in each locale's validation block", () => {
    for (const bundle of [fr, es, en]) {
      const block = (bundle as { validation: Record<string, string> }).validation;
      for (const key of VALIDATION_KEYS) expect(block[key], key).toBeTruthy();
    }
  });
});

describe("parseFormData: the parse both the browser and the action run", () => {
  const t = createI18n("fr-FR", { "fr-FR": { common: fr } }).getFixedT("fr-FR", "common");
  const form = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };

  test("the pipeline's own fields are left out; errors are translated, with a form-level summary; values kept", () => {
    const submission = parseFormData(
      form([
        ["csrf", "token"],
        ["redirectTo", "/x"],
        ["email", "nope"],
        ["password", ""],
      ]),
      LoginSchema,
      t,
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toEqual({
      "": ["Certains champs sont invalides."],
      email: ["Saisissez une adresse e-mail valide."],
      password: ["Ce champ est obligatoire."],
    });
    expect(submission.reply({ hideFields: ["password"] }).initialValue).toEqual({ email: "nope" });
  });

  test("a valid form gives the schema's typed output (no coercion: the API's own schema reads posted strings)", () => {
    const submission = parseFormData(
      form([
        ["csrf", "token"],
        ["rating", "4"],
        ["comment", "  Bien  "],
      ]),
      FeedbackFormSchema,
      t,
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ rating: 4, comment: "Bien" });
  });
});
