/** Server messages of the records area (merged into the catalogue in ../messages.ts). */
const en = {} as const;

type Keys = keyof typeof en;
export const recordsMessages = {
  en,
  fr: {} satisfies Record<Keys, string>,
  es: {} satisfies Record<Keys, string>,
};
