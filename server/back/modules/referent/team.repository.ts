import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { accounts, authTokens, enrolments, memberships, users } from "../../../db/schema/index.ts";
import { enrolmentOutcome } from "./dashboard.repository.ts";

/** The team of one account: every query here is scoped by accountId. */

export type MemberRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  isActive: boolean;
};

export async function listMembers(db: Db, accountId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findMember(db: DbOrTx, accountId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function setMemberActive(db: DbOrTx, accountId: number, userId: number, isActive: boolean): Promise<void> {
  await db
    .update(memberships)
    .set({ isActive })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

/** The account's enrolments (not cancelled) of these users, for progress. */
export async function listAccountEnrolments(db: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: enrolments.userId,
      trainingId: enrolments.trainingId,
      status: enrolments.status,
      progressPercent: enrolments.progressPercent,
      outcome: enrolmentOutcome,
    })
    .from(enrolments)
    .where(and(eq(enrolments.accountId, accountId), inArray(enrolments.userId, userIds), ne(enrolments.status, "cancelled")));
}

export type InvitationRow = { id: number; email: string | null; payload: string | null; createdAt: Date; expiresAt: Date };

/** Invitations of the account still open (unused, not expired) that name an address. */
export async function listOpenInvitations(db: Db, accountId: number, now: Date): Promise<InvitationRow[]> {
  return db
    .select({ id: authTokens.id, email: authTokens.email, payload: authTokens.payload, createdAt: authTokens.createdAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, "invitation"),
        eq(authTokens.accountId, accountId),
        isNull(authTokens.usedAt),
        isNotNull(authTokens.email),
        gt(authTokens.expiresAt, now),
      ),
    )
    .orderBy(asc(authTokens.createdAt), asc(authTokens.id));
}

export async function findOpenInvitation(db: DbOrTx, accountId: number, invitationId: number, now: Date) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.id, invitationId),
        eq(authTokens.kind, "invitation"),
        eq(authTokens.accountId, accountId),
        isNull(authTokens.usedAt),
        isNotNull(authTokens.email),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function findOpenInvitationByEmail(db: DbOrTx, accountId: number, email: string, now: Date) {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.kind, "invitation"),
        eq(authTokens.accountId, accountId),
        isNull(authTokens.usedAt),
        sql`lower(${authTokens.email}) = ${email.toLowerCase()}`,
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function findMemberByEmail(db: DbOrTx, accountId: number, email: string) {
  const [row] = await db
    .select({ userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

/** A new secret for an open invitation (the old link stops working), valid from now. */
export async function renewInvitation(db: DbOrTx, invitationId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(authTokens).set({ tokenHash, expiresAt }).where(eq(authTokens.id, invitationId));
}

export async function insertInvitation(
  db: DbOrTx,
  values: { accountId: number; email: string; payload: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(authTokens)
    .values({ kind: "invitation", ...values })
    .returning({ id: authTokens.id });
  return row.id;
}

export async function updateAccountData(db: DbOrTx, accountId: number, changes: Partial<typeof accounts.$inferInsert>): Promise<void> {
  await db.update(accounts).set(changes).where(eq(accounts.id, accountId));
}

export async function findUserName(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
