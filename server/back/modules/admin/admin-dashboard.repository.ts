import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { enrolments, faceToFaces, faceToFaceSessions, orders, trainings } from "../../../db/schema/index.ts";

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countEnrolmentsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(enrolments).where(gte(enrolments.createdAt, since));
  return row?.total ?? 0;
}

export async function paidOrdersByBrandSince(db: Db, since: Date) {
  return db
    .select({ brand: orders.brand, currency: orders.currency, paidOrders: count(), revenueHtCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.status, "paid"), gte(orders.paidAt, since)))
    .groupBy(orders.brand, orders.currency)
    .orderBy(asc(orders.brand));
}

export async function countPendingChecks(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(and(eq(orders.status, "pending"), eq(orders.paymentMethod, "check")));
  return row?.total ?? 0;
}

/** Upcoming sessions at least `ratio` full, fullest first. */
export async function sessionsFillingUp(db: Db, today: string, ratio: number, limit: number) {
  const filling = sql`${faceToFaceSessions.currentParticipants}::float / ${faceToFaceSessions.maxParticipants}`;
  return db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      trainingName: trainings.name,
      currentParticipants: faceToFaceSessions.currentParticipants,
      maxParticipants: faceToFaceSessions.maxParticipants,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(and(gte(faceToFaceSessions.startDate, today), sql`${filling} >= ${ratio}`))
    .orderBy(desc(filling), asc(faceToFaceSessions.startDate))
    .limit(limit);
}

/** Funding requests waiting for a decision, when the table exists (issue 15 part B); null otherwise. */
export async function countWaitingFundingRequests(db: Db): Promise<number | null> {
  const [table] = await rows<{ name: string | null }>(db, sql`select to_regclass('public.funding_requests')::text as name`);
  if (!table?.name) return null;
  try {
    const [row] = await rows<{ total: number }>(db, sql`select count(*)::int as total from funding_requests where status in ('submitted', 'pending', 'in_review', 'to_validate')`);
    return Number(row?.total ?? 0);
  } catch {
    // Another shape than expected: the figure is left out rather than failing the page.
    return null;
  }
}
