import { describe, expect, it } from "vitest";
import { contrastRatio } from "./colour.ts";
import {
  MODULE_TYPES,
  SPANISH_FORMATION_COLOUR,
  TRAINING_TYPES,
  TRAINING_TYPE_COLOURS,
  deriveMixedDisplayType,
  displayTypeTitle,
  dpcSubType,
  effectiveTrainingType,
  hasFaceToFace,
  isLiveCourse,
  isTrainingType,
  moduleKindOf,
  trainingTypeColour,
  type ModuleKind,
  type TitleLanguage,
  type TrainingType,
} from "./training-types.ts";

describe("isTrainingType", () => {
  it.each(TRAINING_TYPES)("accepts %s", (type) => {
    expect(isTrainingType(type)).toBe(true);
  });

  it.each(["", "DPC", "elearning", "faceToFace", "mixtElearningF2f", "toString", null, undefined, 1])("refuses %j", (value) => {
    expect(isTrainingType(value)).toBe(false);
  });
});

describe("moduleKindOf", () => {
  it.each([
    [1, "elearning"],
    [2, "faceToFace"],
    [3, "virtualClass"],
    [4, "video"],
    [5, "podcast"],
    [6, "webinar"],
    [7, "quiz"],
    [9, "pdf"],
    [8, null],
    [0, null],
    [10, null],
  ] as const)("%i -> %s", (code, kind) => {
    expect(moduleKindOf(code)).toBe(kind);
  });

  it("matches MODULE_TYPES", () => {
    expect(Object.keys(MODULE_TYPES)).toEqual(["1", "2", "3", "4", "5", "6", "7", "9"]);
  });
});

describe("hasFaceToFace", () => {
  it.each([
    ["mixt", true],
    ["faceToFaceOnly", true],
    ["virtualClass", true],
    ["dpc", false],
    ["formation", false],
    ["webinar", false],
    ["video", false],
    ["pdf", false],
    ["podcast", false],
    ["quiz", false],
  ] as const)("%s -> %s", (type, expected) => {
    expect(hasFaceToFace(type)).toBe(expected);
  });
});

describe("isLiveCourse", () => {
  it.each<[ModuleKind[], boolean]>([
    [[], false],
    [["elearning", "quiz", "pdf", "video", "podcast"], false],
    [["elearning", "webinar"], true],
    [["virtualClass"], true],
    [["quiz", "faceToFace"], true],
  ])("%j -> %s", (kinds, expected) => {
    expect(isLiveCourse(kinds)).toBe(expected);
  });
});

describe("effectiveTrainingType", () => {
  it.each<[TrainingType, boolean, boolean, TrainingType]>([
    ["faceToFaceOnly", true, false, "virtualClass"],
    ["faceToFaceOnly", false, false, "faceToFaceOnly"],
    ["dpc", false, false, "formation"],
    ["dpc", true, false, "formation"],
    ["dpc", false, true, "dpc"],
    ["mixt", true, false, "mixt"],
    ["formation", true, true, "formation"],
  ])("%s virtual=%s dpcData=%s -> %s", (type, isVirtual, hasDpcData, expected) => {
    expect(effectiveTrainingType({ type, isVirtual, hasDpcData })).toBe(expected);
  });
});

describe("dpcSubType", () => {
  it.each<[ModuleKind[], string]>([
    [["faceToFace"], "dpc-f2f"],
    [["faceToFace", "faceToFace"], "dpc-f2f"],
    [["virtualClass"], "dpc-f2f"],
    [["elearning", "faceToFace"], "dpc-mixt"],
    [["virtualClass", "elearning"], "dpc-mixt"],
    [["faceToFace", "quiz"], "dpc-mixt"],
    [["elearning"], "dpc-elearning"],
    [["elearning", "quiz", "webinar"], "dpc-elearning"],
    [[], "dpc-elearning"],
  ])("%j -> %s", (kinds, expected) => {
    expect(dpcSubType(kinds)).toBe(expected);
  });
});

describe("deriveMixedDisplayType", () => {
  it.each<[ModuleKind[], string]>([
    [["elearning", "faceToFace"], "mixtElearningF2f"],
    [["virtualClass", "elearning"], "mixtVirtualClassElearning"],
    [["faceToFace", "elearning"], "mixtF2fElearning"],
    [["elearning", "virtualClass"], "mixtElearningVirtualClass"],
    [["elearning", "elearning", "faceToFace", "faceToFace"], "mixtElearningF2f"],
    [["elearning", "faceToFace", "elearning"], "mixtElearningF2fElearning"],
    [["video", "podcast", "webinar", "quiz", "pdf"], "mixtVideoPodcastWebinarQuizPdf"],
    [["elearning", "elearning"], "mixt"],
    [["faceToFace"], "mixt"],
    [[], "mixt"],
  ])("%j -> %s", (kinds, expected) => {
    expect(deriveMixedDisplayType(kinds)).toBe(expected);
  });
});

describe("displayTypeTitle", () => {
  it.each<[string, TitleLanguage, string]>([
    ["dpc", "fr", "dpc"],
    ["virtualClass", "fr", "Classe virtuelle"],
    ["formation", "fr", "e-learning"],
    ["mixt", "fr", "mixte"],
    ["mixtVirtualClassElearning", "fr", "virtuelle + e-learning"],
    ["mixtElearningVirtualClass", "fr", "e-learning + virtuelle"],
    ["mixtF2fElearning", "fr", "présentielle + e-learning"],
    ["mixtElearningF2f", "fr", "e-learning + présentielle"],
    ["mixtElearningF2fElearning", "fr", "e-learning + présentielle + e-learning"],
    ["mixtVideoQuiz", "fr", "vidéo + quiz"],
    ["faceToFaceOnly", "fr", "Présentiel"],
    ["video", "fr", "Vidéo"],
    ["pdf", "fr", "PDF"],
    ["podcast", "fr", "Podcast"],
    ["webinar", "fr", "Webinaire"],
    ["quiz", "fr", "Quiz"],
    ["dpc-mixt", "fr", "dpc"],
    ["mixtElearningNope", "fr", "mixte"],
    ["mixtElearning", "fr", "mixte"],
    ["unknown", "fr", "Formation"],
    ["", "fr", "Formation"],
    ["dpc", "es", "dpc"],
    ["virtualClass", "es", "Clase virtual"],
    ["formation", "es", "e-learning"],
    ["mixt", "es", "mixta"],
    ["mixtF2fElearning", "es", "presencial + e-learning"],
    ["mixtElearningVirtualClass", "es", "e-learning + virtual"],
    ["faceToFaceOnly", "es", "Presencial"],
    ["video", "es", "Vídeo"],
    ["pdf", "es", "PDF"],
    ["podcast", "es", "Podcast"],
    ["webinar", "es", "Webinar"],
    ["quiz", "es", "Quiz"],
    ["unknown", "es", "Formación"],
  ])("%j (%s) -> %s", (displayType, lang, title) => {
    expect(displayTypeTitle(displayType, lang)).toBe(title);
  });

  it.each<TitleLanguage>(["fr", "es"])("titles every derived mixed type in %s", (lang) => {
    const kinds = Object.values(MODULE_TYPES);
    for (const a of kinds) {
      for (const b of kinds) {
        if (a === b) continue;
        const title = displayTypeTitle(deriveMixedDisplayType([a, b]), lang);
        expect(title.split(" + ")).toHaveLength(2);
      }
    }
  });
});

describe("trainingTypeColour", () => {
  it.each(TRAINING_TYPES)("%s has at least 4.5:1 contrast with white text", (type) => {
    expect(contrastRatio(TRAINING_TYPE_COLOURS[type], "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(trainingTypeColour(type, { spanishDomain: true }), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("gives every type its own colour", () => {
    expect(new Set(Object.values(TRAINING_TYPE_COLOURS)).size).toBe(TRAINING_TYPES.length);
  });

  it.each<[TrainingType, boolean, string]>([
    ["formation", false, TRAINING_TYPE_COLOURS.formation],
    ["formation", true, SPANISH_FORMATION_COLOUR],
    ["dpc", true, TRAINING_TYPE_COLOURS.dpc],
    ["mixt", false, TRAINING_TYPE_COLOURS.mixt],
  ])("%s spanishDomain=%s -> %s", (type, spanishDomain, colour) => {
    expect(trainingTypeColour(type, { spanishDomain })).toBe(colour);
  });

  it("uses a different e-learning colour on the Spanish domain", () => {
    expect(SPANISH_FORMATION_COLOUR).not.toBe(TRAINING_TYPE_COLOURS.formation);
    expect(Object.values(TRAINING_TYPE_COLOURS)).not.toContain(SPANISH_FORMATION_COLOUR);
  });
});
