// F7: started as `npm start` does, without APP_SECRET or PUSHER_APP_SECRET, the platform generates random
// secrets into DATA_DIR (mode 0600), says so, and keeps them across a restart; the README's public values
// ("app-secret") sign nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Pusher from "pusher";
import { afterAll, describe, expect, test } from "vitest";
import { parseSetCookie } from "./support/http.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-secrets-"));
let running: ServerProcess | undefined;

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

function apiClient(origin: string, secret: string): Pusher {
  const { hostname, port } = new URL(origin);
  return new Pusher({ appId: "app-id", key: "app-key", secret, host: hostname, port, useTLS: false });
}

describe("secrets without configuration", () => {
  test("are generated at first start, logged, kept in DATA_DIR with mode 0600, and reused after a restart", { timeout: 420_000 }, async () => {
    running = await startServerProcess({ dataDir });
    const file = path.join(dataDir, "secrets.json");
    expect(running.output()).toMatch(/Generated APP_SECRET, PUSHER_APP_SECRET/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
    expect(stored.APP_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The public default signs nothing; the stored secret does.
    await expect(apiClient(running.origin, "app-secret").get({ path: "/channels" })).rejects.toMatchObject({ status: 401 });
    expect((await apiClient(running.origin, stored.PUSHER_APP_SECRET).get({ path: "/channels" })).status).toBe(200);

    // A CSRF token of the first run ...
    const csrf = await fetch(`${running.origin}/back/sanctum/csrf-cookie`);
    const cookie = parseSetCookie(csrf.headers.getSetCookie().find((header) => header.startsWith("XSRF-TOKEN="))!);
    await running.stop();

    running = await startServerProcess({ dataDir });
    expect(running.output()).not.toMatch(/Generated/);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(stored);
    // ... is still accepted after the restart (same APP_SECRET), and the stored Pusher secret still signs.
    const logout = await fetch(`${running.origin}/back/api/logout`, {
      method: "POST",
      headers: { cookie: `XSRF-TOKEN=${cookie.value}`, "x-xsrf-token": decodeURIComponent(cookie.value), "content-type": "application/json" },
      body: "{}",
    });
    expect(logout.status).toBe(200);
    expect((await apiClient(running.origin, stored.PUSHER_APP_SECRET).get({ path: "/channels" })).status).toBe(200);
  });
});
