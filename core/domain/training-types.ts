/** Training types, module kinds and the display rules derived from them (spec sections 3, 4 and 9). */

import { isTrainingType, type TrainingType } from "./training-type-list.ts";

export { isTrainingType, TRAINING_TYPES, type TrainingType } from "./training-type-list.ts";

/** Module (and course) type codes as the back office stores them; 8 is not used. */
export const MODULE_TYPES = {
  1: "elearning",
  2: "faceToFace",
  3: "virtualClass",
  4: "video",
  5: "podcast",
  6: "webinar",
  7: "quiz",
  9: "pdf",
} as const;

export type ModuleTypeCode = keyof typeof MODULE_TYPES;
export type ModuleKind = (typeof MODULE_TYPES)[ModuleTypeCode];

/** The kind for a module type code, or null for an unknown code. */
export function moduleKindOf(code: number): ModuleKind | null {
  return Object.hasOwn(MODULE_TYPES, code) ? MODULE_TYPES[code as ModuleTypeCode] : null;
}

export function hasFaceToFace(type: TrainingType): boolean {
  return type === "mixt" || type === "faceToFaceOnly" || type === "virtualClass";
}

export function isLiveCourse(moduleKinds: readonly ModuleKind[]): boolean {
  return moduleKinds.some((kind) => kind === "webinar" || kind === "virtualClass" || kind === "faceToFace");
}

export type TrainingTypeFacts = { type: TrainingType; isVirtual: boolean; hasDpcData: boolean };

export function effectiveTrainingType({ type, isVirtual, hasDpcData }: TrainingTypeFacts): TrainingType {
  if (type === "faceToFaceOnly" && isVirtual) return "virtualClass";
  if (type === "dpc" && !hasDpcData) return "formation";
  return type;
}

export type DpcSubType = "dpc-f2f" | "dpc-mixt" | "dpc-elearning";

// For DPC a virtual class is synchronous attendance like a face-to-face day; every other kind is distance learning.
const isAttendance = (kind: ModuleKind): boolean => kind === "faceToFace" || kind === "virtualClass";

export function dpcSubType(courseKinds: readonly ModuleKind[]): DpcSubType {
  const attendance = courseKinds.filter(isAttendance).length;
  if (attendance === 0) return "dpc-elearning";
  return attendance === courseKinds.length ? "dpc-f2f" : "dpc-mixt";
}

const DISPLAY_PARTS: Record<ModuleKind, string> = {
  elearning: "Elearning",
  faceToFace: "F2f",
  virtualClass: "VirtualClass",
  video: "Video",
  podcast: "Podcast",
  webinar: "Webinar",
  quiz: "Quiz",
  pdf: "Pdf",
};

export type MixedDisplayType = "mixt" | `mixt${string}`;

/**
 * Display type of a mixed training from its ordered course kinds, consecutive duplicates merged:
 * [elearning, elearning, faceToFace] -> 'mixtElearningF2f'. Fewer than two parts left gives plain 'mixt'.
 */
export function deriveMixedDisplayType(orderedCourseKinds: readonly ModuleKind[]): MixedDisplayType {
  const merged = orderedCourseKinds.filter((kind, i) => i === 0 || kind !== orderedCourseKinds[i - 1]);
  return merged.length < 2 ? "mixt" : `mixt${merged.map((kind) => DISPLAY_PARTS[kind]).join("")}`;
}

export type TitleLanguage = "fr" | "es";

const TYPE_TITLES: Record<TitleLanguage, Record<TrainingType, string>> = {
  fr: {
    dpc: "dpc",
    mixt: "mixte",
    formation: "e-learning",
    faceToFaceOnly: "Présentiel",
    virtualClass: "Classe virtuelle",
    pdf: "PDF",
    video: "Vidéo",
    podcast: "Podcast",
    webinar: "Webinaire",
    quiz: "Quiz",
  },
  es: {
    dpc: "dpc",
    mixt: "mixta",
    formation: "e-learning",
    faceToFaceOnly: "Presencial",
    virtualClass: "Clase virtual",
    pdf: "PDF",
    video: "Vídeo",
    podcast: "Podcast",
    webinar: "Webinar",
    quiz: "Quiz",
  },
};

// Words for each part of a mixed display type, agreeing with "formation" (fr) / "formación" (es).
const PART_TITLES: Record<TitleLanguage, Record<ModuleKind, string>> = {
  fr: {
    elearning: "e-learning",
    faceToFace: "présentielle",
    virtualClass: "virtuelle",
    video: "vidéo",
    podcast: "podcast",
    webinar: "webinaire",
    quiz: "quiz",
    pdf: "PDF",
  },
  es: {
    elearning: "e-learning",
    faceToFace: "presencial",
    virtualClass: "virtual",
    video: "vídeo",
    podcast: "podcast",
    webinar: "webinar",
    quiz: "quiz",
    pdf: "PDF",
  },
};

const FALLBACK_TITLES: Record<TitleLanguage, string> = { fr: "Formation", es: "Formación" };

const KIND_BY_PART = new Map(Object.entries(DISPLAY_PARTS).map(([kind, part]) => [part, kind as ModuleKind]));
const PART_PATTERN = new RegExp([...KIND_BY_PART.keys()].join("|"), "g");

function mixedTitle(displayType: string, lang: TitleLanguage): string | null {
  const rest = displayType.slice("mixt".length);
  const parts = rest.match(PART_PATTERN) ?? [];
  if (parts.length < 2 || parts.join("") !== rest) return null;
  return parts.map((part) => PART_TITLES[lang][KIND_BY_PART.get(part)!]).join(" + ");
}

/**
 * Card title for a training type, a DPC sub-type or a mixed display type:
 * 'mixtVirtualClassElearning' -> 'virtuelle + e-learning'. An unknown mixed combination reads "mixte",
 * any other unknown value "Formation".
 */
export function displayTypeTitle(displayType: string, lang: TitleLanguage): string {
  if (isTrainingType(displayType)) return TYPE_TITLES[lang][displayType];
  if (displayType.startsWith("dpc-")) return TYPE_TITLES[lang].dpc;
  if (displayType.startsWith("mixt")) return mixedTitle(displayType, lang) ?? TYPE_TITLES[lang].mixt;
  return FALLBACK_TITLES[lang];
}

/** Badge colours; each gives at least 4.5:1 contrast with white text (WCAG AA). */
export const TRAINING_TYPE_COLOURS: Readonly<Record<TrainingType, string>> = {
  dpc: "#1E3A8A",
  mixt: "#7B3FA0",
  formation: "#0B7A5C",
  faceToFaceOnly: "#B4235A",
  virtualClass: "#0E6E8C",
  pdf: "#4B5563",
  video: "#9D2F8F",
  podcast: "#5B5F97",
  webinar: "#1D4ED8",
  quiz: "#8A5A00",
};

/** The e-learning ('formation') colour on the Spanish-language domain. */
export const SPANISH_FORMATION_COLOUR = "#C2410C";

export function trainingTypeColour(type: TrainingType, { spanishDomain }: { spanishDomain: boolean }): string {
  return type === "formation" && spanishDomain ? SPANISH_FORMATION_COLOUR : TRAINING_TYPE_COLOURS[type];
}
