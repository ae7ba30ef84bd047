// A CPU profile of one logged-in page under load: seeds a fresh embedded database (demo + BENCH_TRAININGS, default
// 500), starts the production server with `node --cpu-prof`, logs in as learner@demo.test and loads PROFILE_PATH
// (default /catalogue) with autocannon. The .cpuprofile (open it in Chrome DevTools) lands in PROFILE_DIR
// (default ./profiles) when the server stops; the profile includes start-up and the warm-up.
//   npm run bench:profile    (BENCH_DURATION s of load, default 15; BENCH_CONNECTIONS, default 16)
// Every request is a forced reload (Cache-Control: no-cache), so the profile shows a render, not the session page
// cache (ADR 0091); PROFILE_CACHED=1 profiles the page seen again instead. PROFILE_GUEST=1 profiles a guest (no
// cookie): the guest page cache's answers (ADR 0015).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { fmt, logIn, ROOT, seedDatabase, startServer, stopServer } from "./support.ts";

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const pagePath = process.env.PROFILE_PATH ?? "/catalogue";
  const profileDir = path.resolve(process.env.PROFILE_DIR ?? path.join(ROOT, "profiles"));
  const duration = Number(process.env.BENCH_DURATION ?? 15);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-profile-"));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await seedDatabase({ pgliteDir: path.join(dataDir, "pglite") }, Number(process.env.BENCH_TRAININGS ?? 500));
    // No statement counter here: the profile shows the server as it runs in production.
    server = await startServer(dataDir, { BENCH_SQL_COUNT: "off" }, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
    const guest = process.env.PROFILE_GUEST === "1";
    const cookie = guest ? null : await logIn(server.url, "learner@demo.test", DEMO_PASSWORD);
    const cached = guest || process.env.PROFILE_CACHED === "1";
    const headers = {
      "accept-encoding": "gzip",
      "accept-language": "fr-FR,fr;q=0.9",
      ...(cookie ? { cookie } : {}),
      ...(cached ? {} : { "cache-control": "no-cache" }),
    };
    const options = { url: `${server.url}${pagePath}`, connections, headers };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration });
    console.log(
      `${pagePath} as ${guest ? "guest" : "learner"}: ${fmt(result["2xx"])} answers in ${duration} s, ${fmt(result.requests.average, 1)} req/s, ` +
        `p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, errors ${result.non2xx + result.errors + result.timeouts}`,
    );
  } finally {
    if (server) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `profile written to ${profileDir}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
