export interface ClusterInstance {
  index: number;
  port: number;
  url: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  start(): Promise<void>;
  /** kill -9 */
  kill(): Promise<void>;
  stop(): Promise<void>;
}
export interface ClusterService {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}
export interface Cluster {
  dir: string;
  url: string;
  env: Record<string, string | undefined>;
  postgres: ClusterService & { restart(): Promise<void> };
  redis: ClusterService;
  nginx: ClusterService & { config: string };
  instances: ClusterInstance[];
  stop(): Promise<void>;
}
export declare function freePort(): Promise<number>;
export declare function healthStatus(port: number): Promise<number>;
export declare function startCluster(options?: { instances?: number; port?: number; env?: Record<string, string>; quiet?: boolean }): Promise<Cluster>;
