import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { issueMessage } from "#core/contract/validation.ts";
import type { TFunction } from "~/i18n/instance";

/**
 * The parse of the form pipeline (ADR 0025), the same in the action and in the browser: a zod schema per form (in
 * core/contract, the API's own where the form sends the same fields), parsed with Conform's parseWithZod, issues
 * translated with the `validation.*` texts, and the answer shaped as Conform's reply. The browser loads this module,
 * with zod and the form's schema, when someone first works in the form (./forms.ts, ADR 0136).
 */

/** Fields every form may post that are not the schema's: the CSRF token, which button, where to go next, the JS flag. */
export const META_FIELDS = ["csrf", "intent", "redirectTo", "js"] as const;

/** The form data without the pipeline's own fields (strict schemas refuse unknown keys). */
export function schemaFields(formData: FormData, omit: readonly string[] = []): FormData {
  const copy = new FormData();
  const skip = new Set<string>([...META_FIELDS, ...omit]);
  for (const [name, value] of formData) if (!skip.has(name)) copy.append(name, value);
  return copy;
}

/** Conform's parse with the issues translated (`t` of the "common" namespace) and a form-level summary on error. */
export function parseFormData<S extends z.ZodType>(formData: FormData, schema: S, t: TFunction, omit: readonly string[] = []) {
  const submission = parseWithZod(schemaFields(formData, omit), {
    schema,
    // The schemas are the API's, written for posted strings ("" clears a field, "on" checks a box): no coercion.
    disableAutoCoercion: true,
    formatError: (issues: z.core.$ZodIssue[]): string[] => [
      ...new Set(
        issues.map((issue) => {
          const { key, values } = issueMessage(issue);
          return t(`validation.${key}`, values);
        }),
      ),
    ],
  });
  if (submission.status === "error" && submission.error && !submission.error[""]?.length) {
    submission.error[""] = [t("validation.invalidInput")];
  }
  return submission;
}
