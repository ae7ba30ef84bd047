/** The login hook of the shop: an anonymous cart (cart cookie) joins the user's cart, and the cookie goes. */
import type { Context } from "hono";
import type { BackEnv } from "../../context.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "../../http/cookies.ts";
import { isSecureRequest } from "../../http/session.ts";
import { CART_COOKIE, mergeAnonymousCart } from "./cart.service.ts";

/** Called when a session starts (login, account creation, connect link). A failure is logged, never blocks the login. */
export async function mergeCartAtLogin(c: Context<BackEnv>, userId: number): Promise<void> {
  const token = parseCookies(c.req.header("cookie"))[CART_COOKIE] ?? null;
  if (token === null) return;
  try {
    if (await mergeAnonymousCart(c.get("ctx"), userId, token)) {
      c.header("Set-Cookie", serializeCookie(CART_COOKIE, "", { httpOnly: true, sameSite: "Lax", secure: isSecureRequest(c), maxAge: 0 }), { append: true });
    }
  } catch (error) {
    c.get("logger").error({ err: error, userId }, "merging the anonymous cart at login failed");
  }
}
