// `npm run bench`: seeds a fresh embedded database with the demo data and BENCH_TRAININGS (default 5,000)
// generated trainings, starts the production server, load-tests pages and API on loopback, and prints each
// figure with its ratio to a static file of the home page's size served by the same process. Then the
// first-load JavaScript of the home, catalogue and course pages.
//   BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 32),
//   BENCH_TRAININGS (default 5000), BENCH_REALTIME=1 then runs tests/bench/realtime.ts.
// Logged-in rows use a real session of learner@demo.test, opened through the login API with its CSRF token.
// `--postgres` (or BENCH_DATABASE_URL, the server to use instead of postgres://postgres@127.0.0.1:5432) runs it all
// on a fresh PostgreSQL database, created and seeded here and dropped at the end.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { createDatabase, dropDatabase, LOCAL_SERVER_URL } from "../../scripts/lib/postgres.mjs";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import {
  fmt,
  javascriptWeight,
  logIn,
  measure,
  measurePair,
  newestCoursePath,
  ratioTable,
  ROOT,
  SETTINGS,
  seedDatabase,
  startServer,
  stopServer,
  type LoadFigures,
} from "./support.ts";

/**
 * A session cookie, even an unknown one, keeps a request out of the guest page cache: the "uncached" rows
 * measure a full render (the root loader also asks for notifications, as for a logged-in visitor).
 */
const UNCACHED = { cookie: "sid=bench-bypasses-the-page-cache" };

const LEARNER = "learner@demo.test";
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL || (process.argv.includes("--postgres") ? LOCAL_SERVER_URL : null);

/** The learning view of the learner's current training (one they have started), from the records API. */
async function startedTrainingPath(origin: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${origin}/back/api/user/currentFormations`, { headers: { cookie, "accept-language": "fr-FR" } });
  const body = (await response.json()) as { data?: { currentTraining?: { course: { type: string; slug: string } } | null } };
  const course = body.data?.currentTraining?.course;
  return course ? `/${course.type}/${course.slug}/learn` : null;
}

/** The logged-in rows: the pages a learner sees, measured with their session cookie. */
async function loggedInRows(origin: string): Promise<LoadFigures[]> {
  const cookie = await logIn(origin, LEARNER, DEMO_PASSWORD);
  const headers = { cookie };
  const pages: [string, string | null][] = [
    ["catalogue", "/catalogue"],
    ["course page, e-learning", await newestCoursePath(origin, "formation")],
    ["course page, face-to-face", await newestCoursePath(origin, "faceToFaceOnly")],
    ["course page, DPC", await newestCoursePath(origin, "dpc")],
    ["learning view, started", await startedTrainingPath(origin, cookie)],
    ["profile", "/compte/profil"],
    ["profile history", "/compte/profil/historique"],
    ["profile plan", "/compte/profil/plan-de-formation"],
  ];
  const rows: LoadFigures[] = [];
  for (const [label, pagePath] of pages) {
    if (!pagePath) throw new Error(`no page found for the logged-in row "${label}"`);
    rows.push(await measure(`GET ${pagePath} (${label}, learner)`, `${origin}${pagePath}`, headers));
  }
  return rows;
}

const SHOP_CUSTOMER = "shop@demo.test";

/**
 * The shop rows (issue 14): a shop customer's cart page with two lines, and adding to the cart (add then remove,
 * one connection). The products are the first trainings of the catalogue that the store sells.
 */
async function shopRows(origin: string): Promise<LoadFigures[]> {
  const cookie = await logIn(origin, SHOP_CUSTOMER, DEMO_PASSWORD);
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)![1];
  const headers = { cookie, "x-xsrf-token": decodeURIComponent(token), "accept-language": "fr-FR" };
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/back/api${path}`, { method: "POST", headers: { ...headers, accept: "application/json", "content-type": "application/json" }, body: JSON.stringify(body) });
  const catalogue = (await (await fetch(`${origin}/back/api/catalogue?pageSize=100`, { headers })).json()) as { data: { items: { id: number; free: boolean; priceHT: number }[] } };
  const sold: number[] = [];
  for (const item of catalogue.data.items.filter((training) => !training.free && training.priceHT > 0)) {
    if ((await post("/shop/add/products", { products: [item.id] })).ok) sold.push(item.id);
    if (sold.length === 3) break;
  }
  if (sold.length < 3) throw new Error(`the shop sells ${sold.length} of the catalogue's first trainings: 3 are needed`);
  const [extra] = sold.splice(2, 1);
  if (!(await post("/shop/remove/product", { productId: extra })).ok) throw new Error("could not empty the bench's third cart line");
  return [
    await measure("GET /boutique/panier (cart of 2, shop customer)", `${origin}/boutique/panier`, { cookie }),
    await measurePair(
      "POST shop/add/products + remove/product (shop customer, 1 connection)",
      origin,
      [
        { method: "POST", path: "/back/api/shop/add/products", body: JSON.stringify({ products: [extra] }) },
        { method: "POST", path: "/back/api/shop/remove/product", body: JSON.stringify({ productId: extra }) },
      ],
      headers,
    ),
  ];
}

async function main() {
  if (!(await ensureBuild())) throw new Error("the build failed");
  const trainings = Number(process.env.BENCH_TRAININGS ?? 5000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const staticName = `bench-static-${randomBytes(4).toString("hex")}.html`;
  const staticPath = path.join(ROOT, "build", "client", staticName);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let databaseUrl: string | null = null;
  try {
    let started = performance.now();
    if (POSTGRES_SERVER) databaseUrl = await createDatabase(POSTGRES_SERVER, "bench");
    await seedDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") }, trainings);
    const databaseLabel = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).host}${new URL(databaseUrl).pathname})` : "PGlite (embedded)";
    console.log(`seeded demo + ${fmt(trainings)} bench trainings on ${databaseLabel} in ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    server = await startServer(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    const origin = server.url;
    console.log(`server ready on ${origin} in ${fmt((performance.now() - started) / 1000, 1)} s`);

    const home = await fetch(`${origin}/`, { headers: { "accept-language": "fr-FR" } });
    const html = await home.text();
    if (!home.ok) throw new Error(`GET / answered ${home.status}`);
    fs.writeFileSync(staticPath, html);
    const coursePath = await newestCoursePath(origin);

    const rows: LoadFigures[] = [];
    rows.push(await measure("static HTML (home page size)", `${origin}/${staticName}`));
    rows.push(await measure("GET / (SSR, guest)", `${origin}/`));
    rows.push(await measure("GET /catalogue (SSR, guest)", `${origin}/catalogue`));
    rows.push(await measure("GET /catalogue (SSR, uncached)", `${origin}/catalogue`, UNCACHED));
    if (coursePath) {
      rows.push(await measure(`GET ${coursePath} (SSR, guest)`, `${origin}${coursePath}`));
      rows.push(await measure("course page (SSR, uncached)", `${origin}${coursePath}`, UNCACHED));
    }
    rows.push(await measure("GET /back/api/catalogue", `${origin}/back/api/catalogue`));
    rows.push(await measure("GET /back/api/catalogue/search?q=douleur", `${origin}/back/api/catalogue/search?q=douleur`));
    rows.push(await measure("GET /back/api/user (guest)", `${origin}/back/api/user`));
    rows.push(...(await loggedInRows(origin)));
    rows.push(...(await shopRows(origin)));

    console.log(
      `\nHTTP on ${databaseLabel} (${SETTINGS.connections} connections, ${SETTINGS.duration} s after ${SETTINGS.warmup} s warm-up, gzip accepted; ` +
        `${fmt(trainings)} bench trainings; home page ${fmt(html.length)} bytes of HTML; 2xx = answers completed in the run, errors = failed, timed-out or non-2xx answers; ` +
        `SQL/req = statements per request, mean of 5 requests made one at a time)`,
    );
    console.log(ratioTable(rows));
    console.log("\nfirst-load JavaScript (gzip -9; budget 150 KB):");
    const pages: [string, string | null][] = [["home", "/"], ["catalogue", "/catalogue"], ["course page", coursePath]];
    for (const [label, pagePath] of pages) {
      if (!pagePath) continue;
      const weight = await javascriptWeight(`${origin}${pagePath}`);
      console.log(
        `  ${label.padEnd(12)} ${weight.files} files, ${fmt(weight.rawBytes / 1024, 1)} KB raw, ${fmt(weight.gzippedBytes / 1024, 1)} KB gzip ` +
          `(+ ${fmt(weight.inlineGzippedBytes / 1024, 1)} KB inline scripts)`,
      );
    }
    console.log(`machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}; client and server share the machine`);
  } finally {
    fs.rmSync(staticPath, { force: true });
    if (server) await stopServer(server.child);
    if (databaseUrl) await dropDatabase(databaseUrl);
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
