import { createHash, randomBytes } from "node:crypto";
import type { DbOrTx } from "../../../db/client.ts";
import { consumeAuthToken, findValidAuthToken, insertAuthToken, revokeUserAuthTokens, type TokenRow } from "./auth.repository.ts";

export type TokenKind = "password_reset" | "cross_platform" | "invitation" | "email_confirmation";

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  cross_platform: 2 * 60 * 1000,
  invitation: 30 * 24 * 60 * 60 * 1000,
  /** The link of the sign-up mail (ADR 0109): two days to open the mailbox. */
  email_confirmation: 48 * 60 * 60 * 1000,
};

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw).digest("base64url");
}

/** Issues a random single-use token; only its hash is stored. */
export async function issueToken(
  db: DbOrTx,
  input: { kind: TokenKind; userId?: number | null; accountId?: number | null; email?: string | null; payload?: string | null },
  now: Date,
): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  await insertAuthToken(db, {
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

export type { TokenRow };

/** A valid (unused, unexpired) token of that kind, without consuming it. */
export async function findValidToken(db: DbOrTx, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | undefined> {
  if (!raw || raw.length > 200) return undefined;
  return findValidAuthToken(db, kind, hashToken(raw), now);
}

/** Spends every still-valid token of that kind of a user (a newer one replaces them, or one was used). */
export async function revokeUserTokens(db: DbOrTx, kind: TokenKind, userId: number, now: Date): Promise<void> {
  await revokeUserAuthTokens(db, kind, userId, now);
}

/** Marks the token used in one atomic statement: of two concurrent uses, one wins. */
export async function consumeToken(db: DbOrTx, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | undefined> {
  if (!raw || raw.length > 200) return undefined;
  return consumeAuthToken(db, kind, hashToken(raw), now);
}
