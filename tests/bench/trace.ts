// `npm run bench:trace`: what a page's load costs the browser's main thread on a slow machine. Seeds a fresh embedded
// database (demo data), starts the production server, opens TRACE_PATH (default /catalogue) as a guest in Debian
// Chromium with the CPU slowed 4 times (Lighthouse's mobile factor, applied for real instead of simulated), and
// writes a Chromium trace (TRACE_DIR/trace.json: open it in Chrome DevTools' Performance panel) with a CPU profile of
// the page (TRACE_DIR/page.cpuprofile), then prints every main-thread task over 50 ms and what filled it. TRACE_DIR
// defaults to ./profiles. ADR 0098 found the Intl data load this way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { assertLoopback, fmt, ROOT, seedDatabase, startServer, stopServer } from "./support.ts";

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
};

/** Main-thread tasks over 50 ms (at the slowed CPU), each with the kinds of work inside it, longest first. */
function longTasks(events: TraceEvent[]): string[] {
  const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === "X" && mainThreads.has(`${e.pid}:${e.tid}`));
  const start = events.find((e) => e.name === "navigationStart")?.ts ?? Math.min(...onMain.map((e) => e.ts));
  return onMain
    .filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 50_000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const kinds = new Map<string, number>();
      for (const e of onMain) {
        if (e === task || e.name === "RunTask" || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || e.name.startsWith("V8.")) continue;
        const script = e.args?.data?.url ? ` ${e.args.data.url.split("/").pop()}` : "";
        const key = `${e.name}${script}`;
        kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0));
      }
      const inside = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([k, v]) => `${k} ${fmt(v / 1000)}`);
      return `${fmt((task.ts - start) / 1000).padStart(6)} ms  ${fmt((task.dur ?? 0) / 1000).padStart(4)} ms  ${inside.join(", ")}`;
    });
}

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const pagePath = process.env.TRACE_PATH ?? "/catalogue";
  const outDir = path.resolve(process.env.TRACE_DIR ?? path.join(ROOT, "profiles"));
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-trace-"));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    await seedDatabase({ pgliteDir: path.join(dataDir, "pglite") }, 0);
    server = await startServer(dataDir);
    const url = `${server.url}${pagePath}`;
    assertLoopback(url);
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const tracePath = path.join(outDir, "trace.json");
    await browser.startTracing(page, { path: tracePath, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"] });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(3000);
    const { profile } = await cdp.send("Profiler.stop");
    await browser.stopTracing();
    fs.writeFileSync(path.join(outDir, "page.cpuprofile"), JSON.stringify(profile));
    const trace = JSON.parse(fs.readFileSync(tracePath, "utf8")) as { traceEvents: TraceEvent[] };
    console.log(`${pagePath}, CPU x4: main-thread tasks over 50 ms (start, length, what filled them)`);
    for (const line of longTasks(trace.traceEvents)) console.log(line);
    console.log(`trace and CPU profile written to ${outDir}`);
  } finally {
    await browser.close();
    if (server) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
