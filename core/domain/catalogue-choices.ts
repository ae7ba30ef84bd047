// The choices the back office's catalogue forms offer (core/contract/admin-catalog.ts checks them), apart from the
// schemas: the pages draw them when they render, and load the schemas, with zod, only when someone works in a form
// (ADR 0136).

export const ADMIN_BRANDS = ["fr", "be", "es", "es-campus"] as const;
export const PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;
export const FUNDING_CODES = ["DPC", "FUNDAE", "BONIFICABLE", "FIFPL", "OPCO", "free"] as const;
/** Module types 1 to 9 (8 is not used): 1 e-learning, 2 face-to-face, 3 virtual class, 4 video, 5 podcast, 6 webinar, 7 quiz, 9 PDF. */
export const ADMIN_MODULE_TYPES = [1, 2, 3, 4, 5, 6, 7, 9] as const;
export const AUDIENCE_FLAGS = ["pharmacistsOnly", "nonPharmacistsOnly", "holdersOnly", "nonHoldersOnly", "displayForAll"] as const;
/** The DPC action types a training may count as (core/domain/compliance-obligations.ts lists them in order). */
export const COMPLIANCE_DPC_TYPES = ["training", "practice_analysis", "risk_management"] as const;
/** What a failed attempt leads to (ADR 0107): another attempt, or the end of the training. */
export const ON_FAIL = ["retry", "end"] as const;

/** A price in cents as the form types it ("12.50"). */
export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The choices of a stored question as the form types them (one per line, the correct ones starting with "*"). */
export function choicesText(choices: { text: string; correct: boolean }[]): string {
  return choices.map((c) => (c.correct ? `* ${c.text}` : c.text)).join("\n");
}
