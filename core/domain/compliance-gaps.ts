/**
 * How the tracker says a gap and where it sends the professional (issue 33, ADR 0125): the message key and values of
 * each gap (the page translates them in the `compliance` namespace) and the catalogue filter listing trainings that
 * would fill it. Pure, so both the page and its tests read the same rule.
 */
import type { ComplianceGap, DpcActionType } from "./compliance.ts";
import { numberFormat } from "./intl-cache.ts";

/** The catalogue's compliance filters (core/contract/catalogue.ts reads the same names). */
export type ComplianceFilter =
  | { dpcType: DpcActionType }
  | { orientation: "1" }
  | { axis: "1" | "2" | "3" | "4" }
  | { category: "pharmaceutical_sciences" | "pharmaceutical_care" | "health_society" }
  | { rcf: "1" };

/** Credits are shown with at most one decimal ("7,5 CF"), never as 7.499999. */
export const roundCredits = (credits: number): number => Math.round(credits * 10) / 10;

/** Credits in the user's language ("7,5" in French and Spanish), at most one decimal. */
export function formatCredits(credits: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(roundCredits(credits));
}

/**
 * The message key (under `gaps.` of the `compliance` namespace) and its values, the deadline left to the page;
 * credits written in `locale`.
 */
export function gapMessage(gap: ComplianceGap, locale = "fr-FR"): { key: string; values: Record<string, string | number> } {
  switch (gap.code) {
    case "dpcActionOfType":
      // One type missing: name it; several: "1 action of one of these types".
      return gap.anyOf.length === 1
        ? { key: `gaps.dpcActionOfType.${gap.anyOf[0]}`, values: { count: gap.count } }
        : { key: "gaps.dpcActionOfAnyType", values: { count: gap.count } };
    case "dpcPriorityOrientation":
      return { key: "gaps.dpcPriorityOrientation", values: { count: gap.count } };
    case "certificationAxis":
      return { key: "gaps.certificationAxis", values: { count: gap.count, axis: gap.axis } };
    case "belgiumCredits":
      return { key: "gaps.belgiumCredits", values: { credits: formatCredits(gap.credits, locale) } };
    case "belgiumPharmaceuticalCredits":
      return { key: "gaps.belgiumPharmaceuticalCredits", values: { credits: formatCredits(gap.credits, locale) } };
    case "rcfCredits":
      return { key: "gaps.rcfCredits", values: { credits: formatCredits(gap.credits, locale) } };
  }
}

/**
 * The catalogue filters that list trainings filling a gap: one per missing DPC type, the orientation, the axis, the
 * pharmaceutical category (Belgium: pharmaceutical sciences fill both Belgian gaps), RCF credits.
 */
export function gapFilters(gap: ComplianceGap): ComplianceFilter[] {
  switch (gap.code) {
    case "dpcActionOfType":
      return gap.anyOf.map((dpcType) => ({ dpcType }));
    case "dpcPriorityOrientation":
      return [{ orientation: "1" }];
    case "certificationAxis":
      return [{ axis: String(gap.axis) as "1" | "2" | "3" | "4" }];
    case "belgiumCredits":
    case "belgiumPharmaceuticalCredits":
      return [{ category: "pharmaceutical_sciences" }, { category: "pharmaceutical_care" }];
    case "rcfCredits":
      return [{ rcf: "1" }];
  }
}

/** A filter as the catalogue's query string ("?dpcType=risk_management"). */
export function filterQuery(filter: ComplianceFilter): string {
  return `?${new URLSearchParams(filter as Record<string, string>).toString()}`;
}
