/**
 * The training types (spec section 3), apart from the rules derived from them (training-types.ts): the back office's
 * forms need the list alone, and the browser build keeps this file in its shell (vite.config.ts) so that they do not
 * load the catalogue's training parts for it (ADR 0138).
 */
export const TRAINING_TYPES = ["dpc", "mixt", "formation", "faceToFaceOnly", "virtualClass", "pdf", "video", "podcast", "webinar", "quiz"] as const;

export type TrainingType = (typeof TRAINING_TYPES)[number];

export function isTrainingType(value: unknown): value is TrainingType {
  return typeof value === "string" && (TRAINING_TYPES as readonly string[]).includes(value);
}
