#!/usr/bin/env node
// `npm start`: build when needed, then run the platform in production mode.
// Migrations and the demo seed (when the embedded database is empty) run at start-up in server/platform.ts.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild, ROOT } from "./lib/build.mjs";

if (!(await ensureBuild())) {
  console.error("The build failed: the platform was not started.");
  process.exit(1);
}

// Production must name who takes card payments (server/env.ts, ADR 0100). The demo on a fresh machine names the
// built-in sandbox, and says so.
const env = { ...process.env, NODE_ENV: "production" };
if (!env.PAYMENT_PROVIDER) {
  env.PAYMENT_PROVIDER = "sandbox";
  console.log(
    "PAYMENT_PROVIDER is not set: the demo takes card payments on the built-in sandbox (test cards, no money taken). Set PAYMENT_PROVIDER=systempay with SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY for real payments.",
  );
}

const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "index.ts")], { cwd: ROOT, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
