import { data } from "react-router";
import { getUser } from "./current-user.server";
import type { GuestPayload, UserPayload } from "#core/contract/user.ts";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import { matchPage } from "#core/page-links.ts";
import { pageDefinition } from "#core/pages.ts";
import { translationFilesFor } from "~/i18n/translation-files.server";
import { BackError, isBackUnavailable } from "./back.server";
import { readCookieConsent } from "./cookie-consent.server";
import { requestStateContext, serverConfigContext } from "./context";
import { webCsrf } from "./csrf.server";
import { readToast } from "./toast.server";
import { cartSummary } from "./shop-cart.server";
import { bellNotification } from "~/realtime/notification-store";
import type { RouterContextProvider } from "react-router";

export type CurrentUser = UserPayload | GuestPayload;

/**
 * The user as every page carries it in its route data: what the header, the user menu, the consent dialog and the
 * realtime island read, and what the area rules need (core/domain/permissions.ts). The rest of the profile (advisor,
 * preferences, product access...) is read by the loaders that show it, from the request's one user lookup.
 */
function pageUser(user: CurrentUser) {
  if (!user.loggedIn) return user;
  const { id, email, emailConfirmed, firstName, lastName, isAdmin, contractType, establishment, accounts, currentAccountId } = user;
  const { role, isReferent, isHolder, mustGiveConsent } = user;
  return {
    loggedIn: true as const,
    id,
    email,
    emailConfirmed,
    firstName,
    lastName,
    isAdmin,
    contractType,
    establishment,
    accounts,
    currentAccountId,
    role,
    isReferent,
    isHolder,
    mustGiveConsent,
  };
}

/** Everything the root needs for any page; the addresses of its namespaces' translation files come with it. */
export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const config = context.get(serverConfigContext);
  const { brand, locale, back } = context.get(requestStateContext);
  const url = new URL(request.url);
  const match = matchPage(url.pathname);

  const guestOnError =
    <T>(fallback: T) =>
    (error: unknown) => {
      if (error instanceof BackError || isBackUnavailable(error)) return fallback;
      throw error;
    };
  // Notifications only when a session cookie exists: guests cost one back call per page.
  const [user, notifications, cart] = await Promise.all([
    getUser(context),
    back.hasCookie("sid") ? back.call(platformEndpoints.notifications).catch(guestOnError(null)) : Promise.resolve(null),
    // The header's cart badge: in shop context only (guests with a cart cookie, shop customers).
    cartSummary(context),
  ]);

  const headers = new Headers();
  const { toast, clearCookie } = readToast(request);
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  const [csrfToken, csrfCookie] = await webCsrf(config.appSecret, config.secureCookies).commitToken(request);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);

  return data(
    {
      /** The brand's settings are static (core/branding/brands.ts, in the browser's shell): the page names it. */
      brandKey: brand.key,
      locale,
      user: pageUser(user),
      // The bell's fields only (title, body, link, read or not): no dates, which it does not show.
      notifications: user.loggedIn && notifications ? { unread: notifications.unread, notifications: notifications.notifications.map(bellNotification) } : null,
      cartCount: cart?.count ?? null,
      /** The live cart (private-cart.{id}): every tab of its owner follows it, a shop customer's or a guest's (cart cookie). */
      cartChannel: cart?.channel ?? null,
      toast,
      csrfToken,
      cookieConsent: readCookieConsent(request),
      /** The page's namespaces as cacheable files (decision 0128): the browser fetches them, the strings stay out of the page. */
      translations: translationFilesFor(locale, ["common", ...((match && pageDefinition(match.page.id)?.ns) ?? [])]),
      pageId: match?.page.id ?? null,
      origin: url.origin,
      /** BRAND_HOSTS, for the hreflang alternates of every page (app/lib/seo.ts). */
      brandHosts: config.brandHosts,
      buildId: config.buildId,
      // Guests get the websocket only to follow their cart: a guest without one costs nothing.
      realtime: user.loggedIn || cart?.channel ? config.realtime : null,
      isDevelopment: config.isDevelopment,
    },
    { headers },
  );
}
