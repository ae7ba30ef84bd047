import { LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import * as t from "../schema/index.ts";
import { MODULE_TYPES, type ModuleType } from "../schema/catalogue.ts";
import { BRAND_LANG, REVIEW_COMMENTS, REVIEWER_NAMES } from "./data/content.ts";
import { CITIES } from "./data/helpers.ts";
import { PEOPLE } from "./data/people.ts";
import { BE_TRAININGS } from "./data/trainings-be.ts";
import { ES_TRAININGS } from "./data/trainings-es.ts";
import { FR_TRAININGS } from "./data/trainings-fr.ts";
import type { Brand, CourseKind, FundingCode, TrainingDef } from "./data/types.ts";
import { seededShuffle } from "#core/domain/shuffle.ts";
import { mayHavePassScore } from "#core/domain/pass-rules.ts";
import { evaluationQuestions } from "./data/evaluation.ts";
import { escapeHtml, hashString, prng, truncate, type Clock, type SeedDb } from "./util.ts";

export const DEMO_TRAININGS: TrainingDef[] = [...FR_TRAININGS, ...BE_TRAININGS, ...ES_TRAININGS];

export const FUNDINGS: { code: FundingCode; name: string }[] = [
  { code: "DPC", name: "Prise en charge ANDPC (DPC)" },
  { code: "FIFPL", name: "FIF PL (pharmaciens titulaires)" },
  { code: "OPCO", name: "OPCO EP (salariés de l'officine)" },
  { code: "FUNDAE", name: "Formación bonificada FUNDAE" },
  { code: "BONIFICABLE", name: "Bonificable con crédito de formación" },
  { code: "free", name: "Gratuit / Gratuito" },
];

export const AGREEMENTS = [
  { key: "andpc-pharmaciens", name: "ANDPC – Pharmaciens", number: `ODPC ${LEGAL_IDENTITIES.fr.dpcRegistration} – PH`, organisation: "ANDPC" },
  { key: "andpc-preparateurs", name: "ANDPC – Préparateurs en pharmacie", number: `ODPC ${LEGAL_IDENTITIES.fr.dpcRegistration} – PP`, organisation: "ANDPC" },
  { key: "fifpl", name: "FIF PL – Pharmaciens titulaires", number: "FIFPL-P2025-0417", organisation: "FIF PL" },
  { key: "opco-ep", name: "OPCO EP – Pharmacie d'officine", number: "OPCOEP-2025-PH-118", organisation: "OPCO EP" },
  { key: "fundae", name: "FUNDAE – Formación programada", number: LEGAL_IDENTITIES.es.fundaeRegistration!, organisation: "FUNDAE" },
];

/**
 * The training body's mention on each training, written at seed time from the brand's one legal identity (ADR 0102):
 * its name, and the training declaration, DPC registration, Qualiopi or FUNDAE registration it has.
 */
function trainingLegalNotice(brand: Brand): string {
  const identity = LEGAL_IDENTITIES[brand];
  const parts = [identity.legalName];
  if (identity.trainingDeclaration)
    parts.push(`déclaration d'activité n° ${identity.trainingDeclaration.number} (cet enregistrement ne vaut pas agrément de l'État)`);
  if (identity.dpcRegistration) parts.push(`organisme de DPC n° ${identity.dpcRegistration}`);
  if (identity.qualiopi) parts.push("certifié Qualiopi au titre des actions de formation");
  if (identity.fundaeRegistration) parts.push(`entidad organizadora de formación programada por las empresas (FUNDAE n.º ${identity.fundaeRegistration})`);
  if (parts.length === 1) parts.push("formation accréditée pour la formation continue des pharmaciens d'officine");
  return `${parts.join(" – ")}.`;
}

type Labels = {
  audience: string;
  programme: string;
  objectives: string;
  keyPoint: string;
  /** Title separator: French typography puts a space before the colon. */
  colon: string;
  pre: string;
  post: string;
  evaluation: string;
  quiz: string;
  virtualSession: string;
  session: string;
  course: Record<CourseKind, string>;
  liveProgramme: string;
  f2fPart: string;
  virtualPart: string;
  dpcMore: (action: string) => string;
};

const LABELS: Record<"fr" | "es", Labels> = {
  fr: {
    audience: "Public concerné",
    programme: "Programme",
    objectives: "Objectifs",
    keyPoint: "À retenir :",
    colon: " : ",
    pre: "Pré-test : évaluez vos connaissances",
    post: "Post-test : mesurez vos progrès",
    evaluation: "Évaluation",
    quiz: "Quiz",
    virtualSession: "Classe virtuelle",
    session: "session",
    course: {
      elearning: "Parcours e-learning",
      f2f: "Journée présentielle",
      virtual: "Classe virtuelle",
      video: "Vidéo",
      podcast: "Podcast",
      webinar: "Webinaire en direct",
      quiz: "Quiz",
      pdf: "Document PDF",
    },
    liveProgramme: "Déroulé de la séance",
    f2fPart: "présentiel",
    virtualPart: "classe virtuelle",
    dpcMore: (action) => `Programme DPC n° ${action} : inscription sur mondpc.fr avec cette référence.`,
  },
  es: {
    audience: "Dirigido a",
    programme: "Programa",
    objectives: "Objetivos",
    keyPoint: "Para recordar:",
    colon: ": ",
    pre: "Evaluación inicial",
    post: "Evaluación final",
    evaluation: "Valoración",
    quiz: "Cuestionario",
    virtualSession: "Aula virtual",
    session: "sesión",
    course: {
      elearning: "Teleformación",
      f2f: "Sesión presencial",
      virtual: "Aula virtual",
      video: "Vídeo",
      podcast: "Podcast",
      webinar: "Webinar en directo",
      quiz: "Cuestionario",
      pdf: "Documento PDF",
    },
    liveProgramme: "Desarrollo de la sesión",
    f2fPart: "presencial",
    virtualPart: "aula virtual",
    dpcMore: (action) => `Programa ${action}.`,
  },
};

const COURSE_MODULE_TYPE: Record<CourseKind, ModuleType> = {
  elearning: MODULE_TYPES.elearning,
  f2f: MODULE_TYPES.faceToFace,
  virtual: MODULE_TYPES.virtualClass,
  video: MODULE_TYPES.video,
  podcast: MODULE_TYPES.podcast,
  webinar: MODULE_TYPES.webinar,
  quiz: MODULE_TYPES.quiz,
  pdf: MODULE_TYPES.pdf,
};

const LIVE: CourseKind[] = ["f2f", "virtual", "webinar"];
const ALL_FUNCTIONS = ["pharmacist", "preparer", "assistant", "student"];

export function trainingKey(brand: string, slug: string): string {
  return `${brand}/${slug}`;
}

/** Media paths used by modules; pdf files exist under public/media (see make-media.ts). */
export function pdfPath(slug: string): string {
  return `/media/pdf/${slug}.pdf`;
}

/**
 * A seeded session: `booked` is how many learners hold a seat once the demo is loaded, real bookings made by
 * `seedSessionParticipants` (ADR 0111); `full` when they take every seat.
 */
export type SeededSession = { id: number; full: boolean; booked: number; startDate: string };

export type CatalogueIds = {
  trainings: Map<string, number>;
  /** Sessions per training key, in definition order. */
  sessions: Map<string, SeededSession[]>;
  quizzes: Map<string, number>;
  questions: Map<number, { id: number; choices: { id: number; correct: boolean }[] }[]>;
  fundings: Map<string, number>;
  agreements: Map<string, number>;
  dpcProgrammes: Map<string, number>;
  people: Map<string, number>;
};

function validate(defs: TrainingDef[]): void {
  const seen = new Set<string>();
  const actions = new Set<string>();
  for (const def of defs) {
    const key = trainingKey(def.brand, def.slug);
    if (seen.has(key)) throw new Error(`Duplicate demo training ${key}`);
    seen.add(key);
    if (def.dpc) {
      if (actions.has(def.dpc.action)) throw new Error(`Duplicate DPC action ${def.dpc.action}`);
      actions.add(def.dpc.action);
    }
    const hasLive = def.courses.some((kind) => LIVE.includes(kind));
    if (def.sessions?.length && !hasLive) throw new Error(`${key} has sessions but no live course`);
    for (const [question, choices, correct] of def.questions ?? []) {
      const indexes = Array.isArray(correct) ? correct : [correct];
      if (indexes.some((i) => i < 0 || i >= choices.length)) throw new Error(`${key}: bad answer index in "${question}"`);
    }
  }
}

function describe(def: TrainingDef, labels: Labels): string {
  const parts = [`<p>${escapeHtml(def.intro)}</p>`, `<h3>${labels.audience}</h3><p>${escapeHtml(def.audience)}</p>`];
  if (def.chapters.length) {
    parts.push(`<h3>${labels.programme}</h3><ol>${def.chapters.map(([title]) => `<li>${escapeHtml(title)}</li>`).join("")}</ol>`);
  }
  return parts.join("");
}

function objectivesHtml(def: TrainingDef): string {
  return `<ul>${[...def.skills, ...def.knowledge].map((o) => `<li>${escapeHtml(o)}</li>`).join("")}</ul>`;
}

function chapterPage(title: string, text: string, labels: Labels): string {
  const sentences = text.split(/(?<=[.!?])\s/);
  const page = `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p>`;
  // A key-point box when the page has several sentences: the first one, the rule to remember.
  if (sentences.length < 2) return page;
  return `${page}<aside class="key-point"><strong>${labels.keyPoint}</strong> ${escapeHtml(sentences[0]!)}</aside>`;
}

function reviewsFor(def: TrainingDef): number {
  if (def.reviews !== undefined) return def.reviews;
  if (def.flags?.isPublished === false) return 0;
  const r = prng(hashString(def.slug))();
  if (["dpc", "mixt", "formation", "faceToFaceOnly"].includes(def.type)) return 2 + Math.floor(r * 6);
  return Math.floor(r * 4);
}

/** Insert the demo catalogue: trainings and everything hanging from them. */
export async function seedCatalogue(db: SeedDb, clock: Clock): Promise<CatalogueIds> {
  const defs = DEMO_TRAININGS;
  validate(defs);

  // Reference data -------------------------------------------------------------------------
  const fundingRows = await db.insert(t.fundings).values(FUNDINGS).returning({ id: t.fundings.id, code: t.fundings.code });
  const fundings = new Map(fundingRows.map((r) => [r.code, r.id]));

  const agreementRows = await db
    .insert(t.agreements)
    .values(AGREEMENTS.map(({ name, number, organisation }) => ({ name, number, organisation })))
    .returning({ id: t.agreements.id, number: t.agreements.number });
  const agreements = new Map(AGREEMENTS.map((a) => [a.key, agreementRows.find((r) => r.number === a.number)!.id]));

  const peopleRows = await db
    .insert(t.people)
    .values(PEOPLE.map((p) => ({ ...p, photo: `/media/experts/${p.slug}.svg` })))
    .returning({ id: t.people.id, slug: t.people.slug });
  const people = new Map(peopleRows.map((r) => [r.slug, r.id]));

  // Reviews are generated first so that trainings carry their cached rating ----------------
  type ReviewDraft = { key: string; authorName: string; rating: number; comment: string; createdAt: Date };
  const reviewDrafts: ReviewDraft[] = [];
  const ratings = new Map<string, { average: number | null; count: number }>();
  for (const def of defs) {
    const key = trainingKey(def.brand, def.slug);
    const lang = BRAND_LANG[def.brand];
    const random = prng(hashString(`reviews:${key}`));
    const n = reviewsFor(def);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const [bias, comment] = REVIEW_COMMENTS[lang][Math.floor(random() * REVIEW_COMMENTS[lang].length)];
      const rating = Math.max(1, Math.min(5, bias - (random() < 0.15 ? 1 : 0)));
      sum += rating;
      reviewDrafts.push({
        key,
        authorName: REVIEWER_NAMES[lang][Math.floor(random() * REVIEWER_NAMES[lang].length)],
        rating,
        comment,
        createdAt: clock.at(-3 - Math.floor(random() * 300), 8 + Math.floor(random() * 10)),
      });
    }
    ratings.set(key, { average: n ? Math.round((sum / n) * 100) / 100 : null, count: n });
  }

  // Trainings -------------------------------------------------------------------------------
  const trainingRows = defs.map((def, index) => {
    const lang = BRAND_LANG[def.brand];
    const labels = LABELS[lang];
    const flags = def.flags ?? {};
    const rating = ratings.get(trainingKey(def.brand, def.slug))!;
    const createdDaysAgo = flags.isNew ? 2 + (index % 12) : 30 + ((index * 37) % 700);
    const availableFunctions = flags.pharmacistsOnly
      ? ["pharmacist"]
      : flags.nonPharmacistsOnly
        ? ALL_FUNCTIONS.filter((f) => f !== "pharmacist")
        : ALL_FUNCTIONS;
    const moreInfos = flags.moreInfos ?? (def.dpc ? labels.dpcMore(def.dpc.action) : null);
    return {
      brand: def.brand,
      lang,
      slug: def.slug,
      type: def.type,
      name: def.name,
      shortName: def.shortName,
      description: describe(def, labels),
      objectives: objectivesHtml(def),
      durationMinutes: def.duration,
      faceToFaceDurationMinutes: def.f2fDuration ?? null,
      priceHtCents: Math.round(def.price * 100),
      currency: "EUR",
      free: def.price === 0,
      credits: def.credits ?? null,
      points: def.points ?? 0,
      isPublished: flags.isPublished ?? true,
      isNew: flags.isNew ?? false,
      isTest: flags.isTest ?? false,
      isVirtual: flags.isVirtual ?? def.type === "virtualClass",
      mainIllustration: `/media/illustrations/${def.illustration}.svg`,
      naocareLink: flags.naocareLink ?? null,
      partnerLink: flags.partnerLink ?? null,
      groupement: flags.groupement ?? null,
      providerName: LEGAL_IDENTITIES[def.brand].legalName,
      trainingOrganization: LEGAL_IDENTITIES[def.brand].legalName,
      pharmacistsOnly: flags.pharmacistsOnly ?? false,
      nonPharmacistsOnly: flags.nonPharmacistsOnly ?? false,
      holdersOnly: flags.holdersOnly ?? false,
      nonHoldersOnly: flags.nonHoldersOnly ?? false,
      directAccess: flags.directAccess ?? false,
      displayForAll: flags.displayForAll ?? false,
      availableOnSpace: flags.availableOnSpace ?? true,
      availableOnStore: flags.availableOnStore ?? !(flags.isTest ?? false),
      availableFunctions,
      hasQuiz: (def.questions?.length ?? 0) > 0,
      hasNewVersion: flags.hasNewVersion ?? false,
      obsolete: flags.obsolete ?? false,
      outdated: flags.outdated ?? false,
      workInProgress: flags.workInProgress ?? false,
      isEpp: flags.isEpp ?? false,
      faceToFaceFirst: flags.faceToFaceFirst ?? (def.courses.length > 1 && LIVE.includes(def.courses[0])),
      noContractRequired: flags.noContractRequired ?? false,
      sessionsOnDemand: flags.sessionsOnDemand ?? false,
      cantStartMessage: flags.cantStartMessage ?? null,
      customRegisterLink: flags.customRegisterLink ?? null,
      moreInfos,
      legalNotice: trainingLegalNotice(def.brand),
      seoTitle: truncate(def.name, 70),
      seoDescription: truncate(def.intro, 160),
      ratingAverage: rating.average,
      ratingCount: rating.count,
      lastUpdate: clock.at(-Math.max(1, createdDaysAgo - ((index * 13) % Math.max(1, createdDaysAgo)))),
      createdAt: clock.at(-createdDaysAgo, 10),
      updatedAt: clock.at(-1, 10),
    };
  });
  const insertedTrainings = await db
    .insert(t.trainings)
    .values(trainingRows)
    .returning({ id: t.trainings.id, brand: t.trainings.brand, slug: t.trainings.slug });
  const trainings = new Map(insertedTrainings.map((r) => [trainingKey(r.brand, r.slug), r.id]));
  const idOf = (def: TrainingDef) => trainings.get(trainingKey(def.brand, def.slug))!;

  // Tags, objectives, fundings, people, reviews ----------------------------------------------
  await db.insert(t.trainingTags).values(defs.flatMap((def) => [...new Set(def.tags)].map((tag) => ({ trainingId: idOf(def), tag }))));
  await db
    .insert(t.objectives)
    .values(
      defs.flatMap((def) => [
        ...def.skills.map((text, position) => ({ trainingId: idOf(def), type: 1, position, text })),
        ...def.knowledge.map((text, position) => ({ trainingId: idOf(def), type: 2, position: def.skills.length + position, text })),
      ]),
    );
  const fundingLinks = defs.flatMap((def) => def.fundings.map((code) => ({ trainingId: idOf(def), fundingId: fundings.get(code)! })));
  if (fundingLinks.length) await db.insert(t.trainingFundings).values(fundingLinks);

  const personLinks = defs.flatMap((def) => [
    ...(def.trainers ?? []).map((slug, position) => ({ trainingId: idOf(def), personId: people.get(slug)!, role: "trainer", position })),
    ...(def.authors ?? []).map((slug, position) => ({ trainingId: idOf(def), personId: people.get(slug)!, role: "author", position })),
  ]);
  for (const link of personLinks) if (!link.personId) throw new Error(`Unknown person in training ${link.trainingId}`);
  await db.insert(t.trainingPeople).values(personLinks);

  if (reviewDrafts.length) {
    await db.insert(t.reviews).values(
      reviewDrafts.map((r) => ({
        trainingId: trainings.get(r.key)!,
        authorName: r.authorName,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt,
      })),
    );
  }

  // Associated trainings: explicit ones, then up to two siblings sharing the first tag -------
  const associations = new Map<string, { trainingId: number; associatedTrainingId: number; position: number }>();
  for (const def of defs) {
    const own = idOf(def);
    const explicit = (def.associated ?? []).map((slug) => trainings.get(trainingKey(def.brand, slug))!);
    const siblings = defs
      .filter((o) => o !== def && o.brand === def.brand && o.tags[0] === def.tags[0] && o.flags?.isPublished !== false)
      .slice(0, 2)
      .map(idOf);
    [...explicit, ...siblings].forEach((other, position) => {
      if (!other || other === own) return;
      const k = `${own}-${other}`;
      if (!associations.has(k)) associations.set(k, { trainingId: own, associatedTrainingId: other, position });
    });
  }
  if (associations.size) await db.insert(t.associatedTrainings).values([...associations.values()]);

  // DPC programmes -----------------------------------------------------------------------------
  const dpcDefs = defs.filter((def) => def.dpc);
  const dpcRows = await db
    .insert(t.dpcProgrammes)
    .values(
      dpcDefs.map((def) => ({
        trainingId: idOf(def),
        actionNumber: def.dpc!.action,
        name: def.name,
        illustration: `/media/illustrations/${def.illustration}.svg`,
        priceHtCents: Math.round((def.dpc!.price ?? def.price) * 100),
        currency: "EUR",
        durationMinutes: def.duration,
      })),
    )
    .returning({ id: t.dpcProgrammes.id, actionNumber: t.dpcProgrammes.actionNumber });
  const dpcProgrammes = new Map(dpcRows.map((r) => [r.actionNumber, r.id]));
  await db
    .insert(t.dpcProgrammeAgreements)
    .values(
      dpcDefs.flatMap((def) => def.dpc!.agreements.map((key) => ({ programmeId: dpcProgrammes.get(def.dpc!.action)!, agreementId: agreements.get(key)! }))),
    );

  // Courses and modules -------------------------------------------------------------------
  const courseRows = defs.flatMap((def) => {
    const labels = LABELS[BRAND_LANG[def.brand]];
    const live = def.courses.filter((kind) => LIVE.includes(kind)).length;
    const other = def.courses.length - live;
    const liveMinutes = def.f2fDuration ?? (other === 0 ? def.duration : 0);
    const otherMinutes = Math.max(0, def.duration - liveMinutes);
    const sameKind = (kind: CourseKind) => def.courses.filter((k) => k === kind).length;
    const seen: Partial<Record<CourseKind, number>> = {};
    return def.courses.map((kind, position) => {
      seen[kind] = (seen[kind] ?? 0) + 1;
      const isLive = LIVE.includes(kind);
      return {
        trainingId: idOf(def),
        position,
        moduleType: COURSE_MODULE_TYPE[kind],
        name: sameKind(kind) > 1 ? `${labels.course[kind]} ${seen[kind]}` : labels.course[kind],
        isVirtual: kind === "virtual" || kind === "webinar",
        durationMinutes: isLive ? Math.round(liveMinutes / Math.max(1, live)) : Math.round(otherMinutes / Math.max(1, other)),
      };
    });
  });
  const insertedCourses = await db
    .insert(t.courses)
    .values(courseRows)
    .returning({ id: t.courses.id, trainingId: t.courses.trainingId, position: t.courses.position });
  const courseId = new Map(insertedCourses.map((r) => [`${r.trainingId}:${r.position}`, r.id]));

  type ModuleDraft = typeof t.modules.$inferInsert & { quiz?: "pre_test" | "post_test" | "evaluation" | "standalone" };
  const moduleDrafts: ModuleDraft[] = [];
  for (const def of defs) {
    const labels = LABELS[BRAND_LANG[def.brand]];
    const tid = idOf(def);
    const hasQuestions = (def.questions?.length ?? 0) > 0;
    const elearningPositions = def.courses.flatMap((kind, i) => (kind === "elearning" ? [i] : []));
    // Chapters are spread over the e-learning courses in order.
    const perCourse = Math.ceil(def.chapters.length / Math.max(1, elearningPositions.length));
    def.courses.forEach((kind, coursePosition) => {
      const cid = courseId.get(`${tid}:${coursePosition}`)!;
      const course = courseRows.find((c) => c.trainingId === tid && c.position === coursePosition)!;
      const mods: Omit<ModuleDraft, "courseId" | "position">[] = [];
      if (kind === "elearning") {
        const ordinal = elearningPositions.indexOf(coursePosition);
        const chapters = def.chapters.slice(ordinal * perCourse, (ordinal + 1) * perCourse);
        if (hasQuestions && ordinal === 0) mods.push({ type: MODULE_TYPES.quiz, title: labels.pre, durationMinutes: 5, quiz: "pre_test" });
        const minutes = Math.max(5, Math.round((course.durationMinutes - (hasQuestions ? 10 : 0)) / Math.max(1, chapters.length)));
        for (const [title, text] of chapters) {
          mods.push({ type: MODULE_TYPES.elearning, title, content: chapterPage(title, text, labels), durationMinutes: minutes });
        }
        if (hasQuestions && ordinal === elearningPositions.length - 1) {
          mods.push({ type: MODULE_TYPES.quiz, title: labels.post, durationMinutes: 5, quiz: "post_test" });
          // The learner's evaluation of the training closes the e-learning part, as in the other formats.
          mods.push({ type: MODULE_TYPES.quiz, title: labels.evaluation, durationMinutes: 5, quiz: "evaluation" });
        }
      } else if (kind === "f2f" || kind === "virtual" || kind === "webinar") {
        const agenda = def.chapters.map(([title, text]) => `<li><strong>${escapeHtml(title)}</strong> – ${escapeHtml(text)}</li>`).join("");
        mods.push({
          type: COURSE_MODULE_TYPE[kind],
          title: `${labels.course[kind]}${labels.colon}${def.shortName}`,
          content: `<h2>${labels.liveProgramme}</h2><ul>${agenda}</ul>`,
          durationMinutes: course.durationMinutes,
        });
      } else if (kind === "video" || kind === "podcast") {
        const ext = kind === "video" ? "webm" : "wav"; // videos from make-videos.ts, podcast audio from make-media.ts
        const folder = kind === "video" ? "videos" : "podcasts";
        const minutes = Math.max(3, Math.round(course.durationMinutes / Math.max(1, def.chapters.length)));
        def.chapters.forEach(([title, text], i) => {
          mods.push({
            type: COURSE_MODULE_TYPE[kind],
            title,
            content: `<p>${escapeHtml(text)}</p>`,
            mediaPath: `/media/${folder}/${def.slug}-${i + 1}.${ext}`,
            durationMinutes: minutes,
          });
        });
        if (hasQuestions) mods.push({ type: MODULE_TYPES.quiz, title: labels.evaluation, durationMinutes: 5, quiz: "evaluation" });
      } else if (kind === "pdf") {
        mods.push({
          type: MODULE_TYPES.pdf,
          title: def.shortName,
          content: `<p>${escapeHtml(def.intro)}</p>`,
          mediaPath: pdfPath(def.slug),
          durationMinutes: course.durationMinutes,
        });
      } else if (kind === "quiz") {
        mods.push({ type: MODULE_TYPES.quiz, title: def.name, durationMinutes: course.durationMinutes, quiz: "standalone" });
      }
      mods.forEach((m, position) => moduleDrafts.push({ ...m, courseId: cid, position }));
    });
  }
  const insertedModules = await db
    .insert(t.modules)
    .values(moduleDrafts.map(({ quiz: _quiz, ...row }) => row))
    .returning({ id: t.modules.id, courseId: t.modules.courseId, position: t.modules.position });
  const moduleId = new Map(insertedModules.map((r) => [`${r.courseId}:${r.position}`, r.id]));

  // Quizzes: pre/post tests for e-learning, evaluation for other formats -------------------------
  const trainingOfCourse = new Map(courseRows.map((c) => [courseId.get(`${c.trainingId}:${c.position}`)!, c.trainingId]));
  const defById = new Map(defs.map((def) => [idOf(def), def]));
  type QuizDraft = { trainingId: number; moduleId: number | null; kind: string; title: string; passScore: number | null; position: number };
  const quizDrafts: QuizDraft[] = moduleDrafts
    .filter((m) => m.quiz)
    .map((m) => ({
      trainingId: trainingOfCourse.get(m.courseId)!,
      moduleId: moduleId.get(`${m.courseId}:${m.position}`)!,
      kind: m.quiz!,
      title: m.title,
      // ADR 0107: only a post-test or a stand-alone quiz is graded.
      passScore: mayHavePassScore(m.quiz!) ? 70 : null,
      position: m.quiz === "pre_test" ? 0 : 1,
    }));
  // Live-only trainings with questions get a training-level evaluation.
  for (const def of defs) {
    if (!def.questions?.length) continue;
    if (quizDrafts.some((q) => q.trainingId === idOf(def))) continue;
    const labels = LABELS[BRAND_LANG[def.brand]];
    quizDrafts.push({
      trainingId: idOf(def),
      moduleId: null,
      kind: "evaluation",
      title: `${labels.evaluation}${labels.colon}${def.shortName}`,
      passScore: null,
      position: 0,
    });
  }
  const insertedQuizzes = await db.insert(t.quizzes).values(quizDrafts).returning({ id: t.quizzes.id, trainingId: t.quizzes.trainingId, kind: t.quizzes.kind });
  const quizzes = new Map<string, number>();
  for (const q of insertedQuizzes) {
    const def = defById.get(q.trainingId!)!;
    quizzes.set(`${trainingKey(def.brand, def.slug)}:${q.kind}`, q.id);
  }

  // The questions of each quiz: the training's own for its pre-test, post-test and standalone quiz; an evaluation
  // of its own for the evaluation. Choices are stored in a seeded order, so the right one is not always first.
  type QuestionDraft = { text: string; kind: "single" | "multiple"; explanation: string | null; choices: { text: string; correct: boolean }[] };
  const draftsOf = new Map<number, QuestionDraft[]>();
  for (const q of insertedQuizzes) {
    const def = defById.get(q.trainingId!)!;
    const key = trainingKey(def.brand, def.slug);
    const lang = BRAND_LANG[def.brand];
    const source =
      q.kind === "evaluation"
        ? evaluationQuestions(
            def,
            lang,
            defs.filter((d) => BRAND_LANG[d.brand] === lang),
            defs.indexOf(def),
          ).map((e) => ({
            text: e.text,
            choices: e.choices,
            correct: e.correct,
            multiple: false,
            explanation: null,
          }))
        : def.questions!.map(([text, choices, correct, explanation]) => ({
            text,
            choices,
            correct: Array.isArray(correct) ? correct : [correct],
            multiple: Array.isArray(correct),
            explanation: explanation ?? null,
          }));
    draftsOf.set(
      q.id,
      source.map((question, position) => ({
        text: question.text,
        kind: question.multiple ? "multiple" : "single",
        explanation: question.explanation,
        // An opinion question (no right choice) is a scale, kept in its order.
        choices:
          question.correct.length === 0
            ? question.choices.map((text) => ({ text, correct: false }))
            : seededShuffle(
                question.choices.map((text, i) => ({ text, correct: question.correct.includes(i) })),
                `${key}:${q.kind}:${position}`,
              ),
      })),
    );
  }
  const questionRows = insertedQuizzes.flatMap((q) =>
    draftsOf.get(q.id)!.map(({ text, kind, explanation }, position) => ({ quizId: q.id, position, kind, text, explanation })),
  );
  const insertedQuestions = await db
    .insert(t.quizQuestions)
    .values(questionRows)
    .returning({ id: t.quizQuestions.id, quizId: t.quizQuestions.quizId, position: t.quizQuestions.position });
  const choiceRows = insertedQuestions.flatMap((question) =>
    draftsOf.get(question.quizId)![question.position]!.choices.map(({ text, correct }, position) => ({ questionId: question.id, position, text, correct })),
  );
  const insertedChoices = await db
    .insert(t.quizChoices)
    .values(choiceRows)
    .returning({ id: t.quizChoices.id, questionId: t.quizChoices.questionId, correct: t.quizChoices.correct });
  const questions = new Map<number, { id: number; choices: { id: number; correct: boolean }[] }[]>();
  for (const question of [...insertedQuestions].sort((a, b) => a.position - b.position)) {
    const list = questions.get(question.quizId) ?? [];
    list.push({
      id: question.id,
      choices: insertedChoices.filter((c) => c.questionId === question.id).map(({ id, correct }) => ({ id, correct })),
    });
    questions.set(question.quizId, list);
  }

  // Face-to-face and virtual sessions -------------------------------------------------------
  const f2fDefs = defs.filter((def) => def.sessions?.length);
  const insertedF2f = await db
    .insert(t.faceToFaces)
    .values(
      f2fDefs.map((def) => {
        const labels = LABELS[BRAND_LANG[def.brand]];
        const virtual = !def.courses.includes("f2f");
        return {
          trainingId: idOf(def),
          name: `${def.shortName} (${virtual ? labels.virtualPart : labels.f2fPart})`,
          virtualClass: virtual,
          noWaitingList: def.flags?.noWaitingList ?? def.type === "webinar",
        };
      }),
    )
    .returning({ id: t.faceToFaces.id, trainingId: t.faceToFaces.trainingId });
  const f2fOf = new Map(insertedF2f.map((r) => [r.trainingId, r.id]));

  const sessionDrafts = f2fDefs.flatMap((def) => {
    const labels = LABELS[BRAND_LANG[def.brand]];
    return def.sessions!.map((session, i) => {
      const city = session.city ? CITIES[session.city] : null;
      const trainerSlug = session.trainer ?? def.trainers?.[0];
      return {
        key: trainingKey(def.brand, def.slug),
        row: {
          faceToFaceId: f2fOf.get(idOf(def))!,
          name: city ? `${city.marketingCity} – ${labels.session} ${i + 1}` : `${labels.virtualSession} – ${labels.session} ${i + 1}`,
          city: city?.city ?? null,
          marketingCity: city?.marketingCity ?? null,
          postalCode: city?.postalCode ?? null,
          address: city?.address ?? null,
          startDate: clock.day(session.inDays),
          startTime: session.start ?? "09:00",
          endTime: session.end ?? "17:30",
          maxParticipants: session.seats,
          multiDates: (session.dates ?? 1) > 1,
          trainerId: trainerSlug ? people.get(trainerSlug)! : null,
          virtualClassUrl: city ? null : `https://visio.formapharm.test/${def.slug}-${i + 1}`,
        },
        def: session,
      };
    });
  });
  const insertedSessions = await db
    .insert(t.faceToFaceSessions)
    .values(sessionDrafts.map((d) => d.row))
    .returning({ id: t.faceToFaceSessions.id, faceToFaceId: t.faceToFaceSessions.faceToFaceId, name: t.faceToFaceSessions.name });
  const sessionId = new Map(insertedSessions.map((r) => [`${r.faceToFaceId}:${r.name}`, r.id]));
  const sessions = new Map<string, SeededSession[]>();
  const dateRows: (typeof t.sessionDates.$inferInsert)[] = [];
  for (const draft of sessionDrafts) {
    const id = sessionId.get(`${draft.row.faceToFaceId}:${draft.row.name}`)!;
    const list = sessions.get(draft.key) ?? [];
    list.push({ id, full: draft.def.booked >= draft.def.seats, booked: draft.def.booked, startDate: draft.row.startDate });
    sessions.set(draft.key, list);
    const count = draft.def.dates ?? 1;
    for (let k = 0; k < count; k++) {
      dateRows.push({
        sessionId: id,
        date: clock.day(draft.def.inDays + k * (draft.def.every ?? 7)),
        startTime: draft.row.startTime,
        endTime: draft.row.endTime,
      });
    }
  }
  await db.insert(t.sessionDates).values(dateRows);

  return { trainings, sessions, quizzes, questions, fundings, agreements, dpcProgrammes, people };
}
