import type { ClusterAdapter } from "./cluster.ts";
import type { ResolvedRealtimeConfig } from "./config.ts";
import type { LocalHub } from "./hub.ts";

/** What the subscription and client-event handlers need from the running node. */
export interface RealtimeContext {
  readonly config: ResolvedRealtimeConfig;
  readonly hub: LocalHub;
  readonly cluster: ClusterAdapter;
  /** Makes sure frames for `channel` from other nodes arrive here; resolves when they will (or after a bounded wait). */
  watchChannel(channel: string): Promise<void>;
  /** Called when the last local subscriber left `channel`. */
  releaseChannel(channel: string): void;
  /** Delivers to local subscribers and publishes to the other nodes. */
  broadcastFrame(channel: string, frame: string, exceptSocketId?: string): Promise<void>;
}
