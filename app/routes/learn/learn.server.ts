import { redirect, type RouterContextProvider } from "react-router";
import { backErrorReply } from "~/lib/forms.server";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { loginPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { QuizResultView } from "#core/contract/flow.ts";

/** The course page of a training (where a learner not enrolled is sent to subscribe). */
export function coursePath(context: Readonly<RouterContextProvider>, type: string, slug: string): string {
  const lang = pathLangOf(context.get(requestStateContext).locale);
  return pagePath("training", lang, { trainingType: type, slug }) ?? "/";
}

export function learnPath(context: Readonly<RouterContextProvider>, type: string, slug: string, step?: string | null): string {
  const lang = pathLangOf(context.get(requestStateContext).locale);
  const base = pagePath("learn", lang, { trainingType: type, slug }) ?? "/";
  return step ? `${base}?${new URLSearchParams({ step })}` : base;
}

/** The toast after a quiz answer: its score, and for a graded quiz whether it passed and what comes next (ADR 0107). */
export function quizToast(t: (key: string, values?: Record<string, string | number>) => string, result: QuizResultView | null): string {
  if (!result) return t("toast.stepDone");
  if (result.score === null) return t("toast.answersSaved");
  if (result.passed === null || result.passScore === null) return t("toast.quizScored", { score: result.score });
  const values = { score: result.score, pass: result.passScore };
  if (result.passed) return t("toast.quizPassed", values);
  return t(result.status === "failed" ? "toast.quizFailedEnd" : "toast.quizFailedRetry", values);
}

/** The data a 403 of the flow carries: where to subscribe. */
export function notEnrolledTarget(error: BackError): { slug: string; type: string } | null {
  const d = error.data as { slug?: unknown; type?: unknown } | null;
  return d && typeof d.slug === "string" && typeof d.type === "string" ? { slug: d.slug, type: d.type } : null;
}

/**
 * A failed learning call in an action: 401 to login, 422 back to the form with its field errors,
 * anything else back to the page with the server's message as a toast (works without JavaScript).
 */
export function learnActionError(context: Readonly<RouterContextProvider>, error: unknown, backTo: string, intent: string) {
  if (!(error instanceof BackError)) throw error;
  if (error.status === 401) throw redirect(loginPath(context, backTo));
  if (error.status === 422) return backErrorReply(null, error, { form: intent });
  const message = error.message || serverT(context, "common")("errors.anErrorOccurred");
  throw redirectWithToast(backTo, { type: "error", message });
}
