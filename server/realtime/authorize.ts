/**
 * Channel authorisation for the back API's `POST /back/api/broadcasting/auth`: the caller decides whether the
 * user may join; this builds the body pusher-js expects (`{auth}` plus `channel_data` for presence).
 */
import { channelKind, checkChannelName } from "./channels.ts";
import { Limits } from "./protocol.ts";
import { signChannelAuth } from "./signatures.ts";
import { isValidSocketId } from "./socket-id.ts";

export interface PresenceData {
  user_id: string | number;
  user_info?: Record<string, unknown>;
}

export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
}

export class ChannelAuthorizationError extends Error {
  /** 400: the request itself is malformed (the back API should answer 422 or 403 as it sees fit). */
  readonly status = 400;
}

export function authorizeChannel(input: {
  socketId: string;
  channelName: string;
  key: string;
  secret: string;
  presenceData?: PresenceData;
}): ChannelAuthorization {
  const { socketId, channelName, key, secret, presenceData } = input;
  if (!isValidSocketId(socketId)) throw new ChannelAuthorizationError("Invalid socket id");
  const nameCheck = checkChannelName(channelName);
  if (!nameCheck.ok) throw new ChannelAuthorizationError(`Invalid channel name (${nameCheck.problem})`);
  const kind = channelKind(channelName);
  if (kind !== "presence") return { auth: signChannelAuth({ key, secret, socketId, channelName }) };

  if (presenceData === undefined) throw new ChannelAuthorizationError("Presence channels require presenceData");
  const userId = String(presenceData.user_id);
  if (userId.length === 0 || userId.length > Limits.maxUserIdLength) throw new ChannelAuthorizationError("Invalid user_id");
  // pusher-php-server sends user_id as a string and omits an absent user_info; do the same.
  const channelData = JSON.stringify(presenceData.user_info === undefined ? { user_id: userId } : { user_id: userId, user_info: presenceData.user_info });
  if (presenceData.user_info !== undefined && Buffer.byteLength(JSON.stringify(presenceData.user_info)) > Limits.maxUserInfoBytes) {
    throw new ChannelAuthorizationError("user_info exceeds 1 KB");
  }
  return { auth: signChannelAuth({ key, secret, socketId, channelName, channelData }), channel_data: channelData };
}
