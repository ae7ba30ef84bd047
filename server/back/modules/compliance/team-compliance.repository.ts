import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { memberships } from "../../../db/schema/index.ts";

/** The active members of one account (the team compliance status lists only them); scoped by accountId. */
export async function listActiveMemberIds(db: DbOrTx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isActive, true)))
    .orderBy(asc(memberships.userId));
  return rows.map((row) => row.userId);
}

/** Whether the user is an active member of the account: another pharmacy's member is not found. */
export async function isActiveMember(db: DbOrTx, accountId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .limit(1);
  return Boolean(row);
}
