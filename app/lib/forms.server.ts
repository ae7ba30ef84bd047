import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { BackError } from "~/lib/back.server";
import { serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { parseFormData } from "~/lib/form-validation";
import type { FormReply } from "~/lib/form-reply";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/**
 * Reads the posted form and checks its CSRF token: the one place that does (a bad or missing token is a 419 with the
 * `errors.csrf` message in the visitor's language; a body that is not a form, a 415 or 400 with `errors.badForm`).
 */
export async function readFormData(request: Request, context: Context): Promise<FormData> {
  const config = context.get(serverConfigContext);
  const t = serverT(context, "common");
  const formData = await formBody(request, t("errors.badForm"));
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, t("errors.csrf"));
  return formData;
}

/** Reads, checks the CSRF token, and parses the form with its schema: the typed submission and the raw form data. */
export async function readSubmission<S extends z.ZodType>(request: Request, context: Context, schema: S, options: { omit?: readonly string[] } = {}) {
  const formData = await readFormData(request, context);
  const submission = parseFormData(formData, schema, serverT(context, "common"), options.omit);
  return { submission, formData };
}

type ReplyOptions = { resetForm?: boolean } | { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
type Reply = { reply(options?: ReplyOptions): FormReply };
type ReplyExtra = { form?: string; hideFields?: string[]; extra?: Record<string, unknown> };

/** An invalid submission's answer: 422 with its translated errors and the typed values (passwords hidden). */
export function invalidReply(submission: Reply, options: ReplyExtra = {}) {
  const reply: FormReply = { ...submission.reply({ hideFields: options.hideFields }), form: options.form, extra: options.extra };
  return data(reply, { status: 422 });
}

/**
 * A back API error as the form's answer: its message, field errors and HTTP status; anything else is rethrown.
 * `submission` is null for a form that has no schema of its own (a file upload): no typed values then.
 */
export function backErrorReply(submission: Reply | null, error: unknown, options: ReplyExtra = {}) {
  if (!(error instanceof BackError)) throw error;
  const status = error.status >= 400 && error.status < 600 ? error.status : 400;
  const errors = { formErrors: error.message ? [error.message] : [], fieldErrors: error.fieldErrors ?? {} };
  const base: FormReply = submission
    ? submission.reply({ ...errors, hideFields: options.hideFields })
    : { status: "error", error: { "": errors.formErrors, ...errors.fieldErrors } };
  return data<FormReply>({ ...base, form: options.form, extra: options.extra }, { status });
}

/** An answer made on the server without a schema's parse (a refusal before parsing: read-only contract...). */
export function errorReply(options: { message?: string; fieldErrors?: Record<string, string[]>; form?: string; status?: number }) {
  const reply: FormReply = { status: "error", form: options.form, error: { "": options.message ? [options.message] : null, ...options.fieldErrors } };
  return data(reply, { status: options.status ?? 400 });
}

/** A form-level message (not an error: "message sent"...) as the form's answer. */
export function successReply(submission: Reply, options: ReplyExtra & { resetForm?: boolean } = {}) {
  const reply: FormReply = {
    ...submission.reply(options.resetForm ? { resetForm: true } : { hideFields: options.hideFields }),
    form: options.form,
    extra: options.extra,
  };
  return data(reply);
}

/** Parses form data already read (pages with several forms pick the schema by `intent` first). */
export function parseSubmission<S extends z.ZodType>(formData: FormData, context: Context, schema: S, options: { omit?: readonly string[] } = {}) {
  return parseFormData(formData, schema, serverT(context, "common"), options.omit);
}
