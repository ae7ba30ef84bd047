/** pusher:subscribe / pusher:unsubscribe handling, including channel authorisation and presence bookkeeping. */
import { channelKind, checkChannelName, requiresAuthorization } from "./channels.ts";
import type { ClientConnection, Subscription } from "./connection.ts";
import type { RealtimeContext } from "./context.ts";
import type { PresenceMembers } from "./hub.ts";
import { decodeDataObject, encodeProtocolEvent, encodeSubscriptionError, type SubscriptionErrorDetails } from "./protocol.ts";
import { encodePresenceSucceeded, parseChannelData, type PresenceIdentity } from "./presence.ts";
import { verifyChannelAuth } from "./signatures.ts";

function rejectSubscription(connection: ClientConnection, channel: string, details: SubscriptionErrorDetails): void {
  connection.send(encodeSubscriptionError(channel, details));
}

const channelDataProblems = {
  missing: "Presence channels require channel_data",
  malformed: "channel_data must be a JSON object",
  "user-id": "channel_data.user_id must be a non-empty string of at most 128 characters",
  "user-info-too-large": "channel_data.user_info exceeds 1 KB",
} as const;

export async function subscribe(context: RealtimeContext, connection: ClientConnection, data: unknown): Promise<void> {
  const { config } = context;
  const payload = decodeDataObject(data);
  const channel = payload?.channel;
  if (payload === null || typeof channel !== "string" || channel.length === 0) {
    connection.sendError(null, "pusher:subscribe requires data.channel");
    return;
  }
  const nameCheck = checkChannelName(channel);
  if (!nameCheck.ok) {
    const tooLong = nameCheck.problem === "too-long";
    rejectSubscription(connection, channel, {
      type: tooLong ? "LimitReached" : "InvalidChannel",
      error: tooLong ? "Channel name exceeds 164 characters" : "Channel name contains characters outside [A-Za-z0-9_-=@,.;]",
      status: 4009,
    });
    return;
  }

  const existing = connection.subscriptions.get(channel);
  if (existing !== undefined) {
    await confirmExistingSubscription(context, connection, channel, existing);
    return;
  }
  if (connection.subscriptions.size >= config.limits.maxChannelsPerConnection) {
    rejectSubscription(connection, channel, {
      type: "LimitReached",
      error: `A connection may subscribe to at most ${config.limits.maxChannelsPerConnection} channels`,
      status: 4100,
    });
    return;
  }

  const kind = channelKind(channel);
  let identity: PresenceIdentity | undefined;
  if (requiresAuthorization(kind)) {
    const channelData = kind === "presence" ? payload.channel_data : undefined;
    if (kind === "presence") {
      const parsed = parseChannelData(channelData, config.limits);
      if (!parsed.ok) {
        const tooLarge = parsed.problem === "user-info-too-large";
        rejectSubscription(connection, channel, {
          type: tooLarge ? "LimitReached" : "AuthError",
          error: channelDataProblems[parsed.problem],
          status: tooLarge ? 4301 : 401,
        });
        return;
      }
      identity = parsed.identity;
    }
    const authorised = verifyChannelAuth({
      key: config.key,
      secret: config.secret,
      socketId: connection.socketId,
      channelName: channel,
      channelData: typeof channelData === "string" ? channelData : undefined,
      auth: payload.auth,
    });
    if (!authorised) {
      rejectSubscription(connection, channel, {
        type: "AuthError",
        error: `Invalid signature: expected HMAC-SHA256 of "${connection.socketId}:${channel}${kind === "presence" ? ":<channel_data>" : ""}"`,
        status: 401,
      });
      return;
    }
  }

  const subscription: Subscription = { kind, state: "pending", heldFrames: [], userId: identity?.userId, userInfoJson: identity?.userInfoJson };
  connection.subscriptions.set(channel, subscription);
  context.hub.add(channel, connection);
  context.cluster.reportLocalSubscriptionCount(channel, context.hub.subscriptionCount(channel));
  // Watch before reading presence state: frames published from now on are held, so nothing falls in between.
  await context.watchChannel(channel);

  if (identity === undefined) {
    connection.activate(channel, encodeProtocolEvent("pusher_internal:subscription_succeeded", {}, channel));
    return;
  }
  // The presence store announces member_added to the others itself, atomically with the change.
  const members = await addPresenceMember(context, connection, channel, identity);
  if (members !== null) connection.activate(channel, encodePresenceSucceeded(channel, members), members.keys());
}

async function addPresenceMember(
  context: RealtimeContext,
  connection: ClientConnection,
  channel: string,
  identity: PresenceIdentity,
): Promise<PresenceMembers | null> {
  const member = { socketId: connection.socketId, userId: identity.userId, userInfoJson: identity.userInfoJson };
  try {
    const result = await context.cluster.presence.add(channel, member, context.config.limits.maxPresenceMembers);
    if (result.status === "full") {
      dropLocalSubscription(context, connection, channel);
      rejectSubscription(connection, channel, {
        type: "LimitReached",
        error: `Presence channel is full (${context.config.limits.maxPresenceMembers} members)`,
        status: 4100,
      });
      return null;
    }
    return result.members;
  } catch (error) {
    context.config.logger.error({ err: error, channel }, "realtime: presence store unavailable");
    dropLocalSubscription(context, connection, channel);
    rejectSubscription(connection, channel, { type: "ServerError", error: "Presence is temporarily unavailable", status: 503 });
    return null;
  }
}

async function confirmExistingSubscription(context: RealtimeContext, connection: ClientConnection, channel: string, subscription: Subscription): Promise<void> {
  if (subscription.kind !== "presence") {
    connection.send(encodeProtocolEvent("pusher_internal:subscription_succeeded", {}, channel));
    return;
  }
  const members = await context.cluster.presence.members(channel);
  subscription.knownMembers = new Set(members.keys());
  connection.send(encodePresenceSucceeded(channel, members));
}

function dropLocalSubscription(context: RealtimeContext, connection: ClientConnection, channel: string): void {
  connection.subscriptions.delete(channel);
  const vacated = context.hub.remove(channel, connection.socketId);
  context.cluster.reportLocalSubscriptionCount(channel, context.hub.subscriptionCount(channel));
  if (vacated) context.releaseChannel(channel);
}

export async function unsubscribe(context: RealtimeContext, connection: ClientConnection, channel: string): Promise<void> {
  const subscription = connection.subscriptions.get(channel);
  if (subscription === undefined) return;
  dropLocalSubscription(context, connection, channel);
  if (subscription.kind !== "presence") return;
  try {
    // Announces member_removed itself when this was the user's last socket.
    await context.cluster.presence.remove(channel, connection.socketId);
  } catch (error) {
    context.config.logger.error({ err: error, channel }, "realtime: could not remove presence member");
  }
}

export function handleUnsubscribeFrame(context: RealtimeContext, connection: ClientConnection, data: unknown): Promise<void> | void {
  const channel = decodeDataObject(data)?.channel;
  if (typeof channel !== "string") {
    connection.sendError(null, "pusher:unsubscribe requires data.channel");
    return;
  }
  return unsubscribe(context, connection, channel);
}
