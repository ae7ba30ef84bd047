import type { SubmissionResult } from "@conform-to/react";

/**
 * Reading a form action's reply (ADR 0025): what every page with a form needs, and nothing that validates. Kept apart
 * from the form pipeline (./forms.ts) so that a page which only shows a reply's messages does not load Conform and zod
 * in the browser.
 */

/** What every form action answers when it does not redirect: Conform's reply, plus which form and any extra facts. */
export type FormReply = SubmissionResult<string[]> & {
  /** Pages with several forms: which one answered (its `intent`). */
  form?: string;
  /** Facts a page shows beside the errors (a login paused by failed attempts offers the reset...). */
  extra?: Record<string, unknown>;
};

/** The first error of each field of a reply (or of the browser's validation). */
export function replyErrors(reply: FormReply | undefined | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(reply?.error ?? {})) if (name && list?.length) errors[name] = list;
  return errors;
}

/** A value typed in a reply's form (a page that reads the reply without useSchemaForm), else undefined. */
export function replyValue(reply: FormReply | undefined | null, name: string): string | undefined {
  const value = (reply?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The form-level message of a reply (forms without fields of their own: a list of buttons...). */
export function replyMessage(reply: FormReply | undefined | null): string | undefined {
  return reply?.error?.[""]?.[0] ?? undefined;
}
