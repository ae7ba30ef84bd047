import { Hono } from "hono";
import type { z } from "zod";
import { broadcastingEndpoints, ChannelAuthSchema } from "#core/contract/endpoints/broadcasting.ts";
import { authorizeChannel, ChannelAuthorizationError, parseAccountChannel, parseCartChannel, parseUserChannel } from "../../../realtime/index.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { ok, register } from "../../http/register.ts";
import { requireSession } from "../../http/guards.ts";
import { parseBody } from "../../http/validate.ts";
import { isActiveMember } from "../auth/auth.service.ts";
import { CART_COOKIE, ownsCartChannel } from "../shop/cart.service.ts";

export const broadcastingRoutes = new Hono<BackEnv>();

register(broadcastingRoutes, broadcastingEndpoints.auth, async (c) => {
  let input: z.infer<typeof ChannelAuthSchema>;
  try {
    input = await parseBody(c, ChannelAuthSchema);
  } catch (error) {
    // Guests are refused before their input is looked at, as before carts (only a cart channel admits them).
    if (!c.get("session")) requireSession(c);
    throw error;
  }
  const channel = input.channel_name;
  // A cart's channel is its owner's: the user whose cart it is, or the visitor holding the anonymous cart's cookie.
  const isCart = parseCartChannel(channel) !== null;
  const session = isCart ? c.get("session") : requireSession(c);
  const userId = parseUserChannel(channel);
  const accountId = parseAccountChannel(channel);
  let allowed = false;
  if (isCart) {
    const token = parseCookies(c.req.header("cookie"))[CART_COOKIE] ?? null;
    allowed = await ownsCartChannel(c.get("ctx"), session?.userId ?? null, token, channel);
  } else if (userId !== null) allowed = userId === String(session!.userId);
  else if (accountId !== null) allowed = /^\d+$/.test(accountId) && (await isActiveMember(c.get("ctx"), session!.userId, Number(accountId)));
  if (!allowed) throw new AppError("FORBIDDEN", "forbidden");
  const { env } = c.get("deps");
  try {
    return ok(authorizeChannel({ socketId: input.socket_id, channelName: channel, key: env.PUSHER_APP_KEY, secret: env.PUSHER_APP_SECRET }));
  } catch (error) {
    if (error instanceof ChannelAuthorizationError) throw new AppError("VALIDATION", "invalidInput", { fields: { socket_id: ["invalidType"] } });
    throw error;
  }
});
