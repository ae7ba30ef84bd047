// Minimal typing of the parts of autocannon the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; [key: string]: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Cycled in order on each connection. */
    requests?: { method?: string; path: string; body?: string; headers?: Record<string, string> }[];
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
