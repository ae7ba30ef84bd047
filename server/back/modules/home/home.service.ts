import type { ServiceContext } from "../../service-context.ts";
import { deriveMixedDisplayType, dpcSubType, effectiveTrainingType, isTrainingType, moduleKindOf, type ModuleKind } from "#core/domain/training-types.ts";
import { listCourseKinds, listFeaturedCandidates, listTrainingIdsWithDpc, type CourseKindRow, type FeaturedCandidateRow } from "./home.repository.ts";
import type { FeaturedPayload, FeaturedTraining } from "#core/contract/home.ts";

/** How many trainings the home page shows. */
export const FEATURED_COUNT = 6;
/** How many candidates are read to choose a varied selection from. */
const CANDIDATE_POOL = 36;

/**
 * Keeps the ranking but favours variety: the best candidate of each type first, in rank order,
 * then the next best of each type, until `count` are chosen.
 */
export function pickVaried<T extends { type: string }>(ranked: readonly T[], count: number): T[] {
  const byType = new Map<string, T[]>();
  for (const item of ranked) {
    const list = byType.get(item.type);
    if (list) list.push(item);
    else byType.set(item.type, [item]);
  }
  const chosen = new Set<T>();
  for (let round = 0; chosen.size < count; round++) {
    const before = chosen.size;
    for (const item of ranked) {
      if (chosen.size >= count) break;
      if (byType.get(item.type)?.[round] === item) chosen.add(item);
    }
    if (chosen.size === before) break;
  }
  return ranked.filter((item) => chosen.has(item));
}

function courseKinds(rows: CourseKindRow[]): ModuleKind[] {
  return rows
    .map((row) => {
      const kind = moduleKindOf(row.moduleType);
      return kind === "faceToFace" && row.isVirtual ? "virtualClass" : kind;
    })
    .filter((kind): kind is ModuleKind => kind !== null);
}

export function toFeaturedTraining(row: FeaturedCandidateRow, kinds: ModuleKind[], hasDpcData: boolean): FeaturedTraining | null {
  if (!isTrainingType(row.type)) return null;
  const effectiveType = effectiveTrainingType({ type: row.type, isVirtual: row.isVirtual, hasDpcData });
  const displayType = effectiveType === "mixt" ? deriveMixedDisplayType(kinds) : effectiveType === "dpc" ? dpcSubType(kinds) : effectiveType;
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    effectiveType,
    displayType,
    name: row.shortName?.trim() || row.name,
    durationMinutes: row.durationMinutes,
    priceHtCents: row.priceHtCents,
    currency: row.currency,
    free: row.free || row.priceHtCents === 0,
    isNew: row.isNew,
    rating: row.ratingCount > 0 && row.ratingAverage !== null ? { average: Number(row.ratingAverage), count: row.ratingCount } : null,
    illustration: row.mainIllustration,
    fundings: row.fundingCodes ?? [],
    credits: row.credits,
  };
}

/** The trainings the home page features for the request's brand, in its content language. */
export async function getFeaturedTrainings(ctx: ServiceContext): Promise<FeaturedPayload> {
  const { db, brand } = ctx;
  const candidates = await listFeaturedCandidates(db, brand.key, brand.contentLang, CANDIDATE_POOL);
  const picked = pickVaried(candidates, FEATURED_COUNT);
  const ids = picked.map((row) => row.id);
  const [courseRows, withDpc] = await Promise.all([listCourseKinds(db, ids), listTrainingIdsWithDpc(db, ids)]);
  const trainings = picked
    .map((row) => toFeaturedTraining(row, courseKinds(courseRows.filter((c) => c.trainingId === row.id)), withDpc.has(row.id)))
    .filter((training): training is FeaturedTraining => training !== null);
  return { brand: brand.key, lang: brand.contentLang, trainings };
}
