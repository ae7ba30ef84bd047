// The enrolment endpoints of spec section 7 (course, formation, DPC, face to face, mixed, video, pdf, any type,
// virtual classes): happy paths, 401, 419, read-only 403, eligibility refusals, other users' ids, bad input (422,
// nothing written).
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { enrolments, sessionAttendances, trainings } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import {
  accountOf,
  agentFor,
  createLearners,
  createSession,
  firstTrainingOfType,
  parisDay,
  sessionRow,
  trainingBySlug,
  userByEmail,
} from "./enrolment-helpers.ts";

describe.each(backends())("enrolment endpoints (%s)", (backend) => {
  const suite = useSuite(backend);
  let accountId: number;
  let counter = 0;

  beforeAll(async () => {
    accountId = await accountOf(suite.db, (await userByEmail(suite.db, "learner@demo.test")).id);
  });

  /** A fresh pharmacist learner of Pharmacie du Marché (valid contract), logged in. */
  async function freshLearner(profession = "pharmacist"): Promise<{ id: number; agent: Agent }> {
    const [id] = await createLearners(suite.db, 1, accountId, `e-${backend}-${counter++}`, profession);
    return { id, agent: await agentFor(suite, id, accountId) };
  }

  async function demoAgent(email: string, headers: Record<string, string> = {}) {
    const user = await userByEmail(suite.db, email);
    const account = await accountOf(suite.db, user.id).catch(() => null);
    return agentFor(suite, user.id, account, headers);
  }

  const formation = () => firstTrainingOfType(suite.db, "fr", "formation", (t) => !t.noContractRequired);
  const activeCount = async (userId: number) =>
    (
      await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled")))
    ).length;

  describe("formation subscribe / unsubscribe / createSuivi / LMS", () => {
    test("subscribe starts the training at once, twice is a 409, unsubscribe cancels, subscribing again works", async () => {
      const training = await formation();
      const { id, agent } = await freshLearner();
      const reply = await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expectEnvelope(reply, 200);
      expect(reply.body.message).toBe("Vous êtes inscrit à la formation.");
      expect(reply.body.data).toMatchObject({ outcome: "subscribed", enrolment: { trainingId: training.id, status: "in_progress", sessionId: null } });
      expect(reply.body.data.enrolment.startedAt).not.toBeNull();

      const twice = await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expectEnvelope(twice, 409);
      expect(twice.body.message).toBe("Vous êtes déjà inscrit à cette formation.");

      // Another learner cannot cancel it or read it: everything is scoped to the caller.
      const other = await freshLearner();
      expectEnvelope(await other.agent.post(`/back/api/course/unsubscribe/${training.id}`, {}), 404);
      expectEnvelope(await other.agent.post(`/back/api/user/formation/createSuivi/${training.id}`, {}), 404);
      expect((await other.agent.get(`/back/api/user/enrolment/${training.id}`)).body.data.enrolment).toBeNull();
      expect(await activeCount(id)).toBe(1);

      const mine = await agent.get(`/back/api/user/enrolment/${training.id}`);
      expectEnvelope(mine, 200);
      expect(mine.body.data.enrolment.status).toBe("in_progress");

      const out = await agent.post(`/back/api/user/formation/unsubscribe/${training.id}`, {});
      expectEnvelope(out, 200);
      expect(await activeCount(id)).toBe(0);
      expect((await agent.get(`/back/api/user/enrolment/${training.id}`)).body.data.enrolment).toBeNull();
      expectEnvelope(await agent.post(`/back/api/user/formation/unsubscribe/${training.id}`, {}), 404);

      expectEnvelope(await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id }), 200);
      expect(await activeCount(id)).toBe(1);
    });

    test("createSuivi sets the follow-up number once; setActiveOnLmsAndGetPassword toggles lms_active", async () => {
      const training = await formation();
      const { id, agent } = await freshLearner();
      expectEnvelope(await agent.post(`/back/api/user/formation/createSuivi/${training.id}`, {}), 404);
      await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      const first = await agent.post(`/back/api/user/formation/createSuivi/${training.id}`, {});
      expectEnvelope(first, 200);
      expect(first.body.data.dossierId).toMatch(/^SUIVI-\d+-[0-9A-F]{8}$/);
      const second = await agent.post(`/back/api/user/formation/createSuivi/${training.id}`, {});
      expect(second.body.data.dossierId).toBe(first.body.data.dossierId);

      const on = await agent.post("/back/api/user/formation/setActiveOnLmsAndGetPassword", { trainingId: training.id, status: true });
      expectEnvelope(on, 200);
      expect(on.body.data.lmsActive).toBe(true);
      expect(on.body.data.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
      const [row] = await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, id), eq(enrolments.trainingId, training.id)));
      expect(row.lmsActive).toBe(true);
      const off = await agent.post("/back/api/user/formation/setActiveOnLmsAndGetPassword", { trainingId: training.id, status: false });
      expect(off.body.data).toEqual({ lmsActive: false, password: null });

      const bad = await agent.post("/back/api/user/formation/setActiveOnLmsAndGetPassword", { trainingId: training.id, status: "maybe" });
      expectEnvelope(bad, 422);
      expect(Object.keys(bad.body.data.errors)).toContain("status");
    });

    test("GET /api/lms/maintenance answers maintenance false", async () => {
      const reply = await suite.agent().get("/back/api/lms/maintenance");
      expectEnvelope(reply, 200);
      expect(reply.body.data).toEqual({ maintenance: false });
    });
  });

  describe("guards", () => {
    test("401 for a guest, 419 without the CSRF header, 403 for a read-only contract", async () => {
      const training = await formation();
      const guest = suite.agent({ "accept-language": "fr-FR" });
      await guest.csrf();
      expectEnvelope(await guest.post("/back/api/user/formation/subscribe", { trainingId: training.id }), 401);
      expectEnvelope(await guest.post(`/back/api/course/subscribe/${training.id}`, { sessions: [] }), 401);

      const { id, agent } = await freshLearner();
      const noCsrf = await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id }, { csrf: false });
      expectEnvelope(noCsrf, 419);
      const pdf = await trainingBySlug(suite.db, "fr", "memo-chaine-du-froid");
      expectEnvelope(await agent.get(`/back/api/user/pdf/subscribe/${pdf.id}`), 419);
      expect(await activeCount(id)).toBe(0);

      const readonly = await demoAgent("readonly@demo.test");
      const reply = await readonly.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expectEnvelope(reply, 403);
      expect(reply.body.message).toBe("Votre contrat est en lecture seule : vous ne pouvez rien modifier.");
    });

    test("shop users, expired contracts and audiences are refused with their own message; noContractRequired lets an expired contract through", async () => {
      const training = await formation();
      const shop = await demoAgent("shop@demo.test", { "accept-language": "es-ES" });
      const shopReply = await shop.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expectEnvelope(shopReply, 403);
      expect(shopReply.body.message).toMatch(/tienda/);

      const expired = await demoAgent("expired@demo.test");
      const expiredReply = await expired.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expectEnvelope(expiredReply, 403);
      expect(expiredReply.body.message).toMatch(/contrat .* n'est pas valide/);
      const [free] = await suite.db
        .select()
        .from(trainings)
        .where(and(eq(trainings.brand, "fr"), eq(trainings.noContractRequired, true), eq(trainings.isPublished, true), eq(trainings.type, "formation")));
      expectEnvelope(await expired.post("/back/api/user/formation/subscribe", { trainingId: free.id }), 200);

      const [pharmacistsOnly] = await suite.db
        .select()
        .from(trainings)
        .where(and(eq(trainings.brand, "fr"), eq(trainings.pharmacistsOnly, true), eq(trainings.nonHoldersOnly, false), eq(trainings.isPublished, true)));
      const preparer = await freshLearner("preparer");
      const audience = await preparer.agent.post("/back/api/user/formation/subscribe", { trainingId: pharmacistsOnly.id });
      expectEnvelope(audience, 403);
      expect(audience.body.message).toBe("Cette formation est réservée aux pharmaciens.");
      expect(await activeCount(preparer.id)).toBe(0);

      const [holdersOnly] = await suite.db
        .select()
        .from(trainings)
        .where(and(eq(trainings.brand, "fr"), eq(trainings.holdersOnly, true), eq(trainings.isPublished, true)));
      const learner = await freshLearner();
      const holders = await learner.agent.post("/back/api/user/formation/subscribe", { trainingId: holdersOnly.id });
      expectEnvelope(holders, 403);
      expect(holders.body.message).toBe("Cette formation est réservée aux titulaires.");
      const [holderId] = await createLearners(suite.db, 1, accountId, `holder-${backend}`, "pharmacist", "holder");
      const holder = await agentFor(suite, holderId, accountId);
      expectEnvelope(await holder.post("/back/api/user/formation/subscribe", { trainingId: holdersOnly.id }), 200);
    });

    test("unpublished and other-brand trainings are 404; unknown types are 404", async () => {
      const { id, agent } = await freshLearner();
      const [hidden] = await suite.db
        .select()
        .from(trainings)
        .where(and(eq(trainings.brand, "fr"), eq(trainings.isPublished, false)));
      expectEnvelope(await agent.post("/back/api/user/formation/subscribe", { trainingId: hidden.id }), 404);
      const spanish = await firstTrainingOfType(suite.db, "es", "formation");
      const other = await agent.post("/back/api/user/formation/subscribe", { trainingId: spanish.id });
      expectEnvelope(other, 404);
      expect(other.body.message).toBe("Cette formation n'existe pas ou n'est pas disponible.");
      const unknown = await agent.post("/back/api/user/cooking/subscribe", { trainingId: spanish.id });
      expectEnvelope(unknown, 404);
      expect(unknown.body.message).toBe("Type de formation inconnu : cooking.");
      expect(await activeCount(id)).toBe(0);
    });

    test("bad input is a 422 and writes nothing", async () => {
      const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
      const { agent } = await freshLearner();
      const before = await tableCounts(suite.db);
      const cases: [string, unknown][] = [
        ["/back/api/user/formation/subscribe", {}],
        ["/back/api/user/formation/subscribe", { trainingId: "abc" }],
        ["/back/api/user/formation/subscribe", { trainingId: 1, extra: true }],
        [`/back/api/course/subscribe/${training.id}`, { sessions: "1" }],
        [`/back/api/course/subscribe/${training.id}`, { sessions: [1, 2] }],
        ["/back/api/course/subscribe/abc", { sessions: [] }],
        ["/back/api/user/faceToFaceOnly/subscribe", { trainingId: training.id }],
        ["/back/api/user/mixt/subscribe", { trainingId: training.id, sessionId: -4 }],
        ["/back/api/user/dpc/subscribe", { trainingId: training.id, dpcProgrammeId: "x" }],
        // A face-to-face training needs a session.
        ["/back/api/user/faceToFaceOnly/subscribe", { trainingId: training.id, sessionId: 999999 }],
        ["/back/api/user/formation/subscribe", { trainingId: training.id }],
      ];
      for (const [path, body] of cases) {
        const reply = await agent.post(path, body);
        expectEnvelope(reply, 422);
        expect(reply.body.data.errors, path).toBeTruthy();
      }
      const sessionRequired = await agent.post("/back/api/user/formation/subscribe", { trainingId: training.id });
      expect(sessionRequired.body.data.errors.sessionId).toEqual(["Choisissez une session pour réserver cette formation."]);
      const tooMany = await agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [1, 2] });
      expect(tooMany.body.data.errors.sessions).toEqual(["Doit être au plus 1."]);
      const after = await tableCounts(suite.db);
      // The agents' own session rows are the only difference allowed: none here.
      expect(after).toEqual(before);
    });
  });

  describe("sessions: course, faceToFaceOnly, mixt, DPC", () => {
    test("course/subscribe books a seat (one less available) and course/unsubscribe frees it", async () => {
      const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
      const { session } = await createSession(suite.db, training.id, { seats: 3, booked: 1 });
      const { agent } = await freshLearner();
      const reply = await agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [session.id] });
      expectEnvelope(reply, 200);
      expect(reply.body.message).toBe("Votre place est réservée.");
      expect(reply.body.data.enrolment).toMatchObject({ status: "pending", sessionId: session.id });
      expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
      expectEnvelope(await agent.post(`/back/api/course/unsubscribe/${training.id}`, {}), 200);
      expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    });

    test("a session of another training is a 422, a past session a 409", async () => {
      const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
      const otherTraining = await trainingBySlug(suite.db, "fr", "urgences-au-comptoir");
      const { session: foreign } = await createSession(suite.db, otherTraining.id, { seats: 3 });
      const { session: past } = await createSession(suite.db, training.id, { seats: 3, inDays: -3 });
      const { id, agent } = await freshLearner();
      const wrong = await agent.post("/back/api/user/faceToFaceOnly/subscribe", { trainingId: training.id, sessionId: foreign.id });
      expectEnvelope(wrong, 422);
      expect(wrong.body.message).toBe("Cette session n'appartient pas à cette formation.");
      const old = await agent.post("/back/api/user/faceToFaceOnly/subscribe", { trainingId: training.id, sessionId: past.id });
      expectEnvelope(old, 409);
      expect(old.body.message).toBe("Cette session a déjà eu lieu : choisissez-en une autre.");
      expect(await activeCount(id)).toBe(0);
      expect((await sessionRow(suite.db, foreign.id)).currentParticipants).toBe(0);
    });

    test("mixt/subscribe books a session of a mixed training; the generic type endpoints subscribe and unsubscribe", async () => {
      const training = await trainingBySlug(suite.db, "fr", "contention-veineuse");
      const { session } = await createSession(suite.db, training.id, { seats: 2 });
      const { id, agent } = await freshLearner();
      const reply = await agent.post("/back/api/user/mixt/subscribe", { trainingId: training.id, sessionId: session.id });
      expectEnvelope(reply, 200);
      expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
      expectEnvelope(await agent.post("/back/api/user/mixt/unsubscribe", { trainingId: training.id }), 200);
      expect(await activeCount(id)).toBe(0);
      expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(0);
      const generic = await agent.post("/back/api/user/faceToFaceOnly/subscribe", { trainingId: training.id, sessionId: session.id });
      expectEnvelope(generic, 200);
    });

    test("DPC: sessions list with seats, subscribe with the programme and a session", async () => {
      const training = await trainingBySlug(suite.db, "fr", "trod-angine-cystite");
      const list = await suite.agent().get(`/back/api/training/dpc/sessions/${training.id}`);
      expectEnvelope(list, 200);
      expect(list.body.data.length).toBeGreaterThan(0);
      const open = list.body.data.find((s: any) => s.seatsAvailable > 0 && s.startDate > parisDay(0));
      expect(open).toMatchObject({ seatsAvailable: open.maxParticipants - open.currentParticipants, isFull: false });
      const formationTraining = await formation();
      expectEnvelope(await suite.agent().get(`/back/api/training/dpc/sessions/${formationTraining.id}`), 404);

      const { agent } = await freshLearner();
      const reply = await agent.post("/back/api/user/dpc/subscribe", { trainingId: training.id, sessionId: open.id });
      expectEnvelope(reply, 200);
      expect(reply.body.data.enrolment.dpcProgrammeId).not.toBeNull();
      const again = await suite.agent().get(`/back/api/training/dpc/sessions/${training.id}`);
      expect(again.body.data.find((s: any) => s.id === open.id).currentParticipants).toBe(open.currentParticipants + 1);

      const notDpc = await (await freshLearner()).agent.post("/back/api/user/dpc/subscribe", { trainingId: formationTraining.id });
      expectEnvelope(notDpc, 422);
      expect(notDpc.body.message).toBe("Cette formation n'est pas un programme DPC.");
    });
  });

  describe("video, pdf, course/subscribe/lms", () => {
    test("video subscribe/unsubscribe; pdf subscribe is a GET that needs the CSRF header", async () => {
      const video = await trainingBySlug(suite.db, "fr", "dispositifs-inhalation-video");
      const pdf = await trainingBySlug(suite.db, "fr", "memo-chaine-du-froid");
      const { id, agent } = await freshLearner();
      expectEnvelope(await agent.post(`/back/api/user/video/subscribe/${video.id}`, {}), 200);
      expectEnvelope(await agent.post(`/back/api/user/video/unsubscribe/${video.id}`, {}), 200);
      const xsrf = decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!);
      const reply = await agent.get(`/back/api/user/pdf/subscribe/${pdf.id}`, { headers: { "x-xsrf-token": xsrf } });
      expectEnvelope(reply, 200);
      expect(await activeCount(id)).toBe(1);
    });

    test("course/subscribe/lms subscribes when needed and activates the player", async () => {
      const training = await formation();
      const { id, agent } = await freshLearner();
      const reply = await agent.post(`/back/api/course/subscribe/lms/${training.id}`, {});
      expectEnvelope(reply, 200);
      expect(reply.body.data).toEqual({ lmsActive: true });
      const [row] = await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, id), eq(enrolments.trainingId, training.id)));
      expect(row).toMatchObject({ status: "in_progress", lmsActive: true });
    });
  });

  describe("virtual classes", () => {
    test("join opens 15 minutes before the start, records the arrival, and refuses other learners' sessions", async () => {
      const training = await trainingBySlug(suite.db, "fr", "interactions-cas-pratiques");
      const { session: today, date } = await createSession(suite.db, training.id, {
        seats: 5,
        virtual: true,
        day: parisDay(0),
        startTime: "00:00",
        endTime: "23:59",
      });
      const { session: later } = await createSession(suite.db, training.id, { seats: 5, virtual: true, inDays: 3, startTime: "14:00", endTime: "16:00" });
      const { id, agent } = await freshLearner();
      const other = await freshLearner();
      expectEnvelope(await agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [today.id] }), 200);
      expectEnvelope(await other.agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [later.id] }), 200);
      const xsrf = (a: Agent) => ({ headers: { "x-xsrf-token": decodeURIComponent(a.cookies.get("XSRF-TOKEN")!) } });

      expectEnvelope(await agent.get(`/back/api/user/mixt/virtualClass/join/${today.id}`), 419);
      const join = await agent.get(`/back/api/user/mixt/virtualClass/join/${today.id}`, xsrf(agent));
      expectEnvelope(join, 200);
      expect(join.body.data.url).toBe("https://visio.formapharm.test/test-room");
      const [attendance] = await suite.db
        .select()
        .from(sessionAttendances)
        .where(and(eq(sessionAttendances.userId, id), eq(sessionAttendances.sessionId, today.id)));
      expect(attendance.joinedAt).not.toBeNull();
      const byDate = await agent.get(`/back/api/user/mixt/virtualClass/sessionDateTracking/join/${date.id}`, xsrf(agent));
      expectEnvelope(byDate, 200);
      expect((await suite.db.select().from(sessionAttendances).where(eq(sessionAttendances.userId, id))).length).toBe(1);

      const early = await other.agent.get(`/back/api/user/mixt/virtualClass/join/${later.id}`, xsrf(other.agent));
      expectEnvelope(early, 409);
      expect(early.body.message).toMatch(/^La classe virtuelle ouvre le .* \(heure de Paris\), 15 minutes avant le début\.$/);
      expect(early.body.data.opensAt).toBeTruthy();

      // Another learner's session and date ids are refused.
      expectEnvelope(await other.agent.get(`/back/api/user/mixt/virtualClass/join/${today.id}`, xsrf(other.agent)), 404);
      expectEnvelope(await other.agent.get(`/back/api/user/mixt/virtualClass/sessionDateTracking/join/${date.id}`, xsrf(other.agent)), 404);

      const list = await agent.post("/back/api/virtualSessions/all", {});
      expectEnvelope(list, 200);
      expect(list.body.data).toEqual([
        expect.objectContaining({ sessionId: today.id, sessionDateId: date.id, joinable: true, training: expect.objectContaining({ id: training.id }) }),
      ]);
      const otherList = await other.agent.post("/back/api/virtualSessions/all", {});
      expect(otherList.body.data).toEqual([expect.objectContaining({ sessionId: later.id, joinable: false })]);

      const test = await agent.get("/back/api/user/mixt/virtualClass/create/test");
      expectEnvelope(test, 200);
      const room = await agent.get(test.body.data.url);
      expect(room.status).toBe(200);
      expect(room.text).toContain("<video");
    });
  });
});
