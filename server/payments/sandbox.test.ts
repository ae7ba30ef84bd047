import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "./provider.ts";
import {
  buildSandboxNotification,
  createSandboxProvider,
  readSandboxToken,
  SANDBOX_SIGNATURE_HEADER,
  sandboxCardResult,
  sandboxKey,
  signSandboxToken,
} from "./sandbox.ts";

const SECRET = "sandbox-test-secret-0123456789";
const now = new Date("2026-06-01T10:00:00Z");
const provider = createSandboxProvider({ appSecret: SECRET, now: () => now });

/** A body signed with the sandbox's key, as only this app can sign it. */
const signed = (body: string) => ({ body, contentType: "application/json", headers: { [SANDBOX_SIGNATURE_HEADER]: hmacSha256Hex(sandboxKey(SECRET), body) } });
const GOOD = { orderId: 7, transactionId: "t1", status: "paid", amountCents: 1000, currency: "EUR" };

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
    expect(provider.verifyNotification(note)).toEqual({ ok: true, notification: { ...GOOD, payload: GOOD } });
    expect(provider.verifyNotification({ ...note, body: note.body.replace("1000", "1") })).toEqual({ ok: false, reason: "bad or missing signature" });
    const forged = buildSandboxNotification("another-secret-0123456789abc", { orderId: 7, status: "paid", amountCents: 1000, currency: "EUR" });
    expect(provider.verifyNotification(forged).ok).toBe(false);
    expect(provider.verifyNotification({ ...note, headers: {} }).ok).toBe(false);
  });

  it.each([
    ["an extra field", { ...GOOD, returnPath: "/" }, /fields/],
    ["a missing field", { ...GOOD, currency: undefined }, /fields/],
    ["an unknown status", { ...GOOD, status: "AUTHORISED" }, /status/],
    ["an order id that is a string", { ...GOOD, orderId: "7" }, /orderId/],
    ["an order id of zero", { ...GOOD, orderId: 0 }, /orderId/],
    ["an amount that is not whole", { ...GOOD, amountCents: 10.5 }, /amountCents/],
    ["a negative amount", { ...GOOD, amountCents: -1 }, /amountCents/],
    ["a currency that is not one", { ...GOOD, currency: "euro" }, /currency/],
    ["a transaction id with spaces", { ...GOOD, transactionId: "t 1" }, /transactionId/],
  ])("refuses a signed notification with %s", (_name, body, reason) => {
    const check = provider.verifyNotification(signed(JSON.stringify(body)));
    expect(check.ok ? null : check.reason).toMatch(reason);
  });

  it("refuses a signed body that is not one notification object", () => {
    for (const body of ["[]", "null", "7", "{"]) expect(provider.verifyNotification(signed(body)).ok, body).toBe(false);
  });

  it("payment links are signed, carry no buyer text, and expire", async () => {
    const start = await provider.startPayment({ orderId: 9, amountCents: 500, currency: "EUR", returnPath: "/boutique/commande", origin: "http://localhost" });
    const token = start.url.split("/").pop()!;
    expect(readSandboxToken(SECRET, token, now)).toEqual({ orderId: 9, amountCents: 500, currency: "EUR", expiresAt: now.getTime() + 3600_000 });
    expect(Object.keys(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString("utf8"))).sort()).toEqual([
      "amountCents",
      "currency",
      "expiresAt",
      "orderId",
    ]);
    expect(readSandboxToken(SECRET, token, new Date(now.getTime() + 2 * 3600_000))).toBeNull();
    expect(readSandboxToken("another-secret-0123456789abc", token, now)).toBeNull();
    const other = signSandboxToken(SECRET, { orderId: 10, amountCents: 1, currency: "EUR", expiresAt: now.getTime() + 1000 });
    expect(readSandboxToken(SECRET, `${other.split(".")[0]}.${token.split(".")[1]}`, now)).toBeNull();
  });

  it("a payment link's signature is no notification signature", async () => {
    const start = await provider.startPayment({ orderId: 9, amountCents: 500, currency: "EUR", returnPath: "/", origin: "http://localhost" });
    const [body, signature] = start.url.split("/").pop()!.split(".");
    for (const text of [body, `token:${body}`, Buffer.from(body, "base64url").toString("utf8")]) {
      expect(provider.verifyNotification({ body: text, contentType: "application/json", headers: { [SANDBOX_SIGNATURE_HEADER]: signature } }).ok).toBe(false);
    }
  });
});
