import { data, type RouterContextProvider } from "react-router";
import { BackError } from "~/lib/back.server";
import { serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { serverT } from "~/lib/guards.server";

/** What a form action answers when it does not redirect. */
export type FormResult = {
  ok: boolean;
  /** Form-level message (the server's message, already in the visitor's language). */
  message?: string;
  fieldErrors?: Record<string, string[]>;
  /** Which form of the page answered (pages with several forms post an `intent`). */
  intent?: string;
  values?: Record<string, string>;
};

/** Reads the form and checks the CSRF token (419 with a translated message on mismatch). */
export async function readForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  const config = context.get(serverConfigContext);
  const formData = await formBody(request, serverT(context, "common")("errors.badForm"));
  const t = serverT(context, "auth");
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, t("errors.csrf"));
  return formData;
}

export function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** A back API error as the form's answer: its message, field errors and HTTP status. */
export function backErrorResult(error: unknown, extra: Partial<FormResult> = {}) {
  if (!(error instanceof BackError)) throw error;
  const status = error.status >= 400 && error.status < 600 ? error.status : 400;
  return data<FormResult>({ ok: false, message: error.message, fieldErrors: error.fieldErrors, ...extra }, { status });
}
