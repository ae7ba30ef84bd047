import { describe, expect, it } from "vitest";
import { buildSandboxNotification, createSandboxProvider, readSandboxToken, sandboxCardResult, signSandboxToken } from "./sandbox.ts";

const SECRET = "sandbox-test-secret-0123456789";
const now = new Date("2026-06-01T10:00:00Z");
const provider = createSandboxProvider({ appSecret: SECRET, now: () => now });

describe("sandbox provider", () => {
  it.each([
    ["4242 4242 4242 4242", "paid"],
    ["4242424242424242", "paid"],
    ["4000-0000-0000-0002", "failed"],
    ["4111 1111 1111 1111", "unknown"],
    ["", "unknown"],
  ])("card %j -> %s", (card, result) => {
    expect(sandboxCardResult(card)).toBe(result);
  });

  it("verifies its own signed notification and refuses a forged or altered one", () => {
    const note = buildSandboxNotification(SECRET, { orderId: 7, status: "paid", amountCents: 1000, currency: "EUR", transactionId: "t1" });
    expect(provider.verifyNotification(note)).toMatchObject({ orderId: 7, transactionId: "t1", status: "paid", amountCents: 1000 });
    expect(provider.verifyNotification({ ...note, body: note.body.replace("1000", "1") })).toBeNull();
    const forged = buildSandboxNotification("another-secret-0123456789abc", { orderId: 7, status: "paid", amountCents: 1000, currency: "EUR" });
    expect(provider.verifyNotification(forged)).toBeNull();
    expect(provider.verifyNotification({ ...note, headers: {} })).toBeNull();
  });

  it("payment links are signed and expire", async () => {
    const start = await provider.startPayment({ orderId: 9, amountCents: 500, currency: "EUR", buyerEmail: "x@y.test", returnPath: "/", origin: "http://localhost" });
    const token = start.url.split("/").pop()!;
    expect(readSandboxToken(SECRET, token, now)).toMatchObject({ orderId: 9, amountCents: 500 });
    expect(readSandboxToken(SECRET, token, new Date(now.getTime() + 2 * 3600_000))).toBeNull();
    expect(readSandboxToken("another-secret-0123456789abc", token, now)).toBeNull();
    const other = signSandboxToken(SECRET, { orderId: 10, amountCents: 1, currency: "EUR", returnPath: "/", expiresAt: now.getTime() + 1000 });
    expect(readSandboxToken(SECRET, `${other.split(".")[0]}.${token.split(".")[1]}`, now)).toBeNull();
  });
});
