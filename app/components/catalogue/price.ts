import type { TFunction } from "~/i18n/instance";
import type { Locale } from "~/branding/brands";
import { fundingLabel } from "~/domain/funding";
import { formatMoney } from "~/domain/money";

/** Fundings that pay for the training (the card then says "funded" rather than only a price). */
const FUNDING_CODES_THAT_PAY = new Set(["DPC", "FUNDAE", "BONIFICABLE"]);

type Priced = { free: boolean; priceHT: number; currency: string; fundings: string[] };

/** The price line: free, funded (with the price), or the price excluding tax (catalogue namespace `t`). */
export function priceText(course: Priced, locale: Locale, t: TFunction): { main: string; detail: string | null } {
  if (course.free) return { main: t("card.free"), detail: null };
  const price = t("card.priceHt", { price: formatMoney(course.priceHT, course.currency, locale) });
  const funded = course.fundings.some((code) => FUNDING_CODES_THAT_PAY.has(code.toUpperCase()));
  return funded ? { main: t("card.funded"), detail: price } : { main: price, detail: null };
}

/** Funding labels (spec section 9 rules: BONIFICABLE shows as FUNDAE; with credits FUNDAE shows as BONIFICABLE). */
export function fundingLabels(course: { fundings: string[]; credits: number | null }, original = false): string[] {
  const labels = course.fundings
    .filter((code) => code.toLowerCase() !== "free")
    .map((code) => fundingLabel(code, { original, hasCredits: (course.credits ?? 0) > 0 }));
  return [...new Set(labels)];
}
