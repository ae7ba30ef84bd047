/**
 * VAT per brand (ADR 0030). One rate per brand applies to every training sold there: professional continuing
 * training for pharmacy staff is either exempt (the seller is a declared/recognised training organisation) or
 * taxed at the country's standard rate. Which one is a per-brand configuration value, set below.
 */

export type VatCountry = "FR" | "BE" | "ES";

export type VatRule = {
  country: VatCountry;
  /** 0 when exempt; 20 % = 2000 basis points. */
  rateBasisPoints: number;
  exempt: boolean;
  /** The legal mention printed on invoices when exempt (null when taxed), in the country's language. */
  exemptionMention: string | null;
  currency: "EUR";
};

/** Standard rates and exemption articles for professional training, per country. */
export const COUNTRY_VAT = {
  FR: { standardRateBasisPoints: 2000, exemptionMention: "TVA non applicable – article 261-4-4°-a du CGI (formation professionnelle continue)" },
  BE: { standardRateBasisPoints: 2100, exemptionMention: "Exonération de TVA – article 44, § 2, 4°, du Code de la TVA (formation professionnelle)" },
  ES: { standardRateBasisPoints: 2100, exemptionMention: "Operación exenta de IVA – artículo 20.Uno.9.º de la Ley 37/1992 (formación profesional)" },
} as const satisfies Record<VatCountry, { standardRateBasisPoints: number; exemptionMention: string }>;

export type BrandVatConfig = { country: VatCountry; exempt: boolean };

/**
 * The per-brand configuration. Defaults (ADR 0030): the French brand sells as a declared training organisation
 * (exempt); the Belgian and Spanish brands charge the standard 21 %, their exemption being reserved to recognised
 * or authorised bodies.
 */
export const BRAND_VAT_CONFIG: Record<string, BrandVatConfig> = {
  fr: { country: "FR", exempt: true },
  be: { country: "BE", exempt: false },
  es: { country: "ES", exempt: false },
  "es-campus": { country: "ES", exempt: false },
};

export function vatRuleFor(config: BrandVatConfig): VatRule {
  const country = COUNTRY_VAT[config.country];
  return {
    country: config.country,
    rateBasisPoints: config.exempt ? 0 : country.standardRateBasisPoints,
    exempt: config.exempt,
    exemptionMention: config.exempt ? country.exemptionMention : null,
    currency: "EUR",
  };
}

/** The VAT rule of a brand (unknown brands use the French one). */
export function vatRuleForBrand(brand: string): VatRule {
  return vatRuleFor(BRAND_VAT_CONFIG[brand] ?? BRAND_VAT_CONFIG.fr);
}

/** 2000 -> "20 %", 550 -> "5,5 %" (French-style decimal comma for the invoice). */
export function formatRate(rateBasisPoints: number, decimal = ","): string {
  const whole = Math.floor(rateBasisPoints / 100);
  const rest = rateBasisPoints % 100;
  return rest === 0 ? `${whole} %` : `${whole}${decimal}${String(rest).padStart(2, "0").replace(/0$/, "")} %`;
}
