// Learner records (issue 6): trainings, history, averages, questions-answers, checkFormation, tracking,
// trainingsList, badges, suggestions and the personal training plan, on the demo seed.
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { enrolments, historyEntries, notifications, quizTrackings, trainingTags, trainings, userBadges, users } from "../../server/db/schema/index.ts";
import { fitsAudience } from "#core/domain/user-state.ts";
import { awardBadges } from "../../server/back/modules/records/badges.ts";
import { historyEntryPoints } from "#core/domain/points.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const ENDPOINTS = [
  "/back/api/user/trainings",
  "/back/api/user/currentFormations",
  "/back/api/user/history",
  "/back/api/user/history/light",
  "/back/api/user/getCurrentAverages",
  "/back/api/user/getQuestionsAnswers",
  "/back/api/user/checkFormation/1/2",
  "/back/api/user/tracking",
  "/back/api/user/trainingsList",
  "/back/api/user/getBadges",
  "/back/api/user/getPersonalizedSuggestions",
  "/back/api/user/trainingPlan",
];

describe.each(backends())("learner records (%s)", (backend) => {
  const suite = useSuite(backend);

  async function loggedIn(email: string): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function data(agent: Agent, path: string) {
    const reply = await agent.get(path);
    expectEnvelope(reply, 200);
    return reply.body.data;
  }

  async function trainingId(brand: string, slug: string): Promise<number> {
    const [row] = await suite.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(and(eq(trainings.brand, brand), eq(trainings.slug, slug)));
    return row.id;
  }

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  test("every endpoint answers 401 to a guest", async () => {
    const guest = suite.agent();
    for (const path of ENDPOINTS) {
      const reply = await guest.get(path);
      expectEnvelope(reply, 401);
    }
  });

  test("history: the learner's entries with the points rule, newest first, totals", async () => {
    const agent = await loggedIn("learner@demo.test");
    const history = await data(agent, "/back/api/user/history");
    expect(history.pointsAccess).toBe(true);
    expect(history.entries).toHaveLength(7);
    const starts = history.entries.map((e: any) => e.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
    const asthma = await trainingId("fr", "asthme-bpco");
    const entry = history.entries.find((e: any) => e.courseId === asthma);
    // round(50) + round(85.5) + the entry's own 40 points
    expect(entry).toMatchObject({ formations: [{ initialScore: 50, finalScore: 85.5 }], points: 176, course: { slug: "asthme-bpco" } });
    for (const key of ["startDate", "endDate", "courseId", "formations", "points"]) expect(entry).toHaveProperty(key);
    // An entry without own points takes the course's points.
    const smoking = await trainingId("fr", "sevrage-tabagique");
    const [course] = await suite.db.select({ points: trainings.points }).from(trainings).where(eq(trainings.id, smoking));
    const smokingEntry = history.entries.find((e: any) => e.courseId === smoking);
    expect(smokingEntry.points).toBe(46 + 90 + course.points);
    expect(smokingEntry.points).toBe(historyEntryPoints({ formations: smokingEntry.formations, points: null }, course.points));
    expect(history.totals.points).toBe(history.entries.reduce((s: number, e: any) => s + e.points, 0));
    expect(history.totals).toMatchObject({ entries: 7, finished: 6 });

    const light = await data(agent, "/back/api/user/history/light");
    expect(light).toHaveLength(7);
    expect(Object.keys(light[0]).sort()).toEqual(["courseId", "endDate", "id", "points", "startDate"]);
    expect(light.map((e: any) => e.points)).toEqual(history.entries.map((e: any) => e.points));
  });

  test("points are left out without points access (shop context)", async () => {
    const agent = await loggedIn("shop@demo.test");
    const history = await data(agent, "/back/api/user/history");
    expect(history.pointsAccess).toBe(false);
    expect(history.totals.points).toBeNull();
    for (const entry of history.entries) expect(entry.points).toBeNull();
    const trainingsReply = await data(agent, "/back/api/user/trainings");
    for (const t of [...trainingsReply.current, ...trainingsReply.upcoming]) expect(t.course.points).toBeNull();
    expect(trainingsReply.current.length).toBeGreaterThan(0);
  });

  test("another user's records never leak", async () => {
    const learner = await loggedIn("learner@demo.test");
    const holder = await loggedIn("holder@demo.test");
    const learnerId = await userId("learner@demo.test");
    const holderId = await userId("holder@demo.test");
    const enrolmentIds = async (id: number) =>
      new Set((await suite.db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.userId, id))).map((r) => r.id));
    const mine = { learner: await enrolmentIds(learnerId), holder: await enrolmentIds(holderId) };
    for (const [agent, own] of [
      [learner, mine.learner],
      [holder, mine.holder],
    ] as const) {
      const trainingsReply = await data(agent, "/back/api/user/trainings");
      for (const t of [...trainingsReply.current, ...trainingsReply.upcoming]) expect(own.has(t.enrolmentId)).toBe(true);
      for (const t of await data(agent, "/back/api/user/tracking")) expect(own.has(t.enrolmentId)).toBe(true);
      for (const a of (await data(agent, "/back/api/user/trainingPlan")).activities) expect(own.has(a.id)).toBe(true);
      for (const t of await data(agent, "/back/api/user/trainingsList")) if (t.enrolmentId !== null) expect(own.has(t.enrolmentId)).toBe(true);
    }
    const learnerHistory = (await data(learner, "/back/api/user/history")).entries.map((e: any) => e.id);
    const holderHistory = (await data(holder, "/back/api/user/history")).entries.map((e: any) => e.id);
    expect(holderHistory).toHaveLength(1);
    expect(learnerHistory.filter((id: number) => holderHistory.includes(id))).toEqual([]);
    // The holder's answered quizzes are the holder's own attempts, none of the learner's.
    const holderAnswers = (await data(holder, "/back/api/user/getQuestionsAnswers")).map((e: any) => e.id);
    const holderAttempts = await suite.db.select({ id: quizTrackings.id }).from(quizTrackings).where(eq(quizTrackings.userId, holderId));
    expect(holderAnswers.sort()).toEqual(holderAttempts.map((r) => r.id).sort());
    expect((await data(learner, "/back/api/user/getQuestionsAnswers")).length).toBeGreaterThan(0);
  });

  test("trainings: current and upcoming lists, the current training rule", async () => {
    const agent = await loggedIn("learner@demo.test");
    const reply = await data(agent, "/back/api/user/trainings");
    expect(Object.keys(reply).sort()).toEqual(["current", "upcoming"]);
    const slugs = (list: any[]) => list.map((t) => t.course.slug);
    expect(slugs(reply.current)).toEqual(expect.arrayContaining(["entretiens-anticoagulants", "routine-dermocosmetique"]));
    expect(slugs(reply.upcoming)).toContain("afgsu-niveau-2");
    for (const t of [...reply.current, ...reply.upcoming]) {
      expect(t.course).toMatchObject({ id: expect.any(Number), type: expect.any(String) });
      expect(t.mfo_tracking).toHaveProperty("dossierId");
      expect(t.dossier_resource).toMatchObject({ id: expect.any(Number), type: expect.any(String) });
      for (const s of t.sessions) expect(s.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(t.status).not.toBe("finished");
    }
    const today = new Date().toISOString().slice(0, 10);
    for (const t of reply.upcoming) expect(t.status === "waiting_list" || t.sessions[0].startDate >= today).toBe(true);
    // A booked session's days: its start and its extra dates, in order, each once.
    const booked = await suite.db
      .execute(sql`select e.id as enrolment_id, (select string_agg(d::text, ',' order by d) from (select s.start_date as d union select sd.date from session_dates sd where sd.session_id = s.id) days) as days
      from enrolments e join face_to_face_sessions s on s.id = e.session_id join users u on u.id = e.user_id where u.email = 'learner@demo.test'`);
    const daysOf = new Map(
      (booked as unknown as { rows: { enrolment_id: number; days: string }[] }).rows.map((row) => [Number(row.enrolment_id), row.days.split(",")]),
    );
    const withSessions = [...reply.current, ...reply.upcoming].filter((t) => t.sessions.length > 0);
    expect(withSessions.length).toBeGreaterThan(0);
    for (const t of withSessions)
      expect(
        t.sessions.map((s: { startDate: string }) => s.startDate),
        t.course.slug,
      ).toEqual(daysOf.get(t.enrolmentId));

    const formations = await data(agent, "/back/api/user/currentFormations");
    expect(formations.current).toEqual(reply.current);
    expect(formations.currentTraining).toEqual(reply.current[0]);
  });

  test("current averages over the history", async () => {
    const agent = await loggedIn("learner@demo.test");
    const averages = await data(agent, "/back/api/user/getCurrentAverages");
    // initial: 50, 45.5, 60, 62.5, 66.67; final: 85.5, 90, 80, 95, 87.5
    expect(averages.initialScore).toBe(56.9);
    expect(averages.finalScore).toBe(87.6);
    // both: 35.5, 44.5, 35, 25
    expect(averages.progress).toBe(35);
    expect(averages.counts).toEqual({ initialScore: 5, finalScore: 5, progress: 4 });
  });

  test("questions-answers: newest first, with the chosen and the correct choices", async () => {
    const agent = await loggedIn("learner@demo.test");
    const entries = await data(agent, "/back/api/user/getQuestionsAnswers");
    const attempts = await suite.db
      .select({ id: quizTrackings.id })
      .from(quizTrackings)
      .where(and(eq(quizTrackings.userId, await userId("learner@demo.test")), isNotNull(quizTrackings.answeredAt)));
    expect(entries).toHaveLength(attempts.length);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const dates = entries.map((e: any) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const standalone = entries.find((e: any) => e.quiz.kind === "standalone");
    expect(standalone.quiz.kind).toBe("standalone");
    expect(standalone.training.slug).toBe("quiz-interactions");
    for (const q of standalone.questions) {
      expect(q.correctChoiceIds.length).toBeGreaterThan(0);
      expect(q.isCorrect).toBe(q.choices.filter((c: any) => c.chosen).every((c: any) => c.correct));
    }
  });

  test("checkFormation: prerequisite state of training a for training b; bad and unknown ids", async () => {
    const agent = await loggedIn("learner@demo.test");
    const asthma = await trainingId("fr", "asthme-bpco");
    const anticoag = await trainingId("fr", "entretiens-anticoagulants");
    const other = await trainingId("fr", "vaccination-officine");
    const ok = await data(agent, `/back/api/user/checkFormation/${asthma}/${anticoag}`);
    expect(ok).toMatchObject({ prerequisiteMet: true, inOrder: true, a: { finished: true, enrolled: true }, b: { finished: false, status: "in_progress" } });
    const reverse = await data(agent, `/back/api/user/checkFormation/${anticoag}/${asthma}`);
    expect(reverse).toMatchObject({ prerequisiteMet: false, inOrder: false });
    const notMine = await data(agent, `/back/api/user/checkFormation/${other}/${asthma}`);
    expect(notMine.a).toEqual({ trainingId: other, enrolled: false, status: null, finished: false, finishedAt: null });
    expectEnvelope(await agent.get("/back/api/user/checkFormation/abc/2"), 422);
    expectEnvelope(await agent.get("/back/api/user/checkFormation/0/2"), 422);
    expectEnvelope(await agent.get(`/back/api/user/checkFormation/99999999/${asthma}`), 404);
  });

  test("tracking and trainings list", async () => {
    const agent = await loggedIn("learner@demo.test");
    const tracking = await data(agent, "/back/api/user/tracking");
    const asthma = tracking.find((t: any) => t.slug === "asthme-bpco");
    expect(asthma.status).toBe("finished");
    expect(asthma.modules.total).toBeGreaterThan(0);
    // Finished: every quiz of the training was answered, the evaluation included.
    expect(asthma.quizzes.map((q: any) => q.kind).sort()).toEqual(["evaluation", "post_test", "pre_test"]);
    expect(asthma.modules.completed).toBe(asthma.modules.total);
    const list = await data(agent, "/back/api/user/trainingsList");
    const names = list.map((t: any) => t.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, "fr"))).toEqual(names);
    // enrolments (8) plus history-only trainings (3)
    expect(list).toHaveLength(11);
    expect(list.find((t: any) => t.slug === "douleur-antalgiques")).toMatchObject({ status: "finished", enrolmentId: null });
  });

  test("suggestions: published trainings of the brand the learner is not on, at most 6", async () => {
    const agent = await loggedIn("learner@demo.test");
    const suggestions = await data(agent, "/back/api/user/getPersonalizedSuggestions");
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(6);
    const mine = new Set((await data(agent, "/back/api/user/trainingsList")).map((t: any) => t.id));
    const rows = await suite.db
      .select()
      .from(trainings)
      .where(
        inArray(
          trainings.id,
          suggestions.map((s: any) => s.id),
        ),
      );
    for (const s of suggestions) {
      expect(mine.has(s.id)).toBe(false);
      const row = rows.find((r) => r.id === s.id)!;
      expect(row).toMatchObject({ brand: "fr", isPublished: true, isTest: false, holdersOnly: false });
    }
    const shared = suggestions.map((s: any) => s.sharedTags.length);
    expect([...shared].sort((a: number, b: number) => b - a)).toEqual(shared);
    const allTags = await suite.db.select().from(trainingTags);
    const myOwnTags = new Set(allTags.filter((r) => mine.has(r.trainingId)).map((r) => r.tag));
    for (const s of suggestions) {
      const expectedTags = allTags
        .filter((r) => r.trainingId === s.id)
        .map((r) => r.tag)
        .sort();
      expect([...s.tags].sort(), s.slug).toEqual(expectedTags);
      expect([...s.sharedTags].sort(), s.slug).toEqual(expectedTags.filter((tag) => myOwnTags.has(tag)));
    }

    // The same six as ranking every candidate of the brand here: shared tags, then new, then newest, then id.
    const me = (await agent.get("/back/api/user")).body.data;
    const tagRows = await suite.db.select().from(trainingTags);
    const tagsOf = (id: number) => tagRows.filter((r) => r.trainingId === id).map((r) => r.tag);
    const myTags = new Set([...mine].flatMap((id) => tagsOf(id as number)));
    const all = await suite.db
      .select()
      .from(trainings)
      .where(and(eq(trainings.brand, "fr"), eq(trainings.isPublished, true), eq(trainings.isTest, false), eq(trainings.obsolete, false)));
    const expected = all
      .filter((t) => !mine.has(t.id) && fitsAudience(t, { isPharmacist: me.isPharmacist, isHolder: me.isHolder }).ok)
      .map((t) => ({ t, shared: tagsOf(t.id).filter((tag) => myTags.has(tag)).length }))
      .sort((a, b) => b.shared - a.shared || Number(b.t.isNew) - Number(a.t.isNew) || b.t.createdAt.getTime() - a.t.createdAt.getTime() || a.t.id - b.t.id)
      .slice(0, 6)
      .map(({ t }) => t.id);
    expect(suggestions.map((s: any) => s.id)).toEqual(expected);
  });

  test("training plan: padded period, month ranges and rows", async () => {
    const agent = await loggedIn("learner@demo.test");
    const plan = await data(agent, "/back/api/user/trainingPlan");
    expect(plan).toMatchObject({ Id: null, users: {}, historyPlans: [] });
    expect(plan.monthCount).toBeGreaterThanOrEqual(12);
    expect(plan.startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(plan.activities).toHaveLength(8);
    for (const a of plan.activities) {
      expect(a.fromDate).toBe(`${a.startDate.slice(0, 7)}-01`);
      expect(a.toDate.slice(0, 7)).toBe((a.finishDate ?? a.startDate).slice(0, 7));
      expect(a.fromDate >= plan.startDate && a.toDate <= plan.endDate).toBe(true);
      expect(a.row).toBeGreaterThanOrEqual(1);
    }
    for (const a of plan.activities) {
      for (const b of plan.activities) {
        if (a !== b && a.row === b.row) expect(a.toDate < b.fromDate || b.toDate < a.fromDate).toBe(true);
      }
    }
  });

  test("badges: award rules, idempotent, notified once, translated", async () => {
    const agent = await loggedIn("learner@demo.test");
    const id = await userId("learner@demo.test");
    const countNotifications = async (user: number) => (await suite.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, user)))[0].n;
    const notificationsBefore = await countNotifications(id);
    const ctx = suite.context();
    const [first, second] = await Promise.all([awardBadges(ctx, id), awardBadges(ctx, id)]);
    const awarded = [...first, ...second].sort();
    // 6 finished trainings, over 100 points, the asthma post-test answered without mistakes, a DPC finished;
    // never 3 finished in one month.
    expect(awarded).toEqual(["dpcCompleted", "firstTraining", "fiveTrainings", "hundredPoints", "perfectScore"]);
    expect(await awardBadges(ctx, id)).toEqual([]);
    expect(await countNotifications(id)).toBe(notificationsBefore + 5);
    const [notification] = await suite.db.select().from(notifications).where(eq(notifications.userId, id)).orderBy(desc(notifications.id)).limit(1);
    expect(notification.title).toMatch(/^Nouveau badge : /);
    const rows = await suite.db.select().from(userBadges).where(eq(userBadges.userId, id));
    expect(rows).toHaveLength(5);

    const after = await data(agent, "/back/api/user/getBadges");
    expect(after.map((b: any) => b.code)).toEqual(["firstTraining", "fiveTrainings", "hundredPoints", "perfectScore", "dpcCompleted", "threeInAMonth"]);
    const firstBadge = after.find((b: any) => b.code === "firstTraining");
    expect(firstBadge).toMatchObject({ earned: true, label: "Premier pas" });
    expect(new Date(firstBadge.awardedAt).getTime()).toBeGreaterThan(0);
    expect(after.find((b: any) => b.code === "threeInAMonth")).toMatchObject({ earned: false, awardedAt: null });
    const es = suite.agent({ "accept-language": "es-ES" });
    for (const [name, value] of agent.cookies) es.cookies.set(name, value);
    const spanish = (await es.get("/back/api/user/getBadges")).body.data;
    expect(spanish.find((b: any) => b.code === "firstTraining").label).toBe("Primer paso");
  });

  test("badges: records older than the rules are caught up silently on getBadges, for that user only", async () => {
    const holderId = await userId("holder@demo.test");
    const otherId = await userId("lea.bernard@demo.test");
    const before = { holder: await countRowsOf(holderId), other: await countRowsOf(otherId) };
    const holder = await loggedIn("holder@demo.test");
    const badges = await data(holder, "/back/api/user/getBadges");
    // vaccination-officine finished (DPC), 55 + 92 + 80 points
    expect(badges.filter((b: any) => b.earned).map((b: any) => b.code)).toEqual(["firstTraining", "hundredPoints", "dpcCompleted"]);
    expect(await countRowsOf(holderId)).toEqual({ badges: 3, notifications: before.holder.notifications });
    expect(await countRowsOf(otherId)).toEqual(before.other);
  });

  test("web: the history page shows 20 entries a page with page links; points hidden without points access", async () => {
    const email = "records.js.fr@demo.test";
    const id = await userId(email);
    const [course] = await suite.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.brand, "fr")).limit(1);
    await suite.db.insert(historyEntries).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: id,
        trainingId: course.id,
        startDate: new Date(Date.UTC(2025, 0, 1 + i, 9)),
        endDate: new Date(Date.UTC(2025, 0, 2 + i, 9)),
        initialScore: 40,
        finalScore: 80,
        points: 5,
      })),
    );
    const agent = await loggedIn(email);
    const html = async (path: string) => {
      const reply = await agent.get(path, { headers: { accept: "text/html" } });
      expect(reply.status).toBe(200);
      return reply.text;
    };
    const rows = (text: string) => text.split('data-testid="history-row"').length - 1;
    const first = await html("/compte/profil/historique");
    expect(rows(first)).toBe(20);
    expect(first).toContain('data-testid="pagination"');
    expect(first).toContain('data-testid="total-points"');
    const second = await html("/compte/profil/historique?page=2");
    expect(rows(second)).toBe(5);
    expect(second).toMatch(/aria-current="page"[^>]*>2</);
    // Out of range pages are clamped to the last one.
    expect(rows(await html("/compte/profil/historique?page=9"))).toBe(5);

    // Same learner without an appId: no points anywhere on the page.
    await suite.db.update(users).set({ appId: null }).where(eq(users.id, id));
    const noPoints = await html("/compte/profil/historique");
    expect(rows(noPoints)).toBe(20);
    expect(noPoints).not.toContain('data-testid="entry-points"');
    expect(noPoints).not.toContain('data-testid="total-points"');
  });

  test("web: when the history call fails, the page is the spec's 'Error fetch history' error with the status", async () => {
    const agent = await loggedIn("records.nojs.fr@demo.test");
    // A real failure of the back API's query (no stand-in): its table is briefly out of reach.
    await suite.db.execute(sql`alter table history_entries rename to history_entries_away`);
    try {
      const reply = await agent.get("/compte/profil/historique", { headers: { accept: "text/html" } });
      expect(reply.status).toBe(500);
      expect(reply.text).toContain("Error fetch history");
    } finally {
      await suite.db.execute(sql`alter table history_entries_away rename to history_entries`);
    }
    const again = await agent.get("/compte/profil/historique", { headers: { accept: "text/html" } });
    expect(again.status).toBe(200);
  });

  async function countRowsOf(user: number) {
    const [b] = await suite.db.select({ n: count() }).from(userBadges).where(eq(userBadges.userId, user));
    const [n] = await suite.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, user));
    return { badges: b.n, notifications: n.n };
  }
});
