/**
 * Shop demo data (issue 14): discount codes in every brand (valid, expired, used up), a paid order with its
 * invoice for holder@demo.test (bought for Pharmacie du Marché, with the used-up code), a pending check order and a
 * pending (abandoned) card order for shop@demo.test, and a cart in every brand. Amounts come from computeCartTotals like the shop's own.
 *
 * The orders are written as rows, not through checkout and settleOrder (orders.service.ts, payments.service.ts),
 * because the demo tells what those refuse: holder@demo.test is a pharmacy holder, not a shop customer (checkout's
 * shopping guard), and the paid order bought the enrolment seedActivity already wrote with its progress (checkout
 * and payOrder refuse a training the buyer holds, and payOrder would enrol the buyer again); the two pending orders
 * of shop@demo.test are for one training (checkout refuses a training awaiting a cheque) and belong to no cart (a
 * checkout attaches its order to the buyer's cart and a card checkout leaves the lines in it).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { computeCartTotals } from "#core/domain/cart-totals.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { accountBillingDetails } from "../../back/modules/billing/billing.service.ts";
import { invoiceBuyer, invoiceSeller } from "../../back/modules/invoices/invoice-parties.ts";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";
import { invoiceNumber } from "#core/domain/invoice-number.ts";

const CODES: { brand: string; code: string; kind: "percentage" | "fixed"; value: number; state: "valid" | "expired" | "usedUp" }[] = [
  { brand: "fr", code: "BIENVENUE10", kind: "percentage", value: 1000, state: "valid" },
  { brand: "fr", code: "PRINTEMPS", kind: "fixed", value: 1500, state: "expired" },
  { brand: "fr", code: "EPUISE", kind: "fixed", value: 2000, state: "usedUp" },
  { brand: "be", code: "BIENVENUE10", kind: "percentage", value: 1000, state: "valid" },
  { brand: "be", code: "PRINTEMPS", kind: "fixed", value: 1500, state: "expired" },
  { brand: "es", code: "BIENVENIDA10", kind: "percentage", value: 1000, state: "valid" },
  { brand: "es", code: "CADUCADO", kind: "fixed", value: 1500, state: "expired" },
  // The whole order offered (an event's invitation): the total is zero and the order is confirmed without payment.
  { brand: "fr", code: "OFFERT100", kind: "percentage", value: 10000, state: "valid" },
  { brand: "es", code: "REGALO100", kind: "percentage", value: 10000, state: "valid" },
  { brand: "es-campus", code: "CAMPUS15", kind: "percentage", value: 1500, state: "valid" },
];

/** One demo cart per brand: its owner and how many store trainings it holds. */
const CARTS: { brand: string; email: string }[] = [
  { brand: "fr", email: "holder@demo.test" },
  { brand: "be", email: "referent.be@demo.test" },
  { brand: "es", email: "referent.es@demo.test" },
  { brand: "es-campus", email: "pilar.vidal@demo.test" },
];

async function userId(db: SeedDb, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  return row?.id;
}

/** Published e-learning store trainings of a brand with a price (no session to choose), in id order. */
async function storeTrainings(db: SeedDb, brand: string) {
  const rows = await db
    .select()
    .from(t.trainings)
    .where(and(eq(t.trainings.brand, brand), eq(t.trainings.type, "formation"), eq(t.trainings.isPublished, true), eq(t.trainings.availableOnStore, true)))
    .orderBy(asc(t.trainings.id));
  return rows.filter((r) => !r.free && r.priceHtCents > 0);
}

export async function seedShop(db: SeedDb, clock: Clock): Promise<void> {
  const codeIds = new Map<string, number>();
  for (const c of CODES) {
    const [row] = await db
      .insert(t.discountCodes)
      .values({
        brand: c.brand,
        code: c.code,
        kind: c.kind,
        value: c.value,
        validFrom: clock.at(-60),
        validUntil: c.state === "expired" ? clock.at(-10) : clock.at(365),
        maxUses: c.state === "usedUp" ? 1 : null,
        maxUsesPerCustomer: 1,
        createdAt: clock.at(-60),
      })
      .returning({ id: t.discountCodes.id });
    codeIds.set(`${c.brand}:${c.code}`, row.id);
  }

  // The paid order of holder@demo.test: a training the holder is already enrolled in (the enrolment is what the
  // order bought), with the used-up code, and its invoice (numbered with the others by issue date: invoice-numbers.ts).
  const holderId = await userId(db, "holder@demo.test");
  const shopId = await userId(db, "shop@demo.test");
  const fr = await storeTrainings(db, "fr");
  if (holderId !== undefined && fr.length >= 3) {
    const [membership] = await db
      .select()
      .from(t.memberships)
      .where(and(eq(t.memberships.userId, holderId), eq(t.memberships.role, "holder")));
    const [enrolled] = await db
      .select({ trainingId: t.enrolments.trainingId })
      .from(t.enrolments)
      .innerJoin(t.trainings, eq(t.trainings.id, t.enrolments.trainingId))
      .where(and(eq(t.enrolments.userId, holderId), ne(t.enrolments.status, "cancelled"), eq(t.trainings.brand, "fr"), eq(t.trainings.type, "formation")));
    const bought = fr.find((x) => x.id === enrolled?.trainingId) ?? fr[0];
    const [account] = membership ? await db.select().from(t.accounts).where(eq(t.accounts.id, membership.accountId)) : [];
    const [holder] = await db.select().from(t.users).where(eq(t.users.id, holderId));
    const paidAt = clock.at(-12, 10);
    const year = Number(paidAt.toISOString().slice(0, 4));
    const order = await insertOrder(db, {
      brand: "fr",
      userId: holderId,
      accountId: account?.id ?? null,
      trainings: [bought],
      code: { id: codeIds.get("fr:EPUISE")!, code: "EPUISE", kind: "fixed", value: 2000 },
      status: "paid",
      method: "card",
      at: clock.at(-12, 9),
      paidAt,
    });
    await db.insert(t.payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerTransactionId: `sbx_demo_${order.id}`,
      status: "paid",
      amountCents: order.totalWithVatCents,
      currency: "EUR",
      createdAt: paidAt,
    });
    await db.insert(t.discountUses).values({ discountCodeId: codeIds.get("fr:EPUISE")!, orderId: order.id, userId: holderId, usedAt: paidAt });
    await db.insert(t.invoiceCounters).values({ brand: "fr", year, lastNumber: 1 });
    await db.insert(t.invoices).values({
      kind: "order",
      orderId: order.id,
      brand: "fr",
      year,
      sequence: 1,
      number: invoiceNumber(legalIdentityOf("fr").invoicePrefix, year, 1),
      issuedAt: paidAt,
      seller: invoiceSeller("fr"),
      buyer: invoiceBuyer({
        personName: `${holder.firstName} ${holder.lastName}`,
        email: holder.email,
        details: account
          ? accountBillingDetails(account, "fr")
          : { companyName: null, address: null, postalCode: null, city: null, country: "FR", taxId: null },
        sellerCountry: "FR",
        locale: "fr-FR",
      }),
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      totalWithVatCents: order.totalWithVatCents,
      vatRateBasisPoints: order.vatRateBasisPoints,
      vatExemptionMention: order.vatExemptionMention,
      currency: "EUR",
    });
  }
  // The pending check order of shop@demo.test (an administrator marks it paid when the cheque arrives), for a training
  // the buyer does not follow yet: a payment never buys again what the buyer holds (ADR 0101).
  if (shopId !== undefined && fr.length >= 3) {
    const followed = await db
      .select({ trainingId: t.enrolments.trainingId })
      .from(t.enrolments)
      .where(and(eq(t.enrolments.userId, shopId), ne(t.enrolments.status, "cancelled")));
    const wanted = fr.slice(2).find((x) => !followed.some((e) => e.trainingId === x.id)) ?? fr[2];
    await insertOrder(db, {
      brand: "fr",
      userId: shopId,
      accountId: null,
      trainings: [wanted],
      code: null,
      status: "pending",
      method: "check",
      at: clock.at(-2, 15),
      paidAt: null,
    });
    // And a card payment started and left on the provider's page: still pending, its payment form can be asked again.
    await insertOrder(db, {
      brand: "fr",
      userId: shopId,
      accountId: null,
      trainings: [wanted],
      code: null,
      status: "pending",
      method: "card",
      at: clock.at(-1, 10),
      paidAt: null,
    });
  }

  for (const cart of CARTS) {
    const owner = await userId(db, cart.email);
    const trainings = await storeTrainings(db, cart.brand);
    if (owner === undefined || trainings.length < 2) continue;
    const [row] = await db
      .insert(t.carts)
      .values({ brand: cart.brand, userId: owner, createdAt: clock.at(-1, 18), updatedAt: clock.at(-1, 18) })
      .returning({ id: t.carts.id });
    await db
      .insert(t.cartProducts)
      .values(
        trainings
          .slice(trainings.length - 2)
          .map((training) => ({ cartId: row.id, trainingId: training.id, functionName: training.availableFunctions[0] ?? null, createdAt: clock.at(-1, 18) })),
      );
  }
}

type Training = typeof t.trainings.$inferSelect;

async function insertOrder(
  db: SeedDb,
  input: {
    brand: string;
    userId: number;
    accountId: number | null;
    trainings: Training[];
    code: { id: number; code: string; kind: "percentage" | "fixed"; value: number } | null;
    status: "paid" | "pending";
    method: "card" | "check";
    at: Date;
    paidAt: Date | null;
  },
) {
  const rule = vatRuleForBrand(input.brand);
  const totals = computeCartTotals(
    input.trainings.map((tr) => ({ id: tr.id, trainingId: tr.id, priceCents: tr.priceHtCents })),
    input.code ? { kind: input.code.kind, value: input.code.value, trainingId: null } : null,
    rule,
  );
  const [order] = await db
    .insert(t.orders)
    .values({
      brand: input.brand,
      userId: input.userId,
      accountId: input.accountId,
      status: input.status,
      paymentMethod: input.method,
      provider: input.status === "paid" || input.method === "card" ? "sandbox" : null,
      discountCodeId: input.code?.id ?? null,
      discountCode: input.code?.code ?? null,
      subtotalCents: totals.subtotal,
      discountCents: totals.totalDiscount,
      totalCents: totals.total,
      vatCents: totals.vat,
      totalWithVatCents: totals.totalWithVat,
      vatRateBasisPoints: rule.rateBasisPoints,
      vatExemptionMention: rule.exemptionMention,
      currency: rule.currency,
      locale: "fr-FR",
      createdAt: input.at,
      updatedAt: input.paidAt ?? input.at,
      paidAt: input.paidAt,
    })
    .returning();
  await db.insert(t.orderLines).values(
    input.trainings.map((tr, i) => ({
      orderId: order.id,
      trainingId: tr.id,
      name: tr.name,
      trainingType: tr.type,
      functionName: tr.availableFunctions[0] ?? null,
      priceCents: totals.lines[i].priceCents,
      discountCents: totals.lines[i].discountCents,
      netCents: totals.lines[i].netCents,
    })),
  );
  return order;
}
