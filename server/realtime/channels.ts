/** Channel name rules and channel kinds (prefixes are matched anchored, including the dash). */

export type ChannelKind = "public" | "private" | "private-encrypted" | "presence";

/** Pusher's documented limit, applied to subscriptions. */
export const MAX_CHANNEL_NAME_LENGTH = 164;
/** pusher-http-node accepts up to 200 characters, so the HTTP API does too. */
export const MAX_API_CHANNEL_NAME_LENGTH = 200;

const CHANNEL_NAME_CHARSET = /^[A-Za-z0-9_\-=@,.;]+$/;

export function channelKind(name: string): ChannelKind {
  if (name.startsWith("presence-")) return "presence";
  if (name.startsWith("private-encrypted-")) return "private-encrypted";
  if (name.startsWith("private-")) return "private";
  return "public";
}

export function requiresAuthorization(kind: ChannelKind): boolean {
  return kind !== "public";
}

/** Pusher allows client events on private and presence channels only; pusher-js refuses them on encrypted ones. */
export function allowsClientEvents(kind: ChannelKind): boolean {
  return kind === "private" || kind === "presence";
}

export type ChannelNameCheck = { ok: true } | { ok: false; problem: "empty" | "too-long" | "invalid-characters" };

export function checkChannelName(name: unknown, maxLength = MAX_CHANNEL_NAME_LENGTH): ChannelNameCheck {
  if (typeof name !== "string" || name.length === 0) return { ok: false, problem: "empty" };
  if (name.length > maxLength) return { ok: false, problem: "too-long" };
  if (!CHANNEL_NAME_CHARSET.test(name)) return { ok: false, problem: "invalid-characters" };
  return { ok: true };
}

export function isClientEventName(event: string): boolean {
  return event.startsWith("client-") && event.length > "client-".length;
}
