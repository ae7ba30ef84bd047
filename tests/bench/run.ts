// `npm run bench`: seeds a fresh embedded database with the demo data and BENCH_TRAININGS (default 5,000)
// generated trainings, starts the production server, load-tests pages and API on loopback, and prints each
// figure with its ratio to a static file of the home page's size served by the same process. Then the
// first-load JavaScript of the home, catalogue and course pages.
//   BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 32),
//   BENCH_TRAININGS (default 5000), BENCH_REALTIME=1 then runs tests/bench/realtime.ts,
//   BENCH_ONLY=<regular expression> keeps the rows whose name matches (the static row always runs), e.g.
//   BENCH_ONLY='learner|uncached'. The page rows are one table (PAGE_ROWS): add a line for a new page.
//   Each logged-in row has a "re-rendered" twin (a forced reload: the session page cache is bypassed, ADR 0091);
//   BENCH_RERENDER=0 skips them. The twin's loaders run every time; its data being the same from one request to the
//   next, React's render is skipped for the document rendered before from that data (ADR 0142):
//   `REUSED_DOCUMENTS=off npm run bench` renders every one, the cost of a first view of data not rendered before.
// Logged-in rows use a real session (learner@demo.test, shop@demo.test, or the referent holder@demo.test for the
// pharmacy pages), opened through the login API with its CSRF token.
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
  fillCart,
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
  shopSession,
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
/** Another learner of the demo data, whose writes the learner's pages do not show. */
const OTHER_LEARNER = "lea.bernard@demo.test";
const SHOP_CUSTOMER = "shop@demo.test";
/** The holder of Pharmacie du Marché: the pharmacy area's pages (one pharmacy, so no account choice). */
const REFERENT = "holder@demo.test";
const ADMINISTRATOR = "admin@demo.test";
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL || (process.argv.includes("--postgres") ? LOCAL_SERVER_URL : null);

/** The learning view of the learner's current training (one they have started), from the records API. */
async function startedTrainingPath(origin: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${origin}/back/api/user/currentFormations`, { headers: { cookie, "accept-language": "fr-FR" } });
  const body = (await response.json()) as { data?: { currentTraining?: { course: { type: string; slug: string } } | null } };
  const course = body.data?.currentTraining?.course;
  return course ? `/${course.type}/${course.slug}/learn` : null;
}

/** The pharmacy's last order page (ADR 0053), from the referent calls. */
async function lastOrderPath(origin: string, cookie: string): Promise<string | null> {
  const response = await fetch(`${origin}/back/api/referent/getLastCommand`, { headers: { cookie, "accept-language": "fr-FR" } });
  const body = (await response.json()) as { data?: { id: number } | null };
  return body.data ? `/gestion/ma-pharmacie/factures/commande/${body.data.id}` : null;
}

/** Who a row logs in as (a real session through the login API), or a guest. */
type Visitor = "guest" | "uncached" | "learner" | "shop customer" | "referent" | "administrator";
/**
 * One page row of the bench: a label, who asks, and the path (or how to find it once the server runs). To add a
 * row for a new page (the referent's dashboard, the team list...), add a line here; a visitor that is not yet
 * known gets its e-mail in VISITOR_EMAILS.
 */
type PageRow = { label: string; visitor: Visitor; path: string | ((origin: string, cookie: string) => Promise<string | null>) };

const VISITOR_EMAILS: Record<Exclude<Visitor, "guest" | "uncached">, string> = {
  learner: LEARNER,
  "shop customer": SHOP_CUSTOMER,
  referent: REFERENT,
  administrator: ADMINISTRATOR,
};

const PAGE_ROWS: PageRow[] = [
  { label: "home", visitor: "guest", path: "/" },
  { label: "catalogue", visitor: "guest", path: "/catalogue" },
  { label: "catalogue", visitor: "uncached", path: "/catalogue" },
  { label: "course page", visitor: "guest", path: (origin) => newestCoursePath(origin) },
  { label: "course page", visitor: "uncached", path: (origin) => newestCoursePath(origin) },
  { label: "catalogue", visitor: "learner", path: "/catalogue" },
  { label: "course page, e-learning", visitor: "learner", path: (origin) => newestCoursePath(origin, "formation") },
  { label: "course page, face-to-face", visitor: "learner", path: (origin) => newestCoursePath(origin, "faceToFaceOnly") },
  { label: "course page, DPC", visitor: "learner", path: (origin) => newestCoursePath(origin, "dpc") },
  { label: "learning view, started", visitor: "learner", path: startedTrainingPath },
  { label: "profile", visitor: "learner", path: "/compte/profil" },
  { label: "profile history", visitor: "learner", path: "/compte/profil/historique" },
  { label: "profile plan", visitor: "learner", path: "/compte/profil/plan-de-formation" },
  { label: "compliance tracker", visitor: "learner", path: "/compte/profil/obligations" },
  // A click on a link once the page is loaded: React Router asks for the next page's route data, not its HTML.
  { label: "catalogue, client navigation", visitor: "learner", path: "/catalogue.data" },
  { label: "profile, client navigation", visitor: "learner", path: "/compte/profil.data" },
  { label: "shop", visitor: "shop customer", path: "/boutique" },
  { label: "cart of 2", visitor: "shop customer", path: "/boutique/panier" },
  // The public sign-up (ADR 0109) is for guests only: rendered in full, without the guest page cache.
  { label: "sign-up", visitor: "uncached", path: "/inscription" },
  { label: "pharmacy dashboard", visitor: "referent", path: "/gestion/ma-pharmacie/tableau-de-bord" },
  { label: "pharmacy team list", visitor: "referent", path: "/gestion/ma-pharmacie/equipe" },
  // The team's compliance status (ADR 0126): every active member's obligations computed per request.
  { label: "pharmacy team compliance", visitor: "referent", path: "/gestion/ma-pharmacie/conformite" },
  { label: "pharmacy collective plans", visitor: "referent", path: "/gestion/ma-pharmacie/plan-collectif" },
  { label: "pharmacy funding requests", visitor: "referent", path: "/gestion/ma-pharmacie/prises-en-charge" },
  { label: "pharmacy invoices", visitor: "referent", path: "/gestion/ma-pharmacie/factures" },
  { label: "pharmacy declared actions", visitor: "referent", path: "/gestion/ma-pharmacie/actions-declarees" },
  { label: "pharmacy last order", visitor: "referent", path: lastOrderPath },
  { label: "pharmacy evidence packs", visitor: "referent", path: "/gestion/ma-pharmacie/dossiers-de-preuves" },
  { label: "back-office index", visitor: "administrator", path: "/admin" },
  { label: "back-office catalogue", visitor: "administrator", path: "/admin/catalog" },
  { label: "back-office sessions", visitor: "administrator", path: "/admin/faceToFace" },
  { label: "back-office invoices and credit notes", visitor: "administrator", path: "/admin/factureCompta/invoices" },
  { label: "back-office evidence packs", visitor: "administrator", path: "/admin/evidence-packs" },
];

const LOGGED_IN = new Set<Visitor>(["learner", "shop customer", "referent", "administrator"]);
/** BENCH_RERENDER=0 skips the re-rendered twins of the logged-in rows. */
const RERENDER = process.env.BENCH_RERENDER !== "0";

/** BENCH_ONLY (a case-insensitive regular expression) keeps the rows whose name matches; the static row always runs. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const selected = (name: string) => !ONLY || ONLY.test(name);

/** The page rows, each visitor logged in once (the shop customer's cart filled first). */
async function pageRows(origin: string): Promise<LoadFigures[]> {
  const cookies = new Map<Visitor, string>([
    ["guest", ""],
    ["uncached", UNCACHED.cookie],
  ]);
  const rows: LoadFigures[] = [];
  for (const row of PAGE_ROWS) {
    if (!cookies.has(row.visitor)) {
      const cookie = await logIn(origin, VISITOR_EMAILS[row.visitor as keyof typeof VISITOR_EMAILS], DEMO_PASSWORD);
      if (row.visitor === "shop customer") await fillCart(origin, cookie);
      cookies.set(row.visitor, cookie);
    }
    const cookie = cookies.get(row.visitor)!;
    const pagePath = typeof row.path === "string" ? row.path : await row.path(origin, cookie);
    if (!pagePath) throw new Error(`no page found for the row "${row.label}" (${row.visitor})`);
    const name = `GET ${pagePath} (${row.label}, ${row.visitor})`;
    if (!selected(name)) continue;
    rows.push(await measure(name, `${origin}${pagePath}`, cookie ? { cookie } : {}));
    // Logged-in pages are kept per session (ADR 0091): the row above is a page seen again with no write since. Its
    // twin is a hard reload (Cache-Control: no-cache): the loaders run again, as on the first view after a write.
    const renderedName = `GET ${pagePath} (${row.label}, ${row.visitor}, re-rendered)`;
    if (LOGGED_IN.has(row.visitor) && RERENDER && selected(renderedName)) {
      rows.push(await measure(renderedName, `${origin}${pagePath}`, { cookie, "cache-control": "no-cache" }));
    }
  }
  return rows;
}

/**
 * The catalogue seen again, by a learner and by a guest, while another learner bookmarks and unbookmarks a training
 * ten times a second (ADR 0141): a busy platform, where someone writes all the time. Before page data versions by
 * scope, each of those writes made the learner's next page a full render and emptied the guest pages.
 */
async function othersWriteRows(origin: string): Promise<LoadFigures[]> {
  const rows: LoadFigures[] = [];
  for (const visitor of ["learner", "guest"] as const) {
    const name = `GET /catalogue (catalogue, ${visitor}, while another learner bookmarks 10 times a second)`;
    if (!selected(name)) continue;
    const cookie = visitor === "learner" ? await logIn(origin, LEARNER, DEMO_PASSWORD) : null;
    rows.push(await whileAnotherLearnerBookmarks(origin, () => measure(name, `${origin}/catalogue`, cookie ? { cookie } : {})));
  }
  // A page that shows other people's rows is kept under the overall version, which every write moves: each of the
  // other learner's writes makes the referent's next dashboard a miss. Its loaders run again and, their data being
  // the same, the document rendered before is sent (ADR 0142).
  const dashboard = "/gestion/ma-pharmacie/tableau-de-bord";
  const name = `GET ${dashboard} (pharmacy dashboard, referent, while another learner bookmarks 10 times a second)`;
  if (selected(name)) {
    const cookie = await logIn(origin, REFERENT, DEMO_PASSWORD);
    rows.push(await whileAnotherLearnerBookmarks(origin, () => measure(name, `${origin}${dashboard}`, { cookie })));
  }
  return rows;
}

async function whileAnotherLearnerBookmarks(origin: string, measureRow: () => Promise<LoadFigures>): Promise<LoadFigures> {
  const { headers } = await shopSession(origin, await logIn(origin, OTHER_LEARNER, DEMO_PASSWORD));
  const catalogue = (await (await fetch(`${origin}/back/api/catalogue?pageSize=1`, { headers })).json()) as { data: { items: { id: number }[] } };
  const bookmark = `${origin}/back/api/user/bookmarks/${catalogue.data.items[0].id}`;
  let writing = true;
  let writes = 0;
  const started = performance.now();
  const writer = (async () => {
    for (let turn = 0; writing; turn++) {
      const reply = await fetch(bookmark, { method: turn % 2 === 0 ? "PUT" : "DELETE", headers: { ...headers, accept: "application/json" } });
      if (!reply.ok) throw new Error(`the other learner's bookmark write answered ${reply.status}`);
      writes++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return await measureRow();
  } finally {
    writing = false;
    await writer;
    console.log(`  (${fmt(writes)} bookmark writes by the other learner in ${fmt((performance.now() - started) / 1000, 1)} s)`);
  }
}

/** Adding to the cart (issue 14): add then remove on one connection, on a session of its own. */
async function shopWriteRows(origin: string): Promise<LoadFigures[]> {
  const name = "POST shop/add/products + remove/product (shop customer, 1 connection)";
  if (!selected(name)) return [];
  const cookie = await logIn(origin, SHOP_CUSTOMER, DEMO_PASSWORD);
  const extra = await fillCart(origin, cookie);
  const { headers } = await shopSession(origin, cookie);
  return [
    await measurePair(
      name,
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
    rows.push(...(await pageRows(origin)));
    rows.push(...(await othersWriteRows(origin)));
    for (const [name, apiPath] of [
      ["GET /back/api/catalogue", "/back/api/catalogue"],
      ["GET /back/api/catalogue/search?q=douleur", "/back/api/catalogue/search?q=douleur"],
      ["GET /back/api/user (guest)", "/back/api/user"],
    ]) {
      if (selected(name)) rows.push(await measure(name, `${origin}${apiPath}`));
    }
    rows.push(...(await shopWriteRows(origin)));

    console.log(
      `\nHTTP on ${databaseLabel} (${SETTINGS.connections} connections, ${SETTINGS.duration} s after ${SETTINGS.warmup} s warm-up, gzip accepted; ` +
        `${fmt(trainings)} bench trainings; home page ${fmt(html.length)} bytes of HTML; 2xx = answers completed in the run, errors = failed, timed-out or non-2xx answers; ` +
        `SQL/req = statements per request, mean of 5 requests made one at a time)`,
    );
    console.log(ratioTable(rows));
    console.log(
      "\nfirst-load JavaScript (served: the bytes sent to a browser that accepts Brotli, issue 34's budget 115 KB, checked by tests/integration/html-budgets.test.ts; gzip -9 beside it, issue 12's budget 120 KB):",
    );
    const pages: [string, string | null][] = [
      ["home", "/"],
      ["catalogue", "/catalogue"],
      ["course page", coursePath],
    ];
    for (const [label, pagePath] of pages) {
      if (!pagePath) continue;
      const weight = await javascriptWeight(`${origin}${pagePath}`);
      console.log(
        `  ${label.padEnd(12)} ${weight.files} files, ${fmt(weight.rawBytes / 1024, 1)} KB raw, ${fmt(weight.gzippedBytes / 1024, 1)} KB gzip, ${fmt(weight.servedBytes / 1024, 1)} KB served ` +
          `(+ ${fmt(weight.inlineGzippedBytes / 1024, 1)} KB inline scripts)`,
      );
    }
    console.log(
      `machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}; client and server share the machine`,
    );
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
