// PGlite allows one process per data directory: a second process (the fixture, the real server
// entry, or the backup tool) is refused with a clear message, and a stale lock is taken over.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { backends } from "./support/database.ts";
import { ROOT } from "./support/platform.ts";

const HOLDER = path.join(ROOT, "tests", "fixtures", "hold-pglite.ts");
const children: ChildProcess[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "it-pglite-lock-"));

type Exit = { code: number | null; stdout: string; stderr: string };

function start(args: string[], env: Record<string, string> = {}) {
  // node --import tsx (what `npx tsx` runs) keeps one process, so its pid is the lock owner's.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<Exit>((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => stdout.includes("ready") && resolve());
    void exited.then((e) => reject(new Error(`exited ${e.code} before ready: ${e.stderr}`)));
  });
  ready.catch(() => {}); // awaited only by the tests that expect the process to get ready
  return { child, exited, ready };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(backends().includes("pglite"))("one process per PGlite directory", () => {
  const dir = path.join(tmp, "pglite");

  test("a second process is refused with a clear message; the first keeps working", async () => {
    const first = start([HOLDER, dir]);
    await first.ready;
    const pid = first.child.pid!;
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(pid));

    const second = await start([HOLDER, dir]).exited;
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(`already used by process ${pid}`);
    expect(second.stderr).toMatch(/Only one process may open it/);
    expect(second.stderr).toMatch(/PGLITE_DIR|DATABASE_URL/);

    // The real server entry refuses too, with the same message and exit code 1.
    const server = await start([path.join(ROOT, "server", "index.ts")], {
      PGLITE_DIR: dir,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
    }).exited;
    expect(server.code).toBe(1);
    expect(server.stderr).toContain(`already used by process ${pid}`);

    // So does the backup tool, which explains that the server must be stopped.
    const backup = await start([path.join(ROOT, "server", "db", "backup-cli.ts")], {
      PGLITE_DIR: dir,
      DATA_DIR: tmp,
      DATABASE_URL: "",
    }).exited;
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/must run while the server is stopped/);
    expect(fs.existsSync(path.join(tmp, "backups"))).toBe(false);

    first.child.stdin!.end();
    expect((await first.exited).code).toBe(0);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);

  test("a lock left by a killed process is taken over, and the data is intact", async () => {
    const first = start([HOLDER, dir]);
    await first.ready;
    first.child.kill("SIGKILL");
    await first.exited;
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);

    const next = start([HOLDER, dir]);
    await next.ready;
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(next.child.pid));
    next.child.stdin!.end();
    expect((await next.exited).code).toBe(0);
  }, 120_000);

  test("the backup tool dumps the directory once the server is stopped", async () => {
    const backup = await start([path.join(ROOT, "server", "db", "backup-cli.ts")], {
      PGLITE_DIR: dir,
      DATA_DIR: tmp,
      DATABASE_URL: "",
    }).exited;
    expect(backup.code, backup.stderr).toBe(0);
    const files = fs.readdirSync(path.join(tmp, "backups"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.tar\.gz$/);
    expect(fs.statSync(path.join(tmp, "backups", files[0])).size).toBeGreaterThan(1000);
  }, 120_000);
});
