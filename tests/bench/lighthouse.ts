// `npm run bench:lighthouse`: Lighthouse (default mobile settings: slow 4G and a 4x slower CPU, simulated) with
// Debian Chromium on the home, catalogue and a course page as a guest, then the catalogue of a logged-in learner
// (learner@demo.test), the cart of a shop customer (shop@demo.test, two lines) and the contact form, of a production server started on
// a freshly seeded embedded database. A logged-in page is audited with the visitor's session cookies in the browser's
// jar (set through the DevTools protocol), and as a first view: the session page cache is bypassed (Cache-Control:
// no-cache), as after any write (ADR 0091). Loopback only: Chromium resolves no other host name, so nothing can reach the network.
//   BENCH_TRAININGS (default 0: the demo data only), CHROMIUM (default /usr/bin/chromium), LIGHTHOUSE_DETAILS=1 also
//   prints each page's paint metrics and its network requests (size, priority, end time), to see what delays a paint.
//   LIGHTHOUSE_RUNS (default 3): runs per page. One run's score moves by several points from one run to the next
//   (Lighthouse's own advice is to take the median of several), so each page's row is its median run by performance
//   score, with the lowest and highest scores of all its runs beside it. LIGHTHOUSE_ONLY (a regular expression on the
//   page names) audits some pages only. An audit that costs accessibility, best practices or SEO points is named. LIGHTHOUSE_THROTTLING=devtools loads the
//   pages through Chromium's own throttling (the same slow 4G and CPU x4 applied for real) instead of Lighthouse's
//   default simulation, which estimates the slow load from an unthrottled one: a check on what the model says.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import WebSocket from "ws";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { assertLoopback, fillCart, fmt, logIn, newestCoursePath, seedDatabase, startServer, stopServer } from "./support.ts";

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Every host name but the loopback address fails at once: no request can leave the machine or wait on DNS.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** A page to audit: its row name, path, and the session cookie of a logged-in visitor (none for a guest). */
type AuditedPage = { page: string; path: string; cookie: string | null };

type Scores = {
  page: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** Lowest and highest performance score of the page's runs. */
  range?: [number, number];
};

async function audit(port: number, page: string, url: string, cookie: string | null): Promise<Scores> {
  assertLoopback(url);
  // The visitor's cookies go into the browser's own jar, as after a login: the page's scripts (the realtime island's
  // channel authorisation, which sends the XSRF-TOKEN cookie's value) behave as for a real visitor. Lighthouse keeps
  // cookies between runs; each audit sets its visitor's. A logged-in page is asked for as a forced reload.
  await setBrowserCookies(port, new URL(url).hostname, cookie);
  const extraHeaders = cookie ? { "Cache-Control": "no-cache" } : undefined;
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    throttlingMethod: THROTTLING,
    extraHeaders,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (process.env.LIGHTHOUSE_DETAILS === "1") printDetails(page, audits);
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => (categories[id]?.score == null ? null : Math.round(categories[id].score! * 100));
  // Below 100 outside performance, say which audits cost the points: that is what needs fixing.
  for (const id of CATEGORIES.slice(1)) {
    const failing = (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1);
    for (const ref of failing) process.stdout.write(`  ${page}: ${id} loses on "${ref.id}"${describeItems(audits[ref.id]?.details)}\n`);
  }
  return {
    page,
    path: new URL(url).pathname,
    scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? null,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? null,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? null,
  };
}

/**
 * A failed run is tried once more, and said so: Lighthouse sometimes fails to record a load's trace (NO_NAVSTART), a
 * fault of the recording rather than of the page. A page that fails twice stops the bench.
 */
async function auditWithOneRetry(port: number, page: string, url: string, cookie: string | null): Promise<Scores> {
  try {
    return await audit(port, page, url, cookie);
  } catch (error) {
    process.stdout.write(`  run failed (${error instanceof Error ? error.message : String(error)}), trying it once more\n`);
    return audit(port, page, url, cookie);
  }
}

/** Replaces the browser's cookies with `cookie` ("name=value; name=value", or none for a guest), through the DevTools protocol. */
async function setBrowserCookies(port: number, domain: string, cookie: string | null) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<void>((resolve, reject) => {
      const messageId = ++id;
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
        if (reply.id !== messageId) return;
        socket.off("message", onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id: messageId, method, params }));
    });
  try {
    await send("Storage.clearCookies");
    const cookies = (cookie ?? "")
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name, value: value.join("="), domain, path: "/", httpOnly: name === "sid", sameSite: "Lax" };
      });
    if (cookies.length > 0) await send("Storage.setCookies", { cookies });
  } finally {
    socket.close();
  }
}

/** The first items of a failing audit (a console error's text, an issue's kind), on one line. */
function describeItems(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const text = items
    .slice(0, 3)
    .map((item) => String(item.description ?? item.issueType ?? item.url ?? "").slice(0, 160))
    .filter(Boolean);
  return text.length ? `: ${text.join(" | ")}` : "";
}

/** The page's median run by performance score, with the range of all its runs' scores. */
function medianRun(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...median, range: [sorted[0].scores.performance ?? 0, sorted[sorted.length - 1].scores.performance ?? 0] };
}

function table(rows: Scores[]): string {
  const header = ["page", "performance", "runs", "accessibility", "best practices", "SEO", "FCP s", "LCP s", "TBT ms", "path"];
  const seconds = (ms: number | null) => (ms === null ? "-" : fmt(ms / 1000, 1));
  const cells = rows.map((r) => [
    r.page,
    String(r.scores.performance ?? "-"),
    r.range ? `${r.range[0]}-${r.range[1]}` : "-",
    ...CATEGORIES.slice(1).map((c) => String(r.scores[c] ?? "-")),
    seconds(r.fcpMs),
    seconds(r.lcpMs),
    r.tbtMs === null ? "-" : fmt(r.tbtMs),
    r.path,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((cell, i) => (i === 0 || i === header.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].map((l) => l.trimEnd()).join("\n");
}

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const trainings = Number(process.env.BENCH_TRAININGS ?? 0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await seedDatabase({ pgliteDir: path.join(dataDir, "pglite") }, trainings);
    server = await startServer(dataDir);
    const origin = server.url;
    const coursePath = await newestCoursePath(origin);
    const learner = await logIn(origin, "learner@demo.test", DEMO_PASSWORD);
    const shopCustomer = await logIn(origin, "shop@demo.test", DEMO_PASSWORD);
    await fillCart(origin, shopCustomer);
    const allPages: AuditedPage[] = [
      { page: "home", path: "/", cookie: null },
      { page: "catalogue", path: "/catalogue", cookie: null },
      ...(coursePath ? [{ page: "course page", path: coursePath, cookie: null }] : []),
      { page: "catalogue, learner", path: "/catalogue", cookie: learner },
      { page: "cart of 2, shop customer", path: "/boutique/panier", cookie: shopCustomer },
      // A page with a checked form: its checks load when someone works in it (ADR 0136).
      { page: "contact", path: "/contact", cookie: null },
    ];
    // LIGHTHOUSE_ONLY (a regular expression on the page names) audits some of them.
    const only = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY, "i") : null;
    const pages = allPages.filter((entry) => !only || only.test(entry.page));
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM ?? "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS, logLevel: "error" });
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
    const runsByPage = new Map<string, Scores[]>();
    // Pages take turns, run after run, so a busy moment on the machine does not fall on one page's runs only.
    for (let run = 1; run <= runs; run++) {
      for (const { page, path: pagePath, cookie } of pages) {
        process.stdout.write(`lighthouse ${page} (${pagePath}), run ${run} of ${runs}...\n`);
        const result = await auditWithOneRetry(chrome.port, page, `${origin}${pagePath}`, cookie);
        runsByPage.set(page, [...(runsByPage.get(page) ?? []), result]);
      }
    }
    const rows = [...runsByPage.values()].map(medianRun);
    console.log(
      `\nLighthouse 12.2.3, default mobile settings (${THROTTLING === "simulate" ? "simulated" : "Chromium-throttled"} slow 4G, CPU x4), Chromium, guest and logged-in pages (first views), ${fmt(trainings)} bench trainings`,
    );
    console.log(`each row: the median of ${runs} run${runs === 1 ? "" : "s"} by performance score ("runs": lowest-highest)`);
    console.log(table(rows));
    console.log(
      `machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    if (chrome) chrome.kill();
    if (server) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

type Audits = Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;

function printDetails(page: string, audits: Audits) {
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "speed-index", "total-blocking-time", "cumulative-layout-shift"]) {
    console.log(`  ${page}: ${id} ${fmt(audits[id]?.numericValue ?? NaN)} (score ${audits[id]?.score})`);
  }
  const observed = ((audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items ?? [])[0] ?? {};
  console.log(
    `  ${page}: observed (unthrottled) first paint ${fmt(observed.observedFirstContentfulPaint)} ms, largest ${fmt(observed.observedLargestContentfulPaint)} ms`,
  );
  const requests = (audits["network-requests"]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  for (const item of requests) {
    const url = String(item.url)
      .replace(/^https?:\/\/[^/]+/, "")
      .slice(0, 80);
    console.log(
      `    ${url.padEnd(80)} ${fmt(Number(item.transferSize)).padStart(8)} B  ${String(item.priority).padEnd(8)} ends ${fmt(Number(item.networkEndTime))} ms`,
    );
  }
  // What blocks the main thread (simulated at the model's CPU slowdown): each long task and what it ran.
  const tasks = (audits["long-tasks"]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  for (const task of tasks) {
    const url = String(task.url)
      .replace(/^https?:\/\/[^/]+/, "")
      .slice(0, 60);
    console.log(`    long task ${fmt(Number(task.duration)).padStart(5)} ms at ${fmt(Number(task.startTime)).padStart(6)} ms  ${url}`);
  }
  const work = (audits["mainthread-work-breakdown"]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  console.log(`    main thread: ${work.map((item) => `${String(item.groupLabel ?? item.group)} ${fmt(Number(item.duration))} ms`).join(", ")}`);
}
