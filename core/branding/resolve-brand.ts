import { BRANDS, isBrandKey, type Brand, type BrandKey } from "./brands.ts";

/** Parses BRAND_HOSTS ("localhost=fr,be.localhost=be,es.localhost=es") into a host -> brand map. */
export function parseBrandHosts(value: string): Map<string, BrandKey> {
  const map = new Map<string, BrandKey>();
  for (const entry of value.split(",")) {
    const [host, brand] = entry.split("=").map((part) => part?.trim().toLowerCase());
    if (!host || !brand) continue;
    if (!isBrandKey(brand)) throw new Error(`BRAND_HOSTS: unknown brand "${brand}" for host "${host}"`);
    map.set(host, brand);
  }
  return map;
}

export const CAMPUS_QUERY_FLAGS = ["provider", "groupement", "farline"] as const;
export const CAMPUS_COOKIE = "campus";
export const CAMPUS_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function hostnameOf(hostHeader: string | null | undefined): string {
  if (!hostHeader) return "";
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.split(":")[0];
}

/**
 * The host decides the brand (unknown hosts get the default brand, fr, and no host locale).
 * On the Spanish host, the campus cookie selects the alternative campus.
 */
export function resolveBrand(
  hostHeader: string | null | undefined,
  hosts: Map<string, BrandKey>,
  campusCookie: string | undefined,
): { brand: Brand; knownHost: boolean } {
  const key = hosts.get(hostnameOf(hostHeader));
  if (!key) return { brand: BRANDS.fr, knownHost: false };
  if (key === "es" && campusCookie === "1") return { brand: BRANDS["es-campus"], knownHost: true };
  return { brand: BRANDS[key], knownHost: true };
}

/** On the Spanish host, any of the flags turns the campus on; the flags are then removed by redirect. */
export function campusToggle(url: URL, hostBrand: BrandKey | undefined): { redirectTo: string } | null {
  if (hostBrand !== "es") return null;
  if (!CAMPUS_QUERY_FLAGS.some((flag) => url.searchParams.has(flag))) return null;
  const clean = new URL(url);
  for (const flag of CAMPUS_QUERY_FLAGS) clean.searchParams.delete(flag);
  return { redirectTo: clean.pathname + clean.search + clean.hash };
}
