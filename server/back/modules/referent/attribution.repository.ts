import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../../db/client.ts";
import { orderNotCredited } from "../invoices/invoices.repository.ts";
import { accounts, enrolments, faceToFaceSessions, memberships, orderLines, orders, trainings, users } from "../../../db/schema/index.ts";

/**
 * The trainings a pharmacy bought and their attribution (ADR 0070). Every query is scoped by accountId.
 * A bought product is a training with the session it was bought for (or none); its quantity is the number of paid
 * shop order lines made for the account (one seat per line, ADR 0031) whose invoice has no credit note (ADR 0094),
 * its use the number of the account's active enrolments in that training and session.
 */

export type BoughtRow = {
  trainingId: number;
  sessionId: number | null;
  name: string;
  trainingType: string;
  quantity: number;
};

const sameSession = (sessionId: number | null) => (sessionId === null ? sql`${enrolments.sessionId} is null` : eq(enrolments.sessionId, sessionId));

/** The account's bought products (paid shop orders made for it), grouped by training and session. */
export async function listBoughtProducts(db: DbOrTx, accountId: number): Promise<BoughtRow[]> {
  const rows = await db
    .select({
      trainingId: orderLines.trainingId,
      sessionId: orderLines.sessionId,
      name: trainings.name,
      trainingType: trainings.type,
      quantity: count(orderLines.id),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(trainings, eq(trainings.id, orderLines.trainingId))
    .where(and(eq(orders.accountId, accountId), eq(orders.status, "paid"), eq(orders.kind, "shop"), orderNotCredited(orders.id)))
    .groupBy(orderLines.trainingId, orderLines.sessionId, trainings.name, trainings.type)
    .orderBy(asc(trainings.name), asc(orderLines.trainingId), asc(orderLines.sessionId));
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** One bought product of the account: its quantity (0 when the account never bought it). */
export async function boughtQuantity(db: DbOrTx, accountId: number, trainingId: number, sessionId: number | null): Promise<number> {
  const [row] = await db
    .select({ quantity: count(orderLines.id) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.status, "paid"),
        eq(orders.kind, "shop"),
        orderNotCredited(orders.id),
        eq(orderLines.trainingId, trainingId),
        sessionId === null ? sql`${orderLines.sessionId} is null` : eq(orderLines.sessionId, sessionId),
      ),
    );
  return Number(row?.quantity ?? 0);
}

/** The account's active (not cancelled) enrolments in a training and session: the product's used seats. */
export async function usedQuantity(db: DbOrTx, accountId: number, trainingId: number, sessionId: number | null): Promise<number> {
  const [row] = await db
    .select({ used: count(enrolments.id) })
    .from(enrolments)
    .where(and(eq(enrolments.accountId, accountId), eq(enrolments.trainingId, trainingId), ne(enrolments.status, "cancelled"), sameSession(sessionId)));
  return Number(row?.used ?? 0);
}

/** Who of these users already has an active enrolment in the training (any account, any session). */
export async function enrolledUserIds(db: DbOrTx, trainingId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: enrolments.userId })
    .from(enrolments)
    .where(and(eq(enrolments.trainingId, trainingId), inArray(enrolments.userId, userIds), ne(enrolments.status, "cancelled")));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Active enrolments in these trainings made for the account (the seats used, as `usedQuantity` counts them) or held
 * by its members (who already has what), for the options page.
 */
export async function listEnrolmentsOfTrainings(db: Db, accountId: number, trainingIds: number[]) {
  if (trainingIds.length === 0) return [];
  return db
    .select({ userId: enrolments.userId, trainingId: enrolments.trainingId, sessionId: enrolments.sessionId, accountId: enrolments.accountId })
    .from(enrolments)
    .leftJoin(memberships, and(eq(memberships.userId, enrolments.userId), eq(memberships.accountId, accountId)))
    .where(
      and(
        inArray(enrolments.trainingId, trainingIds),
        ne(enrolments.status, "cancelled"),
        or(eq(enrolments.accountId, accountId), isNotNull(memberships.userId)),
      ),
    );
}

export async function listSessions(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      maxParticipants: faceToFaceSessions.maxParticipants,
      currentParticipants: faceToFaceSessions.currentParticipants,
    })
    .from(faceToFaceSessions)
    .where(inArray(faceToFaceSessions.id, sessionIds));
}

export type AttributableMember = { userId: number; firstName: string; lastName: string; email: string; role: string; isActive: boolean; profession: string };

/** Members of the account among these user ids (someone of another pharmacy is simply absent). */
export async function findMembers(db: DbOrTx, accountId: number, userIds: number[]): Promise<AttributableMember[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      isActive: memberships.isActive,
      profession: users.profession,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
}

/** Locks the account row: the attributions of one pharmacy run one after the other (quantity checked under it). */
export async function lockAccount(tx: Tx, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
}
