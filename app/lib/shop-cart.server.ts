import type { RouterContextProvider } from "react-router";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import type { Cart } from "#core/contract/shop.ts";
import { canShop } from "#core/domain/permissions.ts";
import { BackError, isBackUnavailable } from "./back.server";
import { requestStateContext } from "./context";
import { getUser } from "./current-user.server";

type Context = Readonly<RouterContextProvider>;

/** One cart lookup per request: the root loader (header badge) and the page's loader share it. */
const cartOfRequest = new WeakMap<Context, Promise<Cart | null>>();

/**
 * The cart of a shop-context visitor (a guest with a cart cookie, or a shop customer); null elsewhere or when none.
 * `GET shop/cart` answers 403 to other logged-in users: it is never called for them. Asked once per request
 * (every loader of the request sees the same cart; a mutation redirects, so the next request asks again).
 */
export function loadCart(context: Context): Promise<Cart | null> {
  let pending = cartOfRequest.get(context);
  if (!pending) {
    pending = fetchCart(context);
    cartOfRequest.set(context, pending);
  }
  return pending;
}

async function fetchCart(context: Context): Promise<Cart | null> {
  const { back } = context.get(requestStateContext);
  const user = await getUser(context);
  if (!canShop(user)) return null;
  if (!user.loggedIn && !back.hasCookie("cart")) return null;
  try {
    return await back.call(shopEndpoints.cart);
  } catch (error) {
    // The header's badge: without the API (even a 503), no badge; the page itself says what failed.
    if (error instanceof BackError || isBackUnavailable(error)) return null;
    throw error;
  }
}

/**
 * The header badge and the live cart: the number of lines of the visitor's cart and its realtime channel; null
 * outside shop context (no call then).
 */
export async function cartSummary(context: Context): Promise<{ count: number; channel: string | null } | null> {
  const user = await getUser(context);
  if (!canShop(user)) return null;
  const cart = await loadCart(context);
  return { count: cart?.products.length ?? 0, channel: cart?.channel ?? null };
}
