// `npm run bench`: load-tests the real production server on loopback and prints ratios to a
// static-file baseline served by the same process, plus the home page's first-load JavaScript.
//   BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 32),
//   BENCH_REALTIME=1 then runs tests/bench/realtime.ts (it starts its own servers) when it exists.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { ensureBuild, ROOT } from "../../scripts/lib/build.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const HEADERS = { "accept-encoding": "gzip", "accept-language": "fr-FR,fr;q=0.9" };

function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) throw new Error(`benchmarks only target loopback, not ${host}`);
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "index.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      PGLITE_DIR: path.join(dataDir, "pglite"),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BACK_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Platform ready on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace("//localhost:", "//127.0.0.1:"));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, url };
}

async function load(url: string): Promise<Result> {
  assertLoopback(url);
  if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers: HEADERS });
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS });
}

/** Same-origin JavaScript the home page loads at once: modulepreload links, module scripts, inline imports. */
function firstLoadScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi)) {
    const href = match[0].match(/href=["']([^"']+)["']/i)?.[1];
    if (href) found.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) found.add(match[1]);
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const imported of match[1].matchAll(/import\s*(?:\(\s*)?["']([^"']+\.js)["']/g)) found.add(imported[1]);
  }
  return [...found].filter((src) => src.startsWith("/") && !src.startsWith("//"));
}

async function javascriptWeight(origin: string, html: string) {
  let raw = 0;
  let gzipped = 0;
  const scripts = firstLoadScripts(html);
  for (const src of scripts) {
    const response = await fetch(origin + src);
    if (!response.ok) throw new Error(`${src}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join("\n");
  return { files: scripts.length, raw, gzipped, inlineGzipped: inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0 };
}

function fmt(n: number, digits = 0) {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const staticName = `bench-static-${randomBytes(4).toString("hex")}.html`;
  const staticPath = path.join(ROOT, "build", "client", staticName);
  let server: { child: ChildProcess; url: string } | null = null;
  try {
    const started = performance.now();
    server = await startServer(dataDir);
    const origin = server.url.replace(/\/+$/, "");
    assertLoopback(origin);
    console.log(`server ready on ${origin} in ${fmt((performance.now() - started) / 1000, 1)} s (fresh PGlite, demo seed)`);

    const home = await fetch(`${origin}/`, { headers: { "accept-language": HEADERS["accept-language"] } });
    const html = await home.text();
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    // The static baseline: an HTML file of the home page's size, served by the same Express static handler.
    fs.writeFileSync(staticPath, html);

    const targets = [
      { name: "static HTML (same size)", url: `${origin}/${staticName}` },
      { name: "home page / (SSR)", url: `${origin}/` },
      { name: "GET /back/api/user (guest)", url: `${origin}/back/api/user` },
    ];
    const results: { name: string; result: Result }[] = [];
    for (const target of targets) {
      process.stdout.write(`measuring ${target.name} (${WARMUP} s warm-up + ${DURATION} s, ${CONNECTIONS} connections)...\n`);
      results.push({ name: target.name, result: await load(target.url) });
    }
    const base = results[0].result;
    const weight = await javascriptWeight(origin, html);

    const rows = results.map(({ name, result }) => [
      name,
      fmt(result.requests.average),
      fmt(result.latency.p50, 1),
      fmt(result.latency.p99, 1),
      (result.requests.average / base.requests.average).toFixed(2),
      (result.latency.p50 / Math.max(base.latency.p50, 0.001)).toFixed(1),
      (result.latency.p99 / Math.max(base.latency.p99, 0.001)).toFixed(1),
      String(result.non2xx + result.errors + result.timeouts),
    ]);
    const header = ["target", "req/s", "p50 ms", "p99 ms", "req/s ÷ static", "p50 × static", "p99 × static", "errors"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
    console.log(`\nHTTP (${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, gzip accepted; home page ${fmt(html.length)} bytes of HTML)`);
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(line(row));
    console.log(
      `\nhome page first-load JavaScript: ${weight.files} files, ${fmt(weight.raw / 1024, 1)} KB raw, ` +
        `${fmt(weight.gzipped / 1024, 1)} KB gzip -9 (+ ${fmt(weight.inlineGzipped / 1024, 1)} KB inline scripts); budget 150 KB`,
    );
    console.log(`machine: ${os.cpus().length} cores, Node ${process.version}; client and server share the machine`);

  } finally {
    fs.rmSync(staticPath, { force: true });
    if (server) {
      const { child } = server;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** tests/bench/realtime.ts starts its own servers: it runs after the HTTP server above has stopped. */
async function realtimeBench() {
  const realtime = path.join(ROOT, "tests", "bench", "realtime.ts");
  if (process.env.BENCH_REALTIME !== "1" || !fs.existsSync(realtime)) return;
  console.log("\nrealtime benchmark (tests/bench/realtime.ts)");
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", realtime], { cwd: ROOT, stdio: "inherit" });
    child.on("exit", (c) => resolve(c ?? 1));
  });
  if (code !== 0) process.exitCode = code;
}

main()
  .then(realtimeBench)
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
