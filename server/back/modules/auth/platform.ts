/** es and es-campus share the Spanish host: only a different host means another platform. */
export function hostBrandOf(brand: string): string {
  return brand === "es-campus" ? "es" : brand;
}

export function isSamePlatform(userBrand: string, platformBrand: string): boolean {
  return hostBrandOf(userBrand) === hostBrandOf(platformBrand);
}
