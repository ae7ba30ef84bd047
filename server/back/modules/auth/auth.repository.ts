import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { authTokens, memberships, rateLimits } from "../../../db/schema/index.ts";

// ------------------------------------------------------------------ single-use tokens (hashes only)

export type TokenRow = typeof authTokens.$inferSelect;

export async function insertAuthToken(db: DbOrTx, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** A valid (unused, unexpired) token of that kind by its hash. */
export async function findValidAuthToken(db: DbOrTx, kind: string, tokenHash: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Spends every still-valid token of that kind of a user. */
export async function revokeUserAuthTokens(db: DbOrTx, kind: string, userId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.userId, userId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
}

/** Marks a valid token used in one atomic statement: of two concurrent uses, one wins. */
export async function consumeAuthToken(db: DbOrTx, kind: string, tokenHash: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning();
  return row;
}

// ------------------------------------------------------------------ memberships

/** The user's active membership of that account, if any. */
export async function findActiveMembership(db: DbOrTx, userId: number, accountId: number): Promise<{ role: string } | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId), eq(memberships.isActive, true)))
    .limit(1);
  return row;
}

// ------------------------------------------------------------------ rate-limit counters (ADR 0017)

/**
 * One upsert counts the attempt unless the window's limit is reached: PostgreSQL locks the row for the
 * update and evaluates the WHERE on its latest version, so concurrent requests are counted one by one.
 * Returns the new count, or null when the limit was already reached (nothing changed).
 */
export async function upsertRateLimitHit(db: Db, scope: string, limit: number, now: Date, resetAt: Date): Promise<number | null> {
  const rows = await db
    .insert(rateLimits)
    .values({ scope, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.scope,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${now} or ${rateLimits.hits} < ${limit}`,
    })
    .returning({ hits: rateLimits.hits });
  return rows[0]?.hits ?? null;
}

/** Takes one hit back in the scope's current window (never below zero). */
export async function decrementRateLimitHit(db: Db, scope: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(sql`${rateLimits.scope} = ${scope} and ${rateLimits.resetAt} > ${now}`);
}

export async function listRateLimits(db: Db, scopes: string[]): Promise<(typeof rateLimits.$inferSelect)[]> {
  return db.select().from(rateLimits).where(inArray(rateLimits.scope, scopes));
}

/** Drops the counters whose window has ended. */
export async function deleteEndedRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${now}`);
}

export async function deleteRateLimit(db: Db, scope: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.scope, scope));
}
