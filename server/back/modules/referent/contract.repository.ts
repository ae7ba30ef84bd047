import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../../db/client.ts";
import { contractOffers, contracts } from "../../../db/schema/index.ts";

/** The account's contracts and contract offers: every query scoped by accountId. */

export type OfferRow = typeof contractOffers.$inferSelect;

export async function findAccountContract(db: DbOrTx, accountId: number) {
  const [row] = await db.select().from(contracts).where(eq(contracts.accountId, accountId)).orderBy(desc(contracts.validFrom), desc(contracts.id)).limit(1);
  return row;
}

export async function findPendingOffer(db: DbOrTx, accountId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(contractOffers)
    .where(and(eq(contractOffers.accountId, accountId), eq(contractOffers.status, "pending")))
    .limit(1);
  return row;
}

export async function findOffer(db: DbOrTx, accountId: number, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(contractOffers)
    .where(and(eq(contractOffers.accountId, accountId), eq(contractOffers.id, offerId)))
    .limit(1);
  return row;
}

/** Inserts the pending offer unless one exists (the partial unique index decides between two concurrent calls). */
export async function insertPendingOffer(db: Db, values: typeof contractOffers.$inferInsert): Promise<OfferRow | undefined> {
  const [row] = await db.insert(contractOffers).values(values).onConflictDoNothing().returning();
  return row;
}

/** Locks the offer row for the signing transaction. */
export async function lockOffer(tx: Tx, accountId: number, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(contractOffers)
    .where(and(eq(contractOffers.accountId, accountId), eq(contractOffers.id, offerId)))
    .for("update")
    .limit(1);
  return row;
}

export async function insertContract(tx: Tx, values: typeof contracts.$inferInsert) {
  const [row] = await tx.insert(contracts).values(values).returning();
  return row;
}

export async function markOfferSigned(tx: Tx, offerId: number, values: { signedBy: number; signedAt: Date; contractId: number }) {
  await tx.update(contractOffers).set({ status: "signed", ...values }).where(eq(contractOffers.id, offerId));
}
