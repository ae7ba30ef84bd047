// What the fault tests share: a cluster per file (scripts/lib/cluster.mjs), a database connection of the test's own to
// set up data and check what was written, agents through nginx, and the figures each test prints for the closing note.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { startCluster, type Cluster } from "../../scripts/lib/cluster.mjs";
import { Agent, type Reply } from "../integration/support/http.ts";
import type { Suite } from "../integration/support/setup.ts";

export type ClusterFixture = {
  cluster: Cluster;
  database: Database;
  db: Database["db"];
  /** What the integration helpers (agentFor) need of a suite: the database and agents, here through nginx. */
  suite: Suite;
};

/** Starts a cluster before the file's tests and stops it after them; `get()` is the running one. */
export function useCluster(options: Parameters<typeof startCluster>[0] = {}): { get(): ClusterFixture } {
  let fixture: ClusterFixture | null = null;
  beforeAll(async () => {
    const cluster = await startCluster({ instances: 2, ...options });
    // openDatabase's pool survives a PostgreSQL restart (its idle connections' errors are handled).
    const database = await openDatabase({ databaseUrl: cluster.env.DATABASE_URL });
    const suite = { db: database.db, agent: (headers: Record<string, string> = {}) => new Agent(cluster.url, headers) } as unknown as Suite;
    fixture = { cluster, database, db: database.db, suite };
  }, 400_000);
  afterAll(async () => {
    await fixture?.database.close().catch(() => {});
    await fixture?.cluster.stop();
  });
  return {
    get() {
      if (!fixture) throw new Error("the cluster did not start");
      return fixture;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request that may fail at the network level (a killed instance, nginx's 502): its reply, or the error's text. */
export type Outcome = { reply: Reply | null; error: string | null; ms: number };

/** Runs a request with a deadline: a reply after `timeoutMs` counts as a hang (the request is left to finish alone). */
export async function attempt(send: () => Promise<Reply>, timeoutMs = 20_000): Promise<Outcome> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs)));
  try {
    const reply = await Promise.race([send(), deadline]);
    return { reply, error: null, ms: Date.now() - started };
  } catch (error) {
    return { reply: null, error: error instanceof Error ? error.message : String(error), ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** A reply a client would try again: no reply at all, nginx's 502/504 (its instance was cut), or a 503. */
export const retriable = (outcome: Outcome) => outcome.reply === null || [502, 503, 504].includes(outcome.reply.status);

/** Prints a test's figures on one line, for the closing note (`npm run test:faults` shows them). */
export function printFigures(name: string, figures: Record<string, unknown>): void {
  console.log(
    `[faults] ${name}: ${Object.entries(figures)
      .map(([key, value]) => `${key}=${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
      .join(", ")}`,
  );
}
