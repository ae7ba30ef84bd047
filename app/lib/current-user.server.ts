import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "./root-data.server";
import { BackError, isBackUnavailable } from "./back.server";
import { unavailablePage } from "./errors.server";
import { requestStateContext } from "./context";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";

export type AnyUser = CurrentUser;
export type LoggedInUser = Extract<CurrentUser, { loggedIn: true }>;
type GuestPayload = Extract<CurrentUser, { loggedIn: false }>;

/** The current user of the request, asked of the back API once (the first to need it asks; the others wait for it). */
const currentUserContext = createContext<{ get(): Promise<AnyUser> }>();

/** Root server middleware: gives the request its one lazy user lookup. */
export const currentUserMiddleware: MiddlewareFunction<Response> = ({ request, url, context }, next) => {
  const { back } = context.get(requestStateContext);
  let pending: Promise<AnyUser> | null = null;
  context.set(currentUserContext, {
    get() {
      pending ??= back.call(platformEndpoints.currentUser).catch(async (error: unknown) => {
        // Any API error (session gone...) is a guest.
        if (error instanceof BackError) return { loggedIn: false } as GuestPayload;
        if (isBackUnavailable(error)) {
          // The API cannot tell who this is now (its database is out of reach): not a guest to send to the login, a
          // 503 page in the site's layout, its root data read as a guest's (ADR 0122).
          pending = Promise.resolve({ loggedIn: false } as GuestPayload);
          await unavailablePage(error, { request, url, context });
        }
        throw error;
      });
      return pending;
    },
  });
  return next();
};

/** The current user (a guest on any API error); one back call per request whoever asks. */
export function getUser(context: Readonly<RouterContextProvider>): Promise<AnyUser> {
  return context.get(currentUserContext).get();
}

/** The current user in an area whose middleware already required a login. */
export async function getLoggedInUser(context: Readonly<RouterContextProvider>): Promise<LoggedInUser> {
  const user = await getUser(context);
  if (!user.loggedIn) throw new Error("getLoggedInUser outside a logged-in area");
  return user;
}
