import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";

/** A random nonce signed with the app secret: forged cookies are refused too. */
export function createCsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(nonce, secret)}`;
}

export function isCsrfTokenValid(cookieValue: string | undefined, headerValue: string | undefined, secret: string): boolean {
  if (!cookieValue || !headerValue) return false;
  let header = headerValue;
  try {
    header = decodeURIComponent(headerValue);
  } catch {
    return false;
  }
  if (!safeEqual(cookieValue, header)) return false;
  const [nonce, signature] = cookieValue.split(".");
  return Boolean(nonce && signature && safeEqual(signature, sign(nonce, secret)));
}

function sign(nonce: string, secret: string): string {
  return createHmac("sha256", secret).update(`csrf:${nonce}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
