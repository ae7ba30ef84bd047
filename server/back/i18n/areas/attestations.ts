/** Server messages of the attestations area (merged into the catalogue in ../messages.ts). */
const en = {} as const;

type Keys = keyof typeof en;
export const attestationsMessages = {
  en,
  fr: {} satisfies Record<Keys, string>,
  es: {} satisfies Record<Keys, string>,
};
