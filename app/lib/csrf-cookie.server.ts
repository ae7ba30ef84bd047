import { createHmac, timingSafeEqual } from "node:crypto";
import type { Cookie, CookieParseOptions, CookieSerializeOptions } from "react-router";
import { parseCookies } from "#core/http/cookies.ts";

/**
 * The form CSRF guard's cookie (remix-utils' CSRF), in React Router's signed-cookie format (a Base64 JSON value, a
 * dot, its HMAC-SHA-256 in Base64 without padding; `csrf-cookie.server.test.ts` reads and writes it both ways with
 * React Router's `createCookie`), signed with node:crypto's synchronous HMAC. React Router's own cookie imports the
 * key into WebCrypto and signs or verifies through it on every call: it was about a tenth of the CPU of a page the
 * guest page cache serves, which hands every visitor their own token (ADR 0040).
 */
export function csrfCookie(name: string, secret: string, secure: boolean): Cookie {
  const attributes = `; Path=/; HttpOnly;${secure ? " Secure;" : ""} SameSite=Lax`;
  const sign = (value: string) => createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
  return {
    name,
    isSigned: true,
    expires: undefined,
    async parse(cookieHeader: string | null, _options?: CookieParseOptions) {
      const raw = parseCookies(cookieHeader)[name];
      if (raw === undefined) return null;
      if (raw === "") return "";
      const index = raw.lastIndexOf(".");
      if (index <= 0) return null;
      const value = raw.slice(0, index);
      const expected = Buffer.from(sign(value));
      const given = Buffer.from(raw.slice(index + 1));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        return JSON.parse(Buffer.from(value, "base64").toString("latin1")) as unknown;
      } catch {
        return {};
      }
    },
    async serialize(value: unknown, _options?: CookieSerializeOptions) {
      if (typeof value !== "string" || !/^[\x20-\x7e]*$/.test(value)) throw new Error("csrf cookie: the token must be printable ASCII");
      if (value === "") return `${name}=${attributes}`;
      const encoded = Buffer.from(JSON.stringify(value), "latin1").toString("base64");
      return `${name}=${encodeURIComponent(`${encoded}.${sign(encoded)}`)}${attributes}`;
    },
  };
}
