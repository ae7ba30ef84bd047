import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../../db/client.ts";
import { contractYearEnd } from "#core/domain/contract-products.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { contractOffers, contracts, orders } from "../../../db/schema/index.ts";

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
  await tx
    .update(contractOffers)
    .set({ status: "signed", ...values })
    .where(eq(contractOffers.id, offerId));
}

/** Locks an offer by id alone: the payment notification's transaction (the order names the offer and its account). */
export async function lockOfferById(tx: Tx, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await tx.select().from(contractOffers).where(eq(contractOffers.id, offerId)).for("update").limit(1);
  return row;
}

/**
 * Signs a pending offer locked by the caller's transaction: a new contract, valid one year from today (Paris time),
 * becomes the contract in force. Used by contract/sign/{id} and by a paid contract order (ADR 0071).
 */
export async function signLockedOffer(tx: Tx, offer: OfferRow, signedBy: number, now: Date): Promise<OfferRow> {
  const today = toParisDate(now);
  const contract = await insertContract(tx, {
    accountId: offer.accountId,
    type: "standard",
    productName: offer.productName,
    validFrom: today,
    validUntil: contractYearEnd(today),
    signedAt: now,
    createdAt: now,
  });
  await markOfferSigned(tx, offer.id, { signedBy, signedAt: now, contractId: contract.id });
  return { ...offer, status: "signed", signedAt: now, signedBy, contractId: contract.id };
}

export type ContractOrderRow = typeof orders.$inferSelect;

/** The offer's open payment (a pending contract order; at most one, ADR 0101), in the caller's transaction. */
export async function findPendingContractOrder(tx: Tx, accountId: number, offerId: number): Promise<ContractOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.contractOfferId, offerId), eq(orders.kind, "contract"), eq(orders.status, "pending")))
    .limit(1);
  return row;
}

/** Cancels the account's earlier pending contract orders of this offer (a new attempt is a new order, ADR 0045). */
export async function cancelPendingContractOrders(tx: Tx, accountId: number, offerId: number, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(orders.accountId, accountId), eq(orders.contractOfferId, offerId), eq(orders.kind, "contract"), eq(orders.status, "pending")));
}

export async function insertContractOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<ContractOrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, kind: "contract" })
    .returning();
  return row;
}

/** The account's latest contract order (the contract page shows where its payment stands). */
export async function findLastContractOrder(db: DbOrTx, accountId: number): Promise<ContractOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.kind, "contract")))
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}
