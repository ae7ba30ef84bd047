// Feedback links (single-use token -> a review and the training's cached rating) and the trainer
// virtual-class page (participants, attendance per day; a bad token or bad input writes nothing).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createFeedbackRequest, insertFeedbackRequest } from "../../server/back/modules/attestations/feedback.service.ts";
import { insertTrainerAccessToken } from "../../server/back/modules/attestations/trainer.service.ts";
import { BRANDS } from "#core/branding/brands.ts";
import { serviceContext } from "../../server/back/service-context.ts";
import * as t from "../../server/db/schema/index.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { backends, countRows, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { testEnv } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("feedback and trainer pages (%s)", (backend) => {
  const suite = useSuite(backend);
  /** A service context for direct calls on this suite's platform, its mails written to `outboxDir`. */
  const directContext = (outboxDir: string, brand: keyof typeof BRANDS, locale: "fr-FR" | "es-ES") => {
    const env = testEnv();
    const deps = {
      db: suite.db,
      env,
      now: () => new Date(),
      files: suite.platform.deps.files,
      broadcaster: suite.platform.realtime.broadcaster,
      mailer: createMailer({ from: env.MAIL_FROM, outboxDir }),
      logger: createLogger("silent"),
    };
    return serviceContext(deps, { brand: BRANDS[brand], locale });
  };
  /** For the direct calls that only write a row (no mail is sent). */
  const quietContext = () => directContext(os.tmpdir(), "fr", "fr-FR");

  async function userId(email: string) {
    const [row] = await suite.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
    return row!.id;
  }
  async function trainingBySlug(slug: string) {
    const [row] = await suite.db.select().from(t.trainings).where(eq(t.trainings.slug, slug));
    return row!;
  }
  async function guest(language = "fr-FR") {
    const agent = suite.agent({ "accept-language": language });
    await agent.csrf();
    return agent;
  }

  test("a feedback token shows its training, stores one review and refreshes the rating, then is used up", async () => {
    const agent = await guest();
    const shown = await agent.get("/back/api/feedback/demo-feedback-fr-js");
    expectEnvelope(shown, 200);
    expect(shown.body.data).toMatchObject({ trainingName: expect.stringMatching(/Sevrage tabagique/), firstName: "Julie" });
    const training = await trainingBySlug("sevrage-tabagique");
    const reviewsBefore = await countRows(suite.db, "reviews");

    for (const body of [{ rating: 6 }, { rating: 0 }, { rating: "abc" }, {}, { rating: 4, comment: "x".repeat(2001) }, { rating: 4, extra: 1 }]) {
      expectEnvelope(await agent.post("/back/api/feedback/demo-feedback-fr-js", body), 422);
    }
    expect(await countRows(suite.db, "reviews")).toBe(reviewsBefore);
    expectEnvelope(await agent.post("/back/api/feedback/demo-feedback-fr-js", { rating: 5 }, { csrf: false }), 419);

    const saved = await agent.post("/back/api/feedback/demo-feedback-fr-js", { rating: 2, comment: "  Très utile, merci  " });
    expectEnvelope(saved, 200);
    expect(saved.body.message).toMatch(/Merci/);
    const [review] = await suite.db.select().from(t.reviews).where(eq(t.reviews.id, saved.body.data.reviewId));
    expect(review).toMatchObject({ trainingId: training.id, authorName: "Julie M.", rating: 2, comment: "Très utile, merci" });
    const after = await trainingBySlug("sevrage-tabagique");
    const ratings = await suite.db.select({ rating: t.reviews.rating }).from(t.reviews).where(eq(t.reviews.trainingId, training.id));
    expect(after.ratingCount).toBe(training.ratingCount + 1);
    expect(after.ratingCount).toBe(ratings.length);
    const average = ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length;
    expect(after.ratingAverage).toBeCloseTo(average, 2);

    const second = await agent.post("/back/api/feedback/demo-feedback-fr-js", { rating: 5 });
    expectEnvelope(second, 404);
    expect(second.body.message).toMatch(/déjà été utilisé/);
    expectEnvelope(await agent.get("/back/api/feedback/demo-feedback-fr-js"), 404);
    expect(await countRows(suite.db, "reviews")).toBe(reviewsBefore + 1);
  });

  test("unknown and expired feedback tokens are refused with a clear message, nothing written", async () => {
    const training = await trainingBySlug("sevrage-tabagique");
    await insertFeedbackRequest(quietContext(), {
      rawToken: "expired-feedback-token",
      userId: await userId("learner@demo.test"),
      trainingId: training.id,
      enrolmentId: null,
      expiresAt: new Date(Date.now() - 1000),
      now: new Date(Date.now() - 86_400_000),
    });
    const agent = await guest("es-ES");
    const before = await tableCounts(suite.db);
    for (const token of ["expired-feedback-token", "no-such-token", "x".repeat(300)]) {
      const shown = await agent.get(`/back/api/feedback/${token}`);
      expectEnvelope(shown, 404);
      expect(shown.body.message).toMatch(/caducado/);
      expectEnvelope(await agent.post(`/back/api/feedback/${token}`, { rating: 5 }), 404);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("createFeedbackRequest mails a single-use link once per enrolment", async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "feedback-mail-"));
    const ctx = directContext(outboxDir, "es", "es-ES");
    const hosts = {
      brandHosts: new Map([
        ["localhost", "fr"],
        ["es.localhost", "es"],
      ] as const),
      publicPort: () => 3000,
    };
    const [enrolment] = await suite.db
      .select({ id: t.enrolments.id })
      .from(t.enrolments)
      .innerJoin(t.trainings, eq(t.trainings.id, t.enrolments.trainingId))
      .where(and(eq(t.enrolments.userId, await userId("learner.es@demo.test")), eq(t.trainings.slug, "atencion-farmaceutica-polimedicados")));
    await suite.db.update(t.enrolments).set({ status: "finished", finishedAt: new Date(), progressPercent: 100 }).where(eq(t.enrolments.id, enrolment!.id));
    const created = await createFeedbackRequest(ctx, enrolment!.id, { hosts, requestHost: { hostname: "evil.example", port: 666 } });
    expect(created?.link).toBe(`http://es.localhost:3000/feedback/${created!.token}`);
    const [mail] = fs.readdirSync(outboxDir).map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8").replace(/=\r?\n/g, ""));
    expect(mail).toContain("learner.es@demo.test");
    expect(mail).toContain(created!.token);
    expect(await createFeedbackRequest(ctx, enrolment!.id, { hosts })).toBeNull();
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    const [stored] = await suite.db.select().from(t.feedbackRequests).where(eq(t.feedbackRequests.enrolmentId, enrolment!.id));
    expect(stored!.tokenHash).not.toContain(created!.token);
    const agent = await guest("es-ES");
    expectEnvelope(await agent.get(`/back/api/feedback/${created!.token}`), 200);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  test("trainer page: the session, its days and its participants (names only)", async () => {
    const agent = await guest();
    const reply = await agent.get("/back/api/trainer/virtualClass/demo-trainer-fr");
    expectEnvelope(reply, 200);
    const { session, days, participants } = reply.body.data;
    expect(session).toMatchObject({ trainingName: expect.stringMatching(/Diabète de type 2/), joinUrl: expect.stringMatching(/^https:\/\//) });
    expect(days).toHaveLength(2);
    expect(participants.map((p: any) => `${p.firstName} ${p.lastName}`).sort()).toEqual(["Léa Bernard", "Maxime Durand"]);
    expect(JSON.stringify(participants)).not.toContain("@");
    expect(participants[0].attendance[days[0].day]).toEqual({ attended: null, joined: false });
    // The demo session's first day is today, its second one next week.
    expect(days.map((d: any) => d.open)).toEqual([true, false]);
  });

  test("trainer attendance: a day still to come is refused with a translated message and writes nothing", async () => {
    const { days, participants } = (await (await guest()).get("/back/api/trainer/virtualClass/demo-trainer-fr")).body.data;
    const future = days.find((d: any) => !d.open).day;
    const before = await tableCounts(suite.db);
    for (const [locale, message] of [
      ["fr-FR", /pas encore arrivé/],
      ["es-ES", /aún no ha llegado/],
      ["en-US", /has not come yet/],
    ] as const) {
      const reply = await (
        await guest(locale)
      ).post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", {
        day: future,
        attendance: [{ userId: participants[0].userId, attended: true }],
      });
      expectEnvelope(reply, 422);
      expect(reply.body.message).toMatch(message);
      expect(reply.body.data.errors.day).toBeDefined();
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("trainer attendance: a bad token or bad input writes nothing; good input is stored and can be corrected", async () => {
    const agent = await guest();
    const { days, participants, session } = (await agent.get("/back/api/trainer/virtualClass/demo-trainer-fr")).body.data;
    const [first, second] = participants;
    const [today, nextWeek] = days;
    const day = today.day;
    const outsider = await userId("learner@demo.test");
    await insertTrainerAccessToken(quietContext(), {
      rawToken: "expired-trainer-token",
      sessionId: session.id,
      personId: null,
      expiresAt: new Date(Date.now() - 1000),
      now: new Date(),
    });
    const before = await tableCounts(suite.db);
    const good = {
      day,
      attendance: [
        { userId: first.userId, attended: true },
        { userId: second.userId, attended: false },
      ],
    };

    for (const token of ["no-such-token", "expired-trainer-token"]) {
      const reply = await agent.post(`/back/api/trainer/virtualClass/${token}/attendance`, good);
      expectEnvelope(reply, 404);
      expect(reply.body.message).toMatch(/formateur est invalide/);
      expectEnvelope(await agent.get(`/back/api/trainer/virtualClass/${token}`), 404);
    }
    const unknownDay = await agent.post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", { ...good, day: "2001-01-01" });
    expectEnvelope(unknownDay, 422);
    expect(unknownDay.body.data.errors.day).toBeDefined();
    const intruder = await agent.post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", {
      day,
      attendance: [
        { userId: first.userId, attended: true },
        { userId: outsider, attended: true },
      ],
    });
    expectEnvelope(intruder, 422);
    for (const body of [{ day: "tomorrow", attendance: [] }, { day, attendance: [{ userId: first.userId, attended: "yes" }] }, { day }]) {
      expectEnvelope(await agent.post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", body), 422);
    }
    expect(await tableCounts(suite.db)).toEqual(before);

    const saved = await agent.post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", good);
    expectEnvelope(saved, 200);
    expect(saved.body.data).toEqual({ marked: 2 });
    const rows = await suite.db.select().from(t.sessionAttendances).where(eq(t.sessionAttendances.sessionId, session.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.day).toBe(day);
      expect(row.markedAt).toBeInstanceOf(Date);
      expect(row.sessionDateId).not.toBeNull();
      expect(row.attended).toBe(row.userId === first.userId);
    }
    const corrected = await agent.post("/back/api/trainer/virtualClass/demo-trainer-fr/attendance", {
      day,
      attendance: [{ userId: second.userId, attended: true }],
    });
    expectEnvelope(corrected, 200);
    const shown = (await agent.get("/back/api/trainer/virtualClass/demo-trainer-fr")).body.data.participants;
    for (const p of shown) {
      expect(p.attendance[day].attended).toBe(true);
      expect(p.attendance[nextWeek.day].attended).toBeNull();
    }
    expect(await countRows(suite.db, "session_attendances")).toBe(before.session_attendances + 2);
  });
});
