import type { RouterContextProvider } from "react-router";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { pathLangOf, type PathLang } from "#core/locales.ts";
import { findPage, pagePath } from "#core/page-links.ts";
import { requestStateContext } from "./context";

/** Paths of pages in the visitor's language, and the `redirect` query that carries where they were going. */

export function langOf(context: Readonly<RouterContextProvider>): PathLang {
  return pathLangOf(context.get(requestStateContext).locale);
}

/** The path of a page in the visitor's language (home when the page has no path there). */
export function pathOf(context: Readonly<RouterContextProvider>, id: string, params?: Record<string, string>): string {
  if (!findPage(id)) return "/";
  return pagePath(id, langOf(context), params) ?? "/";
}

/** Where a user lands after logging in: the catalogue once that page exists, else home. */
export function landingPath(context: Readonly<RouterContextProvider>): string {
  return findPage("catalogue") ? pathOf(context, "catalogue") : "/";
}

/** The page for a `slug` (slug=catalogue -> catalogue, anything else -> home). */
export function slugPath(context: Readonly<RouterContextProvider>, slug: string | null): string {
  return slug === "catalogue" ? landingPath(context) : "/";
}

/** Path and query of the visited page, for a `redirect` query. */
export function currentPath(url: URL): string {
  return url.pathname + url.search;
}

export function withRedirect(path: string, redirectTo: string | null | undefined): string {
  if (!redirectTo) return path;
  return `${path}?${new URLSearchParams({ redirect: redirectTo })}`;
}

export function loginPath(context: Readonly<RouterContextProvider>, redirectTo?: string | null): string {
  return withRedirect(pathOf(context, "login"), redirectTo);
}

/** The `redirect` query, made safe (same-site relative path only), or the fallback. */
export function safeRedirectQuery(url: URL, fallback: string): string {
  const value = url.searchParams.get("redirect");
  return value ? safeRedirectPath(value, fallback) : fallback;
}
