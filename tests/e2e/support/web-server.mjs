// Starts the real platform for the end-to-end tests: one production build, then the server on
// E2E_PORT (3100 by default) with a fresh embedded database in a temporary directory.
// DATABASE_URL, when the environment sets it (CI), switches the server to PostgreSQL instead.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");
const port = process.env.E2E_PORT ?? "3100";

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The port in the name: the tests find this server's mail files by it, even when two e2e runs go side by side.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-platform-${port}-`));
const server = spawn("npx", ["tsx", "server/index.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    DATA_DIR: dataDir,
    // tests/e2e/realtime.spec.ts publishes through the Pusher HTTP API with this secret.
    PUSHER_APP_SECRET: "e2e-pusher-secret-not-for-production",
    // Production names who takes card payments (server/env.ts): the journeys pay on the sandbox.
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || "sandbox",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Logins cost 16 times less CPU than production's scrypt (the demo's hash is made at this cost too).
    PASSWORD_HASH_COST: "1024",
    // Every shared part of a page is rendered again and compared with the kept one (ADR 0140).
    SHARED_FRAGMENTS: process.env.SHARED_FRAGMENTS ?? "check",
    REUSED_DOCUMENTS: process.env.REUSED_DOCUMENTS ?? "check",
  },
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? 1));
});
