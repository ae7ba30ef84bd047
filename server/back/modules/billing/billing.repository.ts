/**
 * Where billing details live (ADR 0102): a pharmacy's on its account row, a shop customer's in billing_profiles.
 * Drizzle only here.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { accounts, billingProfiles, memberships } from "../../../db/schema/index.ts";

export type BillingProfileRow = typeof billingProfiles.$inferSelect;

export async function findAccountBilling(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select({
      name: accounts.name,
      address: accounts.address,
      postalCode: accounts.postalCode,
      city: accounts.city,
      country: accounts.country,
      taxId: accounts.taxId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

export async function updateAccountBilling(
  db: DbOrTx,
  accountId: number,
  values: { address: string; postalCode: string; city: string; taxId: string | null },
): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

export async function findBillingProfile(db: DbOrTx, userId: number): Promise<BillingProfileRow | undefined> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).limit(1);
  return row;
}

/** One row per user: a repeated or concurrent save leaves one row, with the last values. */
export async function upsertBillingProfile(db: DbOrTx, values: typeof billingProfiles.$inferInsert): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await db.insert(billingProfiles).values(values).onConflictDoUpdate({ target: billingProfiles.userId, set: changes });
}

/** The user's active role in the account, if any ("holder", "referent", "learner"). */
export async function findActiveRole(db: DbOrTx, userId: number, accountId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId), eq(memberships.isActive, true)))
    .limit(1);
  return row?.role;
}
