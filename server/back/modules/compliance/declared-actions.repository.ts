import { and, asc, count, desc, eq, exists, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import { declaredActions, memberships, users } from "../../../db/schema/index.ts";

export type DeclaredActionRow = typeof declaredActions.$inferSelect;
export type NewDeclaredAction = typeof declaredActions.$inferInsert;

export async function insertDeclaredAction(db: DbOrTx, values: NewDeclaredAction): Promise<DeclaredActionRow> {
  const [row] = await db.insert(declaredActions).values(values).returning();
  return row;
}

/** Every action the user declared, rejected ones too, latest first. */
export async function listUserDeclaredActions(db: DbOrTx, userId: number): Promise<DeclaredActionRow[]> {
  return db.select().from(declaredActions).where(eq(declaredActions.userId, userId)).orderBy(desc(declaredActions.endDate), desc(declaredActions.id));
}

export async function findDeclaredAction(db: DbOrTx, id: number): Promise<DeclaredActionRow | undefined> {
  const [row] = await db.select().from(declaredActions).where(eq(declaredActions.id, id));
  return row;
}

/** Deletes one of the user's declared actions while it is not confirmed; the deleted row, or nothing. */
export async function deleteUnconfirmedDeclaredAction(db: DbOrTx, userId: number, id: number): Promise<DeclaredActionRow | undefined> {
  const [row] = await db
    .delete(declaredActions)
    .where(and(eq(declaredActions.id, id), eq(declaredActions.userId, userId), ne(declaredActions.state, "confirmed")))
    .returning();
  return row;
}

/** The account's active members' memberships (any role): who a referent of it answers for. */
const activeMemberOf = (accountId: number) =>
  exists(
    sql`(select 1 from ${memberships} where ${memberships.userId} = ${declaredActions.userId} and ${memberships.accountId} = ${accountId} and ${memberships.isActive})`,
  );

/** Whether `viewerId` is an active holder or referent of an account `ownerId` is an active member of. */
export async function isReferentOf(db: DbOrTx, viewerId: number, ownerId: number): Promise<boolean> {
  const owner = alias(memberships, "owner");
  const rows = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(owner, and(eq(owner.accountId, memberships.accountId), eq(owner.userId, ownerId), eq(owner.isActive, true)))
    .where(and(eq(memberships.userId, viewerId), eq(memberships.isActive, true), inArray(memberships.role, ["holder", "referent"])))
    .limit(1);
  return rows.length > 0;
}

/** The declared actions awaiting confirmation of the account's members (the referent's own left out), oldest first. */
export async function listPendingForAccount(db: DbOrTx, accountId: number, referentId: number, limit: number, offset: number) {
  const where = and(eq(declaredActions.state, "declared"), ne(declaredActions.userId, referentId), activeMemberOf(accountId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        action: declaredActions,
        learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(declaredActions)
      .innerJoin(users, eq(users.id, declaredActions.userId))
      .where(where)
      .orderBy(asc(declaredActions.createdAt), asc(declaredActions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(declaredActions).where(where),
  ]);
  return { rows, total };
}

/** One declared action of a member of the account, locked for its review; another account's is not found. */
export async function findAccountDeclaredActionForUpdate(db: DbOrTx, accountId: number, id: number): Promise<DeclaredActionRow | undefined> {
  const [row] = await db
    .select()
    .from(declaredActions)
    .where(and(eq(declaredActions.id, id), activeMemberOf(accountId)))
    .for("update");
  return row;
}

/** Confirms or rejects it if it still awaits: the row changed, or nothing when another review came first. */
export async function reviewDeclaredAction(
  db: DbOrTx,
  id: number,
  review: { state: "confirmed" | "rejected"; reviewedBy: number; reviewedAt: Date; reviewNote: string | null },
): Promise<DeclaredActionRow | undefined> {
  const [row] = await db
    .update(declaredActions)
    .set(review)
    .where(and(eq(declaredActions.id, id), eq(declaredActions.state, "declared")))
    .returning();
  return row;
}
