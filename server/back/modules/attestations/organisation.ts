import type { BrandKey } from "#core/branding/brands.ts";

/**
 * The training organisation printed on attestations, per brand: its name, its declared number (French and
 * Belgian activity declaration, Spanish tax id) and the signatory. The DPC organisation number is not here:
 * it is the first four digits of the programme's ANDPC action number (dpc_programmes.action_number).
 */
export type Organisation = { name: string; number: string; signatoryName: string; signatoryTitle: { fr: string; es: string } };

const FRENCH: Organisation = {
  name: "Formapharm Formation",
  number: "84 69 18273 69",
  signatoryName: "Claire Vasseur",
  signatoryTitle: { fr: "Directrice pédagogique", es: "Directora pedagógica" },
};

export const ORGANISATIONS: Record<BrandKey, Organisation> = {
  fr: FRENCH,
  be: { ...FRENCH, number: "BE 0712.345.678" },
  es: {
    name: "Formapharm Formación S.L.",
    number: "B-87654321",
    signatoryName: "Javier Ibáñez",
    signatoryTitle: { fr: "Directeur pédagogique", es: "Director pedagógico" },
  },
  "es-campus": {
    name: "Formapharm Formación S.L.",
    number: "B-87654321",
    signatoryName: "Javier Ibáñez",
    signatoryTitle: { fr: "Directeur pédagogique", es: "Director pedagógico" },
  },
};

/** The ANDPC action number is OOOO YY NNNNN: its first four digits are the organisation's DPC number. */
export function dpcOrganisationNumber(actionNumber: string): string {
  return actionNumber.slice(0, 4);
}
