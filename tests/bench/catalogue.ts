// Catalogue benchmark. `benchCatalogue(baseUrl)` load-tests, on a server whose database was seeded with
// seedBench(db, { trainings: 5000 }), the catalogue page (SSR), the catalogue API, a search and a course
// page with autocannon (32 connections, 10 s after a 2 s warm-up by default), and weighs the first-load
// JavaScript of the catalogue and course pages. Run directly (`npx tsx tests/bench/catalogue.ts`) it
// seeds a fresh embedded database (demo + 5,000 trainings), starts the production server and prints the
// figures. BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS override the defaults.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";

export type LoadFigures = {
  name: string;
  url: string;
  /** Average requests per second over the measured period. */
  requestsPerSecond: number;
  /** Latency percentiles, in milliseconds. */
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts. */
  errors: number;
};

export type JavaScriptWeight = { url: string; files: number; rawBytes: number; gzippedBytes: number };

export type CatalogueBenchResult = {
  /** GET /catalogue (SSR, guest). */
  page: LoadFigures;
  /** GET /back/api/catalogue (first page, default sort). */
  api: LoadFigures;
  /** GET /back/api/catalogue/search?q=... */
  search: LoadFigures;
  /** GET /{type}/{slug} of one bench training (SSR). */
  course: LoadFigures | null;
  javascript: { catalogue: JavaScriptWeight; course: JavaScriptWeight | null };
};

export type BenchOptions = {
  duration?: number;
  warmup?: number;
  connections?: number;
  /** Called before each measurement (progress output). */
  onProgress?: (message: string) => void;
};

const HEADERS = { "accept-encoding": "gzip", "accept-language": "fr-FR,fr;q=0.9" };

function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) throw new Error(`benchmarks only target loopback, not ${host}`);
}

async function measure(name: string, url: string, options: Required<Omit<BenchOptions, "onProgress">> & Pick<BenchOptions, "onProgress">): Promise<LoadFigures> {
  assertLoopback(url);
  options.onProgress?.(`measuring ${name} (${options.warmup} s warm-up + ${options.duration} s, ${options.connections} connections)`);
  if (options.warmup > 0) await autocannon({ url, connections: options.connections, duration: options.warmup, headers: HEADERS });
  const result: Result = await autocannon({ url, connections: options.connections, duration: options.duration, headers: HEADERS });
  return {
    name,
    url,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Same-origin scripts a page loads at once: modulepreload links, module scripts, inline imports. */
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

export async function javascriptWeight(url: string): Promise<JavaScriptWeight> {
  const origin = new URL(url).origin;
  const response = await fetch(url, { headers: { "accept-language": HEADERS["accept-language"] } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const html = await response.text();
  let rawBytes = 0;
  let gzippedBytes = 0;
  const scripts = firstLoadScripts(html);
  for (const src of scripts) {
    const script = await fetch(origin + src);
    if (!script.ok) throw new Error(`${src}: HTTP ${script.status}`);
    const bytes = Buffer.from(await script.arrayBuffer());
    rawBytes += bytes.length;
    gzippedBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { url, files: scripts.length, rawBytes, gzippedBytes };
}

/** The course page of the newest training in the catalogue (null when the catalogue is empty). */
async function firstCoursePath(base: string): Promise<string | null> {
  const response = await fetch(`${base}/back/api/catalogue?pageSize=1`, { headers: { "accept-language": "fr-FR" } });
  const body = (await response.json()) as { data?: { items?: { type: string; slug: string }[] } };
  const first = body.data?.items?.[0];
  return first ? `/${first.type}/${first.slug}` : null;
}

/**
 * Measures the catalogue page and API (and a search and a course page) of a running server.
 * `baseUrl` is its origin on loopback, e.g. http://127.0.0.1:3000 (the default brand, fr).
 */
export async function benchCatalogue(baseUrl: string, options: BenchOptions = {}): Promise<CatalogueBenchResult> {
  const base = baseUrl.replace(/\/+$/, "");
  assertLoopback(base);
  const settings = {
    duration: options.duration ?? Number(process.env.BENCH_DURATION ?? 10),
    warmup: options.warmup ?? Number(process.env.BENCH_WARMUP ?? 2),
    connections: options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 32),
    onProgress: options.onProgress,
  };
  const coursePath = await firstCoursePath(base);
  const api = await measure("GET /back/api/catalogue", `${base}/back/api/catalogue`, settings);
  const page = await measure("GET /catalogue (SSR)", `${base}/catalogue`, settings);
  const search = await measure("GET /back/api/catalogue/search?q=douleur", `${base}/back/api/catalogue/search?q=douleur`, settings);
  const course = coursePath ? await measure(`GET ${coursePath} (SSR)`, `${base}${coursePath}`, settings) : null;
  return {
    page,
    api,
    search,
    course,
    javascript: {
      catalogue: await javascriptWeight(`${base}/catalogue`),
      course: coursePath ? await javascriptWeight(`${base}${coursePath}`) : null,
    },
  };
}

export function formatCatalogueBench(result: CatalogueBenchResult): string {
  const rows = [result.api, result.page, result.search, result.course].filter((row): row is LoadFigures => row !== null);
  const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors"];
  const cells = rows.map((row) => [row.name, fmt(row.requestsPerSecond), fmt(row.p50, 1), fmt(row.p99, 1), String(row.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  const js = (weight: JavaScriptWeight | null, label: string) =>
    weight ? `${label} first-load JavaScript: ${weight.files} files, ${fmt(weight.rawBytes / 1024, 1)} KB raw, ${fmt(weight.gzippedBytes / 1024, 1)} KB gzip -9 (budget 150 KB)` : "";
  return [
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.map(line),
    "",
    js(result.javascript.catalogue, "catalogue page"),
    js(result.javascript.course, "course page"),
  ].join("\n");
}

// ---------------------------------------------------------------- standalone run

const ROOT = path.resolve(import.meta.dirname, "..", "..");

async function seedDatabase(dir: string, trainings: number) {
  const { openDatabase } = await import("../../server/db/client.ts");
  const { seedDemo } = await import("../../server/db/seed/demo.ts");
  const { seedBench } = await import("../../server/db/seed/bench.ts");
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await database.migrate();
    await seedDemo(database.db);
    await seedBench(database.db, { trainings });
  } finally {
    await database.close();
  }
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
      SEED_DEMO: "never",
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

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("run `npx react-router build` first");
  const trainings = Number(process.env.BENCH_TRAININGS ?? 5000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-catalogue-"));
  let server: { child: ChildProcess; url: string } | null = null;
  try {
    let started = performance.now();
    await seedDatabase(path.join(dataDir, "pglite"), trainings);
    console.log(`seeded demo + ${trainings} bench trainings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    server = await startServer(dataDir);
    console.log(`server ready on ${server.url} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const result = await benchCatalogue(server.url, { onProgress: (message) => console.log(message) });
    console.log(`\n${formatCatalogueBench(result)}`);
    console.log(`machine: ${os.cpus().length} cores, Node ${process.version}; client and server share the machine`);
  } finally {
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

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
