import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { issueMessage } from "#core/contract/validation.ts";
import type { TFunction } from "~/i18n/instance";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "./form-reply";

/**
 * The one form pipeline, shared by the browser and the server (ADR 0025): a zod schema per form (in
 * core/contract, the API's own where the form sends the same fields), parsed with Conform's parseWithZod on both
 * sides, issues translated with the same `validation.*` texts, and the answer sent back as Conform's reply.
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

/**
 * `useForm` on a schema: without JavaScript the server's reply fills the errors and the typed values; with it, the
 * same schema and the same translated messages run in the browser before anything is sent.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  lastResult: FormReply | undefined | null,
  options: { id?: string; omit?: readonly string[] } = {},
) {
  const { t } = useTranslation("common");
  return useForm({
    id: options.id,
    lastResult: lastResult ?? undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseFormData(formData, schema, t, options.omit),
  });
}

type FormMeta = { errors?: string[]; allErrors: Record<string, string[]>; initialValue: unknown };

/**
 * What a form shows from its state (the server's reply, or the browser's validation): the form-level message,
 * each field's errors, and the values typed (a text field's value, or the list of a repeated field).
 */
export function formView(form: FormMeta) {
  const errors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(form.allErrors)) if (name && list.length) errors[name] = list;
  const raw = (form.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string): string | undefined => {
    const v = raw[name];
    return typeof v === "string" ? v : undefined;
  };
  const list = (name: string): string[] => {
    const v = raw[name];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
  };
  return { message: form.errors?.[0], errors, value, list, submitted: Object.keys(raw).length > 0 };
}
