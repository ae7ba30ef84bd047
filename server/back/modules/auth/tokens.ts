import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { authTokens } from "../../../db/schema/index.ts";

export type TokenKind = "password_reset" | "cross_platform" | "invitation";

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  cross_platform: 2 * 60 * 1000,
  invitation: 30 * 24 * 60 * 60 * 1000,
};

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw).digest("base64url");
}

/** Issues a random single-use token; only its hash is stored. */
export async function issueToken(
  db: Db,
  input: { kind: TokenKind; userId?: number | null; accountId?: number | null; email?: string | null; payload?: string | null },
  now: Date,
): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  await db.insert(authTokens).values({
    kind: input.kind,
    tokenHash: hashToken(raw),
    userId: input.userId ?? null,
    accountId: input.accountId ?? null,
    email: input.email ?? null,
    payload: input.payload ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.kind]),
    createdAt: now,
  });
  return raw;
}

export type TokenRow = typeof authTokens.$inferSelect;

/** A valid (unused, unexpired) token of that kind, without consuming it. */
export async function findValidToken(db: Db, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | undefined> {
  if (!raw || raw.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(raw)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Spends every still-valid token of that kind of a user (a newer one replaces them, or one was used). */
export async function revokeUserTokens(db: Db, kind: TokenKind, userId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.kind, kind), eq(authTokens.userId, userId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
}

/** Marks the token used in one atomic statement: of two concurrent uses, one wins. */
export async function consumeToken(db: Db, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | undefined> {
  if (!raw || raw.length > 200) return undefined;
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, hashToken(raw)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning();
  return row;
}
