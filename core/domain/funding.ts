/** Funding labels (spec section 9): Spanish trainings funded through FUNDAE are stored as BONIFICABLE. */

export type FundingLabelOptions = { original?: boolean; hasCredits?: boolean };

const isNamed = (name: string, wanted: string): boolean => name.trim().toUpperCase() === wanted;

/**
 * 'BONIFICABLE' shows as 'FUNDAE' unless the original name is asked for; for a user with training credits
 * 'FUNDAE' shows as 'BONIFICABLE'. Names match without regard to case or surrounding spaces; others are unchanged.
 */
export function fundingLabel(name: string, { original = false, hasCredits = false }: FundingLabelOptions = {}): string {
  const label = !original && isNamed(name, "BONIFICABLE") ? "FUNDAE" : name;
  return hasCredits && isNamed(label, "FUNDAE") ? "BONIFICABLE" : label;
}
