import type { BrowserContext } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3100);

export type Host = "localhost" | "be.localhost" | "es.localhost";

/** Absolute URL on one of the brand hosts (BRAND_HOSTS defaults: localhost=fr, be.localhost=be, es.localhost=es). */
export function at(host: Host, path = "/"): string {
  return `http://${host}:${PORT}${path}`;
}

/** The Spanish brand's origin, for paths written after it. */
export const ES_ORIGIN = at("es.localhost", "");

export const BRAND_CASES = [
  {
    host: "localhost",
    key: "fr",
    title: "Officine Académie",
    locale: "fr-FR",
    primary: "#0B5CAD",
    cookiePolicyPath: "/cookiespolicy",
    // The catalogue's price rule on every card: free, funded (with the price) or the price excluding tax.
    price: /^(\d[\d\s\u202f,.]*\u00a0?€ HT|Gratuite|Prise en charge DPC\s?\(\d[\d\s\u202f,.]*\u00a0?€ HT\))$/,
    socialCount: 3,
  },
  {
    host: "be.localhost",
    key: "be",
    title: "PharmaSavoir",
    locale: "fr-BE",
    primary: "#6B2F8F",
    cookiePolicyPath: "/cookiespolicy",
    price: /^(\d[\d\s\u202f,.]*\u00a0?€ HTVA|Gratuite|Prise en charge DPC\s?\(\d[\d\s\u202f,.]*\u00a0?€ HTVA\))$/,
    socialCount: 1,
  },
  {
    host: "es.localhost",
    key: "es",
    title: "AulaFarma",
    locale: "es-ES",
    primary: "#0E6E55",
    cookiePolicyPath: "/politica-cookies",
    price: /^(\d[\d\s\u202f,.]*\u00a0?€ sin IVA|Gratuita|(Bonificada|Financiada DPC)\s?\(\d[\d\s\u202f,.]*\u00a0?€ sin IVA\))$/,
    socialCount: 2,
  },
] as const satisfies readonly {
  host: Host;
  key: string;
  title: string;
  locale: string;
  primary: string;
  cookiePolicyPath: string;
  price: RegExp;
  socialCount: number;
}[];

export async function cookieNamed(context: BrowserContext, url: string, name: string) {
  return (await context.cookies(url)).find((cookie) => cookie.name === name);
}

/** Seconds from now until a cookie expires. */
export function secondsLeft(expires: number): number {
  return expires - Date.now() / 1000;
}

export const DAYS = 24 * 3600;
