import { randomBytes } from "node:crypto";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { data } from "react-router";
import { csrfCookie } from "./csrf-cookie.server";

/**
 * remix-utils draws tokens from a charset with "&", "#", "<"... which HTML and JSON escape differently. A
 * Base64URL token reads the same everywhere in a page, so the guest page cache can swap it for the
 * visitor's own (server/web/page-cache.ts). The signature is remix-utils' own.
 */
class UrlSafeCsrf extends CSRF {
  override generate(bytes = 32): string {
    const token = randomBytes(bytes).toString("base64url");
    const sign = (this as unknown as { sign(value: string): string }).sign.bind(this);
    return `${token}.${sign(token)}`;
  }
}

let instance: { csrf: CSRF; key: string } | null = null;

/** The browser -> action CSRF guard (remix-utils): a signed cookie and a hidden form field. */
export function webCsrf(secret: string, secure: boolean): CSRF {
  const key = `${secret}:${secure}`;
  if (instance?.key !== key) {
    instance = { csrf: new UrlSafeCsrf({ cookie: csrfCookie("csrf", secret, secure), secret, formDataKey: "csrf" }), key };
  }
  return instance.csrf;
}

/** Validates the form's token; a mismatch is a 419 with a message in the visitor's language. */
export async function requireValidCsrf(csrf: CSRF, formData: FormData, headers: Headers, message: string) {
  try {
    await csrf.validate(formData, headers);
  } catch (error) {
    if (error instanceof CSRFError) throw data({ message }, { status: 419 });
    throw error;
  }
}
