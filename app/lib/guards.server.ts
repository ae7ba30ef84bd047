import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { GuestPayload, UserPayload } from "../../server/back/modules/user/user.service";
import { canAccessPharmacyManagement, isShopContext } from "#core/domain/user-state.ts";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { pathLangOf, type PathLang } from "#core/locales.ts";
import { findPage, matchPage, pageOnBrand, pagePath } from "#core/pages.ts";
import { BackError } from "./back.server";
import { requestStateContext } from "./context";

/**
 * Route guards (spec section 6). Each takes the loader/action args (`url` is the normalised
 * URL: no `.data` suffix, no `_routes` param) and either returns the user or throws a redirect.
 */
type GuardArgs = { url: URL; context: Readonly<RouterContextProvider> };

export type LoggedInUser = UserPayload;
export type AnyUser = UserPayload | GuestPayload;

/** Pages reachable without login on an authenticatedOnly brand (and without an establishment). */
export const OPEN_PAGE_IDS = ["login", "forgot-password", "reset-password", "account-choice", "create-account", "edit-password"];

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

/** The current user from the back API (guest on any API error). */
export async function getUser(context: Readonly<RouterContextProvider>): Promise<AnyUser> {
  const { back } = context.get(requestStateContext);
  try {
    return await back.get<AnyUser>("/user");
  } catch (error) {
    if (error instanceof BackError) return { loggedIn: false };
    throw error;
  }
}

/**
 * A logged-in user without establishment must choose an account first; admins and shop customers
 * (a personal shop contract, no pharmacy: ADR 0021) act on their own and never do.
 */
export function needsAccountChoice(user: UserPayload): boolean {
  return user.establishment === null && !user.isAdmin && !isShopContext({ loggedIn: true, contractType: user.contractType });
}

/** auth guard: logged in, with an establishment; otherwise login / account choice with `redirect`. */
export async function requireUser({ url, context }: GuardArgs, options: { allowNoEstablishment?: boolean } = {}): Promise<LoggedInUser> {
  const user = await getUser(context);
  if (!user.loggedIn) throw redirect(loginPath(context, currentPath(url)));
  if (!options.allowNoEstablishment && needsAccountChoice(user)) {
    // Keep the redirect query the visitor already had, else the page itself.
    const target = url.searchParams.get("redirect") ?? currentPath(url);
    throw redirect(withRedirect(pathOf(context, "account-choice"), safeRedirectPath(target, "/")));
  }
  return user;
}

/** admin-auth guard (with auth). A logged-in non-admin gets a 403. */
export async function requireAdmin(args: GuardArgs): Promise<LoggedInUser> {
  const user = await requireUser(args, { allowNoEstablishment: true });
  if (!user.isAdmin) throw new Response("Forbidden", { status: 403 });
  return user;
}

/** `?token_reset=...` on a guest page goes to the reset page with that token. */
export function tokenResetRedirect({ url, context }: GuardArgs): void {
  const token = url.searchParams.get("token_reset");
  if (token) throw redirect(pathOf(context, "reset-password", { token }));
}

/** guest guard: a logged-in visitor goes to the catalogue (or home). Also handles token_reset. */
export async function requireGuest(args: GuardArgs): Promise<GuestPayload> {
  tokenResetRedirect(args);
  const user = await getUser(args.context);
  if (user.loggedIn) throw redirect(safeRedirectQuery(args.url, landingPath(args.context)));
  return user;
}

/** shopping guard: guests and shop-contract users. Others go to the catalogue (or home). */
export async function requireShopping({ url, context }: GuardArgs): Promise<AnyUser> {
  const user = await getUser(context);
  const shop = isShopContext({ loggedIn: user.loggedIn, contractType: user.loggedIn ? user.contractType : null });
  if (!shop) throw redirect(landingPath(context));
  void url;
  return user;
}

/** Pharmacy management: login and a holder or referent role; others get a 403. */
export async function requireHolderOrReferent(args: GuardArgs): Promise<LoggedInUser> {
  const user = await requireUser(args);
  const roles = [user.role, user.isHolder ? "holder" : null, user.isReferent ? "referent" : null].filter((r): r is string => Boolean(r));
  if (!canAccessPharmacyManagement({ loggedIn: true, roles })) throw new Response("Forbidden", { status: 403 });
  return user;
}

/**
 * The authenticatedOnly brand rule as a root server middleware: on such a brand a guest is sent
 * to login (with the original path as `redirect`) from every page but the open ones.
 * Technical routes (locale, cookie consent, manifest) and the other-platform arrival pass.
 */
export const authenticatedOnlyMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
  const { brand, back } = context.get(requestStateContext);
  if (!brand.authenticatedOnly) return next();
  const match = matchPage(url.pathname);
  if (!match) return next();
  // Cookie policies stay readable: a guest must be able to read them before consenting.
  const open = [...OPEN_PAGE_IDS, "connect-as", "consent", "logout", "cookie-policy", "cookies-policy-link"];
  if (open.includes(match.page.id)) return next();
  const logged = await back.get<{ loggedIn: boolean }>("/user/isLogged").catch(() => ({ loggedIn: false }));
  if (logged.loggedIn) return next();
  throw redirect(loginPath(context, currentPath(url)));
};

/**
 * The layouts' loader: a country page (app/i18n/pages.ts `brands`) on another brand is a 404. A loader
 * rather than a middleware, so that the 404 shows in that brand's chrome (the root loader has run).
 */
export function requirePageOnBrand({ url, context }: GuardArgs): null {
  const match = matchPage(url.pathname);
  if (match && !pageOnBrand(match.page, context.get(requestStateContext).brand.key)) {
    throw data(`Page not found: ${url.pathname}`, { status: 404 });
  }
  return null;
}

export { serverT } from "./translate.server";
