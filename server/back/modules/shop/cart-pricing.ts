/**
 * What a cart costs (ADR 0030): its lines priced with computeCartTotals, with the cart's discount code when it still
 * applies (else the reason it does not), and the sessions of its trainings. Shared by the cart (cart.service.ts) and
 * the checkout (orders.service.ts), so that an order carries the very numbers its cart showed.
 */
import { computeCartTotals } from "#core/domain/cart-totals.ts";
import { checkDiscount, type Discount, type DiscountRefusal } from "#core/domain/discounts.ts";
import { hasFaceToFace, isTrainingType } from "#core/domain/training-types.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import * as repo from "./shop.repository.ts";

export const discountOf = (row: repo.DiscountRow): Discount => ({
  code: row.code,
  kind: row.kind as Discount["kind"],
  value: row.value,
  trainingId: row.trainingId,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
});

export function needsSession(training: repo.ShopTrainingRow, withSessions: Set<number>): boolean {
  if (training.sessionsOnDemand || !withSessions.has(training.id)) return false;
  return training.type === "dpc" || (isTrainingType(training.type) && hasFaceToFace(training.type));
}

export type PricedCart = {
  cart: repo.CartRow;
  lines: repo.CartLineRow[];
  discount: repo.DiscountRow | null;
  /** The cart's code when it no longer applies (left out of the totals), and why. */
  refusedCode: { code: string; reason: DiscountRefusal } | null;
  totals: ReturnType<typeof computeCartTotals<{ id: number; trainingId: number; priceCents: number }>>;
  withSessions: Set<number>;
  /** Every session of the lines' trainings, with its group and seats (one query). */
  sessions: repo.TrainingSessionRow[];
};

/** How a use case reads: several statements side by side on the pool, or one after the other in a transaction. */
type Reads = { inTransaction: boolean };

/**
 * Two reads: side by side on the pool; one after the other in a transaction, whose one connection runs one statement
 * at a time (pg deprecates queueing a second one on it).
 */
async function readBoth<A, B>(reads: Reads, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (!reads.inTransaction) return Promise.all([a(), b()]);
  const first = await a();
  return [first, await b()];
}

/** The cart's code if it still applies to these lines; else it is left out of the totals, with the reason. */
async function applicableDiscount(
  db: DbOrTx,
  cart: repo.CartRow,
  userId: number | null,
  now: Date,
  trainingIds: number[],
  reads: Reads,
): Promise<Pick<PricedCart, "discount" | "refusedCode">> {
  const codeId = cart.discountCodeId;
  if (codeId === null) return { discount: null, refusedCode: null };
  const [row, usage] = await readBoth(
    reads,
    () => repo.findDiscountById(db, codeId),
    () => repo.countDiscountUses(db, codeId, userId),
  );
  if (!row) return { discount: null, refusedCode: null };
  const check = checkDiscount(discountOf(row), now, usage, trainingIds);
  return check.ok ? { discount: row, refusedCode: null } : { discount: null, refusedCode: { code: row.code, reason: check.reason } };
}

/**
 * The cart's lines priced with computeCartTotals, and the sessions of their trainings. A constant number of
 * statements whatever the number of lines: the lines, then the code and the sessions side by side.
 */
export async function priceCart(
  db: DbOrTx,
  cart: repo.CartRow,
  userId: number | null,
  now: Date,
  reads: Reads = { inTransaction: false },
): Promise<PricedCart> {
  const lines = await repo.listCartLines(db, cart.id);
  const trainingIds = lines.map((l) => l.training.id);
  const [{ discount, refusedCode }, sessions] = await readBoth(
    reads,
    () => applicableDiscount(db, cart, userId, now, trainingIds, reads),
    () => repo.listSessionsOfTrainings(db, trainingIds),
  );
  const totals = computeCartTotals(
    lines.map((l) => ({ id: l.line.id, trainingId: l.training.id, priceCents: l.training.free ? 0 : l.training.priceHtCents })),
    discount ? { kind: discount.kind as Discount["kind"], value: discount.value, trainingId: discount.trainingId } : null,
    vatRuleForBrand(cart.brand),
  );
  const withSessions = new Set(sessions.map((s) => s.trainingId));
  return { cart, lines, discount, refusedCode, totals, withSessions, sessions };
}

/** The buyer's message for each reason a code is refused. */
export const DISCOUNT_MESSAGES: Record<DiscountRefusal, MessageKey> = {
  unknown: "shopDiscountUnknown",
  notYetValid: "shopDiscountNotYetValid",
  expired: "shopDiscountExpired",
  usedUp: "shopDiscountUsedUp",
  usedUpByCustomer: "shopDiscountUsedUpByCustomer",
  notApplicable: "shopDiscountNotApplicable",
};
