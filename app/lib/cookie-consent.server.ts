import { readCookie } from "./cookies.server";

export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** "wait" until the visitor chooses; then the categories they accepted (mandatory always on). */
export type CookieConsent = { state: "wait" } | { state: "chosen"; analytics: boolean; marketing: boolean };

export function readCookieConsent(request: Request): CookieConsent {
  const raw = readCookie(request, CONSENT_COOKIE);
  if (!raw) return { state: "wait" };
  const parts = new Set(raw.split("|"));
  if (!parts.has("mandatory")) return { state: "wait" };
  return { state: "chosen", analytics: parts.has("analytics"), marketing: parts.has("marketing") };
}

export function consentCookieValue(choice: { analytics: boolean; marketing: boolean }): string {
  return ["mandatory", choice.analytics ? "analytics" : "", choice.marketing ? "marketing" : ""].filter(Boolean).join("|");
}
