import type { BrandKey } from "../../../../app/branding/brands.ts";

/** es and es-campus share the Spanish host: only a different host means another platform. */
export function hostBrandOf(brand: string): string {
  return brand === "es-campus" ? "es" : brand;
}

export function isSamePlatform(userBrand: string, platformBrand: string): boolean {
  return hostBrandOf(userBrand) === hostBrandOf(platformBrand);
}

/**
 * The origin of a brand's host, keeping the scheme and port the visitor used.
 * The campus is reached on the Spanish host with its query flag.
 */
export function platformOrigin(brand: string, hosts: Map<string, BrandKey>, currentHost: string, scheme: string): string | null {
  const target = hostBrandOf(brand);
  const host = [...hosts].find(([, key]) => key === target)?.[0];
  if (!host) return null;
  const port = currentHost.includes(":") && !currentHost.startsWith("[") ? currentHost.split(":")[1] : "";
  return `${scheme}://${host}${port ? `:${port}` : ""}`;
}
