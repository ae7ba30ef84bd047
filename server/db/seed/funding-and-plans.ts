/**
 * Demo data of pharmacy management part B (issue 15): for Pharmacie du Marché (holder@demo.test), Pharmacie du
 * Sablon (referent.be@demo.test) and Farmacia Gran Vía (referent.es@demo.test), a funding request in every state
 * with its history and payer invoices, and two collective plans with overlapping activities. Dates are relative to
 * the seed's "today"; amounts come from the same payer split as the service.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { FUNDING_TRANSITIONS, payerShares, schemeOfOrganisation, type FundingState } from "#core/domain/funding-requests.ts";
import { issuePayerInvoices } from "../../back/modules/funding-requests/payer-invoices.ts";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

/** The Belgian sector fund (CP 313, the pharmacies' joint committee): the Belgian scheme (ADR 0056). */
const BELGIAN_AGREEMENT = { name: "Fonds sectoriel de formation – CP 313", number: "CP313-FORM-2025", organisation: "CP 313" };

type PharmacySeed = { account: string; referent: string; learners: string[]; organisations: string[]; brand: string; plans: [string, string] };

const PHARMACIES: PharmacySeed[] = [
  {
    account: "Pharmacie du Marché",
    referent: "holder@demo.test",
    learners: ["lea.bernard@demo.test", "maxime.durand@demo.test", "emma.leroy@demo.test", "lucas.bonnet@demo.test", "learner@demo.test"],
    organisations: ["ANDPC", "OPCO EP"],
    brand: "fr",
    plans: ["Plan de formation de l'équipe", "Plan vaccination et dépistage"],
  },
  {
    account: "Pharmacie du Sablon",
    referent: "referent.be@demo.test",
    learners: ["thomas.claes@demo.test", "julie.wouters@demo.test"],
    organisations: ["CP 313"],
    brand: "be",
    plans: ["Plan de formation de l'équipe", "Plan qualité officine"],
  },
  {
    account: "Farmacia Gran Vía",
    referent: "referent.es@demo.test",
    learners: ["carlos.ruiz@demo.test", "learner.es@demo.test"],
    organisations: ["FUNDAE"],
    brand: "es",
    plans: ["Plan de formación del equipo", "Plan de atención farmacéutica"],
  },
];

const STATES: FundingState[] = ["creation", "in_progress", "financing", "report", "reimbursement"];

async function idOfUser(db: SeedDb, email: string): Promise<number> {
  const [row] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  if (!row) throw new Error(`seed: no user ${email}`);
  return row.id;
}

export async function seedFundingAndPlans(db: SeedDb, clock: Clock): Promise<void> {
  await db.insert(t.agreements).values(BELGIAN_AGREEMENT).onConflictDoNothing();
  const agreementRows = await db.select().from(t.agreements);
  for (const pharmacy of PHARMACIES) {
    const [account] = await db.select().from(t.accounts).where(eq(t.accounts.name, pharmacy.account));
    if (!account) throw new Error(`seed: no pharmacy ${pharmacy.account}`);
    const referentId = await idOfUser(db, pharmacy.referent);
    // One at a time: the seed runs in one transaction, and a transaction's connection takes one query at a time.
    const learnerIds: number[] = [];
    for (const email of pharmacy.learners) learnerIds.push(await idOfUser(db, email));
    const agreements = agreementRows.filter((a) => pharmacy.organisations.includes(a.organisation));
    const sessions = await db
      .select({
        id: t.faceToFaceSessions.id,
        startDate: t.faceToFaceSessions.startDate,
        trainingId: t.trainings.id,
        price: t.trainings.priceHtCents,
        currency: t.trainings.currency,
        minutes: t.trainings.durationMinutes,
        f2fMinutes: t.trainings.faceToFaceDurationMinutes,
      })
      .from(t.faceToFaceSessions)
      .innerJoin(t.faceToFaces, eq(t.faceToFaces.id, t.faceToFaceSessions.faceToFaceId))
      .innerJoin(t.trainings, eq(t.trainings.id, t.faceToFaces.trainingId))
      .where(and(eq(t.trainings.brand, pharmacy.brand), eq(t.trainings.isPublished, true), gte(t.faceToFaceSessions.startDate, clock.day(0))))
      .orderBy(asc(t.faceToFaceSessions.startDate), asc(t.faceToFaceSessions.id))
      .limit(5);
    if (sessions.length === 0 || agreements.length === 0) throw new Error(`seed: no session or agreement for ${pharmacy.account}`);

    // One request per state, each walked through the transition table from creation (history with who and when).
    for (const [index, state] of STATES.entries()) {
      const session = sessions[index % sessions.length];
      const agreement = agreements[index % agreements.length];
      const scheme = schemeOfOrganisation(agreement.organisation)!;
      const minutes = session.f2fMinutes ?? session.minutes;
      const funded = payerShares(scheme, session.price, minutes).find((s) => s.payer === "funder")?.amountCents ?? 0;
      const created = clock.at(-40 + index * 3, 9);
      const [request] = await db
        .insert(t.fundingRequests)
        .values({
          accountId: account.id,
          brand: pharmacy.brand,
          learnerId: learnerIds[index % learnerIds.length],
          agreementId: agreement.id,
          trainingId: session.trainingId,
          sessionId: session.id,
          scheme,
          state,
          minutes,
          totalCents: session.price,
          fundedCents: funded,
          currency: session.currency,
          createdBy: referentId,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      const events: (typeof t.fundingRequestEvents.$inferInsert)[] = [
        { requestId: request.id, action: "create", fromState: null, toState: "creation", userId: referentId, at: created },
      ];
      let current: FundingState = "creation";
      for (let step = 0; current !== state; step++) {
        const transition = FUNDING_TRANSITIONS.find((tr) => tr.from === current && tr.action !== "reopen")!;
        events.push({
          requestId: request.id,
          action: transition.action,
          fromState: current,
          toState: transition.to,
          userId: referentId,
          at: clock.at(-40 + index * 3 + step + 1, 10),
        });
        current = transition.to;
      }
      await db.insert(t.fundingRequestEvents).values(events);
      await db
        .update(t.fundingRequests)
        .set({ updatedAt: events.at(-1)!.at })
        .where(eq(t.fundingRequests.id, request.id));
      if (STATES.indexOf(state) >= STATES.indexOf("financing")) await issuePayerInvoices(db, { ...request, state }, events[2].at);
    }

    // Two plans: the current one (from last month, overlapping activities) and next year's.
    const trainings = await db
      .select({ id: t.trainings.id })
      .from(t.trainings)
      .where(and(eq(t.trainings.brand, pharmacy.brand), eq(t.trainings.isPublished, true)))
      .orderBy(asc(t.trainings.id))
      .limit(6);
    const members = [referentId, ...learnerIds];
    const month = (offset: number, dayOfMonth: number) => {
      const [y, m] = clock.day(0).split("-").map(Number);
      const d = new Date(Date.UTC(y, m - 1 + offset, dayOfMonth));
      return d.toISOString().slice(0, 10);
    };
    const planDefs = [
      {
        name: pharmacy.plans[0],
        startDate: month(-1, 1),
        endDate: month(10, 28),
        activities: [
          { training: 0, startDate: month(-1, 10), finishDate: month(1, 20), users: [0, 1] },
          { training: 1, startDate: month(0, 5), finishDate: month(2, 15), users: [1, 2] }, // overlaps the first
          { training: 2, startDate: month(3, 1), finishDate: month(3, 30), users: [0, 2] }, // fits on row 1 again
        ],
      },
      {
        name: pharmacy.plans[1],
        startDate: month(12, 1),
        endDate: month(17, 30),
        activities: [
          { training: 3, startDate: month(12, 3), finishDate: month(13, 27), users: [0] },
          { training: 4, startDate: month(13, 1), finishDate: null, users: [1] }, // same month as the first's end
        ],
      },
    ];
    for (const def of planDefs) {
      const [plan] = await db
        .insert(t.trainingPlans)
        .values({
          accountId: account.id,
          name: def.name,
          startDate: def.startDate,
          endDate: def.endDate,
          createdBy: referentId,
          createdAt: clock.at(-30),
          updatedAt: clock.at(-30),
        })
        .returning();
      for (const a of def.activities) {
        const training = trainings[a.training % trainings.length];
        const [activity] = await db
          .insert(t.trainingPlanActivities)
          .values({ planId: plan.id, trainingId: training.id, startDate: a.startDate, finishDate: a.finishDate, createdAt: clock.at(-30) })
          .returning();
        const userIds = [...new Set(a.users.map((u) => members[u % members.length]))];
        await db.insert(t.trainingPlanParticipants).values(userIds.map((userId) => ({ activityId: activity.id, userId })));
      }
    }
  }
}
