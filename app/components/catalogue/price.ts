import type { TFunction } from "~/i18n/instance";
import type { Locale } from "#core/branding/brands.ts";
import { fundingLabel } from "#core/domain/funding.ts";
import { formatMoney } from "#core/domain/money.ts";

/**
 * Fundings that pay for the training (the card then says "funded" rather than only a price), by the
 * scheme of the training's country: DPC in France, FUNDAE in Spain. The label names the scheme in the
 * visitor's language, so a French DPC training read in Spanish is never "Bonificada" (FUNDAE).
 */
const PAYING_FUNDINGS: [code: string, scheme: "dpc" | "fundae"][] = [
  ["DPC", "dpc"],
  ["FUNDAE", "fundae"],
  ["BONIFICABLE", "fundae"],
];

type Priced = { free: boolean; priceHT: number; currency: string; fundings: string[] };

/** The funding scheme that pays for the training, if any. */
export function payingScheme(fundings: string[]): "dpc" | "fundae" | null {
  const codes = new Set(fundings.map((code) => code.trim().toUpperCase()));
  return PAYING_FUNDINGS.find(([code]) => codes.has(code))?.[1] ?? null;
}

/** The price line: free, funded (with the price), or the price excluding tax (catalogue namespace `t`). */
export function priceText(course: Priced, locale: Locale, t: TFunction): { main: string; detail: string | null } {
  if (course.free) return { main: t("card.free"), detail: null };
  const price = t("card.priceHt", { price: formatMoney(course.priceHT, course.currency, locale) });
  const scheme = payingScheme(course.fundings);
  return scheme ? { main: t(`card.funded.${scheme}`), detail: price } : { main: price, detail: null };
}

/** Funding labels (spec section 9 rules: BONIFICABLE shows as FUNDAE; with credits FUNDAE shows as BONIFICABLE). */
export function fundingLabels(course: { fundings: string[]; credits: number | null }, original = false): string[] {
  const labels = course.fundings
    .filter((code) => code.toLowerCase() !== "free")
    .map((code) => fundingLabel(code, { original, hasCredits: (course.credits ?? 0) > 0 }));
  return [...new Set(labels)];
}
