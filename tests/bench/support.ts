// Shared pieces of the benchmarks: the production server on a fresh embedded database, autocannon runs,
// first-load JavaScript weight and the ratio table.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import autocannon from "autocannon";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type LoadSettings = { duration: number; warmup: number; connections: number };
/**
 * `errors` counts connection errors, timeouts and every answer outside 2xx; `sqlPerRequest` is null when not sampled;
 * `cpuMsPerRequest` is the CPU time the server spent per answer during the measured run (its web process and the
 * embedded database's process, from /proc), null when unknown (another machine's server, no /proc).
 */
export type LoadFigures = {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  sqlPerRequest: number | null;
  cpuMsPerRequest: number | null;
};
/** servedBytes: what the server sends a browser that accepts Brotli (the copies compressed at build time, ADR 0099). */
export type JavaScriptWeight = { files: number; rawBytes: number; gzippedBytes: number; servedBytes: number; inlineGzippedBytes: number };

export const SETTINGS: LoadSettings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
};
const HEADERS = { "accept-encoding": "gzip", "accept-language": "fr-FR,fr;q=0.9" };

export function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) throw new Error(`benchmarks only target loopback, not ${host}`);
}

/** The newest catalogue course of a type (any type when not given), as its page path. */
export async function newestCoursePath(origin: string, type?: string): Promise<string | null> {
  const query = type ? `?type=${type}&pageSize=1` : "?pageSize=1";
  const response = await fetch(`${origin}/back/api/catalogue${query}`, { headers: HEADERS });
  const body = (await response.json()) as { data?: { items?: { type: string; slug: string }[] } };
  const first = body.data?.items?.[0];
  return first ? `/${first.type}/${first.slug}` : null;
}

/** Migrates and seeds a database (embedded in `pgliteDir`, or PostgreSQL at `databaseUrl`): the demo data plus `trainings` generated bench trainings. */
export async function seedDatabase(target: { pgliteDir: string } | { databaseUrl: string }, trainings: number) {
  const { openDatabase } = await import("../../server/db/client.ts");
  const { seedDemo } = await import("../../server/db/seed/demo.ts");
  const { seedBench } = await import("../../server/db/seed/bench.ts");
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemo(database.db);
    if (trainings > 0) await seedBench(database.db, { trainings });
  } finally {
    await database.close();
  }
}

/**
 * The production server (build/ must exist) on a random loopback port, using an already seeded database.
 * `nodeArgs` go to its Node process (`--cpu-prof`, say).
 */
/** The server whose CPU `measure` reads (startServer sets it). */
let measuredServerPid: number | null = null;

/** CPU time (user + system) of the measured server's process and its children (the embedded database), in ms. */
function serverCpuMs(): number | null {
  if (measuredServerPid === null || !fs.existsSync(`/proc/${measuredServerPid}/stat`)) return null;
  // /proc/<pid>/stat: the fields after the command's closing parenthesis; ppid is the 2nd, utime and stime the 12th and 13th.
  const fields = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const f = fields(pid);
      if (pid === String(measuredServerPid) || f[1] === String(measuredServerPid)) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks / ticksPerMs;
}

export async function startServer(dataDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(ROOT, "server", "index.ts")], {
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
      BENCH_SQL_COUNT: "on",
      // Production names who takes card payments (server/env.ts): the bench pays on the sandbox.
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || "sandbox",
      ...env,
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
        resolve(match[1].replace("//localhost:", "//127.0.0.1:").replace(/\/+$/, ""));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  measuredServerPid = child.pid ?? null;
  return { child, url };
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/**
 * Logs in through the real API as the login form's script does: a CSRF cookie first, then POST /back/api/login
 * with the token echoed in its header. Returns the Cookie header of the logged-in browser.
 */
export async function logIn(origin: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/back/sanctum/csrf-cookie`);
  const token = cookieFrom(csrf, "XSRF-TOKEN");
  const response = await fetch(`${origin}/back/api/login`, {
    method: "POST",
    headers: { ...HEADERS, accept: "application/json", "content-type": "application/json", cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} answered ${response.status}: ${await response.text()}`);
  return `sid=${cookieFrom(response, "sid")}; XSRF-TOKEN=${token}`;
}

function cookieFrom(response: Response, name: string): string {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  throw new Error(`${response.url} (${response.status}) set no ${name} cookie`);
}

/**
 * The SQL statements one request costs: the server's statement counter (BENCH_SQL_COUNT=on) read before and
 * after each of `samples` requests made one at a time on the otherwise idle server, averaged.
 */
export async function sqlPerRequest(url: string, extraHeaders: Record<string, string> = {}, samples = 5): Promise<number | null> {
  const counterUrl = `${new URL(url).origin}/__bench/sql-statements`;
  const read = async () => {
    const response = await fetch(counterUrl);
    return response.ok ? ((await response.json()) as { statements: number }).statements : null;
  };
  // Requests the load test left in flight still run on the server: wait until the counter stops moving.
  for (let last = await read(), waited = 0; waited < 30_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await read();
    if (now === last) break;
    last = now;
  }
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const before = await read();
    if (before === null) return null;
    const response = await fetch(url, { headers: { ...HEADERS, ...extraHeaders }, redirect: "manual" });
    await response.arrayBuffer();
    total += (await read())! - before;
  }
  return total / samples;
}

/** One autocannon run after a warm-up, then the SQL sample; extra headers (a cookie, say) go with every request. */
export async function measure(name: string, url: string, extraHeaders: Record<string, string> = {}, settings = SETTINGS): Promise<LoadFigures> {
  assertLoopback(url);
  process.stdout.write(`measuring ${name} (${settings.warmup} s warm-up + ${settings.duration} s, ${settings.connections} connections)...\n`);
  const headers = { ...HEADERS, ...extraHeaders };
  if (settings.warmup > 0) await autocannon({ url, connections: settings.connections, duration: settings.warmup, headers });
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ url, connections: settings.connections, duration: settings.duration, headers });
  const cpuAfter = serverCpuMs();
  const answers = result["2xx"] + result.non2xx;
  return {
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && answers > 0 ? (cpuAfter - cpuBefore) / answers : null,
    name,
    requests: result["2xx"],
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    sqlPerRequest: await sqlPerRequest(url, extraHeaders),
  };
}

/**
 * A write measured as a pair that leaves the state as it found it (add, then remove): autocannon cycles the
 * requests on each connection in order, so a single connection keeps the pair valid. Requests per second count
 * each request of the pair; no SQL sample (a lone request would break the pair).
 */
export async function measurePair(
  name: string,
  origin: string,
  requests: { method: "POST"; path: string; body: string }[],
  headers: Record<string, string>,
  settings = SETTINGS,
): Promise<LoadFigures> {
  assertLoopback(origin);
  process.stdout.write(`measuring ${name} (${settings.warmup} s warm-up + ${settings.duration} s, 1 connection)...\n`);
  const options = {
    url: origin,
    connections: 1,
    headers: { ...HEADERS, accept: "application/json", "content-type": "application/json", ...headers },
    requests,
  };
  if (settings.warmup > 0) {
    await autocannon({ ...options, duration: settings.warmup });
    // The warm-up can stop between the two requests of a pair (an add without its remove), and the measured run would
    // then start with an add the server must refuse. Sending the pair's last request once more puts it back at the
    // start; its refusal, when the pair was complete, is expected. The pause lets the server finish a request the
    // warm-up left in flight before that.
    const last = requests[requests.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 100));
    await (await fetch(origin + last.path, { method: last.method, headers: options.headers, body: last.body })).arrayBuffer();
  }
  const result = await autocannon({ ...options, duration: settings.duration });
  return {
    name,
    requests: result["2xx"],
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    sqlPerRequest: null,
    cpuMsPerRequest: null,
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

/** `cookie`: weigh the page as that session sees it (the scripts themselves are the same for everyone). */
export async function javascriptWeight(url: string, cookie?: string): Promise<JavaScriptWeight> {
  const origin = new URL(url).origin;
  // A redirect (to the login page, say) is an error here, not the page to weigh.
  const response = await fetch(url, { headers: { "accept-language": HEADERS["accept-language"], ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const html = await response.text();
  let rawBytes = 0;
  let gzippedBytes = 0;
  let servedBytes = 0;
  const scripts = firstLoadScripts(html);
  for (const src of scripts) {
    const script = await fetch(origin + src);
    if (!script.ok) throw new Error(`${src}: HTTP ${script.status}`);
    const bytes = Buffer.from(await script.arrayBuffer());
    rawBytes += bytes.length;
    gzippedBytes += gzipSync(bytes, { level: 9 }).length;
    const served = await fetch(origin + src, { headers: { "accept-encoding": "br, gzip" } });
    await served.arrayBuffer();
    servedBytes += Number(served.headers.get("content-length") ?? bytes.length);
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join("\n");
  return { files: scripts.length, rawBytes, gzippedBytes, servedBytes, inlineGzippedBytes: inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0 };
}

export function fmt(n: number, digits = 0) {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The figures as a table, each with its ratio to the first row (the static-file baseline). */
export function ratioTable(rows: LoadFigures[]): string {
  const base = rows[0];
  const cells = rows.map((row) => [
    row.name,
    fmt(row.requests),
    fmt(row.requestsPerSecond),
    fmt(row.p50, 1),
    fmt(row.p99, 1),
    (row.requestsPerSecond / base.requestsPerSecond).toFixed(2),
    (row.p50 / Math.max(base.p50, 0.001)).toFixed(1),
    (row.p99 / Math.max(base.p99, 0.001)).toFixed(1),
    String(row.errors),
    row.sqlPerRequest === null ? "-" : fmt(row.sqlPerRequest, 1),
    row.cpuMsPerRequest === null ? "-" : fmt(row.cpuMsPerRequest, 1),
  ]);
  const header = ["target", "2xx", "req/s", "p50 ms", "p99 ms", "req/s ÷ static", "p50 × static", "p99 × static", "errors", "SQL/req", "CPU ms/req"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const line = (c: string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

export async function shopSession(origin: string, cookie: string) {
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)![1];
  const headers = { cookie, "x-xsrf-token": decodeURIComponent(token), "accept-language": "fr-FR" };
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/back/api${path}`, {
      method: "POST",
      headers: { ...headers, accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { headers, post };
}

/**
 * The shop customer's cart gets two lines, and the third training the store sells is kept for the add/remove
 * row. The products are the first trainings of the catalogue that the store sells.
 */
export async function fillCart(origin: string, cookie: string): Promise<number> {
  const { headers, post } = await shopSession(origin, cookie);
  const catalogue = (await (await fetch(`${origin}/back/api/catalogue?pageSize=100`, { headers })).json()) as {
    data: { items: { id: number; free: boolean; priceHT: number }[] };
  };
  const sold: number[] = [];
  for (const item of catalogue.data.items.filter((training) => !training.free && training.priceHT > 0)) {
    if ((await post("/shop/add/products", { products: [item.id] })).ok) sold.push(item.id);
    if (sold.length === 3) break;
  }
  if (sold.length < 3) throw new Error(`the shop sells ${sold.length} of the catalogue's first trainings: 3 are needed`);
  const [extra] = sold.splice(2, 1);
  if (!(await post("/shop/remove/product", { productId: extra })).ok) throw new Error("could not empty the bench's third cart line");
  return extra;
}
