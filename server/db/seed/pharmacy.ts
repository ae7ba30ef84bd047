/**
 * Pharmacy-management demo data (issue 15 part A): invoices for Pharmacie du Marché (holder@demo.test), Pharmacie
 * du Sablon (referent.be@demo.test) and Farmacia Gran Vía (referent.es@demo.test); an open invitation in each; a
 * finished DPC training with pre/post-test scores for a learner of each, so the dashboard's DPC meter and knowledge
 * gain have something to show; and a referent of the read-only Grande Pharmacie de la Gare.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { computeCartTotals } from "#core/domain/cart-totals.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { accountBillingDetails } from "../../back/modules/billing/billing.service.ts";
import { invoiceBuyer, invoiceLocale, invoiceSeller } from "../../back/modules/invoices/invoice-parties.ts";
import { hashToken } from "../../back/modules/auth/tokens.ts";
import { seedEnrolmentSteps } from "./progress.ts";
import { issueDemoAttestations } from "./journey.ts";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";
import { invoiceNumber } from "#core/domain/invoice-number.ts";

/** Known invitation tokens of the demo (the team tab lists them as invited; the links create the accounts). */
export const PHARMACY_DEMO_INVITATIONS = [
  { token: "demo-team-marche", pharmacy: "Pharmacie du Marché", email: "camille.nouvelle@demo.test", firstName: "Camille", lastName: "Nouvelle" },
  { token: "demo-team-sablon", pharmacy: "Pharmacie du Sablon", email: "lucie.nouvelle@demo.test", firstName: "Lucie", lastName: "Nouvelle" },
  { token: "demo-team-gran-via", pharmacy: "Farmacia Gran Vía", email: "lucia.nueva@demo.test", firstName: "Lucía", lastName: "Nueva" },
] as const;

const INVOICED: { pharmacy: string; buyer: string; brand: string; orders: number }[] = [
  { pharmacy: "Pharmacie du Marché", buyer: "holder@demo.test", brand: "fr", orders: 2 },
  { pharmacy: "Pharmacie du Sablon", buyer: "referent.be@demo.test", brand: "be", orders: 1 },
  { pharmacy: "Farmacia Gran Vía", buyer: "referent.es@demo.test", brand: "es", orders: 2 },
];

const DPC_LEARNERS: { email: string; pharmacy: string; brand: string; scores: [number, number] }[] = [
  { email: "lea.bernard@demo.test", pharmacy: "Pharmacie du Marché", brand: "fr", scores: [45, 85] },
  { email: "learner.es@demo.test", pharmacy: "Farmacia Gran Vía", brand: "es", scores: [50, 80] },
];

async function accountByName(db: SeedDb, name: string) {
  const [row] = await db.select().from(t.accounts).where(eq(t.accounts.name, name));
  return row;
}

async function userByEmail(db: SeedDb, email: string) {
  const [row] = await db.select().from(t.users).where(eq(t.users.email, email));
  return row;
}

export async function seedPharmacy(db: SeedDb, clock: Clock): Promise<void> {
  await seedInvoices(db, clock);
  for (const invitation of PHARMACY_DEMO_INVITATIONS) {
    const account = await accountByName(db, invitation.pharmacy);
    if (!account) continue;
    const locale = account.brand === "es" ? "es-ES" : account.brand === "be" ? "fr-BE" : "fr-FR";
    await db.insert(t.authTokens).values({
      kind: "invitation",
      tokenHash: hashToken(invitation.token),
      accountId: account.id,
      email: invitation.email,
      payload: JSON.stringify({
        accountId: account.id,
        role: "learner",
        brand: account.brand,
        locale,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
      }),
      expiresAt: clock.at(30),
      createdAt: clock.at(-3),
    });
  }
  await seedDpcProgress(db, clock);
  await seedReadOnlyReferent(db, clock);
}

async function seedInvoices(db: SeedDb, clock: Clock): Promise<void> {
  // Spanish orders have a FUNDAE-funded line: their invoices are the bonificaciones invoices.
  const [fundae] = await db.select({ id: t.fundings.id }).from(t.fundings).where(eq(t.fundings.code, "FUNDAE"));
  for (const [index, spec] of INVOICED.entries()) {
    const account = await accountByName(db, spec.pharmacy);
    const buyer = await userByEmail(db, spec.buyer);
    if (!account || !buyer) continue;
    const trainings = await db
      .select()
      .from(t.trainings)
      .where(
        and(eq(t.trainings.brand, spec.brand), eq(t.trainings.isPublished, true), eq(t.trainings.availableOnStore, true), eq(t.trainings.type, "formation")),
      )
      .orderBy(asc(t.trainings.id));
    const priced = trainings.filter((x) => !x.free && x.priceHtCents > 0);
    if (priced.length === 0) continue;
    const rule = vatRuleForBrand(spec.brand);
    for (let n = 0; n < spec.orders; n++) {
      const bought = [priced[n % priced.length], priced[(n + 1) % priced.length]].filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i);
      const totals = computeCartTotals(
        bought.map((tr) => ({ id: tr.id, trainingId: tr.id, priceCents: tr.priceHtCents })),
        null,
        rule,
      );
      const paidAt = clock.at(-40 - 30 * n - index, 11);
      const [order] = await db
        .insert(t.orders)
        .values({
          brand: spec.brand,
          userId: buyer.id,
          accountId: account.id,
          status: "paid",
          paymentMethod: "card",
          provider: "sandbox",
          subtotalCents: totals.subtotal,
          discountCents: totals.totalDiscount,
          totalCents: totals.total,
          vatCents: totals.vat,
          totalWithVatCents: totals.totalWithVat,
          vatRateBasisPoints: rule.rateBasisPoints,
          vatExemptionMention: rule.exemptionMention,
          currency: rule.currency,
          locale: buyer.locale,
          createdAt: paidAt,
          updatedAt: paidAt,
          paidAt,
        })
        .returning();
      await db.insert(t.orderLines).values(
        bought.map((tr, i) => ({
          orderId: order.id,
          trainingId: tr.id,
          name: tr.name,
          trainingType: tr.type,
          functionName: tr.availableFunctions[0] ?? null,
          fundingId: spec.brand === "es" && i === 0 ? (fundae?.id ?? null) : null,
          priceCents: totals.lines[i].priceCents,
          discountCents: totals.lines[i].discountCents,
          netCents: totals.lines[i].netCents,
        })),
      );
      await db.insert(t.payments).values({
        orderId: order.id,
        provider: "sandbox",
        providerTransactionId: `sbx_pharmacy_${order.id}`,
        status: "paid",
        amountCents: order.totalWithVatCents,
        currency: rule.currency,
        createdAt: paidAt,
      });
      const year = Number(paidAt.toISOString().slice(0, 4));
      // The next number of the brand and year, from its counter (the shop's seed may have used some already).
      const [counter] = await db
        .insert(t.invoiceCounters)
        .values({ brand: spec.brand, year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [t.invoiceCounters.brand, t.invoiceCounters.series, t.invoiceCounters.year],
          set: { lastNumber: sql`${t.invoiceCounters.lastNumber} + 1` },
        })
        .returning();
      const sequence = counter.lastNumber;
      await db.insert(t.invoices).values({
        kind: "order",
        orderId: order.id,
        brand: spec.brand,
        year,
        sequence,
        number: invoiceNumber(legalIdentityOf(spec.brand).invoicePrefix, year, sequence),
        issuedAt: paidAt,
        seller: invoiceSeller(spec.brand),
        buyer: invoiceBuyer({
          personName: `${buyer.firstName} ${buyer.lastName}`,
          email: buyer.email,
          details: accountBillingDetails(account, spec.brand),
          sellerCountry: legalIdentityOf(spec.brand).address.country,
          locale: invoiceLocale(legalIdentityOf(spec.brand).address.country, buyer.locale),
        }),
        totalCents: order.totalCents,
        vatCents: order.vatCents,
        totalWithVatCents: order.totalWithVatCents,
        vatRateBasisPoints: order.vatRateBasisPoints,
        vatExemptionMention: order.vatExemptionMention,
        currency: rule.currency,
      });
    }
  }
}

/** A finished DPC training this year (Paris), with its pre/post scores, for one learner of a pharmacy per country. */
async function seedDpcProgress(db: SeedDb, clock: Clock): Promise<void> {
  for (const spec of DPC_LEARNERS) {
    const account = await accountByName(db, spec.pharmacy);
    const learner = await userByEmail(db, spec.email);
    if (!account || !learner) continue;
    const followed = await db
      .select({ trainingId: t.enrolments.trainingId })
      .from(t.enrolments)
      .where(and(eq(t.enrolments.userId, learner.id), ne(t.enrolments.status, "cancelled")));
    const taken = new Set(followed.map((f) => f.trainingId));
    const candidates = await db
      .select()
      .from(t.trainings)
      .where(and(eq(t.trainings.brand, spec.brand), eq(t.trainings.isPublished, true), inArray(t.trainings.type, ["dpc", "formation"])))
      .orderBy(asc(t.trainings.id));
    const training = candidates.find((c) => c.type === "dpc" && !taken.has(c.id) && c.durationMinutes >= 180) ?? candidates.find((c) => !taken.has(c.id));
    if (!training) continue;
    // Finished early this year, so it counts in this year's meter whatever the seed date.
    const finishedAt = new Date(Date.UTC(clock.now.getUTCFullYear(), 0, 15, 10));
    const startedAt = new Date(finishedAt.getTime() - 7 * 86_400_000);
    const [enrolment] = await db
      .insert(t.enrolments)
      .values({
        userId: learner.id,
        trainingId: training.id,
        accountId: account.id,
        status: "finished",
        progressPercent: 100,
        createdAt: startedAt,
        startedAt,
        finishedAt,
      })
      .returning();
    await db.insert(t.historyEntries).values({
      userId: learner.id,
      trainingId: training.id,
      startDate: startedAt,
      endDate: finishedAt,
      initialScore: spec.scores[0],
      finalScore: spec.scores[1],
    });
    // Progress lives in the steps (ADR 0019): the finished training's steps are done, its quizzes answered with these scores.
    await seedEnrolmentSteps(db, clock, enrolment);
    await issueDemoAttestations(db, clock, [enrolment.id]);
  }
}

/** referent.readonly@demo.test: a referent of Grande Pharmacie de la Gare, whose contract is read-only. */
async function seedReadOnlyReferent(db: SeedDb, clock: Clock): Promise<void> {
  const account = await accountByName(db, "Grande Pharmacie de la Gare");
  const model = await userByEmail(db, "readonly@demo.test");
  if (!account || !model) return;
  const [user] = await db
    .insert(t.users)
    .values({
      email: "referent.readonly@demo.test",
      passwordHash: model.passwordHash,
      firstName: "Bruno",
      lastName: "Lacombe",
      profession: "pharmacist",
      brand: "fr",
      locale: "fr-FR",
      advisorId: model.advisorId,
      currentAccountId: account.id,
      createdAt: clock.at(-300),
      updatedAt: clock.at(-300),
    })
    .returning({ id: t.users.id });
  await db.insert(t.memberships).values({ userId: user.id, accountId: account.id, role: "referent", createdAt: clock.at(-300) });
}
