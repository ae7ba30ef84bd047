import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { notFound, refuse } from "./errors.server";
import { canShop, isAdmin, isHolderOrReferent, mustChooseAccount, needsAccountChoice } from "#core/domain/permissions.ts";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import type { PageArea } from "#core/pages.ts";
import { matchPage, pageOnBrand } from "#core/page-links.ts";
import { requestStateContext } from "./context";
import { redirectWithToast } from "./toast.server";
import { serverT } from "./translate.server";
import { getUser, type LoggedInUser } from "./current-user.server";
import { currentPath, landingPath, loginPath, pathOf, safeRedirectQuery, withRedirect } from "./paths.server";

/**
 * The guards (spec section 6), as server middleware: the root's (authenticatedOnly brands), and one per area layout
 * (routes.ts nests each page under its area's, core/pages.ts `area`). Each reads the request's one user
 * (current-user.server.ts) and a named rule (core/domain/permissions.ts), then lets the request go on, redirects, or
 * refuses. Loaders and actions below an area never check again.
 */
type GuardArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

export { needsAccountChoice };

/** Pages reachable without login on an authenticatedOnly brand (and without an establishment). */
export const OPEN_PAGE_IDS = ["login", "forgot-password", "reset-password", "account-choice", "create-account", "edit-password"];

/** Logged in, with an establishment (unless `allowNoEstablishment`); otherwise login / account choice with `redirect`. */
async function requireUser({ url, context }: GuardArgs, options: { allowNoEstablishment?: boolean } = {}): Promise<LoggedInUser> {
  const user = await getUser(context);
  if (!user.loggedIn) {
    // A session cookie the API no longer knows: the session expired. The login says so (ADR 0110).
    if (context.get(requestStateContext).back.hasCookie("sid")) {
      throw redirectWithToast(loginPath(context, currentPath(url)), { type: "warning", message: serverT(context, "common")("errors.sessionExpiredMessage") });
    }
    throw redirect(loginPath(context, currentPath(url)));
  }
  if (!options.allowNoEstablishment && needsAccountChoice(user)) {
    // Keep the redirect query the visitor already had, else the page itself.
    const target = url.searchParams.get("redirect") ?? currentPath(url);
    throw redirect(withRedirect(pathOf(context, "account-choice"), safeRedirectPath(target, "/")));
  }
  return user;
}

/** `?token_reset=...` on a guest page goes to the reset page with that token. */
export function tokenResetRedirect({ url, context }: Pick<GuardArgs, "url" | "context">): void {
  const token = url.searchParams.get("token_reset");
  if (token) throw redirect(pathOf(context, "reset-password", { token }));
}

/** The rule of each area. */
const AREA_RULES: Record<PageArea, (args: GuardArgs) => Promise<void>> = {
  /** Guest pages (login, forgotten password): a logged-in visitor goes to the catalogue (or the `redirect`). */
  async guest(args) {
    tokenResetRedirect(args);
    const user = await getUser(args.context);
    if (user.loggedIn) throw redirect(safeRedirectQuery(args.url, landingPath(args.context)));
  },
  /** The profile pages: logged in, with a pharmacy. */
  async account(args) {
    await requireUser(args);
  },
  /** Account pages open without a pharmacy (choosing one, the password, writing to the advisor). */
  async "account-open"(args) {
    await requireUser(args, { allowNoEstablishment: true });
  },
  /** Learning: logged in, with a pharmacy. */
  async learn(args) {
    await requireUser(args);
  },
  /** Pharmacy management: a holder or a referent; others get a 403. */
  async pharmacy(args) {
    const user = await requireUser(args);
    if (!isHolderOrReferent(user)) await refuse(403, args);
  },
  /** Administration: an admin (no pharmacy needed); a logged-in non-admin gets a 403. */
  async admin(args) {
    const user = await requireUser(args, { allowNoEstablishment: true });
    if (!isAdmin(user)) await refuse(403, args);
  },
  /** The shop: guests and shop customers; others go to the catalogue (or home). */
  async shop(args) {
    const user = await getUser(args.context);
    if (!canShop(user)) throw redirect(landingPath(args.context));
  },
};

/** The middleware of an area's layout. */
export function areaMiddleware(area: PageArea): MiddlewareFunction<Response> {
  return async ({ request, url, context }, next) => {
    await AREA_RULES[area]({ request, url, context });
    return next();
  };
}

/**
 * The authenticatedOnly brand rule as a root server middleware: on such a brand a guest is sent
 * to login (with the original path as `redirect`) from every page but the open ones.
 * Technical routes (locale, cookie consent, manifest) and the other-platform arrival pass.
 */
export const authenticatedOnlyMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
  const { brand } = context.get(requestStateContext);
  if (!brand.authenticatedOnly) return next();
  const match = matchPage(url.pathname);
  if (!match) return next();
  // Cookie policies stay readable: a guest must be able to read them before consenting.
  const open = [...OPEN_PAGE_IDS, "connect-as", "consent", "logout", "cookie-policy", "cookies-policy-link"];
  if (open.includes(match.page.id)) return next();
  const user = await getUser(context);
  if (user.loggedIn) return next();
  throw redirect(loginPath(context, currentPath(url)));
};

/**
 * The pages outside the guarded areas whose content depends on the pharmacy in use (what the user may follow, their
 * enrolments): a user with several pharmacies and none in use is asked to choose first (issue 29, ADR 0113). Reading
 * pages (news, FAQ, contact...) stay open.
 */
export const CHOICE_FIRST_PAGE_IDS = ["home", "catalogue", "search", "search-form", "training"];

/**
 * Root server middleware: on those pages (a page view, GET), a user who must choose an account goes to the account
 * choice, with the page as `redirect`. Guests with no session cookie cost nothing.
 */
export const accountChoiceMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const match = matchPage(url.pathname);
  if (!match || !CHOICE_FIRST_PAGE_IDS.includes(match.page.id)) return next();
  if (!context.get(requestStateContext).back.hasCookie("sid")) return next();
  if (!mustChooseAccount(await getUser(context))) return next();
  throw redirect(withRedirect(pathOf(context, "account-choice"), currentPath(url)));
};

/**
 * The layouts' loader: a country page (core/pages.ts `brands`) on another brand is a 404. A loader
 * rather than a middleware, so that the 404 shows in that brand's chrome (the root loader has run).
 */
export function requirePageOnBrand({ url, context }: Pick<GuardArgs, "url" | "context">): null {
  const match = matchPage(url.pathname);
  if (match && !pageOnBrand(match.page, context.get(requestStateContext).brand.key)) {
    notFound(url.pathname);
  }
  return null;
}
