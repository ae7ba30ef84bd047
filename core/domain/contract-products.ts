/**
 * The contract products of each brand, from the smallest to the largest (ADR 0051): a pharmacy moves up one step at
 * a time (updateToNextContractProduct). Yearly prices excluding VAT, in cents.
 */
export type ContractProduct = { name: string; yearlyPriceCents: number; seats: number };

export const CONTRACT_PRODUCTS: Record<string, readonly ContractProduct[]> = {
  fr: [
    { name: "Abonnement Essentiel", yearlyPriceCents: 49_000, seats: 3 },
    { name: "Abonnement Équipe", yearlyPriceCents: 89_000, seats: 10 },
    { name: "Abonnement Équipe Premium", yearlyPriceCents: 129_000, seats: 30 },
    { name: "Abonnement Groupement", yearlyPriceCents: 159_000, seats: 60 },
  ],
  be: [
    { name: "Abonnement Officine", yearlyPriceCents: 79_000, seats: 10 },
    { name: "Abonnement Officine Plus", yearlyPriceCents: 109_000, seats: 30 },
  ],
  es: [
    { name: "Plan Esencial", yearlyPriceCents: 45_000, seats: 3 },
    { name: "Suscripción Equipo", yearlyPriceCents: 79_000, seats: 10 },
    { name: "Plan Equipo FUNDAE", yearlyPriceCents: 99_000, seats: 30 },
    { name: "Plan Grupo FUNDAE", yearlyPriceCents: 129_000, seats: 60 },
  ],
  "es-campus": [
    { name: "Campus Equipo", yearlyPriceCents: 69_000, seats: 10 },
    { name: "Campus Equipo Plus", yearlyPriceCents: 95_000, seats: 30 },
  ],
};

export function contractProducts(brand: string): readonly ContractProduct[] {
  return CONTRACT_PRODUCTS[brand] ?? [];
}

/** The product after `current` in its brand's list; null at the top, or for a product outside the list. */
export function nextContractProduct(brand: string, current: string | null | undefined): ContractProduct | null {
  const list = contractProducts(brand);
  const index = list.findIndex((p) => p.name === current);
  if (index === -1) return null;
  return list[index + 1] ?? null;
}

/** A contract signed today runs one year: valid through the day before the same date next year (yyyy-mm-dd). */
export function contractYearEnd(startDay: string): string {
  const [y, m, d] = startDay.split("-").map(Number);
  const end = new Date(Date.UTC(y + 1, m - 1, d));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}
