import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { useTranslation } from "~/i18n/react";
import type { FormReply } from "./form-reply";

/**
 * A form's state in the browser (ADR 0025, ADR 0136). Without JavaScript the server's reply fills the errors and the
 * typed values. With it, the same schema and the same translated messages (./form-validation.ts) run in the browser
 * before anything is sent; they load, with zod and the form's schema, when someone first works in the form, so a
 * page with a form does not carry them on its first load. A form sent before they arrive is checked by the server
 * alone, with the same answer.
 */

/** Where a form's schema comes from, read on first use: `() => import("#core/contract/auth.ts").then((m) => m.LoginSchema)`. */
export type SchemaLoader = () => Promise<z.ZodType>;

/** The browser's check of a form: null when it may be sent, else the reply to show (as the server would answer). */
type Check = (formData: FormData) => FormReply | null;

/** `loadSchema` null: a form without fields of its own (a button, a file the server checks), nothing to check here. */
export function useSchemaForm(
  loadSchema: SchemaLoader | null,
  lastResult: FormReply | undefined | null,
  options: { id?: string; omit?: readonly string[] } = {},
) {
  const { t } = useTranslation("common");
  const generatedId = useId();
  const id = options.id ?? generatedId;
  // The browser's own reply, shown until the next one from the server.
  const [browserReply, setBrowserReply] = useState<{ after: FormReply | undefined | null; reply: FormReply } | null>(null);
  const check = useRef<Check | null>(null);
  const latest = useRef({ loadSchema, t, omit: options.omit });
  useEffect(() => {
    latest.current = { loadSchema, t, omit: options.omit };
  });

  useEffect(() => {
    const form = document.getElementById(id);
    if (!form || !latest.current.loadSchema) return;
    let dropped = false;
    const load = () => {
      form.removeEventListener("focusin", load);
      const schema = latest.current.loadSchema?.();
      if (!schema) return;
      Promise.all([schema, import("./form-validation")]).then(
        ([schema, { parseFormData }]) => {
          if (dropped) return;
          check.current = (formData) => {
            const submission = parseFormData(formData, schema, latest.current.t, latest.current.omit);
            return submission.status === "success" || submission.error === null ? null : submission.reply();
          };
        },
        // Not loaded (offline, a new deployment): the server checks the form when it is sent.
        () => undefined,
      );
    };
    if (form.contains(document.activeElement)) load();
    else form.addEventListener("focusin", load);
    return () => {
      dropped = true;
      form.removeEventListener("focusin", load);
    };
  }, [id]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check.current) return;
    const form = event.currentTarget;
    const reply = check.current(new FormData(form));
    if (!reply) {
      setBrowserReply(null);
      return;
    }
    event.preventDefault();
    setBrowserReply({ after: lastResult, reply });
    // As after the server's answer (useFocusFirstError): the first field in error takes the focus.
    const invalid = [...form.elements].find(
      (element) => "name" in element && typeof element.name === "string" && element.name && reply.error?.[element.name]?.length,
    );
    if (invalid instanceof HTMLElement) invalid.focus();
  };

  const shown = browserReply && browserReply.after === lastResult ? browserReply.reply : lastResult;
  const allErrors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(shown?.error ?? {})) if (list?.length) allErrors[name] = list;
  const form: FormMeta & { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void } = {
    id,
    onSubmit,
    errors: allErrors[""],
    allErrors,
    initialValue: shown?.initialValue ?? undefined,
  };
  return [form] as const;
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
