import { createCookie } from "react-router";
import { describe, expect, test } from "vitest";
import { csrfCookie } from "./csrf-cookie.server";

const SECRET = "a-secret-of-sixteen-chars-or-more";
const TOKEN = "wwPyoJYn28lQm5lwGaK-097LjjHAaEUg5s-02B9MCxE.9w7KrafYq-xViGc5JIiFP0exQsiUoFzSuLFExXiY0ZQ";

describe("the CSRF cookie in React Router's signed format, signed synchronously", () => {
  const theirs = createCookie("csrf", { path: "/", httpOnly: true, sameSite: "lax", secure: false, secrets: [SECRET] });
  const ours = csrfCookie("csrf", SECRET, false);
  const header = (setCookie: string) => setCookie.split(";")[0];

  test("writes what React Router writes, and each reads the other's", async () => {
    const ourSetCookie = await ours.serialize(TOKEN);
    expect(ourSetCookie).toBe(await theirs.serialize(TOKEN));
    expect(await theirs.parse(header(ourSetCookie))).toBe(TOKEN);
    expect(await ours.parse(header(await theirs.serialize(TOKEN)))).toBe(TOKEN);
    expect(await ours.parse(`other=1; ${header(ourSetCookie)}; more=2`)).toBe(TOKEN);
  });

  test("the Secure attribute follows the setting", async () => {
    const secure = createCookie("csrf", { path: "/", httpOnly: true, sameSite: "lax", secure: true, secrets: [SECRET] });
    expect(await csrfCookie("csrf", SECRET, true).serialize(TOKEN)).toBe(await secure.serialize(TOKEN));
  });

  test("a cookie signed with another secret, tampered with, unsigned or absent reads as none", async () => {
    const other = await csrfCookie("csrf", "another-secret-of-sixteen-chars", false).serialize(TOKEN);
    expect(await ours.parse(header(other))).toBeNull();
    const signed = header(await ours.serialize(TOKEN));
    const tampered = signed.replace(/.%2F|.%2B|[A-Za-z](?=[^=]*$)/, (c) => (c === "A" ? "B" : "A"));
    expect(tampered).not.toBe(signed);
    expect(await ours.parse(tampered)).toBeNull();
    expect(await ours.parse(`csrf=${Buffer.from(JSON.stringify(TOKEN)).toString("base64")}`)).toBeNull();
    expect(await ours.parse("csrf=%E0%A4%A")).toBeNull();
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("sid=abc")).toBeNull();
  });
});
