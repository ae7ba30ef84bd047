import { and, desc, eq, isNull, sql, type AnyColumn } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { preparedPerDatabase } from "../../../db/prepared-queries.ts";
import { accounts, advisors, contracts, memberships, users } from "../../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type AdvisorRow = typeof advisors.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
/**
 * A membership of the user, with its account, the account's contract in force (its newest) and its advisor, read in
 * one statement: the user payload and the guards need all three for the account in use.
 */
export type MembershipWithAccount = {
  role: string;
  isActive: boolean;
  account: AccountRow;
  accountContract: ContractRow | null;
  accountAdvisor: AdvisorRow | null;
};

export async function findUserById(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0];
}

export async function listMemberships(db: Db, userId: number): Promise<MembershipWithAccount[]> {
  return membershipsQuery(db).execute({ userId });
}

/** The newest contract of an account (the one in force), as a subquery joined laterally beside the account. */
export function newestContractOf(db: Db, accountId: AnyColumn) {
  return db.select().from(contracts).where(eq(contracts.accountId, accountId)).orderBy(desc(contracts.validFrom)).limit(1).as("account_contract");
}

/** The contract's fields, selected from `newestContractOf`'s subquery (null when the account has none). */
export function newestContractFields(newestContract: ReturnType<typeof newestContractOf>) {
  return {
    id: newestContract.id,
    accountId: newestContract.accountId,
    userId: newestContract.userId,
    type: newestContract.type,
    productName: newestContract.productName,
    validFrom: newestContract.validFrom,
    validUntil: newestContract.validUntil,
    signedAt: newestContract.signedAt,
    createdAt: newestContract.createdAt,
  };
}

const membershipsQuery = preparedPerDatabase((db) => {
  const newestContract = newestContractOf(db, accounts.id);
  return db
    .select({
      role: memberships.role,
      isActive: memberships.isActive,
      account: accounts,
      accountContract: newestContractFields(newestContract),
      accountAdvisor: advisors,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .leftJoinLateral(newestContract, sql`true`)
    .leftJoin(advisors, eq(advisors.id, accounts.advisorId))
    .where(eq(memberships.userId, sql.placeholder("userId")))
    .orderBy(accounts.name)
    .prepare("user_memberships");
});

export async function findAdvisor(db: Db, advisorId: number | null): Promise<AdvisorRow | undefined> {
  if (advisorId === null) return undefined;
  const [row] = await db.select().from(advisors).where(eq(advisors.id, advisorId)).limit(1);
  return row;
}

/**
 * The user's personal contract (shop customers, users without account), newest first. The contract in force is the
 * account's newest (read with the memberships, listMemberships), else this one.
 */
export async function findPersonalContract(db: Db, userId: number): Promise<ContractRow | undefined> {
  const [personal] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), isNull(contracts.accountId)))
    .orderBy(desc(contracts.validFrom))
    .limit(1);
  return personal;
}

export async function findAccountById(db: Db, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/** Changes columns of the user's own row. */
export type UserChanges = Partial<typeof users.$inferInsert>;

export async function updateUser(db: DbOrTx, userId: number, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<{ id: number }> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user;
}

export async function insertMembership(db: DbOrTx, values: typeof memberships.$inferInsert): Promise<void> {
  await db.insert(memberships).values(values);
}
