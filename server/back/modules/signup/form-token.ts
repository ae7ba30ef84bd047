/**
 * The sign-up form's token (ADR 0109): the time the form was shown, signed with APP_SECRET, so that the API can tell a
 * form sent by a person (who takes a few seconds at least) from one posted by a robot at once, without a third-party
 * service and without storing anything. It is not a secret: anyone may ask for one, it only dates the form.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Nobody reads and fills the form in less. */
export const SIGN_UP_MIN_SECONDS = 3;
/** A form left open longer is shown again (with what was typed): a new token. */
export const SIGN_UP_MAX_HOURS = 24;

function signature(secret: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`sign-up-form:${issuedAt}`).digest("base64url");
}

export function createSignUpFormToken(secret: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(secret, issuedAt)}`;
}

export type FormTokenCheck = "ok" | "invalid" | "tooFast" | "expired";

/** Whether a token is ours, and whether the form was sent neither too fast nor too late. */
export function checkSignUpFormToken(secret: string, token: string, now: Date): FormTokenCheck {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, issuedAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const elapsed = now.getTime() - issuedAt;
  if (elapsed < SIGN_UP_MIN_SECONDS * 1000) return "tooFast";
  if (elapsed > SIGN_UP_MAX_HOURS * 3600_000) return "expired";
  return "ok";
}
