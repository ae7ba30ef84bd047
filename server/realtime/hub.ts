import { shareFrame, type SharedFrame } from "./frames.ts";
import { encodeMemberAdded, encodeMemberRemoved } from "./presence.ts";

/**
 * Node-local state: which local sockets are in which channel, and (without Redis) who is present in each presence
 * channel. Presence is tracked per user_id with a count of that user's sockets, so member_added/member_removed
 * fire on a user's first join and last leave only.
 */

export interface ChannelSubscriber {
  readonly socketId: string;
  /** Receives a frame, shared with the channel's other subscribers, for one of its channels. */
  deliver(channel: string, frame: SharedFrame): void;
}

export class LocalHub {
  private readonly channels = new Map<string, Map<string, ChannelSubscriber>>();

  /** @returns true when this is the first local subscriber of the channel. */
  add(channel: string, subscriber: ChannelSubscriber): boolean {
    let members = this.channels.get(channel);
    const firstLocal = members === undefined;
    if (members === undefined) {
      members = new Map();
      this.channels.set(channel, members);
    }
    members.set(subscriber.socketId, subscriber);
    return firstLocal;
  }

  /** @returns true when the channel has no local subscriber left. */
  remove(channel: string, socketId: string): boolean {
    const members = this.channels.get(channel);
    if (members === undefined || !members.delete(socketId)) return false;
    if (members.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  has(channel: string, socketId: string): boolean {
    return this.channels.get(channel)?.has(socketId) ?? false;
  }

  /** Encodes and frames once, writes to every local subscriber except `exceptSocketId`. */
  deliver(channel: string, frame: string | Buffer, exceptSocketId?: string): number {
    const members = this.channels.get(channel);
    if (members === undefined) return 0;
    const shared = shareFrame(frame);
    let delivered = 0;
    for (const [socketId, subscriber] of members) {
      if (socketId === exceptSocketId) continue;
      subscriber.deliver(channel, shared);
      delivered += 1;
    }
    return delivered;
  }

  subscriptionCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  subscriptionCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [channel, members] of this.channels) counts.set(channel, members.size);
    return counts;
  }

  channelCount(): number {
    return this.channels.size;
  }
}

export interface PresenceMemberInput {
  socketId: string;
  userId: string;
  /** user_info as JSON text (`null` when the auth endpoint sent none), relayed to other members as is. */
  userInfoJson: string;
}

/** user_id -> user_info JSON text, in join order. */
export type PresenceMembers = Map<string, string>;

export type PresenceAddResult =
  { status: "added"; firstForUser: boolean; members: PresenceMembers } | { status: "already-present"; members: PresenceMembers } | { status: "full" };

export interface PresenceRemoval {
  userId: string;
  lastForUser: boolean;
}

/**
 * Presence membership per user. `add` announces member_added (to everyone but the joining socket) when it is the
 * user's first socket, `remove` announces member_removed when it was the last one; announcing inside the store
 * keeps announcements in the same order as the changes, also across instances.
 */
export interface PresenceStore {
  add(channel: string, member: PresenceMemberInput, maxMembers: number): Promise<PresenceAddResult>;
  remove(channel: string, socketId: string): Promise<PresenceRemoval | null>;
  members(channel: string): Promise<PresenceMembers>;
  userCount(channel: string): Promise<number>;
}

interface PresenceUser {
  userInfoJson: string;
  sockets: Set<string>;
}

export type Announce = (channel: string, frame: string, exceptSocketId?: string) => void;

export class MemoryPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, { users: Map<string, PresenceUser>; socketToUser: Map<string, string> }>();

  constructor(private readonly announce: Announce) {}

  async add(channel: string, member: PresenceMemberInput, maxMembers: number): Promise<PresenceAddResult> {
    let state = this.channels.get(channel);
    if (state === undefined) {
      state = { users: new Map(), socketToUser: new Map() };
      this.channels.set(channel, state);
    }
    if (state.socketToUser.has(member.socketId)) return { status: "already-present", members: this.snapshot(state.users) };
    const existing = state.users.get(member.userId);
    if (existing === undefined && state.users.size >= maxMembers) {
      if (state.users.size === 0) this.channels.delete(channel);
      return { status: "full" };
    }
    state.socketToUser.set(member.socketId, member.userId);
    if (existing !== undefined) {
      existing.sockets.add(member.socketId);
      return { status: "added", firstForUser: false, members: this.snapshot(state.users) };
    }
    state.users.set(member.userId, { userInfoJson: member.userInfoJson, sockets: new Set([member.socketId]) });
    this.announce(channel, encodeMemberAdded(channel, member), member.socketId);
    return { status: "added", firstForUser: true, members: this.snapshot(state.users) };
  }

  async remove(channel: string, socketId: string): Promise<PresenceRemoval | null> {
    const state = this.channels.get(channel);
    const userId = state?.socketToUser.get(socketId);
    if (state === undefined || userId === undefined) return null;
    state.socketToUser.delete(socketId);
    const user = state.users.get(userId);
    user?.sockets.delete(socketId);
    const lastForUser = user === undefined || user.sockets.size === 0;
    if (lastForUser) {
      state.users.delete(userId);
      this.announce(channel, encodeMemberRemoved(channel, userId));
    }
    if (state.users.size === 0) this.channels.delete(channel);
    return { userId, lastForUser };
  }

  async members(channel: string): Promise<PresenceMembers> {
    const state = this.channels.get(channel);
    return state === undefined ? new Map() : this.snapshot(state.users);
  }

  async userCount(channel: string): Promise<number> {
    return this.channels.get(channel)?.users.size ?? 0;
  }

  private snapshot(users: Map<string, PresenceUser>): PresenceMembers {
    const members: PresenceMembers = new Map();
    for (const [userId, user] of users) members.set(userId, user.userInfoJson);
    return members;
  }
}
