// The embedded database in its own process (ADR 0093): the platform's PGlite runs in a child of the web process,
// reached over the PostgreSQL wire protocol on a Unix socket; the wire server keeps PGlite's one session whole.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { serveOverWire } from "../../server/db/pglite-wire.ts";
import { backends } from "./support/database.ts";
import { ROOT } from "./support/platform.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "it-pglite-process-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Server = { child: ChildProcess; origin: Promise<string>; exited: Promise<{ code: number | null; output: string }>; output: () => string };

function startServer(dir: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "index.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "sandbox",
      PGLITE_DIR: dir,
      DATA_DIR: path.dirname(dir),
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      PGLITE_PROCESS: "child",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
  const origin = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const match = /Platform ready on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace("//localhost:", "//127.0.0.1:"));
    });
    void exited.then((e) => reject(new Error(`exited ${e.code} before ready: ${e.output}`)));
  });
  origin.catch(() => {});
  return { child, origin, exited, output: () => output };
}

/** The parent pid of a process, from /proc. */
function parentOf(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
}

describe.runIf(backends().includes("pglite"))("the platform's embedded database in its own process", () => {
  const dir = path.join(tmp, "platform", "pglite");

  test("a child of the web process holds the directory; stopping the server stops it; the data is there next time", async () => {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const server = startServer(dir);
    const origin = await server.origin;
    const owner = Number(fs.readFileSync(`${dir}.lock`, "utf8"));
    expect(owner).not.toBe(server.child.pid);
    expect(parentOf(owner)).toBe(server.child.pid);
    const catalogue = await fetch(`${origin}/back/api/catalogue`, { headers: { "accept-language": "fr-FR" } });
    expect(catalogue.status).toBe(200);
    expect(((await catalogue.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);
    expect(server.output()).toMatch(/demo data loaded/);

    server.child.kill("SIGTERM");
    const stopped = await server.exited;
    expect(stopped.code, stopped.output).toBe(0);
    expect(fs.existsSync(`/proc/${owner}`)).toBe(false);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);

    const again = startServer(dir);
    const originAgain = await again.origin;
    expect(again.output(), again.output()).not.toMatch(/demo data loaded/);
    expect((await fetch(`${originAgain}/back/api/catalogue`)).status).toBe(200);

    // A request whose headers never end keeps its connection busy: it is cut after the 10 s drain, then the
    // database is closed as usual and the exit is clean.
    const { port } = new URL(originAgain);
    const slow = net.connect(Number(port), "127.0.0.1");
    slow.on("error", () => {});
    await new Promise((resolve) => slow.once("connect", resolve));
    slow.write("GET /back/api/health HTTP/1.1\r\nHost: localhost\r\n");
    const stopAsked = Date.now();
    again.child.kill("SIGINT");
    const stoppedAgain = await again.exited;
    expect(stoppedAgain.code, stoppedAgain.output).toBe(0);
    expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(9_000);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);

  test("when the database process dies, the web process stops instead of failing every request", async () => {
    const own = path.join(tmp, "dies", "pglite");
    fs.mkdirSync(path.dirname(own), { recursive: true });
    // Without the demo data: what is checked is the web process's answer to its database's death, not what it holds.
    const server = startServer(own, { SEED_DEMO: "never" });
    await server.origin;
    const owner = Number(fs.readFileSync(`${own}.lock`, "utf8"));
    process.kill(owner, "SIGKILL");
    const { code, output } = await server.exited;
    expect(code).toBe(1);
    expect(output).toMatch(/embedded database process stopped unexpectedly/);
  }, 120_000);
});

describe("the wire server in front of one PGlite session", () => {
  test("a second connection waits for the first; a connection closed inside a transaction has it rolled back, its prepared statements discarded", async () => {
    const db = await PGlite.create();
    await db.exec("create table t (n int)");
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-wire-"));
    const wire = await serveOverWire(db, path.join(socketDir, ".s.PGSQL.5432"));
    const client = () => new pg.Client({ host: socketDir, port: 5432, user: "postgres", database: "postgres" });
    try {
      const first = client();
      await first.connect();
      await first.query("begin");
      await first.query("insert into t values ($1)", [1]);

      const second = client();
      let secondAnswered = false;
      const secondRead = second
        .connect()
        .then(() => second.query("select count(*)::int as n from t"))
        .then((result) => {
          secondAnswered = true;
          return result.rows[0].n as number;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondAnswered).toBe(false);

      await first.end();
      expect(await secondRead).toBe(0);

      // Statements with parameters and several types come back as PostgreSQL sends them.
      const typed = await second.query("select $1::int + 1 as n, $2::text as s, now() as at, null::int as empty", [41, "é"]);
      expect(typed.rows[0]).toMatchObject({ n: 42, s: "é", empty: null });
      expect(typed.rows[0].at).toBeInstanceOf(Date);
      await expect(second.query("select * from missing_table")).rejects.toThrow(/missing_table/);
      expect((await second.query("select 1 as one")).rows[0].one).toBe(1);
      await second.end();

      // A client that insists on TLS is told the server has none, and the next one is served.
      const tls = new pg.Client({ host: socketDir, port: 5432, user: "postgres", database: "postgres", ssl: true });
      await expect(tls.connect()).rejects.toThrow(/does not support SSL/);
      const third = client();
      await third.connect();
      expect((await third.query("select count(*)::int as n from t")).rows[0].n).toBe(0);
      // A named (prepared) statement belongs to its connection: the next connection prepares the same name afresh.
      expect((await third.query({ name: "count_t", text: "select count(*)::int as n from t" })).rows[0].n).toBe(0);
      await third.end();
      const fourth = client();
      await fourth.connect();
      expect((await fourth.query({ name: "count_t", text: "select 1 + count(*)::int as n from t" })).rows[0].n).toBe(1);
      await fourth.end();
    } finally {
      await wire.close();
      await db.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    }
  }, 60_000);
});
