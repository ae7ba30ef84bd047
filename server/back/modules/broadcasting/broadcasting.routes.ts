import { Hono } from "hono";
import { z } from "zod";
import {
  authorizeChannel,
  ChannelAuthorizationError,
  parseAccountChannel,
  parseCartChannel,
  parseUserChannel,
} from "../../../realtime/index.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireSession } from "../../http/guards.ts";
import { parseBody } from "../../http/validate.ts";
import { isActiveMember } from "../auth/auth.service.ts";

export const broadcastingRoutes = new Hono<BackEnv>();

const ChannelAuthSchema = z.object({
  socket_id: z.string().min(3).max(50),
  channel_name: z.string().min(1).max(200),
});

/**
 * Pusher channel authorisation (form fields socket_id, channel_name). The signed `auth`
 * is in the envelope's data; the page island unwraps it for pusher-js.
 */
broadcastingRoutes.post("/broadcasting/auth", async (c) => {
  const session = requireSession(c);
  const input = await parseBody(c, ChannelAuthSchema);
  const channel = input.channel_name;
  const userId = parseUserChannel(channel);
  const accountId = parseAccountChannel(channel);
  let allowed = false;
  if (userId !== null) allowed = userId === String(session.userId);
  else if (accountId !== null) allowed = /^\d+$/.test(accountId) && (await isActiveMember(c.var.deps.db, session.userId, Number(accountId)));
  else if (parseCartChannel(channel) !== null) allowed = false; // carts arrive with the shop: no owner can be proven yet
  if (!allowed) throw new AppError("FORBIDDEN", "forbidden");
  const { env } = c.var.deps;
  try {
    return success(c, authorizeChannel({ socketId: input.socket_id, channelName: channel, key: env.PUSHER_APP_KEY, secret: env.PUSHER_APP_SECRET }));
  } catch (error) {
    if (error instanceof ChannelAuthorizationError) throw new AppError("VALIDATION", "invalidInput", { fields: { socket_id: ["invalidType"] } });
    throw error;
  }
});
