/** Presence channel_data validation and the presence frames (members snapshot, member_added, member_removed). */
import type { PresenceMembers } from "./hub.ts";
import { encodeProtocolEvent, isPlainObject } from "./protocol.ts";

export interface PresenceIdentity {
  userId: string;
  userInfoJson: string;
}

export type ChannelDataCheck = { ok: true; identity: PresenceIdentity } | { ok: false; problem: "missing" | "malformed" | "user-id" | "user-info-too-large" };

/** user_id may be a string or a number (compared as strings); user_info is optional. */
export function parseChannelData(channelData: unknown, limits: { maxUserIdLength: number; maxUserInfoBytes: number }): ChannelDataCheck {
  if (typeof channelData !== "string" || channelData.length === 0) return { ok: false, problem: "missing" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return { ok: false, problem: "malformed" };
  }
  if (!isPlainObject(parsed)) return { ok: false, problem: "malformed" };
  const rawUserId = parsed.user_id;
  const userId = typeof rawUserId === "string" ? rawUserId : typeof rawUserId === "number" && Number.isFinite(rawUserId) ? String(rawUserId) : null;
  if (userId === null || userId.length === 0 || userId.length > limits.maxUserIdLength) {
    return { ok: false, problem: "user-id" };
  }
  const userInfoJson = parsed.user_info === undefined ? "null" : JSON.stringify(parsed.user_info);
  if (Buffer.byteLength(userInfoJson, "utf8") > limits.maxUserInfoBytes) return { ok: false, problem: "user-info-too-large" };
  return { ok: true, identity: { userId, userInfoJson } };
}

export function encodePresenceSucceeded(channel: string, members: PresenceMembers): string {
  const ids = [...members.keys()];
  const hash: Record<string, unknown> = {};
  for (const [userId, userInfoJson] of members) hash[userId] = JSON.parse(userInfoJson);
  return encodeProtocolEvent("pusher_internal:subscription_succeeded", { presence: { ids, hash, count: ids.length } }, channel);
}

export function encodeMemberAdded(channel: string, identity: PresenceIdentity): string {
  return encodeProtocolEvent("pusher_internal:member_added", { user_id: identity.userId, user_info: JSON.parse(identity.userInfoJson) }, channel);
}

export function encodeMemberRemoved(channel: string, userId: string): string {
  return encodeProtocolEvent("pusher_internal:member_removed", { user_id: userId }, channel);
}

type MemberChange = { change: "added" | "removed"; userId: string } | null;

/** Frames are encoded once and shared by all subscribers, so parsing is cached per buffer. */
const memberChangeCache = new WeakMap<Buffer, MemberChange>();

function readMemberChange(frame: Buffer): MemberChange {
  const cached = memberChangeCache.get(frame);
  if (cached !== undefined) return cached;
  let change: MemberChange = null;
  if (frame.includes("pusher_internal:member_")) {
    try {
      const parsed = JSON.parse(frame.toString("utf8")) as { event?: unknown; data?: unknown };
      const data: unknown = typeof parsed.data === "string" ? JSON.parse(parsed.data) : null;
      if (isPlainObject(data) && typeof data.user_id === "string") {
        if (parsed.event === "pusher_internal:member_added") change = { change: "added", userId: data.user_id };
        if (parsed.event === "pusher_internal:member_removed") change = { change: "removed", userId: data.user_id };
      }
    } catch {
      change = null;
    }
  }
  memberChangeCache.set(frame, change);
  return change;
}

/**
 * Keeps a presence subscriber's view consistent with the snapshot it received: the snapshot and the member
 * announcements travel on different paths (a Redis reply vs. pub/sub), so an announcement may arrive that the
 * snapshot already reflects. Adding a known member or removing an unknown one is dropped; anything else is applied
 * to `known` and delivered. Frames that are not member changes always pass.
 */
export function acceptMemberChange(known: Set<string>, frame: Buffer): boolean {
  const change = readMemberChange(frame);
  if (change === null) return true;
  if (change.change === "added") {
    if (known.has(change.userId)) return false;
    known.add(change.userId);
    return true;
  }
  return known.delete(change.userId);
}
