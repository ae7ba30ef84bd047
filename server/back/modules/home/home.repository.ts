import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { courses, dpcProgrammes, trainings } from "../../../db/schema/index.ts";
import type { BrandKey } from "#core/branding/brands.ts";

export type FeaturedCandidateRow = {
  id: number;
  slug: string;
  type: string;
  name: string;
  shortName: string | null;
  durationMinutes: number;
  priceHtCents: number;
  currency: string;
  free: boolean;
  isNew: boolean;
  isVirtual: boolean;
  ratingAverage: number | null;
  ratingCount: number;
  mainIllustration: string | null;
  credits: number | null;
  /** Funding codes of the training, in code order. */
  fundingCodes: string[];
};

/**
 * The funding codes of a training, as one column (the card shows them and applies the funded price rule). The outer
 * row is named in full: in a query on trainings alone Drizzle writes its columns unqualified ("id"), which the subquery
 * would read as a column of its own tables.
 */
export const fundingCodesColumn = sql<
  string[]
>`array(select f.code from training_fundings tf join fundings f on f.id = tf.funding_id where tf.training_id = "trainings"."id" order by f.code)`;

/** The columns of a training card (the home's featured trainings, an expert's trainings). */
export const trainingCardColumns = {
  id: trainings.id,
  slug: trainings.slug,
  type: trainings.type,
  name: trainings.name,
  shortName: trainings.shortName,
  durationMinutes: trainings.durationMinutes,
  priceHtCents: trainings.priceHtCents,
  currency: trainings.currency,
  free: trainings.free,
  isNew: trainings.isNew,
  isVirtual: trainings.isVirtual,
  ratingAverage: trainings.ratingAverage,
  ratingCount: trainings.ratingCount,
  mainIllustration: trainings.mainIllustration,
  credits: trainings.credits,
  fundingCodes: fundingCodesColumn,
};

/**
 * Published trainings of one brand in its content language, best candidates first
 * (new, then most reviewed and best rated, then newest). Test, obsolete and store-hidden
 * trainings are left out.
 */
export async function listFeaturedCandidates(db: Db, brand: BrandKey, lang: "fr" | "es", limit: number): Promise<FeaturedCandidateRow[]> {
  return db
    .select(trainingCardColumns)
    .from(trainings)
    .where(
      and(
        eq(trainings.brand, brand),
        eq(trainings.lang, lang),
        eq(trainings.isPublished, true),
        eq(trainings.isTest, false),
        eq(trainings.obsolete, false),
        eq(trainings.availableOnStore, true),
      ),
    )
    .orderBy(desc(trainings.isNew), desc(trainings.ratingCount), sql`${trainings.ratingAverage} desc nulls last`, desc(trainings.createdAt), asc(trainings.id))
    .limit(limit);
}

export type CourseKindRow = { trainingId: number; position: number; moduleType: number; isVirtual: boolean };

/** The ordered course types of some trainings (for the mixed display type and the DPC sub-type). */
export async function listCourseKinds(db: Db, trainingIds: number[]): Promise<CourseKindRow[]> {
  if (!trainingIds.length) return [];
  return db
    .select({ trainingId: courses.trainingId, position: courses.position, moduleType: courses.moduleType, isVirtual: courses.isVirtual })
    .from(courses)
    .where(inArray(courses.trainingId, trainingIds))
    .orderBy(asc(courses.trainingId), asc(courses.position));
}

/** Which of these trainings have DPC programme data. */
export async function listTrainingIdsWithDpc(db: Db, trainingIds: number[]): Promise<Set<number>> {
  if (!trainingIds.length) return new Set();
  const rows = await db.selectDistinct({ trainingId: dpcProgrammes.trainingId }).from(dpcProgrammes).where(inArray(dpcProgrammes.trainingId, trainingIds));
  return new Set(rows.map((row) => row.trainingId));
}
