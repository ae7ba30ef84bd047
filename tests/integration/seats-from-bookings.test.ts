// Seats from one source of truth (issue 29 item 3, ADR 0111): a session's booked seats are the count of its active
// bookings (pending, in progress or finished enrolments of the session). After every seat operation (book, cancel,
// waiting-list promotion, move, pay, session cancel) every session of the database shows exactly its bookings, and the
// admin page, the admin list and the public session list say the same number. The database refuses a counter that
// differs from the bookings (a phantom seat) and a booking beyond the seats.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { enrolments, faceToFaceSessions } from "../../server/db/schema/index.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { accountOf, agentFor, createLearners, createSession, sessionRow, trainingBySlug, userByEmail } from "./enrolment-helpers.ts";
import { createShopBuyers, payWithCard, storeTrainings } from "./shop-helpers.ts";

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Sessions whose counter is not their count of active bookings (none, ever). */
async function drifted(db: Db) {
  return rows<{ id: number; current: number; booked: number }>(
    await db.execute(sql`select s.id, s.current_participants as current, count(e.id)::int as booked
      from face_to_face_sessions s
      left join enrolments e on e.session_id = s.id and e.status in ('pending', 'in_progress', 'finished')
      group by s.id having s.current_participants <> count(e.id)`),
  );
}

describe.each(backends())("seats are the active bookings (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  const admin = async (): Promise<Agent> => {
    const agent = suite.agent({ "accept-language": "fr-FR", "x-forwarded-host": "localhost" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    return agent;
  };

  /** The booked seats as every screen reads them: the row, the admin page (and its participants), the admin list, the public detail. */
  async function shown(agent: Agent, training: { id: number; slug: string }, sessionId: number) {
    const row = await sessionRow(suite.db, sessionId);
    const detail = (await agent.get(`/back/api/admin/sessions/${sessionId}`)).body.data;
    const list = (await agent.get(`/back/api/admin/sessions?training=${training.id}&when=upcoming`)).body.data.items;
    const publicDetail = (await suite.agent({ "accept-language": "fr-FR" }).get(`/back/api/training/${training.slug}`)).body.data;
    const publicSession = publicDetail.faceToFaces.flatMap((g: { sessions: { id: number }[] }) => g.sessions).find((s: { id: number }) => s.id === sessionId);
    return {
      row: row.currentParticipants,
      page: detail.currentParticipants,
      participants: detail.participants.length,
      list: list.find((i: { id: number }) => i.id === sessionId)?.currentParticipants,
      public: publicSession?.currentParticipants,
    };
  }
  const everywhere = (n: number) => ({ row: n, page: n, participants: n, list: n, public: n });

  test("the demo data holds no phantom seat: every session's count is its bookings, and full sessions are full of named learners", async () => {
    expect(await drifted(suite.db)).toEqual([]);
    const full = rows<{ id: number; max: number; named: number }>(
      await suite.db.execute(sql`select s.id, s.max_participants as max, count(u.id)::int as named from face_to_face_sessions s
        join enrolments e on e.session_id = s.id and e.status in ('pending', 'in_progress', 'finished') join users u on u.id = e.user_id
        where s.current_participants = s.max_participants group by s.id`),
    );
    expect(full.length).toBeGreaterThanOrEqual(3);
    for (const session of full) expect(session.named, `session ${session.id}`).toBe(session.max);
  });

  test("book, cancel, waiting-list promotion, move, session cancel: the count follows the bookings on every screen", async () => {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session, group } = await createSession(suite.db, training.id, { seats: 2 });
    const { session: other } = await createSession(suite.db, training.id, { seats: 3 });
    const learner = await userByEmail(suite.db, "learner@demo.test");
    const accountId = await accountOf(suite.db, learner.id);
    const ids = await createLearners(suite.db, 4, accountId, `seats-${backend}`);
    const agents = await Promise.all(ids.map((id) => agentFor(suite, id, accountId)));
    const boss = await admin();
    expect(await shown(boss, training, session.id)).toEqual(everywhere(0));

    // Book: two seats, then two learners on the waiting list (who hold no seat).
    for (const agent of agents) expectEnvelope(await agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [session.id] }), 200);
    expect(await drifted(suite.db)).toEqual([]);
    expect(await shown(boss, training, session.id)).toEqual(everywhere(2));
    const enrolmentOf = async (userId: number) => (await suite.db.select().from(enrolments).where(eq(enrolments.userId, userId)))[0]!;
    expect((await enrolmentOf(ids[2]!)).status).toBe("waiting_list");

    // Cancel: the freed seat goes to number 1 of the line, the count stays at 2.
    expectEnvelope(await agents[0]!.post(`/back/api/course/unsubscribe/${training.id}`, {}), 200);
    expect(await drifted(suite.db)).toEqual([]);
    expect((await enrolmentOf(ids[2]!)).status).toBe("pending");
    expect(await shown(boss, training, session.id)).toEqual(everywhere(2));

    // The administrator promotes the last of the line into the full session with one seat more.
    const waiting = await enrolmentOf(ids[3]!);
    expectEnvelope(await boss.post(`/back/api/admin/sessions/${session.id}/waiting-list/promote`, { enrolmentId: waiting.id, addSeat: true }), 200);
    expect(await drifted(suite.db)).toEqual([]);
    expect(await shown(boss, training, session.id)).toEqual(everywhere(3));
    expect((await sessionRow(suite.db, session.id)).maxParticipants).toBe(3);

    // Move: one seat leaves this session and is taken in the other.
    const moving = await enrolmentOf(ids[1]!);
    expectEnvelope(await boss.post(`/back/api/admin/sessions/${session.id}/move`, { enrolmentId: moving.id, toSessionId: other.id }), 200);
    expect(await drifted(suite.db)).toEqual([]);
    expect(await shown(boss, training, session.id)).toEqual(everywhere(2));
    expect(await shown(boss, training, other.id)).toEqual(everywhere(1));

    // Session cancel: its bookings are cancelled and the learners named; the other session keeps its seat.
    const cancelled = await boss.post(`/back/api/admin/sessions/${session.id}/cancel`, { confirm: true });
    expectEnvelope(cancelled, 200);
    expect(cancelled.body.data).toEqual({ notified: 2, learners: [`L2 seats-${backend}`, `L3 seats-${backend}`] });
    expect(cancelled.body.message).toBe(`Session annulée : 2 apprenants prévenus : L2 seats-${backend}, L3 seats-${backend}.`);
    expect(await drifted(suite.db)).toEqual([]);
    expect(await shown(boss, training, other.id)).toEqual(everywhere(1));
    void group;

    // An empty session's cancellation says nobody was told.
    const { session: empty } = await createSession(suite.db, training.id, { seats: 4 });
    const nobody = await boss.post(`/back/api/admin/sessions/${empty.id}/cancel`, { confirm: true });
    expectEnvelope(nobody, 200);
    expect(nobody.body.data).toEqual({ notified: 0, learners: [] });
    expect(nobody.body.message).toBe("Session annulée : aucun apprenant n'y était inscrit, personne n'a été prévenu.");
  });

  test("pay: a paid session seat is one booking more, a refused card none", async () => {
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const { group, session } = await createSession(suite.db, f2f!.id, { seats: 2, booked: 1 });
    const [buyer] = await createShopBuyers(suite.db, 1, `seats-pay-${backend}`);
    const agent = await agentFor(suite, buyer!, null);
    const cart = (await agent.post("/back/api/shop/add/products", { products: [f2f!.id] })).body.data;
    const functions = (await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: f2f!.id })).body.data;
    if (functions.length > 0)
      expectEnvelope(
        await agent.post("/back/api/shop/setProductFunction/product", { productCartId: cart.products[0].id, functionName: functions[0].name }),
        200,
      );
    expectEnvelope(
      await agent.post("/back/api/shop/setProductSession/product", { productCartId: cart.products[0].id, sessionId: session.id, sessionCourseId: group.id }),
      200,
    );

    const refused = await payWithCard(agent, "4000 0000 0000 0002");
    await refused.pay();
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    const paid = await payWithCard(agent, "4242 4242 4242 4242");
    expect((await paid.pay()).headers.get("location")).toMatch(/payment=paid$/);
    expect(await drifted(suite.db)).toEqual([]);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
  });

  test("the database refuses a phantom seat, a lost one and a booking beyond the seats", async () => {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session } = await createSession(suite.db, training.id, { seats: 2, booked: 1 });
    await expect(suite.db.update(faceToFaceSessions).set({ currentParticipants: 2 }).where(eq(faceToFaceSessions.id, session.id))).rejects.toThrow();
    await expect(suite.db.update(faceToFaceSessions).set({ currentParticipants: 0 }).where(eq(faceToFaceSessions.id, session.id))).rejects.toThrow();
    const [group] = await suite.db.select({ id: faceToFaceSessions.faceToFaceId }).from(faceToFaceSessions).where(eq(faceToFaceSessions.id, session.id));
    await expect(
      suite.db
        .insert(faceToFaceSessions)
        .values({ faceToFaceId: group!.id, name: "phantom", startDate: "2031-01-01", maxParticipants: 5, currentParticipants: 3 }),
    ).rejects.toThrow();
    // A third booking of two seats: the seats check refuses it, nothing changes.
    const ids = await createLearners(suite.db, 2, await accountOf(suite.db, (await userByEmail(suite.db, "learner@demo.test")).id), `seats-db-${backend}`);
    await suite.db.insert(enrolments).values({ userId: ids[0]!, trainingId: training.id, status: "pending", sessionId: session.id });
    await expect(suite.db.insert(enrolments).values({ userId: ids[1]!, trainingId: training.id, status: "pending", sessionId: session.id })).rejects.toThrow();
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
    // A booking that goes on to the next step keeps its seat; a cancelled one frees it.
    await suite.db.update(enrolments).set({ status: "in_progress" }).where(eq(enrolments.userId, ids[0]!));
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
    await suite.db.update(enrolments).set({ status: "cancelled" }).where(eq(enrolments.userId, ids[0]!));
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    expect(await drifted(suite.db)).toEqual([]);
  });
});
