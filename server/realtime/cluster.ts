/**
 * What a realtime node needs from "the rest of the cluster". The single-process adapter answers everything from
 * the local hub; the Redis adapter (redis-adapter.ts) shares events, presence and channel counts between nodes.
 */
import { MemoryPresenceStore, type LocalHub, type PresenceMemberInput, type PresenceStore } from "./hub.ts";

export interface RemoteFrameHandler {
  /** A frame (JSON text) published by another node for `channel`, to deliver to local subscribers except `exceptSocketId`. */
  (channel: string, frame: string | Buffer, exceptSocketId: string | undefined): void;
}

/** One encoded event for one channel. */
export interface ChannelFrame {
  channel: string;
  frame: string;
}

/** This node's share of the cluster state, enough to rebuild it if the shared store lost it. */
export interface LocalClusterState {
  subscriptionCounts: Map<string, number>;
  presence: Array<{ channel: string; member: PresenceMemberInput }>;
}

export interface ClusterHandlers {
  /** Receives frames published by other nodes. */
  onRemoteFrame: RemoteFrameHandler;
  localState(): LocalClusterState;
}

export interface ClusterAdapter {
  readonly presence: PresenceStore;
  start(handlers: ClusterHandlers): Promise<void>;
  /** Resolves once frames published for `channel` by other nodes will reach this node. */
  watchChannel(channel: string): Promise<void>;
  unwatchChannel(channel: string): Promise<void>;
  /** Sends frames to the other nodes' subscribers, in one round trip (the caller has already delivered them locally). */
  publish(frames: ChannelFrame[], exceptSocketId?: string): Promise<void>;
  /** Records this node's current subscriber count for a channel (0 = none). */
  reportLocalSubscriptionCount(channel: string, count: number): void;
  /** Cluster-wide subscriber counts of occupied channels. */
  subscriptionCounts(): Promise<Map<string, number>>;
  subscriptionCount(channel: string): Promise<number>;
  close(): Promise<void>;
}

export class SingleNodeAdapter implements ClusterAdapter {
  readonly presence: PresenceStore;

  constructor(private readonly hub: LocalHub) {
    this.presence = new MemoryPresenceStore((channel, frame, exceptSocketId) => hub.deliver(channel, frame, exceptSocketId));
  }

  async start(): Promise<void> {}
  async watchChannel(): Promise<void> {}
  async unwatchChannel(): Promise<void> {}
  async publish(): Promise<void> {}
  reportLocalSubscriptionCount(): void {}

  async subscriptionCounts(): Promise<Map<string, number>> {
    return this.hub.subscriptionCounts();
  }

  async subscriptionCount(channel: string): Promise<number> {
    return this.hub.subscriptionCount(channel);
  }

  async close(): Promise<void> {}
}
