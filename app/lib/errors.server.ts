import { data, type RouterContextProvider } from "react-router";
import { BackError } from "./back.server";
import { requestStateContext } from "./context";
import { loadRootData } from "./root-data.server";
import { serverT } from "./translate.server";

/**
 * One way for errors in loaders and actions: a missing page is `notFound()` (the 404 page shows its detail); a back
 * API 404 may fall back (`on404`) or become the page's 404 (`notFoundOn404`); anything else is rethrown, for the
 * error page to show (never swallowed into a fallback).
 */

/** The 404 of a page ("Page not found: {path}"; the spec writes "Page Not Found" for a path outside the training types). */
export function notFound(path: string, wording: "page" | "training-type" = "page"): never {
  throw data(`${wording === "training-type" ? "Page Not Found" : "Page not found"}: ${path}`, { status: 404 });
}

/** A post no form of the page sends (an unknown intent...): the error page's 400 with "an error occurred". */
export function badRequest(context: Readonly<RouterContextProvider>): never {
  throw data({ message: serverT(context, "common")("errors.anErrorOccurred") }, { status: 400 });
}

/** For `.catch`: a back API 404 gives the fallback; any other error is rethrown. */
export function on404<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof BackError && error.status === 404) return fallback;
    throw error;
  };
}

/** For `.catch`: a back API 404 (or the statuses given) is the page's 404; any other error is rethrown. */
export function notFoundOn404(path: string, statuses: readonly number[] = [404]) {
  return (error: unknown): never => {
    if (error instanceof BackError && statuses.includes(error.status)) notFound(path);
    throw error;
  };
}

/**
 * A refusal thrown before the loaders run (an area guard's 403, a page's 405): the root loader has not run, so the
 * error carries the root's data (`{ root }`, read by useRootData) and its cookies (the form token, the cleared toast)
 * go out with the answer. The error page then has the site's layout and the visitor's language (ADR 0110).
 */
export async function refuse(status: 403 | 405, args: { request: Request; url: URL; context: Readonly<RouterContextProvider> }): Promise<never> {
  const { request, url, context } = args;
  const root = await loadRootData(url.href === request.url ? request : new Request(url, request), context);
  const state = context.get(requestStateContext);
  for (const cookie of new Headers(root.init?.headers).getSetCookie()) state.setCookies.push(cookie);
  throw data({ root: root.data }, { status });
}

/**
 * The back API's 503 (`unavailable`) thrown again with the root's data read as a guest's (the current user lookup
 * answers a guest from now on), so that the 503 page has the site's layout and the visitor's language like `refuse`.
 */
export async function unavailablePage(error: unknown, args: { request: Request; url: URL; context: Readonly<RouterContextProvider> }): Promise<never> {
  const { request, url, context } = args;
  const message = (error as { data?: { message?: unknown } }).data?.message;
  const root = await loadRootData(url.href === request.url ? request : new Request(url, request), context);
  const state = context.get(requestStateContext);
  for (const cookie of new Headers(root.init?.headers).getSetCookie()) state.setCookies.push(cookie);
  throw data({ root: root.data, message: typeof message === "string" ? message : undefined }, { status: 503, headers: { "Retry-After": "5" } });
}
