import { and, asc, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { authTokens, enrolments, memberships, users } from "../../../db/schema/index.ts";

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
  await db.update(memberships).set({ isActive }).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

/** The account's enrolments (not cancelled) of these users, for progress. */
export async function listAccountEnrolments(db: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: enrolments.userId, trainingId: enrolments.trainingId, status: enrolments.status, progressPercent: enrolments.progressPercent })
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
