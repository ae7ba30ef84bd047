import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { enrolments, faceToFaces, faceToFaceSessions, fundingRequests, invoices, orders, trainings } from "../../../db/schema/index.ts";

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

/** The credit notes issued since `since` per brand and currency (ADR 0094): their amount before VAT. */
export async function creditNotesByBrandSince(db: Db, since: Date) {
  return db
    .select({ brand: invoices.brand, currency: invoices.currency, creditedHtCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.kind, "creditNote"), gte(invoices.issuedAt, since)))
    .groupBy(invoices.brand, invoices.currency);
}

export async function countPendingChecks(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.status, "pending"), eq(orders.paymentMethod, "check")));
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

/** Funding requests waiting for the funder's decision: submitted (state in_progress), not yet financed (ADR 0055). */
export async function countWaitingFundingRequests(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(fundingRequests).where(eq(fundingRequests.state, "in_progress"));
  return Number(row?.total ?? 0);
}
