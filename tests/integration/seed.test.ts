import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../server/back/modules/auth/password.ts";
import { openDatabase, type Database, type Db } from "../../server/db/client.ts";
import * as t from "../../server/db/schema/index.ts";
import { TRAINING_TYPES } from "../../server/db/schema/catalogue.ts";
import { seedBench } from "../../server/db/seed/bench.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from "../../server/db/seed/demo.ts";

const NOW = new Date("2025-03-10T08:30:00Z");
const TODAY = "2025-03-10";
const PUBLIC = path.resolve(import.meta.dirname, "../../public");

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Same rule as the domain: ordered course types, consecutive duplicates merged. */
const MODULE_NAMES: Record<number, string> = {
  1: "Elearning",
  2: "F2f",
  3: "VirtualClass",
  4: "Video",
  5: "Podcast",
  6: "Webinar",
  7: "Quiz",
  9: "Pdf",
};
function mixedDisplayType(moduleTypes: number[]): string {
  const merged = moduleTypes.filter((type, i) => i === 0 || moduleTypes[i - 1] !== type);
  return `mixt${merged.map((type) => MODULE_NAMES[type]).join("")}`;
}

async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
  expect(user, email).toBeDefined();
  return user!;
}

async function membershipsOf(db: Db, userId: number) {
  return db
    .select({
      role: t.memberships.role,
      accountId: t.memberships.accountId,
      brand: t.accounts.brand,
      canAccessTrainingPlan: t.accounts.canAccessTrainingPlan,
    })
    .from(t.memberships)
    .innerJoin(t.accounts, eq(t.accounts.id, t.memberships.accountId))
    .where(eq(t.memberships.userId, userId));
}

async function contractsOfAccount(db: Db, accountId: number) {
  return db.select().from(t.contracts).where(eq(t.contracts.accountId, accountId));
}

describe("demo seed on PGlite", () => {
  let database: Database;
  let db: Db;
  let firstRun: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: "memory://" });
    await database.migrate();
    db = database.db;
    expect(await isDatabaseEmpty(db)).toBe(true);
    firstRun = await seedDemo(db, { now: NOW });
  });

  afterAll(async () => {
    await database?.close();
  });

  it("loads the data set and reports counts", () => {
    expect(firstRun.seeded).toBe(true);
    expect(firstRun.counts.trainings).toBeGreaterThanOrEqual(60);
    expect(firstRun.counts.users).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect(firstRun.ms).toBeLessThan(15_000);
  });

  it("is idempotent", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    const again = await seedDemo(db, { now: NOW });
    expect(again.seeded).toBe(false);
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.trainings);
    expect(count).toBe(firstRun.counts.trainings);
  });

  it("covers the ten training types and every brand", async () => {
    const byType = await db
      .select({ type: t.trainings.type, n: sql<number>`count(*)::int` })
      .from(t.trainings)
      .groupBy(t.trainings.type);
    expect(byType.map((r) => r.type).sort()).toEqual([...TRAINING_TYPES].sort());
    const byBrand = Object.fromEntries(
      (
        await db
          .select({ brand: t.trainings.brand, n: sql<number>`count(*)::int` })
          .from(t.trainings)
          .groupBy(t.trainings.brand)
      ).map((r) => [r.brand, r.n]),
    );
    expect(Object.keys(byBrand).sort()).toEqual(["be", "es", "es-campus", "fr"]);
    expect(byBrand.fr).toBeGreaterThan(byBrand.be);
    expect(byBrand.be).toBeGreaterThanOrEqual(10);
    expect(byBrand.es).toBeGreaterThanOrEqual(12);
    expect(byBrand["es-campus"]).toBeGreaterThanOrEqual(3);
    // Languages follow brands.
    const langs = await db.selectDistinct({ brand: t.trainings.brand, lang: t.trainings.lang }).from(t.trainings);
    for (const { brand, lang } of langs) expect(lang).toBe(brand === "fr" || brand === "be" ? "fr" : "es");
    // Every brand (fr, be, es) offers several types.
    for (const brand of ["fr", "be", "es"]) {
      const types = await db.selectDistinct({ type: t.trainings.type }).from(t.trainings).where(eq(t.trainings.brand, brand));
      expect(types.length, brand).toBeGreaterThanOrEqual(brand === "fr" ? 10 : 8);
    }
  });

  it("has the catalogue variety the screens need", async () => {
    const all = await db.select().from(t.trainings);
    const some = (predicate: (row: (typeof all)[number]) => boolean) => all.filter(predicate).length;
    expect(some((r) => r.free && r.priceHtCents === 0)).toBeGreaterThanOrEqual(5);
    expect(some((r) => !r.free && r.priceHtCents > 0)).toBeGreaterThanOrEqual(30);
    expect(some((r) => r.isNew)).toBeGreaterThanOrEqual(3);
    expect(some((r) => !r.isPublished)).toBeGreaterThanOrEqual(2);
    expect(some((r) => r.isTest)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.obsolete)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.pharmacistsOnly)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.nonPharmacistsOnly)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.holdersOnly)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.nonHoldersOnly)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.cantStartMessage !== null)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.customRegisterLink !== null)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.naocareLink !== null)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.partnerLink !== null)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.credits !== null && r.brand === "es")).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.type === "faceToFaceOnly" && r.isVirtual)).toBeGreaterThanOrEqual(1);
    expect(some((r) => r.ratingCount > 0 && r.ratingAverage !== null)).toBeGreaterThanOrEqual(30);
    for (const r of all) {
      expect(r.durationMinutes, r.slug).toBeGreaterThan(0);
      expect(r.description, r.slug).toMatch(/^<p>/);
      expect(r.currency).toBe("EUR");
      expect(fs.existsSync(path.join(PUBLIC, r.mainIllustration!)), r.mainIllustration!).toBe(true);
    }
    // Cached ratings match the reviews.
    const check = rows<{ slug: string; cached: number | string | null; real: number | string | null; n: number; count: number }>(
      await db.execute(sql`
        select tr.slug, tr.rating_average as cached, round(avg(r.rating)::numeric, 2) as real, tr.rating_count as n, count(r.id)::int as count
        from trainings tr left join reviews r on r.training_id = tr.id group by tr.id`),
    );
    for (const c of check) {
      expect(c.n, c.slug).toBe(c.count);
      expect(c.cached === null ? null : Number(c.cached), c.slug).toBe(c.real === null ? null : Number(c.real));
    }
  });

  it("orders the courses of mixed trainings into the expected display types", async () => {
    const mixed = await db
      .select({ slug: t.trainings.slug, moduleType: t.courses.moduleType })
      .from(t.trainings)
      .innerJoin(t.courses, eq(t.courses.trainingId, t.trainings.id))
      .where(eq(t.trainings.type, "mixt"))
      .orderBy(t.trainings.id, asc(t.courses.position));
    const bySlug = new Map<string, number[]>();
    for (const row of mixed) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row.moduleType]);
    const displayTypes = new Set([...bySlug.values()].map(mixedDisplayType));
    expect(displayTypes).toContain("mixtElearningF2f");
    expect(displayTypes).toContain("mixtVirtualClassElearning");
    expect(displayTypes).toContain("mixtF2fElearning");
    expect(mixedDisplayType(bySlug.get("denutrition-personne-agee")!)).toBe("mixtElearningVirtualClass");
  });

  it("gives French DPC trainings programmes with action numbers and agreements", async () => {
    const dpc = await db
      .select({ slug: t.trainings.slug, brand: t.trainings.brand, action: t.dpcProgrammes.actionNumber, programmeId: t.dpcProgrammes.id })
      .from(t.trainings)
      .leftJoin(t.dpcProgrammes, eq(t.dpcProgrammes.trainingId, t.trainings.id))
      .where(eq(t.trainings.type, "dpc"));
    expect(dpc.length).toBeGreaterThanOrEqual(6);
    expect(dpc.every((d) => d.brand === "fr")).toBe(true);
    const withProgramme = dpc.filter((d) => d.action !== null);
    expect(withProgramme.length).toBeGreaterThanOrEqual(6);
    // One dpc-type training has no DPC data (counts as formation).
    expect(dpc.some((d) => d.action === null)).toBe(true);
    for (const d of withProgramme) expect(d.action).toMatch(/^\d{11}$/);
    const links = await db
      .select({ programmeId: t.dpcProgrammeAgreements.programmeId, organisation: t.agreements.organisation })
      .from(t.dpcProgrammeAgreements)
      .innerJoin(t.agreements, eq(t.agreements.id, t.dpcProgrammeAgreements.agreementId));
    for (const d of withProgramme)
      expect(
        links.some((l) => l.programmeId === d.programmeId && l.organisation === "ANDPC"),
        d.slug,
      ).toBe(true);
  });

  it("attaches fundings per country", async () => {
    const links = await db
      .select({
        brand: t.trainings.brand,
        code: t.fundings.code,
        type: t.trainings.type,
        hasDpc: sql<boolean>`exists (select 1 from dpc_programmes p where p.training_id = ${t.trainings.id})`,
      })
      .from(t.trainingFundings)
      .innerJoin(t.trainings, eq(t.trainings.id, t.trainingFundings.trainingId))
      .innerJoin(t.fundings, eq(t.fundings.id, t.trainingFundings.fundingId));
    const codes = (brand: string) => new Set(links.filter((l) => l.brand === brand).map((l) => l.code));
    expect(codes("fr")).toContain("DPC");
    expect(codes("fr")).toContain("FIFPL");
    expect(codes("fr")).toContain("OPCO");
    expect(codes("es")).toContain("FUNDAE");
    expect(codes("es")).toContain("BONIFICABLE");
    expect(codes("es-campus")).toContain("FUNDAE");
    expect(codes("es")).not.toContain("DPC");
    // DPC funding only on trainings with a programme.
    for (const l of links.filter((x) => x.code === "DPC")) expect(l.hasDpc).toBe(true);
  });

  it("has sessions in several cities, full ones, multi-date ones and virtual ones", async () => {
    const sessions = await db.select().from(t.faceToFaceSessions);
    const cities = new Set(sessions.map((s) => s.city));
    for (const city of ["Paris", "Lyon", "Évry-Courcouronnes", "Marseille", "Lille", "Bordeaux", "Bruxelles", "Liège", "Madrid", "Barcelona", "Sevilla"]) {
      expect(cities, city).toContain(city);
    }
    const full = sessions.filter((s) => s.currentParticipants === s.maxParticipants);
    expect(full.length).toBeGreaterThanOrEqual(3);
    expect(full.some((s) => s.startDate >= TODAY)).toBe(true);
    const multi = sessions.filter((s) => s.multiDates);
    expect(multi.length).toBeGreaterThanOrEqual(3);
    const dates = await db
      .select()
      .from(t.sessionDates)
      .where(
        inArray(
          t.sessionDates.sessionId,
          multi.map((s) => s.id),
        ),
      );
    for (const s of multi) expect(dates.filter((d) => d.sessionId === s.id).length, s.name).toBeGreaterThanOrEqual(2);
    const virtual = sessions.filter((s) => s.city === null);
    expect(virtual.length).toBeGreaterThanOrEqual(5);
    expect(virtual.every((s) => s.virtualClassUrl)).toBe(true);
    expect(sessions.every((s) => s.currentParticipants >= 0 && s.currentParticipants <= s.maxParticipants)).toBe(true);
    expect(sessions.filter((s) => s.startDate > TODAY).length).toBeGreaterThan(sessions.length / 2);
    // Every live training has sessions.
    const liveWithout = rows<{ slug: string }>(
      await db.execute(sql`select tr.slug from trainings tr where tr.type in ('faceToFaceOnly','virtualClass','mixt')
        and not exists (select 1 from face_to_faces f join face_to_face_sessions s on s.face_to_face_id = f.id where f.training_id = tr.id)`),
    );
    expect(liveWithout).toEqual([]);
    // The check constraint holds.
    await expect(db.update(t.faceToFaceSessions).set({ currentParticipants: 999 }).where(eq(t.faceToFaceSessions.id, full[0]!.id))).rejects.toThrow();
  });

  it("has modules, media and quizzes", async () => {
    const mods = await db.select().from(t.modules);
    const types = new Set(mods.map((m) => m.type));
    for (const type of [1, 2, 3, 4, 5, 6, 7, 9]) expect(types, String(type)).toContain(type);
    const pages = mods.filter((m) => m.type === 1);
    expect(pages.every((m) => m.content?.startsWith("<h2>"))).toBe(true);
    for (const m of mods.filter((x) => x.type === 9)) expect(fs.existsSync(path.join(PUBLIC, m.mediaPath!)), m.mediaPath!).toBe(true);
    expect(mods.filter((m) => m.type === 4 || m.type === 5).every((m) => m.mediaPath?.startsWith("/media/"))).toBe(true);

    // Every training with an e-learning course has a pre-test and a post-test with questions and right answers.
    const elearning = rows<{ id: number; slug: string }>(
      await db.execute(sql`select distinct tr.id, tr.slug from trainings tr join courses c on c.training_id = tr.id where c.module_type = 1`),
    );
    expect(elearning.length).toBeGreaterThanOrEqual(35);
    const quizzes = await db.select().from(t.quizzes);
    for (const tr of elearning) {
      const kinds = quizzes.filter((q) => q.trainingId === tr.id).map((q) => q.kind);
      expect(kinds, tr.slug).toEqual(expect.arrayContaining(["pre_test", "post_test"]));
    }
    const questionStats = rows<{ kind: string; quizKind: string; choices: number; correct: number }>(
      await db.execute(sql`select q.kind, z.kind as "quizKind", count(c.id)::int as choices, count(c.id) filter (where c.correct)::int as correct
        from quiz_questions q join quizzes z on z.id = q.quiz_id join quiz_choices c on c.question_id = q.id group by q.id, z.kind`),
    );
    expect(questionStats.length).toBeGreaterThanOrEqual(150);
    for (const q of questionStats) {
      expect(q.choices).toBeGreaterThanOrEqual(2);
      // An evaluation's opinion questions (satisfaction) have no right choice; every other single choice has one.
      if (q.kind === "single" && q.quizKind === "evaluation" && q.correct === 0) continue;
      if (q.kind === "single") expect(q.correct).toBe(1);
      else expect(q.correct).toBeGreaterThanOrEqual(2);
    }
    expect(questionStats.some((q) => q.kind === "multiple")).toBe(true);
    expect(quizzes.some((q) => q.kind === "standalone")).toBe(true);
  });

  it("has trainers, authors, reviews, tags and associations", async () => {
    const roles = await db
      .select({ role: t.trainingPeople.role, n: sql<number>`count(*)::int` })
      .from(t.trainingPeople)
      .groupBy(t.trainingPeople.role);
    expect(roles.find((r) => r.role === "trainer")!.n).toBeGreaterThanOrEqual(15);
    expect(roles.find((r) => r.role === "author")!.n).toBeGreaterThanOrEqual(40);
    const people = await db.select().from(t.people);
    expect(new Set(people.map((p) => p.brand))).toEqual(new Set(["fr", "be", "es", "es-campus"]));
    for (const p of people) expect(fs.existsSync(path.join(PUBLIC, p.photo!)), p.photo!).toBe(true);
    expect(firstRun.counts.reviews).toBeGreaterThanOrEqual(60);
    expect(firstRun.counts.training_tags).toBeGreaterThanOrEqual(100);
    expect(firstRun.counts.associated_trainings).toBeGreaterThanOrEqual(10);
    const objectiveTypes = await db.selectDistinct({ type: t.objectives.type }).from(t.objectives);
    expect(objectiveTypes.map((o) => o.type).sort()).toEqual([1, 2]);
  });

  it("has news, content pages, FAQ and groupings per brand", async () => {
    for (const brand of ["fr", "be", "es", "es-campus"]) {
      const news = await db.select().from(t.news).where(eq(t.news.brand, brand));
      expect(news.filter((n) => n.publishedAt !== null).length, brand).toBeGreaterThanOrEqual(2);
      const pages = await db.select({ slug: t.contentPages.slug }).from(t.contentPages).where(eq(t.contentPages.brand, brand));
      expect(pages.length, brand).toBeGreaterThanOrEqual(4);
      const sections = await db.select().from(t.faqSections).where(eq(t.faqSections.brand, brand));
      expect(
        sections.some((s) => s.type === "general"),
        brand,
      ).toBe(true);
      const groupings = await db.select().from(t.groupings).where(eq(t.groupings.brand, brand));
      expect(groupings.length, brand).toBeGreaterThanOrEqual(1);
      for (const g of groupings) expect(fs.existsSync(path.join(PUBLIC, g.logo!)), g.logo!).toBe(true);
    }
    const frPages = (await db.select({ slug: t.contentPages.slug }).from(t.contentPages).where(eq(t.contentPages.brand, "fr"))).map((p) => p.slug);
    expect(frPages).toEqual(expect.arrayContaining(["qui-sommes-nous", "mentions-legales", "conditions-generales-de-vente", "politique-de-confidentialite"]));
    const esPages = (await db.select({ slug: t.contentPages.slug }).from(t.contentPages).where(eq(t.contentPages.brand, "es"))).map((p) => p.slug);
    expect(esPages).toEqual(expect.arrayContaining(["quienes-somos", "aviso-legal", "condiciones-generales", "politica-de-privacidad", "politica-cookies"]));
    const funding = await db
      .select({ n: sql<number>`count(q.id)::int` })
      .from(t.faqSections)
      .innerJoin(sql`faq_questions q`, sql`q.section_id = ${t.faqSections.id}`)
      .where(and(eq(t.faqSections.brand, "es"), eq(t.faqSections.type, "funding"), eq(t.faqSections.lang, "es")));
    expect(funding[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it("creates advisors with avatars and pharmacies with contracts", async () => {
    const advisors = await db.select().from(t.advisors);
    expect(advisors.length).toBeGreaterThanOrEqual(4);
    for (const a of advisors) {
      expect(a.avatarPath).toMatch(/^\/advisors\/[a-z-]+\.svg$/);
      expect(fs.existsSync(path.join(PUBLIC, a.avatarPath)), a.avatarPath).toBe(true);
    }
    const accounts = await db.select().from(t.accounts);
    expect(new Set(accounts.map((a) => a.country))).toEqual(new Set(["FR", "BE", "ES"]));
    for (const a of accounts) expect((await contractsOfAccount(db, a.id)).length, a.name).toBeGreaterThanOrEqual(1);
  });

  it("creates every demo account with password demo1234", async () => {
    expect(DEMO_ACCOUNTS.length).toBe(13);
    const users = await db
      .select()
      .from(t.users)
      .where(
        inArray(
          t.users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(users.length).toBe(DEMO_ACCOUNTS.length);
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verifyPassword(DEMO_PASSWORD, users[0]!.passwordHash)).toBe(true);
    for (const u of users) {
      const expectedLocale = { fr: "fr-FR", be: "fr-BE", es: "es-ES", "es-campus": "es-ES" }[u.brand as "fr"];
      expect(u.locale, u.email).toBe(expectedLocale);
    }
  });

  it("gives each demo account the described properties", async () => {
    // learner@: French pharmacist learner, valid contract, appId.
    const learner = await userByEmail(db, "learner@demo.test");
    expect(learner).toMatchObject({ brand: "fr", locale: "fr-FR", profession: "pharmacist", isAdmin: false, mustGiveConsent: false });
    expect(learner.appId).toBeTruthy();
    const [learnerMembership] = await membershipsOf(db, learner.id);
    expect(learnerMembership).toMatchObject({ role: "learner", brand: "fr" });
    expect(learner.currentAccountId).toBe(learnerMembership!.accountId);
    const [learnerContract] = await contractsOfAccount(db, learnerMembership!.accountId);
    expect(learnerContract!.type).toBe("standard");
    expect(learnerContract!.validUntil! > TODAY).toBe(true);

    // holder@: holder of a pharmacy with 6 learners and training-plan access.
    const holder = await userByEmail(db, "holder@demo.test");
    const [holderMembership] = await membershipsOf(db, holder.id);
    expect(holderMembership).toMatchObject({ role: "holder", canAccessTrainingPlan: true });
    const team = await db
      .select({ role: t.memberships.role })
      .from(t.memberships)
      .where(and(eq(t.memberships.accountId, holderMembership!.accountId), eq(t.memberships.role, "learner"), eq(t.memberships.isActive, true)));
    expect(team.length).toBe(6);

    // Belgian and Spanish referents and learner.
    const be = await userByEmail(db, "referent.be@demo.test");
    expect(be).toMatchObject({ brand: "be", locale: "fr-BE" });
    expect((await membershipsOf(db, be.id))[0]).toMatchObject({ role: "referent", brand: "be" });
    const esLearner = await userByEmail(db, "learner.es@demo.test");
    expect(esLearner).toMatchObject({ brand: "es", locale: "es-ES" });
    expect((await membershipsOf(db, esLearner.id))[0]).toMatchObject({ role: "learner", brand: "es" });
    const esReferent = await userByEmail(db, "referent.es@demo.test");
    expect((await membershipsOf(db, esReferent.id))[0]).toMatchObject({ role: "referent", brand: "es" });

    // shop@: personal shop contract, no pharmacy.
    const shop = await userByEmail(db, "shop@demo.test");
    expect(await membershipsOf(db, shop.id)).toEqual([]);
    const shopContracts = await db.select().from(t.contracts).where(eq(t.contracts.userId, shop.id));
    expect(shopContracts.map((c) => c.type)).toEqual(["shop"]);
    expect(shopContracts[0]!.accountId).toBeNull();

    // readonly@: the pharmacy's contract is read-only.
    const readonly = await userByEmail(db, "readonly@demo.test");
    const [readonlyMembership] = await membershipsOf(db, readonly.id);
    expect((await contractsOfAccount(db, readonlyMembership!.accountId)).map((c) => c.type)).toEqual(["readonly"]);

    // expired@: the contract ended before today.
    const expired = await userByEmail(db, "expired@demo.test");
    const [expiredMembership] = await membershipsOf(db, expired.id);
    const expiredContracts = await contractsOfAccount(db, expiredMembership!.accountId);
    expect(expiredContracts.every((c) => c.validUntil !== null && c.validUntil < TODAY)).toBe(true);

    // multi@: two pharmacies, must choose.
    const multi = await userByEmail(db, "multi@demo.test");
    const multiMemberships = await membershipsOf(db, multi.id);
    expect(new Set(multiMemberships.map((m) => m.accountId)).size).toBe(2);
    expect(multi.currentAccountId).toBeNull();

    // noaccount@: nothing.
    const noaccount = await userByEmail(db, "noaccount@demo.test");
    expect(await membershipsOf(db, noaccount.id)).toEqual([]);
    expect(await db.select().from(t.contracts).where(eq(t.contracts.userId, noaccount.id))).toEqual([]);
    expect(noaccount.currentAccountId).toBeNull();

    const consent = await userByEmail(db, "consent@demo.test");
    expect(consent.mustGiveConsent).toBe(true);
    expect(consent.hasGivenConsent).toBeNull();

    const nonpharmacist = await userByEmail(db, "nonpharmacist@demo.test");
    expect(nonpharmacist.profession).toBe("preparer");
    expect((await membershipsOf(db, nonpharmacist.id))[0]!.role).toBe("learner");

    const admin = await userByEmail(db, "admin@demo.test");
    expect(admin.isAdmin).toBe(true);
    const admins = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.isAdmin, true));
    expect(admins.map((u) => u.email)).toEqual(["admin@demo.test"]);

    // Advisors are set for the users that have one.
    expect(learner.advisorId).not.toBeNull();
  });

  it("gives learner@ history, notifications, bookmarks and enrolments", async () => {
    const learner = await userByEmail(db, "learner@demo.test");
    const history = await db.select().from(t.historyEntries).where(eq(t.historyEntries.userId, learner.id));
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history.some((h) => h.initialScore !== null && h.finalScore !== null && !Number.isInteger(h.finalScore))).toBe(true);
    const notifications = await db.select().from(t.notifications).where(eq(t.notifications.userId, learner.id));
    expect(notifications.filter((n) => n.readedDate === null).length).toBeGreaterThanOrEqual(2);
    expect(notifications.filter((n) => n.readedDate !== null).length).toBeGreaterThanOrEqual(2);
    const bookmarks = await db.select().from(t.bookmarks).where(eq(t.bookmarks.userId, learner.id));
    expect(bookmarks.length).toBeGreaterThanOrEqual(3);
    const enrolments = await db.select().from(t.enrolments).where(eq(t.enrolments.userId, learner.id));
    const statuses = new Set(enrolments.map((e) => e.status));
    for (const status of ["pending", "in_progress", "finished", "waiting_list"]) expect(statuses, status).toContain(status);
    const waiting = enrolments.find((e) => e.status === "waiting_list")!;
    const [session] = await db.select().from(t.faceToFaceSessions).where(eq(t.faceToFaceSessions.id, waiting.sessionId!));
    expect(session!.currentParticipants).toBe(session!.maxParticipants);
    const trackings = await db.select().from(t.quizTrackings).where(eq(t.quizTrackings.userId, learner.id));
    expect(trackings.length).toBeGreaterThanOrEqual(3);
    for (const tracking of trackings) expect(Object.keys(tracking.answers).length).toBeGreaterThan(0);
  });

  it("supports relational queries over the catalogue", async () => {
    const training = await db.query.trainings.findFirst({
      where: eq(t.trainings.slug, "trod-angine-cystite"),
      with: {
        courses: { orderBy: asc(t.courses.position), with: { modules: { orderBy: asc(t.modules.position) } } },
        faceToFaces: { with: { sessions: { with: { dates: true, trainer: true } } } },
        dpcProgrammes: { with: { agreements: { with: { agreement: true } } } },
        fundings: { with: { funding: true } },
        people: { with: { person: true } },
        quizzes: { with: { questions: { with: { choices: true } } } },
        associations: { with: { associated: true } },
        tags: true,
        objectivesList: true,
      },
    });
    expect(training).toBeDefined();
    expect(training!.courses.map((c) => c.moduleType)).toEqual([1, 2]);
    expect(training!.courses[0]!.modules.at(0)!.type).toBe(7);
    expect(training!.courses[0]!.modules.at(-1)!.type).toBe(7);
    expect(training!.faceToFaces[0]!.sessions.length).toBe(5);
    expect(training!.faceToFaces[0]!.sessions[0]!.trainer?.slug).toBe("claire-dubois");
    expect(training!.dpcProgrammes[0]!.agreements[0]!.agreement.organisation).toBe("ANDPC");
    expect(training!.fundings.map((f) => f.funding.code).sort()).toEqual(["DPC", "FIFPL"]);
    expect(training!.quizzes.map((q) => q.kind).sort()).toEqual(["evaluation", "post_test", "pre_test"]);
    expect(training!.quizzes[0]!.questions.length).toBe(3);
    expect(training!.objectivesList.length).toBe(4);
    expect(training!.tags.map((x) => x.tag)).toContain("TROD");
  });

  it("adds benchmark trainings in batches", async () => {
    const before = firstRun.counts.trainings;
    const started = performance.now();
    await seedBench(db, { trainings: 600, now: NOW, batchSize: 250 });
    const elapsed = performance.now() - started;
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.trainings);
    expect(count).toBe(before + 600);
    const brands = await db
      .selectDistinct({ brand: t.trainings.brand })
      .from(t.trainings)
      .where(sql`${t.trainings.slug} like 'bench-%'`);
    expect(brands.length).toBe(4);
    // Running it again continues the numbering instead of colliding.
    await seedBench(db, { trainings: 10, now: NOW });
    const [{ count: after }] = await db.select({ count: sql<number>`count(*)::int` }).from(t.trainings);
    expect(after).toBe(before + 610);
    expect(elapsed).toBeLessThan(20_000);
  });
});

/**
 * The same migrations and seed on PostgreSQL, when DATABASE_URL_TEST points at a server where the
 * user may create databases: a throwaway database is created and dropped.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)("demo seed on PostgreSQL", () => {
  const adminUrl = process.env.DATABASE_URL_TEST!;
  const name = `seedtest_${process.pid}_${Date.now()}`;
  let database: Database | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
  });

  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  });

  it("migrates, seeds and stays idempotent", async () => {
    await database!.migrate();
    await database!.migrate();
    const first = await seedDemo(database!.db, { now: NOW });
    expect(first.seeded).toBe(true);
    expect(first.counts.trainings).toBeGreaterThanOrEqual(60);
    expect((await seedDemo(database!.db, { now: NOW })).seeded).toBe(false);
  });
});
