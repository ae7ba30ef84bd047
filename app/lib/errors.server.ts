import { data } from "react-router";
import { BackError } from "./back.server";

/**
 * One way for errors in loaders and actions: a missing page is `notFound()` (the 404 page shows its detail); a back
 * API 404 may fall back (`on404`) or become the page's 404 (`notFoundOn404`); anything else is rethrown, for the
 * error page to show (never swallowed into a fallback).
 */

/** The 404 of a page ("Page not found: {path}"; the spec writes "Page Not Found" for a path outside the training types). */
export function notFound(path: string, wording: "page" | "training-type" = "page"): never {
  throw data(`${wording === "training-type" ? "Page Not Found" : "Page not found"}: ${path}`, { status: 404 });
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
