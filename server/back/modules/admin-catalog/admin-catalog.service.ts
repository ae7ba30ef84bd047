/**
 * The catalogue tool's use cases on a training itself (ADR 0062, 0082, 0107): the list, one training with all its
 * parts, its creation and its own columns, publication, illustration, pass rules and details (objectives, tags,
 * trainers). Each change runs in one transaction with its audit row. A write to the catalogue tables bumps the
 * catalogue version (trigger of migration 0002), so the catalogue API's cache follows at once; the web tier empties
 * its guest page cache on any successful POST (ADR 0015). The parts of a training (courses, modules, face-to-face
 * groups, programmes, quizzes, questions) are training-structure.service.ts's.
 */
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { ADMIN_PAGE_SIZE, paging } from "#core/contract/admin-list.ts";
import {
  BRAND_LANGS,
  passRulesOfInput,
  priceToCents,
  type AdminTraining,
  type PassRulesInput,
  type CatalogList,
  type CatalogListQuery,
  tagList,
  textLines,
  type TrainingDetailsInput,
  type TrainingInput,
} from "#core/contract/admin-catalog.ts";
import { centsToPrice } from "#core/domain/catalogue-choices.ts";
import { passRulesFrom } from "#core/domain/pass-rules.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import { cleanHtml } from "../catalogue/description-html.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import * as repo from "./admin-catalog.repository.ts";

export async function listCatalog(ctx: ServiceContext, query: CatalogListQuery): Promise<CatalogList> {
  const [total, rows] = await Promise.all([
    repo.countTrainings(ctx.db, query),
    repo.listTrainings(ctx.db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  return { items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), paging: paging(total, query.page) };
}

/** The training, locked for the transaction's change when `lock` (`ctx.db` a transaction); 404 when there is none. */
export async function requireTraining(ctx: ServiceContext, id: number, lock = false) {
  const training = await repo.findTraining(ctx.db, id, lock);
  if (!training) throw new AppError("NOT_FOUND", "adminTrainingNotFound");
  return training;
}

export async function getTraining(ctx: ServiceContext, id: number): Promise<AdminTraining> {
  const { db } = ctx;
  const training = await requireTraining(ctx, id);
  const [courses, faceToFaces, programmes, quizzes, fundings, details, storedRules] = await Promise.all([
    repo.listCourses(db, id),
    repo.listFaceToFaces(db, id),
    repo.listProgrammes(db, id),
    repo.listQuizzes(db, id),
    repo.listTrainingFundingCodes(db, id),
    repo.readDetails(db, id, training.brand),
    repo.findPassRules(db, id),
  ]);
  const effectiveType = effectiveTrainingType({ type: training.type as TrainingType, isVirtual: training.isVirtual, hasDpcData: programmes.length > 0 });
  return {
    id: training.id,
    brand: training.brand as AdminTraining["brand"],
    lang: training.lang,
    slug: training.slug,
    type: training.type as AdminTraining["type"],
    name: training.name,
    shortName: training.shortName,
    description: training.description,
    durationMinutes: training.durationMinutes,
    priceHt: centsToPrice(training.priceHtCents),
    currency: training.currency,
    points: training.points,
    free: training.free,
    pharmacistsOnly: training.pharmacistsOnly,
    nonPharmacistsOnly: training.nonPharmacistsOnly,
    holdersOnly: training.holdersOnly,
    nonHoldersOnly: training.nonHoldersOnly,
    displayForAll: training.displayForAll,
    availableOnSpace: training.availableOnSpace,
    availableOnStore: training.availableOnStore,
    availableFunctions: training.availableFunctions,
    fundings,
    seoTitle: training.seoTitle,
    seoDescription: training.seoDescription,
    dpcActionTypes: training.dpcActionTypes,
    priorityOrientation: training.priorityOrientation,
    certificationAxes: training.certificationAxes,
    belgianCategory: training.belgianCategory,
    rcfCredits: training.rcfCredits,
    isPublished: training.isPublished,
    mainIllustration: training.mainIllustration,
    updatedAt: training.updatedAt.toISOString(),
    ...details,
    courses,
    faceToFaces: faceToFaces.map((group) => ({ ...group, sessions: group.sessions.map((s) => ({ ...s, startDate: String(s.startDate) })) })),
    programmes,
    quizzes,
    passRules: { ...passRulesFrom(storedRules, effectiveType), custom: storedRules !== undefined },
  };
}

/** The training's own columns from the form (the language follows the brand; HTML cleaned on write). */
function columnsOf(input: TrainingInput) {
  return {
    brand: input.brand,
    lang: BRAND_LANGS[input.brand],
    slug: input.slug,
    type: input.type,
    name: input.name,
    shortName: input.shortName ?? null,
    description: cleanHtml(input.description),
    durationMinutes: input.durationMinutes,
    priceHtCents: priceToCents(input.priceHt),
    currency: "EUR",
    points: input.points,
    free: input.free,
    pharmacistsOnly: input.pharmacistsOnly,
    nonPharmacistsOnly: input.nonPharmacistsOnly,
    holdersOnly: input.holdersOnly,
    nonHoldersOnly: input.nonHoldersOnly,
    displayForAll: input.displayForAll,
    availableOnSpace: input.availableOnSpace,
    availableOnStore: input.availableOnStore,
    availableFunctions: input.availableFunctions,
    seoTitle: input.seoTitle ?? null,
    seoDescription: input.seoDescription ?? null,
    dpcActionTypes: [...new Set(input.dpcActionTypes)],
    priorityOrientation: input.priorityOrientation,
    certificationAxes: [...new Set(input.certificationAxes)].sort(),
    belgianCategory: input.belgianCategory ?? null,
    rcfCredits: input.rcfCredits ?? null,
  };
}

const slugTakenError = () => new AppError("CONFLICT", "adminSlugTaken", { fields: { slug: ["adminSlugTaken"] } });

/** A new training, unpublished until an administrator publishes it. */
export async function createTraining(ctx: ServiceContext, actorId: number, input: TrainingInput): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    if (await repo.slugTaken(tx, input.brand, input.slug, null)) throw slugTakenError();
    const now = ctx.now();
    const row = await repo.insertTraining(tx, { ...columnsOf(input), isPublished: false, createdAt: now, updatedAt: now, lastUpdate: now });
    await repo.replaceTrainingFundings(tx, row.id, input.fundings);
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "training.create", entityType: "training", entityId: row.id, before: null, after: { ...row, fundings: input.fundings } },
      now,
    );
    return { id: row.id };
  });
}

export async function updateTraining(ctx: ServiceContext, actorId: number, id: number, input: TrainingInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireTraining({ ...ctx, db: tx }, id, true);
    if (await repo.slugTaken(tx, input.brand, input.slug, id)) throw slugTakenError();
    const fundingsBefore = await repo.listTrainingFundingCodes(tx, id);
    const now = ctx.now();
    const after = await repo.updateTraining(tx, id, { ...columnsOf(input), updatedAt: now, lastUpdate: now });
    await repo.replaceTrainingFundings(tx, id, input.fundings);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "training.update",
        entityType: "training",
        entityId: id,
        before: { ...before, fundings: fundingsBefore },
        after: { ...after, fundings: input.fundings },
      },
      now,
    );
  });
}

/** Publishing shows the training in the catalogue at once (catalogue version trigger, guest page cache purge). */
export async function setPublished(ctx: ServiceContext, actorId: number, id: number, published: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireTraining({ ...ctx, db: tx }, id, true);
    const now = ctx.now();
    await repo.updateTraining(tx, id, { isPublished: published, updatedAt: now });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: published ? "training.publish" : "training.unpublish",
        entityType: "training",
        entityId: id,
        before: { isPublished: before.isPublished },
        after: { isPublished: published },
      },
      now,
    );
  });
}

export async function setIllustration(ctx: ServiceContext, actorId: number, id: number, storedPath: string): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const before = await requireTraining({ ...ctx, db: tx }, id, true);
    const now = ctx.now();
    await repo.updateTraining(tx, id, { mainIllustration: storedPath, updatedAt: now });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "training.illustration",
        entityType: "training",
        entityId: id,
        before: { mainIllustration: before.mainIllustration },
        after: { mainIllustration: storedPath },
      },
      now,
    );
    return before.mainIllustration;
  });
}

/**
 * The training's pass rules (ADR 0107): what its attestation attests, how many attempts a graded quiz allows and
 * after what wait, which attempt counts, whether a failed learner sees the right answers. They apply to attempts
 * from now on; an attestation already issued keeps what it states.
 */
export async function updatePassRules(ctx: ServiceContext, actorId: number, id: number, input: PassRulesInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await requireTraining({ ...ctx, db: tx }, id, true);
    const before = (await repo.findPassRules(tx, id)) ?? null;
    const after = passRulesOfInput(input);
    const now = ctx.now();
    await repo.upsertPassRules(tx, id, after, now);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "training.passRules", entityType: "training", entityId: id, before, after }, now);
  });
}

/**
 * The training's objectives, tags and trainers (ADR 0082), each list replacing the stored one. A trainer must be a
 * person of the training's brand (422 on `trainers` otherwise).
 */
export async function updateDetails(ctx: ServiceContext, actorId: number, id: number, input: TrainingDetailsInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const training = await requireTraining({ ...ctx, db: tx }, id, true);
    const { people, ...before } = await repo.readDetails(tx, id, training.brand);
    const trainers = [...new Set(input.trainers)];
    if (trainers.some((personId) => !people.some((p) => p.id === personId)))
      throw new AppError("VALIDATION", "adminTrainerUnknown", { fields: { trainers: ["adminTrainerUnknown"] } });
    const after = { skills: textLines(input.skills), knowledge: textLines(input.knowledge), tags: tagList(input.tags), trainers };
    await repo.writeDetails(tx, id, after);
    const now = ctx.now();
    await repo.updateTraining(tx, id, { updatedAt: now, lastUpdate: now });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "training.details", entityType: "training", entityId: id, before, after }, now);
  });
}
