import { and, asc, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { complianceReminders, users } from "../../../db/schema/index.ts";

/** The next batch of users (by id, after `afterId`) of these brands and professions: who may owe a reminder. */
export async function professionalIdsAfter(db: DbOrTx, afterId: number, limit: number, brands: string[], professions: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(gt(users.id, afterId), inArray(users.brand, brands), inArray(users.profession, professions)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Claims the right to send one reminder: true for exactly one caller, however many jobs ask at once (the key is the
 * primary key; a concurrent insert waits for the first, then finds the row and inserts nothing).
 */
export async function claimReminder(
  db: DbOrTx,
  key: { userId: number; obligation: string; deadline: string; daysBefore: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(complianceReminders)
    .values({ ...key, sentAt: now })
    .onConflictDoNothing()
    .returning({ userId: complianceReminders.userId });
  return rows.length === 1;
}
