/** Server messages of the enrolment area (merged into the catalogue in ../messages.ts). */
const en = {} as const;

type Keys = keyof typeof en;
export const enrolmentMessages = {
  en,
  fr: {} satisfies Record<Keys, string>,
  es: {} satisfies Record<Keys, string>,
};
