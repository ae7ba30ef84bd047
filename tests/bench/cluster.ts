// `npm run bench:cluster`: a scripted mix of visits at rising load against the cluster of scripts/lib/cluster.mjs
// (PostgreSQL, Redis, N instances, nginx taking them in turn), with 1 instance and then with 2, a fresh cluster each,
// always through nginx. The visits:
//   guest    GET /, /catalogue, a course page (3 requests);
//   learner  CSRF cookie, POST /back/api/login, /catalogue, a course page, their learning view, /compte/profil (6);
//   buyer    CSRF cookie, login, add a training to the cart, choose its function, start the card payment, the
//            sandbox page, pay with the accepted card (303 to the order), the order page (8).
// Learners and buyers are accounts made for the bench in the cluster's database (copies of learner@demo.test and of
// shop@demo.test, same password), each in one visit at a time; a buyer buys each training once.
// The load is open: visits start on a fixed schedule whatever the answers (offered requests/s ÷ requests per visit,
// kinds in turn by the mix's weights), and the requests of a visit follow one another. Each step lasts
// BENCH_STEP_SECONDS; the step's visits are then let finish before the next step. A step's latencies are those of its
// visits' requests (a visit's first one counted from when it was due); achieved = answers completed within the step.
// The load rises until a step's p99 passes BENCH_P99_MS or it has an error (a failed request, a time-out, an
// unexpected status); the knee is the highest achieved requests/s of a step under the limit and without error.
// Each step also shows the cores each part used (from /proc: the instances, PostgreSQL, Redis, nginx, this bench, and
// "other", the rest of the machine's busy time) and the instances' CPU time per answered request.
// Each visit comes from one of 100 loopback addresses (127.0.0.2 to 127.0.0.101): the login limit allows 30 attempts
// in flight per address, a real crowd comes from many.
//   BENCH_INSTANCES (1,2), BENCH_STEP_SECONDS (5), BENCH_START_RATE (5 requests/s), BENCH_RATE_FACTOR (1.25, each step's
//   rate is the previous one's times this), BENCH_MAX_RATE (400), BENCH_WARMUP_ROUNDS (3: each kind of visit this
//   many times per instance, one after the other, before the steps; not reported), BENCH_P99_MS (200), BENCH_MIX
//   (guest:6,learner:3,buyer:1, visits by kind), BENCH_ACCOUNTS (200 learners and 200 buyers), BENCH_TIMEOUT_MS (5000,
//   per request).
import http from "node:http";
import os from "node:os";
import fs from "node:fs";
import zlib from "node:zlib";
import pg from "pg";
import { ensureBuild } from "../../scripts/lib/build.mjs";
import { startCluster, type Cluster } from "../../scripts/lib/cluster.mjs";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { assertLoopback, fmt } from "./support.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SETTINGS = {
  instances: (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number),
  stepSeconds: num("BENCH_STEP_SECONDS", 5),
  startRate: num("BENCH_START_RATE", 5),
  rateFactor: num("BENCH_RATE_FACTOR", 1.25),
  maxRate: num("BENCH_MAX_RATE", 400),
  warmupRounds: num("BENCH_WARMUP_ROUNDS", 3),
  p99LimitMs: num("BENCH_P99_MS", 200),
  accounts: num("BENCH_ACCOUNTS", 200),
  timeoutMs: num("BENCH_TIMEOUT_MS", 5000),
  mix: process.env.BENCH_MIX ?? "guest:6,learner:3,buyer:1",
};
const ADDRESSES = 100;
const ACCEPTED_CARD = "4242 4242 4242 4242";

type Kind = "guest" | "learner" | "buyer";
const REQUESTS_PER_VISIT: Record<Kind, number> = { guest: 3, learner: 6, buyer: 8 };
const KINDS = Object.keys(REQUESTS_PER_VISIT) as Kind[];

/** The mix as weights, and the kinds in turn (smooth weighted round robin, as nginx takes weighted servers). */
function parseMix(text: string): { weights: Record<Kind, number>; order: Kind[] } {
  const weights = { guest: 0, learner: 0, buyer: 0 };
  for (const part of text.split(",")) {
    const [kind, weight] = part.split(":");
    if (!KINDS.includes(kind as Kind) || !(Number(weight) >= 0)) throw new Error(`BENCH_MIX: "${part}" is not kind:weight (guest, learner, buyer)`);
    weights[kind as Kind] = Number(weight);
  }
  const total = KINDS.reduce((sum, kind) => sum + weights[kind], 0);
  if (total <= 0) throw new Error("BENCH_MIX has no visit");
  const current = { guest: 0, learner: 0, buyer: 0 };
  const order: Kind[] = [];
  for (let i = 0; i < total; i++) {
    for (const kind of KINDS) current[kind] += weights[kind];
    const chosen = KINDS.reduce((best, kind) => (current[kind] > current[best] ? kind : best));
    current[chosen] -= total;
    order.push(chosen);
  }
  return { weights, order };
}
const MIX = parseMix(SETTINGS.mix);
const REQUESTS_PER_VISIT_MEAN = MIX.order.reduce((sum, kind) => sum + REQUESTS_PER_VISIT[kind], 0) / MIX.order.length;

// ------------------------------------------------------------------ HTTP

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function decoded(reply: Reply): string {
  const encoding = reply.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(reply.body).toString("utf8");
  if (encoding === "br") return zlib.brotliDecompressSync(reply.body).toString("utf8");
  return reply.body.toString("utf8");
}

/** One step's figures: latencies by kind, answers completed inside the step, errors by cause. */
type StepRecord = { latencies: Record<Kind, number[]>; completedInStep: number; endsAt: number; errors: Map<string, number> };

class VisitFailed extends Error {}

/** A visitor: its cookies, its loopback address, and the step its requests count in. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(
    private readonly target: URL,
    private readonly kind: Kind,
    private readonly address: string,
    private readonly record: StepRecord,
    /** When the visit was due: its first request's latency counts from then (a late start is the bench's delay). */
    private dueAt: number,
  ) {}

  cookie(name: string) {
    return decodeURIComponent(this.cookies.get(name) ?? "");
  }

  /** A request: its latency is recorded; a failure, a time-out or an unexpected status ends the visit as an error. */
  async send(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; expect?: number } = {}) {
    const headers: Record<string, string> = {
      host: this.target.host,
      "accept-encoding": "gzip",
      "accept-language": "fr-FR,fr;q=0.9",
      ...options.headers,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
      headers.accept = "application/json";
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const started = Math.min(this.dueAt, performance.now());
    this.dueAt = Infinity;
    let reply: Reply;
    try {
      reply = await this.request(method, path, headers, body);
    } catch (error) {
      throw this.fail(`${method} ${path.split("?")[0]}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const now = performance.now();
    this.record.latencies[this.kind].push(now - started);
    if (now <= this.record.endsAt) this.record.completedInStep++;
    for (const line of reply.headers["set-cookie"] ?? []) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const expected = options.expect ? reply.status === options.expect : reply.status >= 200 && reply.status < 300;
    if (!expected) throw this.fail(`${method} ${path.split("?")[0].replace(/[^/]{40,}/, "…")}: HTTP ${reply.status}`);
    return reply;
  }

  /** Counts the visit's error in its step; the visit stops on it. */
  fail(cause: string) {
    this.record.errors.set(`${this.kind}: ${cause}`, (this.record.errors.get(`${this.kind}: ${cause}`) ?? 0) + 1);
    return new VisitFailed(cause);
  }

  private request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: "127.0.0.1", port: this.target.port, method, path, headers, agent, localAddress: this.address, timeout: SETTINGS.timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer within ${SETTINGS.timeoutMs} ms`)));
      request.on("error", reject);
      request.end(body);
    });
  }

  /** CSRF cookie, then the login API with the token in its header, as the login form's script does. */
  async logIn(email: string) {
    await this.send("GET", "/back/sanctum/csrf-cookie");
    await this.send("POST", "/back/api/login", { json: { email, password: DEMO_PASSWORD }, headers: { "x-xsrf-token": this.cookie("XSRF-TOKEN") } });
  }
}

// ------------------------------------------------------------------ the visits

type Buyer = { email: string; bought: number };
type Scene = {
  coursePaths: string[];
  learnPath: string;
  products: number[];
  learners: string[];
  buyers: Buyer[];
};

/** The visits of the run, numbered: the number chooses the kind (in the mix's order), the address and the course page. */
let visitNumber = 0;
async function visit(kind: Kind, n: number, visitor: Visitor, scene: Scene) {
  const coursePath = scene.coursePaths[n % scene.coursePaths.length];
  if (kind === "guest") {
    await visitor.send("GET", "/");
    await visitor.send("GET", "/catalogue");
    await visitor.send("GET", coursePath);
  } else if (kind === "learner") {
    const email = scene.learners.shift();
    if (!email) throw visitor.fail("every bench learner is in a visit");
    try {
      await visitor.logIn(email);
      await visitor.send("GET", "/catalogue");
      await visitor.send("GET", coursePath);
      await visitor.send("GET", scene.learnPath);
      await visitor.send("GET", "/compte/profil");
    } finally {
      scene.learners.push(email);
    }
  } else {
    const buyer = scene.buyers.shift();
    if (!buyer) throw visitor.fail("every bench buyer is in a visit or has bought everything");
    const api = () => ({ "x-xsrf-token": visitor.cookie("XSRF-TOKEN") });
    // A visit that fails leaves the buyer's cart as it was: the buyer is not used again.
    await visitor.logIn(buyer.email);
    const training = scene.products[buyer.bought];
    const added = await visitor.send("POST", "/back/api/shop/add/products", { json: { products: [training] }, headers: api() });
    const line = (JSON.parse(decoded(added)) as { data: { products: { id: number; productId: number }[] } }).data.products.find(
      (p) => p.productId === training,
    );
    if (!line) throw visitor.fail("the cart does not hold the training added");
    await visitor.send("POST", "/back/api/shop/setProductFunction/product", { json: { productCartId: line.id, functionName: "pharmacist" }, headers: api() });
    const start = await visitor.send("GET", "/back/api/shop/getPaymentToken?returnPath=%2Fboutique%2Fcommande", { headers: api() });
    const paymentUrl = (JSON.parse(decoded(start)) as { data: { url: string } }).data.url;
    const page = await visitor.send("GET", paymentUrl);
    const csrf = (/name="_csrf" value="([^"]+)"/.exec(decoded(page))?.[1] ?? "")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    const paid = await visitor.send("POST", paymentUrl, { form: { _csrf: csrf, card: ACCEPTED_CARD }, expect: 303 });
    const orderPage = String(paid.headers.location ?? "");
    if (!orderPage.includes("payment=paid")) throw visitor.fail(`the payment ended on ${orderPage || "no page"}`);
    await visitor.send("GET", orderPage);
    buyer.bought++;
    if (buyer.bought < scene.products.length) scene.buyers.push(buyer);
  }
}
// ------------------------------------------------------------------ the cluster's accounts and pages

/**
 * The bench's accounts, made in the cluster's database: learners as copies of learner@demo.test (the same pharmacy,
 * their trainings in progress), buyers as copies of shop@demo.test (a personal shop contract, its billing details).
 */
async function makeAccounts(cluster: Cluster, count: number): Promise<{ learners: string[]; buyers: string[] }> {
  const client = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, profession, brand, locale, current_account_id, app_id)
       select 'bench.learner.' || i || '@bench.test', password_hash, first_name, 'Bench ' || i, profession, brand, locale, current_account_id, app_id
       from users, generate_series(0, $1) i where email = 'learner@demo.test'`,
      [count],
    );
    await client.query(
      `insert into memberships (user_id, account_id, role)
       select b.id, m.account_id, m.role from users b, memberships m join users l on l.id = m.user_id and l.email = 'learner@demo.test'
       where b.email like 'bench.learner.%@bench.test'`,
    );
    await client.query(
      `insert into enrolments (user_id, training_id, account_id, status, dpc_programme_id, funding_id, progress_percent, started_at)
       select b.id, e.training_id, e.account_id, e.status, e.dpc_programme_id, e.funding_id, e.progress_percent, e.started_at
       from users b, enrolments e join users l on l.id = e.user_id and l.email = 'learner@demo.test'
       where b.email like 'bench.learner.%@bench.test' and e.status = 'in_progress'`,
    );
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, profession, brand, locale)
       select 'bench.buyer.' || i || '@bench.test', password_hash, first_name, 'Bench ' || i, profession, brand, locale
       from users, generate_series(0, $1) i where email = 'shop@demo.test'`,
      [count],
    );
    await client.query(
      `insert into contracts (user_id, type, product_name, valid_from)
       select id, 'shop', 'Boutique', '2020-01-01' from users where email like 'bench.buyer.%@bench.test'`,
    );
    await client.query(
      `insert into billing_profiles (user_id, address, postal_code, city, country, tax_id)
       select b.id, p.address, p.postal_code, p.city, p.country, p.tax_id
       from users b, billing_profiles p join users s on s.id = p.user_id and s.email = 'shop@demo.test'
       where b.email like 'bench.buyer.%@bench.test'`,
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return { learners: numbers.map((i) => `bench.learner.${i}@bench.test`), buyers: numbers.map((i) => `bench.buyer.${i}@bench.test`) };
}

/** A visitor outside any step (the set-up's requests). */
function setUpVisitor(target: URL, kind: Kind): Visitor {
  const record: StepRecord = { latencies: { guest: [], learner: [], buyer: [] }, completedInStep: 0, endsAt: 0, errors: new Map() };
  return new Visitor(target, kind, "127.0.0.1", record, Infinity);
}

/**
 * The pages and trainings of the visits, through the API with the accounts numbered 0: the catalogue's first 12
 * course pages, the copied learner's learning view, and the trainings the store sells that a buyer can pay without
 * choosing a session (found by adding each to the cart and taking it out again).
 */
async function findScene(target: URL, accounts: { learners: string[]; buyers: string[] }): Promise<Scene> {
  const guest = setUpVisitor(target, "guest");
  const catalogue = JSON.parse(decoded(await guest.send("GET", "/back/api/catalogue?pageSize=12"))) as { data: { items: { type: string; slug: string }[] } };
  const coursePaths = catalogue.data.items.map((course) => `/${course.type}/${course.slug}`);

  const learner = setUpVisitor(target, "learner");
  await learner.logIn("bench.learner.0@bench.test");
  const current = JSON.parse(decoded(await learner.send("GET", "/back/api/user/currentFormations"))) as {
    data: { currentTraining: { course: { type: string; slug: string } } | null };
  };
  const course = current.data.currentTraining?.course;
  if (!course) throw new Error("the bench learner has no training in progress");

  const buyer = setUpVisitor(target, "buyer");
  await buyer.logIn("bench.buyer.0@bench.test");
  const api = { "x-xsrf-token": buyer.cookie("XSRF-TOKEN") };
  const store = JSON.parse(decoded(await buyer.send("GET", "/back/api/shop/products?pageSize=48"))) as { data: { items: { course: { id: number } }[] } };
  const products: number[] = [];
  for (const { course: item } of store.data.items) {
    const added = await buyer.send("POST", "/back/api/shop/add/products", { json: { products: [item.id] }, headers: api }).catch(() => null);
    if (!added) continue;
    const cart = JSON.parse(decoded(added)) as { data: { products: { productId: number; needsSession: boolean; choices: { functions: string[] } }[] } };
    const line = cart.data.products.find((p) => p.productId === item.id);
    if (line && !line.needsSession && line.choices.functions.includes("pharmacist")) products.push(item.id);
    await buyer.send("POST", "/back/api/shop/remove/product", { json: { productId: item.id }, headers: api });
  }
  if (products.length === 0) throw new Error("the store sells no training a buyer can pay without choosing a session");
  return {
    coursePaths,
    learnPath: `/${course.type}/${course.slug}/learn`,
    products,
    learners: [...accounts.learners],
    buyers: accounts.buyers.map((email) => ({ email, bought: 0 })),
  };
}

// ------------------------------------------------------------------ CPU time by part, from /proc

type Part = "instances" | "postgres" | "redis" | "nginx" | "bench";
const PARTS: Part[] = ["instances", "postgres", "redis", "nginx", "bench"];

/** CPU ticks (1/100 s) of each process of the cluster and of the bench, by pid, and of the whole machine (busy, all cores). */
type CpuSample = { machine: number; processes: Map<string, { part: Part; ticks: number }> };

function cpuSample(cluster: Cluster): CpuSample {
  const ticks = { machine: 0, processes: new Map<string, { part: Part; ticks: number }>() };
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait is busy.
  ticks.machine = fields.slice(0, 8).reduce((sum, n) => sum + n, 0) - fields[3] - fields[4];
  const instancePids = new Set(cluster.instances.map((instance) => String(instance.pid)));
  const processes = new Map<string, { parent: string; ticks: number; command: string }>();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      processes.set(pid, { parent: stat[1], ticks: Number(stat[11]) + Number(stat[12]), command });
    } catch {
      // a process that ended meanwhile
    }
  }
  const partOf = (pid: string): Part | null => {
    const entry = processes.get(pid);
    if (!entry) return null;
    if (instancePids.has(pid)) return "instances";
    if (pid === String(process.pid)) return "bench";
    if (entry.command.includes(`${cluster.dir}/postgres`)) return "postgres";
    if (entry.command.includes(`${cluster.dir}/nginx`)) return "nginx";
    if (entry.command.startsWith(`redis-server 127.0.0.1:${cluster.redis.port}`)) return "redis";
    // PostgreSQL's backends and nginx's worker are children of their server's first process.
    const parent = processes.get(entry.parent);
    return parent && (parent.command.includes(`${cluster.dir}/postgres`) || parent.command.includes(`${cluster.dir}/nginx`)) ? partOf(entry.parent) : null;
  };
  for (const [pid, entry] of processes) {
    const part = partOf(pid);
    if (part) ticks.processes.set(pid, { part, ticks: entry.ticks });
  }
  return ticks;
}

/**
 * Cores used between two samples by each part, by the whole machine and by the rest of it (other work). A process
 * that ended between them (a PostgreSQL backend) is left out: its last ticks are not known.
 */
function coresBetween(before: CpuSample, after: CpuSample, seconds: number): Record<Part | "machine" | "other", number> {
  const cores = { instances: 0, postgres: 0, redis: 0, nginx: 0, bench: 0, machine: (after.machine - before.machine) / 100 / seconds, other: 0 };
  for (const [pid, { part, ticks }] of after.processes) cores[part] += (ticks - (before.processes.get(pid)?.ticks ?? 0)) / 100 / seconds;
  cores.other = Math.max(0, cores.machine - PARTS.reduce((sum, part) => sum + cores[part], 0));
  return cores;
}

// ------------------------------------------------------------------ the steps

type StepFigures = {
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  p99ByKind: Record<Kind, number | null>;
  requests: number;
  errors: number;
  causes: [string, number][];
  /** Cores used during the step by each part, by the whole machine, and by the rest of it (other work). */
  cores: Record<Part | "machine" | "other", number>;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Starts visits on a fixed schedule for `seconds`, then waits for the last ones to finish. */
async function runStep(target: URL, cluster: Cluster, scene: Scene, rate: number, seconds: number): Promise<StepFigures> {
  const visitsPerSecond = rate / REQUESTS_PER_VISIT_MEAN;
  const interval = 1000 / visitsPerSecond;
  const cpuBefore = cpuSample(cluster);
  const startedAt = performance.now();
  const record: StepRecord = { latencies: { guest: [], learner: [], buyer: [] }, completedInStep: 0, endsAt: startedAt + seconds * 1000, errors: new Map() };
  const running: Promise<void>[] = [];
  let started = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      for (let due = startedAt + started * interval; due <= performance.now() && due < record.endsAt; due = startedAt + started * interval) {
        const n = visitNumber++;
        const kind = MIX.order[n % MIX.order.length];
        const address = `127.0.0.${2 + (n % ADDRESSES)}`;
        running.push(
          visit(kind, n, new Visitor(target, kind, address, record, due), scene).catch((error) => {
            if (!(error instanceof VisitFailed)) record.errors.set(`${kind}: ${String(error)}`, 1);
          }),
        );
        started++;
      }
      const next = startedAt + started * interval;
      if (next >= record.endsAt) setTimeout(resolve, Math.max(0, record.endsAt - performance.now()));
      else setTimeout(tick, Math.max(0, next - performance.now()));
    };
    tick();
  });
  const cpuAfter = cpuSample(cluster);
  await Promise.all(running);
  const all = KINDS.flatMap((kind) => record.latencies[kind]).sort((a, b) => a - b);
  const cores = coresBetween(cpuBefore, cpuAfter, seconds);
  const p99ByKind = {} as Record<Kind, number | null>;
  for (const kind of KINDS) {
    const sorted = record.latencies[kind].sort((a, b) => a - b);
    p99ByKind[kind] = sorted.length ? percentile(sorted, 99) : null;
  }
  const errors = [...record.errors.values()].reduce((sum, n) => sum + n, 0);
  return {
    offered: rate,
    achieved: record.completedInStep / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    p99ByKind,
    requests: all.length,
    errors,
    causes: [...record.errors].sort((a, b) => b[1] - a[1]).slice(0, 3),
    cores,
  };
}

const underLimit = (step: StepFigures) => step.errors === 0 && step.p99 < SETTINGS.p99LimitMs;

function stepTable(steps: StepFigures[]): string {
  const header = [
    "offered/s",
    "achieved/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "p99 guest",
    "learner",
    "buyer",
    "cores: inst",
    "pg",
    "redis",
    "nginx",
    "bench",
    "other",
    "inst CPU ms/req",
  ];
  const ms = (n: number | null) => (n === null ? "-" : fmt(n));
  const rows = steps.map((s) => [
    fmt(s.offered, 1),
    fmt(s.achieved, 1),
    fmt(s.p50),
    fmt(s.p99),
    String(s.errors),
    ms(s.p99ByKind.guest),
    ms(s.p99ByKind.learner),
    ms(s.p99ByKind.buyer),
    ...(["instances", "postgres", "redis", "nginx", "bench", "other"] as const).map((part) => fmt(s.cores[part], 2)),
    s.achieved > 0 ? fmt((s.cores.instances * 1000) / s.achieved, 1) : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i])).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * Before the steps, each kind of visit BENCH_WARMUP_ROUNDS times per instance, one visit after the other (not
 * reported): every instance renders each page and takes a payment before anything is measured. A round's 17
 * requests are an odd number, so nginx's turns give each request of a visit to each instance over two rounds.
 */
async function warmUp(target: URL, scene: Scene, instances: number): Promise<{ visits: number; slowest: number; errors: number }> {
  const record: StepRecord = { latencies: { guest: [], learner: [], buyer: [] }, completedInStep: 0, endsAt: 0, errors: new Map() };
  let visits = 0;
  for (let round = 0; round < SETTINGS.warmupRounds * instances; round++) {
    for (const kind of KINDS) {
      const n = visitNumber++;
      await visit(kind, n, new Visitor(target, kind, `127.0.0.${2 + (n % ADDRESSES)}`, record, Infinity), scene).catch(() => {});
      visits++;
    }
  }
  const all = KINDS.flatMap((kind) => record.latencies[kind]);
  return { visits, slowest: Math.max(0, ...all), errors: [...record.errors.values()].reduce((sum, n) => sum + n, 0) };
}

/** A fresh cluster of `instances`, its accounts and pages, then the steps until the limit. */
async function benchCluster(instances: number): Promise<{ steps: StepFigures[]; knee: StepFigures | null }> {
  let started = performance.now();
  const cluster = await startCluster({ instances });
  try {
    const target = new URL(cluster.url);
    assertLoopback(target.href);
    const scene = await findScene(target, await makeAccounts(cluster, SETTINGS.accounts));
    console.log(
      `\n${instances} instance(s) behind nginx on ${cluster.url}: started in ${fmt((performance.now() - started) / 1000, 1)} s; ` +
        `${scene.coursePaths.length} course pages, ${scene.products.length} trainings to buy, ${SETTINGS.accounts} learners and buyers`,
    );
    started = performance.now();
    const warm = await warmUp(target, scene, instances);
    console.log(`warm-up: ${warm.visits} visits one after the other, slowest request ${fmt(warm.slowest)} ms, ${warm.errors} errors (not counted)`);
    const steps: StepFigures[] = [];
    for (let rate = SETTINGS.startRate; rate <= SETTINGS.maxRate; rate *= SETTINGS.rateFactor) {
      const step = await runStep(target, cluster, scene, rate, SETTINGS.stepSeconds);
      steps.push(step);
      process.stdout.write(
        `  ${fmt(rate, 1)} offered, ${fmt(step.achieved, 1)} achieved requests/s, p50 ${fmt(step.p50)} ms, p99 ${fmt(step.p99)} ms, ${step.errors} errors` +
          `${step.causes.length ? ` (${step.causes.map(([cause, n]) => `${n}× ${cause}`).join("; ")})` : ""}\n`,
      );
      if (!underLimit(step)) break;
    }
    const knee = steps.filter(underLimit).reduce<StepFigures | null>((best, step) => (!best || step.achieved > best.achieved ? step : best), null);
    console.log(`steps of ${SETTINGS.stepSeconds} s in ${fmt((performance.now() - started) / 1000, 1)} s:\n${stepTable(steps)}`);
    return { steps, knee };
  } finally {
    agent.destroy();
    await cluster.stop();
  }
}

async function main() {
  const started = performance.now();
  if (!(await ensureBuild())) throw new Error("the build failed");
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ");
  console.log(
    `bench:cluster: mix ${SETTINGS.mix} (visits; ${fmt(REQUESTS_PER_VISIT_MEAN, 2)} requests per visit), steps of ${SETTINGS.stepSeconds} s from ` +
      `${SETTINGS.startRate} requests/s times ${SETTINGS.rateFactor} up to ${SETTINGS.maxRate}, limit p99 < ${SETTINGS.p99LimitMs} ms and no error; ` +
      `${os.cpus().length} cores, load average ${load()}`,
  );
  const knees = new Map<number, StepFigures | null>();
  for (const instances of SETTINGS.instances) knees.set(instances, (await benchCluster(instances)).knee);
  console.log("\nknee (highest achieved requests/s of a step with p99 under the limit and no error):");
  for (const [instances, knee] of knees) {
    console.log(
      `  ${instances} instance(s): ${knee ? `${fmt(knee.achieved, 1)} requests/s (offered ${fmt(knee.offered, 1)}, p99 ${fmt(knee.p99)} ms)` : "none"}`,
    );
  }
  const one = knees.get(1);
  const two = knees.get(2);
  if (one && two) console.log(`  ratio 2 / 1: ${(two.achieved / one.achieved).toFixed(2)}`);
  console.log(`machine: ${os.cpus().length} cores, Node ${process.version}, load average ${load()}; run time ${fmt((performance.now() - started) / 1000)} s`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
