import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { readEnv } from "./env.ts";

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("secrets without configuration", () => {
  test("are generated at first start into DATA_DIR/secrets.json (mode 0600), reported, and reused afterwards", () => {
    const dir = dataDir();
    const reports: Array<{ names: string[]; file: string }> = [];
    const first = readEnv({ DATA_DIR: dir }, { onGenerated: (names, file) => reports.push({ names, file }) });
    expect(reports).toEqual([{ names: ["APP_SECRET", "PUSHER_APP_SECRET"], file: path.join(dir, "secrets.json") }]);
    for (const secret of [first.APP_SECRET, first.PUSHER_APP_SECRET]) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(["development-secret-change-me-please", "app-secret"]).not.toContain(secret);
    }
    expect(first.APP_SECRET).not.toBe(first.PUSHER_APP_SECRET);
    const stat = fs.statSync(path.join(dir, "secrets.json"));
    expect(stat.mode & 0o777).toBe(0o600);

    const second = readEnv({ DATA_DIR: dir }, { onGenerated: (names, file) => reports.push({ names, file }) });
    expect(reports).toHaveLength(1);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(second.PUSHER_APP_SECRET).toBe(first.PUSHER_APP_SECRET);

    // Another installation gets other secrets.
    expect(readEnv({ DATA_DIR: dataDir() }).APP_SECRET).not.toBe(first.APP_SECRET);
  });

  test("a configured secret wins and is not written; only the missing one is generated", () => {
    const dir = dataDir();
    const reports: string[][] = [];
    const env = readEnv({ DATA_DIR: dir, APP_SECRET: "configured-secret-0123456789" }, { onGenerated: (names) => reports.push(names) });
    expect(env.APP_SECRET).toBe("configured-secret-0123456789");
    expect(reports).toEqual([["PUSHER_APP_SECRET"]]);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(Object.keys(stored)).toEqual(["PUSHER_APP_SECRET"]);
    expect(JSON.stringify(stored)).not.toContain("configured-secret");
    // Later without APP_SECRET: it is added next to the existing one, which is kept.
    const later = readEnv({ DATA_DIR: dir });
    expect(later.PUSHER_APP_SECRET).toBe(stored.PUSHER_APP_SECRET);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8"))).sort()).toEqual(["APP_SECRET", "PUSHER_APP_SECRET"]);
  });

  test("a loosened file is tightened back to 0600; a broken one stops the start instead of being replaced", () => {
    const dir = dataDir();
    const file = path.join(dir, "secrets.json");
    readEnv({ DATA_DIR: dir });
    fs.chmodSync(file, 0o644);
    readEnv({ DATA_DIR: dir });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, "{not json");
    expect(() => readEnv({ DATA_DIR: dir })).toThrow(/secrets\.json is not valid JSON/);
    expect(fs.readFileSync(file, "utf8")).toBe("{not json");
  });

  test("short or public secrets from the environment are refused", () => {
    expect(() => readEnv({ DATA_DIR: dataDir(), APP_SECRET: "short" })).toThrow(/APP_SECRET/);
    expect(() => readEnv({ DATA_DIR: dataDir(), PUSHER_APP_SECRET: "app-secret" })).toThrow(/PUSHER_APP_SECRET/);
  });
});
