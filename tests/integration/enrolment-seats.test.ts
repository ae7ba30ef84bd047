// Seats are booked in one transaction that locks the session row: 50 learners booking 5 seats at once give exactly
// 5 participants, and the 45 others a waiting-list position each (or a 409 when the session has no waiting list).
// A freed seat goes to the first in line, who gets a notification and a mail (ADR 0085).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { subscribeToTraining, unsubscribeFromTraining } from "../../server/back/modules/enrolment/enrolment.service.ts";
import { BRANDS } from "#core/branding/brands.ts";
import { serviceContext } from "../../server/back/service-context.ts";
import { enrolments, notifications } from "../../server/db/schema/index.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { testEnv } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";
import { accountOf, agentFor, createLearners, createSession, enrolmentsOfSession, sessionRow, trainingBySlug, userByEmail } from "./enrolment-helpers.ts";

const LEARNERS = 50;
const SEATS = 5;

describe.each(backends())("seat booking under contention (%s)", (backend) => {
  const suite = useSuite(backend);

  async function crowd(tag: string) {
    const learner = await userByEmail(suite.db, "learner@demo.test");
    const accountId = await accountOf(suite.db, learner.id);
    const ids = await createLearners(suite.db, LEARNERS, accountId, tag);
    const agents = await Promise.all(ids.map((id) => agentFor(suite, id, accountId)));
    return { ids, agents };
  }

  const book = (agents: Agent[], trainingId: number, sessionId: number) =>
    Promise.all(agents.map((agent) => agent.post(`/back/api/course/subscribe/${trainingId}`, { sessions: [sessionId] })));

  test(`${LEARNERS} simultaneous bookings of ${SEATS} seats: ${SEATS} booked, the others waiting in order; a freed seat goes to number 1`, async () => {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session } = await createSession(suite.db, training.id, { seats: SEATS });
    const { ids, agents } = await crowd(`wl-${backend}`);

    const replies = await book(agents, training.id, session.id);
    for (const reply of replies) expectEnvelope(reply, 200);
    expect(replies.filter((r) => r.body.data.outcome === "booked")).toHaveLength(SEATS);
    expect(replies.filter((r) => r.body.data.outcome === "waiting_list")).toHaveLength(LEARNERS - SEATS);

    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(SEATS);
    const rows = await enrolmentsOfSession(suite.db, session.id);
    expect(rows).toHaveLength(LEARNERS);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(SEATS);
    const waiting = rows.filter((r) => r.status === "waiting_list");
    expect(waiting.map((r) => r.waitingListPosition).sort((a, b) => a! - b!)).toEqual(Array.from({ length: LEARNERS - SEATS }, (_, i) => i + 1));

    // A booked learner leaves: number 1 takes the seat, the others move up, the count stays at 5.
    const leaver = rows.find((r) => r.status === "pending")!;
    const first = waiting.find((r) => r.waitingListPosition === 1)!;
    const second = waiting.find((r) => r.waitingListPosition === 2)!;
    const leaverAgent = agents[ids.indexOf(leaver.userId)];
    const reply = await leaverAgent.post(`/back/api/course/unsubscribe/${training.id}`, {});
    expectEnvelope(reply, 200);
    expect(reply.body.data).toEqual({ promotedUserId: first.userId });

    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(SEATS);
    const after = await enrolmentsOfSession(suite.db, session.id);
    expect(after.find((r) => r.id === leaver.id)?.status).toBe("cancelled");
    expect(after.find((r) => r.id === first.id)).toMatchObject({ status: "pending", waitingListPosition: null });
    expect(after.find((r) => r.id === second.id)).toMatchObject({ status: "waiting_list", waitingListPosition: 1 });
    const stillWaiting = after
      .filter((r) => r.status === "waiting_list")
      .map((r) => r.waitingListPosition!)
      .sort((a, b) => a - b);
    expect(stillWaiting).toEqual(Array.from({ length: LEARNERS - SEATS - 1 }, (_, i) => i + 1));
    const notes = await suite.db.select().from(notifications).where(eq(notifications.userId, first.userId));
    expect(notes).toHaveLength(1);
    expect(notes[0].title).toBe("Une place s'est libérée pour vous");
    expect(notes[0].body).toContain(session.name);

    // Someone waiting leaves: the people behind move up, the seats do not change.
    const waiter = after.find((r) => r.status === "waiting_list" && r.waitingListPosition === 10)!;
    expectEnvelope(await agents[ids.indexOf(waiter.userId)].post(`/back/api/course/unsubscribe/${training.id}`, {}), 200);
    const final = await enrolmentsOfSession(suite.db, session.id);
    expect(
      final
        .filter((r) => r.status === "waiting_list")
        .map((r) => r.waitingListPosition!)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: LEARNERS - SEATS - 2 }, (_, i) => i + 1));
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(SEATS);

    // The leaver can book again (the unique index ignores cancelled rows): the session is full, so they wait last.
    const again = await leaverAgent.post(`/back/api/course/subscribe/${training.id}`, { sessions: [session.id] });
    expectEnvelope(again, 200);
    expect(again.body.data.enrolment).toMatchObject({ status: "waiting_list", waitingListPosition: LEARNERS - SEATS - 1 });
  }, 120_000);

  test(`${LEARNERS} simultaneous bookings of ${SEATS} seats without waiting list: ${SEATS} booked, the others refused`, async () => {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session } = await createSession(suite.db, training.id, { seats: SEATS, noWaitingList: true });
    const { ids, agents } = await crowd(`nwl-${backend}`);

    const replies = await book(agents, training.id, session.id);
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(ok).toHaveLength(SEATS);
    expect(refused).toHaveLength(LEARNERS - SEATS);
    for (const reply of refused) {
      expectEnvelope(reply, 409);
      expect(reply.body.message).toBe("Cette session est complète : choisissez-en une autre.");
    }
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(SEATS);
    const rows = await enrolmentsOfSession(suite.db, session.id);
    expect(rows).toHaveLength(SEATS);
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    // Refused learners have no enrolment at all.
    const refusedIds = ids.filter((id) => !rows.some((r) => r.userId === id));
    const leftovers = await suite.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.trainingId, training.id), eq(enrolments.userId, refusedIds[0])));
    expect(leftovers).toHaveLength(0);
  }, 120_000);

  test("realtime: TrainingPlanUpdate on the account channel after subscribe and unsubscribe, NotificationUpdate to the promoted learner", async () => {
    const training = await trainingBySlug(suite.db, "fr", "afgsu-niveau-2");
    const { session } = await createSession(suite.db, training.id, { seats: 1 });
    const learner = await userByEmail(suite.db, "learner@demo.test");
    const accountId = await accountOf(suite.db, learner.id);
    const [first, second] = await createLearners(suite.db, 2, accountId, `rt-${backend}`);
    // The platform's real broadcaster, observed on the way.
    const events: { channel: string; event: string; payload: any }[] = [];
    const real = suite.platform.realtime.broadcaster;
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "seats-mail-"));
    const deps = {
      db: suite.db,
      env: testEnv(),
      now: () => new Date(),
      files: suite.platform.deps.files,
      logger: createLogger("silent"),
      mailer: createMailer({ from: "test@formapharm.test", outboxDir }),
      broadcaster: {
        broadcast: async (channel: string, event: string, payload: unknown) => {
          events.push({ channel, event, payload });
          await real.broadcast(channel, event, payload);
        },
      },
    };
    const ctx = serviceContext(deps, { brand: BRANDS.fr, locale: "fr-FR" });
    const input = { accountId, brand: "fr" as const, trainingId: training.id, sessionId: session.id };
    expect((await subscribeToTraining(ctx, { ...input, userId: first })).outcome).toBe("booked");
    expect((await subscribeToTraining(ctx, { ...input, userId: second })).outcome).toBe("waiting_list");
    expect(events).toEqual([
      { channel: `private-account.${accountId}`, event: "TrainingPlanUpdate", payload: { userId: first, trainingId: training.id } },
      { channel: `private-account.${accountId}`, event: "TrainingPlanUpdate", payload: { userId: second, trainingId: training.id } },
    ]);
    events.length = 0;
    expect(await unsubscribeFromTraining(ctx, { userId: first, accountId, brand: "fr", trainingId: training.id })).toEqual({ promotedUserId: second });
    expect(events.map((e) => [e.channel, e.event])).toEqual([
      [`private-account.${accountId}`, "TrainingPlanUpdate"],
      [`private-user.${second}`, "NotificationUpdate"],
      [`private-account.${accountId}`, "TrainingPlanUpdate"],
    ]);
    expect(events[1].payload.notification.title).toBe("Une place s'est libérée pour vous");
    // The promoted learner also gets a mail, in French; the one who left gets none.
    const mails = fs.readdirSync(outboxDir).map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8").replace(/=\r?\n/g, ""));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: rt-${backend}-1@seats\\.test$`, "m"));
    expect(mails[0]).toContain("liste d'attente");
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
