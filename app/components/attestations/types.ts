/** Shapes of the attestations back API replies: the contract's types (core/contract/attestations.ts). */
export type { AttestationItem, DpcEnrolment, TrainerVirtualClass, Verification } from "#core/contract/attestations.ts";

/** 'yyyy-mm-dd' -> 'dd/mm/yyyy', as printed on attestations. */
export function printDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? "");
}
