import { and, eq, inArray } from "drizzle-orm";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { issueAttestations } from "../../back/modules/attestations/attestations.service.ts";
import { saveFeedbackRequest, saveTrainerAccessToken } from "../../back/modules/attestations/attestations.repository.ts";
import { hashToken } from "../../back/modules/auth/tokens.ts";
import { serviceContext, type ServiceContext } from "../../back/service-context.ts";
import { readEnv } from "../../env.ts";
import { createLogger } from "../../logger.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { createMemoryBroadcaster } from "../../realtime/broadcast.ts";
import { AppError } from "../../back/http/app-error.ts";
import * as t from "../schema/index.ts";
import type { CatalogueIds } from "./catalogue.ts";
import type { AccountIds } from "./people-and-content.ts";
import type { Clock, SeedDb } from "./util.ts";

/** The seed writes data only: no one is mailed, no file is stored. */
const NO_MAIL: Mailer = { send: () => Promise.reject(new Error("The demo seed sends no mail")) };
const NO_FILES: FileStore = {
  kind: "local",
  put: () => Promise.reject(new Error("The demo seed stores no file")),
  read: async () => null,
  remove: async () => {},
};

/**
 * The contexts of the services the seed calls: this process's environment (its APP_SECRET signs), a moment of the
 * seed's clock, a brand in its language, no session; broadcasts stay in memory; a mail or a file is refused.
 */
function seedContexts(db: SeedDb): (brand: string, now: Date) => ServiceContext {
  const deps = { db, env: readEnv(), broadcaster: createMemoryBroadcaster(), mailer: NO_MAIL, files: NO_FILES, logger: createLogger() };
  return (brand, now) => {
    const ofBrand = BRANDS[isBrandKey(brand) ? brand : "fr"];
    return serviceContext({ ...deps, now: () => now }, { brand: ofBrand, locale: ofBrand.defaultLocale });
  };
}

/**
 * Issues the attestations of finished enrolments as the flow would have done when each training finished (the real
 * service, so really signed with this process's APP_SECRET). A training ended on a failed assessment earns none
 * (ADR 0107): skipped. Every finished training of the demo has its attestation (ADR 0112).
 */
export async function issueDemoAttestations(db: SeedDb, clock: Clock, enrolmentIds: number[]): Promise<void> {
  if (enrolmentIds.length === 0) return;
  const finished = await db
    .select({ id: t.enrolments.id, finishedAt: t.enrolments.finishedAt, brand: t.trainings.brand })
    .from(t.enrolments)
    .innerJoin(t.trainings, eq(t.trainings.id, t.enrolments.trainingId))
    .where(and(inArray(t.enrolments.id, enrolmentIds), eq(t.enrolments.status, "finished")))
    .orderBy(t.enrolments.id);
  const contextOf = seedContexts(db);
  for (const { id, finishedAt, brand } of finished) {
    try {
      await issueAttestations(contextOf(brand, finishedAt ?? clock.now), id);
    } catch (error) {
      if (error instanceof AppError && error.messageKey === "attestationsNotEarned") continue;
      throw error;
    }
  }
}

/** Demo feedback links (/feedback/{token}) for the browser journeys: one per language and Playwright project. */
export const DEMO_FEEDBACK_TOKENS = [
  { token: "demo-feedback-fr-js", email: "learner@demo.test", training: "fr/sevrage-tabagique" },
  { token: "demo-feedback-fr-nojs", email: "learner@demo.test", training: "fr/quiz-interactions" },
  { token: "demo-feedback-es-js", email: "learner.es@demo.test", training: "es/dermofarmacia-consejo" },
  { token: "demo-feedback-es-nojs", email: "learner.es@demo.test", training: "es/dermofarmacia-consejo" },
] as const;

/**
 * Demo trainer links (/trainer/virtualClass/{token}): a multi-date virtual-class session per language whose first
 * day is today (attendance of today can be recorded, the next day's not yet).
 */
export const DEMO_TRAINER_TOKENS = [
  { token: "demo-trainer-fr", training: "fr/diabete-type-2", session: 2, learners: ["lea.bernard@demo.test", "maxime.durand@demo.test"] },
  { token: "demo-trainer-es", training: "es/aula-virtual-diabetes", session: 2, learners: ["carlos.ruiz@demo.test", "ana.torres@demo.test"] },
] as const;

const LONG_EXPIRY_DAYS = 3650;

/**
 * Attestations, feedback requests and trainer tokens of the demo. Attestations are signed with the
 * APP_SECRET of this process's environment: the server seeding its own database signs with its own key.
 */
export async function seedJourney(db: SeedDb, clock: Clock, catalogue: CatalogueIds, accounts: AccountIds): Promise<void> {
  const user = (email: string) => {
    const id = accounts.users.get(email);
    if (!id) throw new Error(`Unknown demo user ${email}`);
    return id;
  };
  const training = (key: string) => {
    const id = catalogue.trainings.get(key);
    if (!id) throw new Error(`Unknown demo training ${key}`);
    return id;
  };
  const expiresAt = clock.at(LONG_EXPIRY_DAYS);

  const finished = await db.select({ id: t.enrolments.id }).from(t.enrolments).where(eq(t.enrolments.status, "finished"));
  await issueDemoAttestations(
    db,
    clock,
    finished.map((f) => f.id),
  );

  for (const demo of DEMO_FEEDBACK_TOKENS) {
    const userId = user(demo.email);
    const trainingId = training(demo.training);
    const [enrolment] = await db
      .select({ id: t.enrolments.id })
      .from(t.enrolments)
      .where(and(eq(t.enrolments.userId, userId), eq(t.enrolments.trainingId, trainingId)))
      .limit(1);
    await saveFeedbackRequest(db, {
      tokenHash: hashToken(demo.token),
      userId,
      trainingId,
      enrolmentId: enrolment?.id ?? null,
      expiresAt,
      createdAt: clock.now,
    });
  }

  for (const demo of DEMO_TRAINER_TOKENS) {
    const trainingId = training(demo.training);
    const session = catalogue.sessions.get(demo.training)?.[demo.session];
    if (!session) throw new Error(`No session ${demo.session} for ${demo.training}`);
    const booked = await db
      .select({ id: t.enrolments.id })
      .from(t.enrolments)
      .where(and(eq(t.enrolments.sessionId, session.id), inArray(t.enrolments.status, ["pending", "in_progress", "finished"])));
    if (booked.length === 0) {
      const accountOf = await db
        .select({ id: t.users.id, accountId: t.users.currentAccountId })
        .from(t.users)
        .where(inArray(t.users.id, demo.learners.map(user)));
      await db
        .insert(t.enrolments)
        .values(
          accountOf.map((u) => ({ userId: u.id, trainingId, accountId: u.accountId, status: "pending", sessionId: session.id, createdAt: clock.at(-2, 9) })),
        );
    }
    const [row] = await db.select({ trainerId: t.faceToFaceSessions.trainerId }).from(t.faceToFaceSessions).where(eq(t.faceToFaceSessions.id, session.id));
    await saveTrainerAccessToken(db, {
      tokenHash: hashToken(demo.token),
      sessionId: session.id,
      personId: row?.trainerId ?? null,
      expiresAt,
      createdAt: clock.now,
    });
  }
}
