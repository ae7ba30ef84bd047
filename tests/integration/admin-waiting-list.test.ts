// Waiting lists (ADR 0085), through real HTTP on a real database: a seat freed by a move or by raised seats goes to
// the first in line in the same transaction, who is notified in the app and by mail in their language; an
// administrator gives a seat to anyone of the line (a full session needs "add a seat") or takes them off (confirmed),
// both idempotent and audited; two frees at once never overbook; a cancelled session mails every learner.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, enrolments, notifications, users } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { WaitingChangeReplySchema } from "#core/contract/admin-sessions.ts";
import { accountOf, agentFor, createLearners, createSession, enrolmentsOfSession, sessionRow, trainingBySlug, userByEmail } from "./enrolment-helpers.ts";
import { mailsTo, subjectOf } from "../support/mailbox.ts";

describe.each(backends())("waiting lists in the sessions tool (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "it-waiting-list-"));
  const suite = useSuite(backend, { DATA_DIR: dataDir, TRUST_PROXY: "true" });

  async function admin(): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR", "x-forwarded-host": "localhost" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    return agent;
  }

  /** A session of `seats` seats and `n` new learners booking it in turn: the first `seats` booked, the others waiting. */
  async function filledSession(tag: string, seats: number, n: number) {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session, group } = await createSession(suite.db, training.id, { seats });
    const learner = await userByEmail(suite.db, "learner@demo.test");
    const accountId = await accountOf(suite.db, learner.id);
    const ids = await createLearners(suite.db, n, accountId, `${tag}-${backend}`);
    const agents: Agent[] = [];
    for (const id of ids) {
      const agent = await agentFor(suite, id, accountId);
      expectEnvelope(await agent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [session.id] }), 200);
      agents.push(agent);
    }
    const rows = await enrolmentsOfSession(suite.db, session.id);
    const byUser = (id: number) => rows.find((r) => r.userId === id)!;
    return { training, session, group, ids, agents, byUser, emailOf: (i: number) => `${tag}-${backend}-${i}@seats.test` };
  }

  const statusOf = async (enrolmentId: number) => (await suite.db.select().from(enrolments).where(eq(enrolments.id, enrolmentId)))[0];
  const audits = (action: string) => suite.db.select().from(auditLog).where(eq(auditLog.action, action));

  test("a learner moved out or seats raised: the first in line gets the seat in the same change, told in the app and by mail in their language", async () => {
    const { session, group, ids, byUser, emailOf } = await filledSession("auto", 2, 5);
    // Number 1 of the line reads Spanish.
    await suite.db.update(users).set({ locale: "es-ES" }).where(eq(users.id, ids[2]));
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
    expect([2, 3, 4].map((i) => byUser(ids[i]).waitingListPosition)).toEqual([1, 2, 3]);

    const agent = await admin();
    const target = await agent.post("/back/api/admin/sessions", {
      faceToFaceId: group.id,
      name: "Session de repli",
      startDate: "2031-05-06",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: 4,
      city: "Nantes",
    });
    expectEnvelope(target, 201);
    const targetId = target.body.data.id as number;

    // Moving a booked learner out: number 1 (Spanish) takes the seat, the others move up, the count stays at 2.
    expectEnvelope(await agent.post(`/back/api/admin/sessions/${session.id}/move`, { enrolmentId: byUser(ids[0]).id, toSessionId: targetId }), 200);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(2);
    expect((await sessionRow(suite.db, targetId)).currentParticipants).toBe(1);
    expect(await statusOf(byUser(ids[2]).id)).toMatchObject({ status: "pending", waitingListPosition: null });
    expect((await statusOf(byUser(ids[3]).id)).waitingListPosition).toBe(1);
    expect((await statusOf(byUser(ids[4]).id)).waitingListPosition).toBe(2);
    const [move] = await audits("session.moveLearner");
    expect(move.after).toMatchObject({ sessionId: targetId, promotedEnrolments: [byUser(ids[2]).id] });
    const [promotedNote] = await suite.db.select().from(notifications).where(eq(notifications.userId, ids[2]));
    expect(promotedNote.title).toBe("Se ha liberado una plaza para usted");
    const spanish = mailsTo(dataDir, emailOf(2));
    expect(spanish).toHaveLength(1);
    expect(subjectOf(spanish[0])).toContain("se ha liberado una plaza para usted");
    expect(spanish[0]).toContain(session.name);

    // Seats raised from 2 to 3: the new number 1 (French) is booked at once.
    const raised = await agent.post(`/back/api/admin/sessions/${session.id}`, {
      name: session.name,
      startDate: String(session.startDate),
      startTime: "09:00",
      endTime: "17:00",
      maxParticipants: 3,
      city: "Lyon",
    });
    expectEnvelope(raised, 200);
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ maxParticipants: 3, currentParticipants: 3 });
    expect((await statusOf(byUser(ids[3]).id)).status).toBe("pending");
    expect((await statusOf(byUser(ids[4]).id)).waitingListPosition).toBe(1);
    const french = mailsTo(dataDir, emailOf(3));
    expect(french).toHaveLength(1);
    expect(subjectOf(french[0])).toContain("une place s'est libérée pour vous");
    const [update] = (await audits("session.update")).filter((a) => a.entityId === String(session.id));
    expect(update.after).toMatchObject({ maxParticipants: 3, promotedEnrolments: [byUser(ids[3]).id] });

    // Saving the session again frees nothing: nobody else promoted, no new mail.
    expectEnvelope(
      await agent.post(`/back/api/admin/sessions/${session.id}`, {
        name: session.name,
        startDate: String(session.startDate),
        startTime: "09:00",
        endTime: "17:00",
        maxParticipants: 3,
        city: "Lyon",
      }),
      200,
    );
    expect((await statusOf(byUser(ids[4]).id)).status).toBe("waiting_list");
    expect(mailsTo(dataDir, emailOf(4))).toHaveLength(0);
  });

  test("an administrator gives a seat to anyone of the line (a full session needs 'add a seat') or takes them off, once, audited", async () => {
    const { session, ids, byUser, emailOf } = await filledSession("manual", 1, 4);
    const agent = await admin();
    const second = byUser(ids[2]);
    expect(second.waitingListPosition).toBe(2);
    const promotePath = `/back/api/admin/sessions/${session.id}/waiting-list/promote`;
    const removePath = `/back/api/admin/sessions/${session.id}/waiting-list/remove`;

    // Full session, no "add a seat": 409 on that field, nothing written.
    const before = await tableCounts(suite.db);
    const full = await agent.post(promotePath, { enrolmentId: second.id });
    expectEnvelope(full, 409);
    expect(Object.keys(full.body.data.errors)).toEqual(["addSeat"]);
    expect(full.body.data.errors.addSeat[0]).toContain("complète");
    // Someone who is not on this session's line: 404 on the field.
    const stranger = await agent.post(promotePath, { enrolmentId: byUser(ids[0]).id + 100_000 });
    expectEnvelope(stranger, 404);
    expect(Object.keys(stranger.body.data.errors)).toEqual(["enrolmentId"]);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(await statusOf(second.id)).toMatchObject({ status: "waiting_list", waitingListPosition: 2 });

    // With "add a seat": the session gets a second seat and number 2 has it; number 1 keeps their place.
    const promoted = await agent.post(promotePath, { enrolmentId: second.id, addSeat: true });
    expectEnvelope(promoted, 200);
    expect(WaitingChangeReplySchema.parse(promoted.body.data)).toEqual({ id: session.id, changed: true });
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ maxParticipants: 2, currentParticipants: 2 });
    expect(await statusOf(second.id)).toMatchObject({ status: "pending", waitingListPosition: null });
    expect((await statusOf(byUser(ids[1]).id)).waitingListPosition).toBe(1);
    expect((await statusOf(byUser(ids[3]).id)).waitingListPosition).toBe(2);
    const [record] = await audits("session.promoteWaiting");
    expect(record).toMatchObject({ entityType: "enrolment", entityId: String(second.id) });
    expect(record.before).toMatchObject({ status: "waiting_list", waitingListPosition: 2, maxParticipants: 1 });
    expect(record.after).toMatchObject({ status: "pending", maxParticipants: 2 });
    expect(mailsTo(dataDir, emailOf(2))).toHaveLength(1);

    // Again: nothing changes, no second audit row or mail.
    const again = await agent.post(promotePath, { enrolmentId: second.id, addSeat: true });
    expectEnvelope(again, 200);
    expect(again.body.data).toEqual({ id: session.id, changed: false });
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ maxParticipants: 2, currentParticipants: 2 });
    expect(await audits("session.promoteWaiting")).toHaveLength(1);
    expect(mailsTo(dataDir, emailOf(2))).toHaveLength(1);

    // Taking number 1 off needs the confirmation; then the enrolment is cancelled and the line moves up.
    const unconfirmed = await agent.post(removePath, { enrolmentId: byUser(ids[1]).id });
    expectEnvelope(unconfirmed, 422);
    expect(Object.keys(unconfirmed.body.data.errors)).toEqual(["confirm"]);
    expect((await statusOf(byUser(ids[1]).id)).status).toBe("waiting_list");
    expectEnvelope(await agent.post(removePath, { enrolmentId: byUser(ids[1]).id, confirm: true }), 200);
    expect(await statusOf(byUser(ids[1]).id)).toMatchObject({ status: "cancelled", waitingListPosition: null });
    expect((await statusOf(byUser(ids[3]).id)).waitingListPosition).toBe(1);
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ maxParticipants: 2, currentParticipants: 2 });
    const removedMail = mailsTo(dataDir, emailOf(1));
    expect(removedMail).toHaveLength(1);
    expect(subjectOf(removedMail[0])).toContain("vous n'êtes plus sur la liste d'attente");
    const again2 = await agent.post(removePath, { enrolmentId: byUser(ids[1]).id, confirm: true });
    expectEnvelope(again2, 200);
    expect(again2.body.data.changed).toBe(false);
    expect(await audits("session.removeWaiting")).toHaveLength(1);
    // A booked learner is not on the line: 404, still booked.
    expectEnvelope(await agent.post(removePath, { enrolmentId: byUser(ids[0]).id, confirm: true }), 404);
    expect((await statusOf(byUser(ids[0]).id)).status).toBe("pending");
  });

  test("two learners leaving and the seats raised at the same moment: every freed seat goes to the line, never more than the seats", async () => {
    const { training, session, ids, agents, byUser } = await filledSession("race", 2, 6);
    const agent = await admin();
    const replies = await Promise.all([
      agents[0].post(`/back/api/course/unsubscribe/${training.id}`, {}),
      agents[1].post(`/back/api/course/unsubscribe/${training.id}`, {}),
      agent.post(`/back/api/admin/sessions/${session.id}`, {
        name: session.name,
        startDate: String(session.startDate),
        startTime: "09:00",
        endTime: "17:00",
        maxParticipants: 3,
        city: "Lyon",
      }),
    ]);
    for (const reply of replies) expectEnvelope(reply, 200);
    const row = await sessionRow(suite.db, session.id);
    expect(row).toMatchObject({ maxParticipants: 3, currentParticipants: 3 });
    const rows = await enrolmentsOfSession(suite.db, session.id);
    const booked = rows.filter((r) => r.status === "pending");
    expect(booked.map((r) => r.userId).sort()).toEqual([ids[2], ids[3], ids[4]].sort());
    expect(byUser(ids[5]).waitingListPosition).toBe(4);
    expect(rows.find((r) => r.userId === ids[5])).toMatchObject({ status: "waiting_list", waitingListPosition: 1 });
    // Each promoted learner has exactly one notification of it.
    const notes = await suite.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [ids[2], ids[3], ids[4]]));
    expect(notes).toHaveLength(3);
  });

  test("the session page without JavaScript: give a seat (full: the page asks to add one, keeps the choice), take someone off after the confirmation step", async () => {
    const { session, ids, byUser } = await filledSession("page", 1, 3);
    const agent = await admin();
    const decode = (html: string) =>
      html
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    const page = `/admin/faceToFace/${session.id}`;
    const open = async (path: string) => {
      const reply = await agent.get(path, { headers: { accept: "text/html" } });
      expect(reply.status, path).toBe(200);
      return decode(reply.text);
    };
    const post = async (fields: Record<string, string>, from = page) => {
      const token = /name="csrf" value="([^"]+)"/.exec(await open(from))?.[1] ?? "";
      expect(token).toBeTruthy();
      return agent.request("POST", page, {
        headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: token, ...fields }).toString(),
        csrf: false,
      });
    };
    const html = await open(page);
    expect(html).toContain(`data-testid="promote-${byUser(ids[1]).id}"`);
    expect(html).toContain("Session complète : ajouter une place pour cette personne");

    // Full and not ticked: the page answers with the message on the box, nothing written.
    const before = await tableCounts(suite.db);
    const refused = await post({ intent: "promote", enrolmentId: String(byUser(ids[2]).id) });
    expect(refused.status).toBe(409);
    expect(decode(refused.text)).toContain("La session est complète");
    expect(await tableCounts(suite.db)).toEqual(before);
    const given = await post({ intent: "promote", enrolmentId: String(byUser(ids[2]).id), addSeat: "on" });
    expect(given.status).toBe(302);
    expect(await statusOf(byUser(ids[2]).id)).toMatchObject({ status: "pending" });

    // Taking number 1 off: the link opens the confirmation panel, whose form does it.
    const removeKey = `remove-${byUser(ids[1]).id}`;
    expect(html).toContain(`?confirm=${removeKey}`);
    const confirmPage = await open(`${page}?confirm=${removeKey}`);
    expect(confirmPage).toContain('data-testid="confirm-panel"');
    expect(confirmPage).toContain(`Retirer L1 page-${backend} de la liste d'attente ?`);
    const removed = await post({ intent: "removeWaiting", enrolmentId: String(byUser(ids[1]).id), confirm: "on" }, `${page}?confirm=${removeKey}`);
    expect(removed.status).toBe(302);
    expect((await statusOf(byUser(ids[1]).id)).status).toBe("cancelled");
    expect(await open(page)).not.toContain(`data-testid="promote-${byUser(ids[1]).id}"`);
  });

  test("a cancelled session mails every learner, booked or waiting, in their language", async () => {
    const { session, ids, emailOf } = await filledSession("cancel", 1, 3);
    await suite.db.update(users).set({ locale: "es-ES" }).where(eq(users.id, ids[1]));
    const agent = await admin();
    const reply = await agent.post(`/back/api/admin/sessions/${session.id}/cancel`, { confirm: true });
    expectEnvelope(reply, 200);
    expect(reply.body.data.notified).toBe(3);
    expect([...reply.body.data.learners].sort()).toEqual(ids.map((_: number, i: number) => `L${i} cancel-${backend}`).sort());
    for (const i of [0, 2]) {
      const [mail] = mailsTo(dataDir, emailOf(i));
      expect(subjectOf(mail)).toContain(`session annulée (${session.name})`);
      expect(mail).toContain(session.name);
    }
    const [spanish] = mailsTo(dataDir, emailOf(1));
    expect(subjectOf(spanish)).toContain(`sesión cancelada (${session.name})`);
    const cancelled = await suite.db
      .select()
      .from(enrolments)
      .where(and(inArray(enrolments.userId, ids), eq(enrolments.status, "cancelled")));
    expect(cancelled).toHaveLength(3);
  });
});
