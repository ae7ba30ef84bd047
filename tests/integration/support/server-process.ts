import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./platform.ts";

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited (null if killed by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

/**
 * Starts `server/index.ts` as its own process, as `npm start` does (production build, fresh PGlite in a temporary
 * DATA_DIR unless `dataDir` is given), and waits for "Platform ready". For tests about the process itself:
 * that it survives hostile input, what it writes at start-up.
 */
export async function startServerProcess(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    keepDataDir?: boolean;
    /** node's arguments: server/index.ts unless told (scripts/start.mjs). */ args?: string[];
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "it-server-"));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The parent's secrets or test variables must not leak into a process that tests its own defaults.
    if (value !== undefined && !/^(APP_SECRET|PUSHER_|DATABASE_URL|REDIS_URL|BRAND_HOSTS|TRUST_PROXY|VITEST)/.test(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    SEED_DEMO: "never",
    LOG_LEVEL: "info",
    // As `npm start` does (scripts/start.mjs) when PAYMENT_PROVIDER is unset; "" unsets it.
    PAYMENT_PROVIDER: "sandbox",
    ...options.env,
  });
  const child = spawn(process.execPath, options.args ?? ["--import", "tsx", "server/index.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 180_000);
    const check = () => {
      const match = /Platform ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      if (/Platform ready on/.test(output)) return;
      // A start that failed leaves no temporary data directory behind.
      if (!options.keepDataDir && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    child,
    origin,
    dataDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.keepDataDir && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
