import { localeFromAcceptLanguage, SUPPORTED_LOCALES } from "#core/locales.ts";
import { fixedT, RESOURCES } from "../../i18n/i18n.ts";

/**
 * The API's messages: the namespaces api (shared messages) and api-<area> (one per learning area) of
 * locales/<locale>/*.json, translated by the server's i18next (server/i18n/i18n.ts). fr-BE falls back to fr-FR,
 * every locale to en-US.
 */
export const SERVER_LOCALES = SUPPORTED_LOCALES;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

/** The namespaces of the API messages, searched in this order. */
export const API_NAMESPACES = [
  "api",
  "api-enrolment",
  "api-flow",
  "api-records",
  "api-attestations",
  "api-sign-in",
  "api-sign-up",
  "api-mail-limits",
  "api-shop",
  "api-referent",
  "api-admin",
  "api-admin-tools",
  "api-funding",
  "api-evidence-pack",
  "api-compliance",
] as const;

type EnglishMessages = typeof import("../../../locales/en-US/api.json") &
  typeof import("../../../locales/en-US/api-enrolment.json") &
  typeof import("../../../locales/en-US/api-flow.json") &
  typeof import("../../../locales/en-US/api-records.json") &
  typeof import("../../../locales/en-US/api-attestations.json") &
  typeof import("../../../locales/en-US/api-sign-in.json") &
  typeof import("../../../locales/en-US/api-sign-up.json") &
  typeof import("../../../locales/en-US/api-mail-limits.json") &
  typeof import("../../../locales/en-US/api-shop.json") &
  typeof import("../../../locales/en-US/api-referent.json") &
  typeof import("../../../locales/en-US/api-admin.json") &
  typeof import("../../../locales/en-US/api-admin-tools.json") &
  typeof import("../../../locales/en-US/api-funding.json") &
  typeof import("../../../locales/en-US/api-evidence-pack.json") &
  typeof import("../../../locales/en-US/api-compliance.json");

/** A plural message is written `key_one`, `key_other` (i18next plurals, given a `count` value) and asked as `key`. */
type Singular<K> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;
export type MessageKey = Singular<Exclude<keyof EnglishMessages, "default">>;

const KEYS = new Set(API_NAMESPACES.flatMap((ns) => Object.keys(RESOURCES["en-US"][ns] ?? {}).map((key) => key.replace(/_(one|other)$/, ""))));
/** Every message key (the style test of the Spanish texts reads them all). */
export const MESSAGE_KEYS = [...KEYS] as MessageKey[];

export function isMessageKey(value: string): value is MessageKey {
  return KEYS.has(value);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: ServerLocale): Translate {
  const t = fixedT(locale, API_NAMESPACES);
  // `count` chooses the plural form (Intl.PluralRules of the locale) of a `key_one`/`key_other` message.
  return (key, values) => t(key, { replace: values ?? {}, ...(typeof values?.count === "number" ? { count: values.count } : {}) });
}

/** Picks the best supported locale from an Accept-Language header. */
export function negotiateLocale(header: string | null | undefined): ServerLocale {
  return localeFromAcceptLanguage(header) ?? "en-US";
}
