// Shared helpers for the npm scripts: is the production build present and newer than its sources?
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BUILD_MARKER = path.join(ROOT, "build", "server", "index.js");
/**
 * What `react-router build` reads: the app, the code and texts it imports from core/ and locales/, public files and
 * the build configuration (with the shell chunk's grouping, ADR 0092).
 */
const SOURCES = [
  "app",
  "core",
  "locales",
  "public",
  "vite.config.ts",
  "scripts/lib/shell-chunk.ts",
  "scripts/lib/precompress-assets.ts",
  "react-router.config.ts",
  "package-lock.json",
  "tsconfig.json",
];

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Why a build is needed, or null when build/ is up to date. */
export function buildStaleReason() {
  if (!fs.existsSync(BUILD_MARKER) || !fs.existsSync(path.join(ROOT, "build", "client"))) return "no build found";
  const built = fs.statSync(BUILD_MARKER).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(path.join(ROOT, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Runs a command with inherited output; resolves to its exit code (1 if it could not start). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("error", (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds when build/ is missing or older than the sources; returns false if the build failed. */
export async function ensureBuild({ quiet = false } = {}) {
  const reason = buildStaleReason();
  if (!reason) return true;
  if (!quiet) console.log(`[build] ${reason}: running react-router build`);
  const code = await run(process.execPath, [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (code === 0) {
    // Touch the marker so a build that left it untouched still counts as fresh.
    const now = new Date();
    fs.utimesSync(BUILD_MARKER, now, now);
  }
  return code === 0;
}
