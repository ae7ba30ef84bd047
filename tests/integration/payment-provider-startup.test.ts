// Who takes card payments, at start-up (issue 28 item 5, ADR 0100), the process started as `npm start` starts it:
// production without PAYMENT_PROVIDER, or SystemPay without its keys, refuses to start and says what to set (never
// a silent sandbox); the sandbox named explicitly starts and the log says so plainly; `npm start`'s demo on a fresh
// machine names the sandbox itself, visibly.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";

let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
}, 60_000);

// The two starts that get ready share a data directory: the first finds it empty, as a fresh machine does, and the
// second starts on the database the first made instead of making one again (about 10 s of an idle core's time).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-payment-provider-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The output of a start that must fail: the process exits before it is ready. */
async function failedStart(env: Record<string, string>): Promise<string> {
  const error = await startServerProcess({ env }).then(
    async (server) => {
      running = server;
      return null;
    },
    (reason: unknown) => reason as Error,
  );
  expect(error, "the platform started").not.toBeNull();
  return error!.message;
}

describe("card payments at start-up, in production", () => {
  test("without PAYMENT_PROVIDER: refused, with what to set", { timeout: 120_000 }, async () => {
    const output = await failedStart({ PAYMENT_PROVIDER: "" });
    expect(output).toMatch(/server exited with 1 before it was ready/);
    expect(output).toMatch(/PAYMENT_PROVIDER is not set: in production, name who takes card payments: PAYMENT_PROVIDER=systempay .*PAYMENT_PROVIDER=sandbox/);
    expect(output).not.toMatch(/Platform ready/);
  });

  test("PAYMENT_PROVIDER=systempay without its shop id and key: refused, not the sandbox", { timeout: 120_000 }, async () => {
    const output = await failedStart({ PAYMENT_PROVIDER: "systempay", SYSTEMPAY_SHOP_ID: "12345678" });
    expect(output).toMatch(/PAYMENT_PROVIDER=systempay needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY/);
    expect(output).not.toMatch(/sandbox|SANDBOX|Platform ready/);
  });

  test("`npm start` on a fresh machine names the sandbox and says so", { timeout: 420_000 }, async () => {
    running = await startServerProcess({ env: { PAYMENT_PROVIDER: "" }, args: ["scripts/start.mjs"], dataDir });
    expect(running.output()).toMatch(/PAYMENT_PROVIDER is not set: the demo takes card payments on the built-in sandbox/);
    expect(running.output()).toMatch(/card payments: the built-in SANDBOX\. It accepts the public test card 4242 4242 4242 4242 and takes no money/);
  });

  test("PAYMENT_PROVIDER=sandbox named: starts, and the log says so plainly", { timeout: 420_000 }, async () => {
    running = await startServerProcess({ env: { PAYMENT_PROVIDER: "sandbox" }, dataDir });
    expect(running.output()).toMatch(/"level":40.*card payments: the built-in SANDBOX/);
    expect(running.output()).not.toMatch(/PAYMENT_PROVIDER is not set/);
  });
});
