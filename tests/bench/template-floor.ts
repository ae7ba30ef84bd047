// `npm run bench:template-floor`: how far a page template could take a logged-in first view (issue 34). Seeds a fresh
// PostgreSQL database (demo + 1,000 trainings; BENCH_DATABASE_URL or the local server), keeps the learner's catalogue
// from the real platform as the template, then measures, 32 connections, BENCH_DURATION s (default 5) each:
//   - that HTML sent as is by a bare Express process with the platform's compression middleware (the "static" here);
//   - the same process answering from the template with 4 statements a request (tests/bench/template-floor-server.ts);
//   - the platform's catalogue seen again, and re-rendered (Cache-Control: no-cache).
// A lower bound of the template way, not a feature: see ADR 0141 and docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { createDatabase, dropDatabase, LOCAL_SERVER_URL } from "../../scripts/lib/postgres.mjs";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { fmt, logIn, ROOT, seedDatabase, startServer, stopServer } from "./support.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PORT = 43000 + Math.floor(Math.random() * 1000);

async function rate(name: string, url: string, headers: Record<string, string>): Promise<number> {
  await autocannon({ url, connections: 32, duration: 1, headers });
  const result = await autocannon({ url, connections: 32, duration: DURATION, headers });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(`${name.padEnd(44)} ${fmt(result.requests.average).padStart(6)} req/s  p99 ${fmt(result.latency.p99).padStart(4)} ms  errors ${errors}`);
  return result.requests.average;
}

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const databaseUrl = await createDatabase(process.env.BENCH_DATABASE_URL || LOCAL_SERVER_URL, "template_floor");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "template-floor-"));
  let platform: Awaited<ReturnType<typeof startServer>> | null = null;
  let floor: ChildProcess | null = null;
  try {
    await seedDatabase({ databaseUrl }, 1000);
    platform = await startServer(dataDir, { DATABASE_URL: databaseUrl });
    const cookie = await logIn(platform.url, "learner@demo.test", DEMO_PASSWORD);
    const headers = { cookie, "accept-encoding": "gzip", "accept-language": "fr-FR" };
    const html = await (await fetch(`${platform.url}/catalogue`, { headers })).text();
    const templateFile = path.join(dataDir, "catalogue.html");
    fs.writeFileSync(templateFile, html);
    floor = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests", "bench", "template-floor-server.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        TEMPLATE_FILE: templateFile,
        TEMPLATE_FIRST_NAME: "Julie",
        TEMPLATE_FLOOR_PORT: String(PORT),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      floor!.once("exit", (code) => reject(new Error(`the template server exited (${code})`)));
      floor!.stdout!.on("data", (chunk: Buffer) => String(chunk).includes("template floor ready") && resolve());
    });
    console.log(`learner's catalogue: ${fmt(html.length)} bytes of HTML; 32 connections, ${DURATION} s after 1 s warm-up`);
    const staticRate = await rate("same HTML, sent as is", `http://127.0.0.1:${PORT}/static`, headers);
    const templateRate = await rate("template + 4 statements", `http://127.0.0.1:${PORT}/template`, headers);
    floor.kill("SIGTERM");
    floor = null;
    const seenAgain = await rate("platform, catalogue seen again", `${platform.url}/catalogue`, headers);
    const rendered = await rate("platform, catalogue re-rendered", `${platform.url}/catalogue`, { ...headers, "cache-control": "no-cache" });
    console.log(`template ÷ sent as is: ${fmt(templateRate / staticRate, 2)}; platform re-rendered ÷ seen again: ${fmt(rendered / seenAgain, 2)}`);
  } finally {
    floor?.kill("SIGTERM");
    if (platform) await stopServer(platform.child);
    await dropDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
