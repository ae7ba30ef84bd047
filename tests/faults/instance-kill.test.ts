// Fault 1: kill -9 of one instance while buyers pay and learners book seats through nginx (ADR 0122). No seat booked
// twice, no session over capacity, every payment the buyer saw acknowledged is one paid order (and asking again gives
// the same order), GETs through nginx all succeed (it retries them on the other instance), and the killed instance
// starts again cleanly.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { healthStatus } from "../../scripts/lib/cluster.mjs";
import { cartProducts, carts, enrolments, orders, payments, trainings } from "../../server/db/schema/index.ts";
import {
  accountOf,
  agentFor,
  createLearners,
  createSession,
  enrolmentsOfSession,
  sessionRow,
  trainingBySlug,
  userByEmail,
} from "../integration/enrolment-helpers.ts";
import { Agent, type Reply } from "../integration/support/http.ts";
import { createShopBuyers, csrfHeader, storeTrainings, submitCard } from "../integration/shop-helpers.ts";
import { attempt, printFigures, retriable, sleep, useCluster, type Outcome } from "./support.ts";

const BUYERS = 20;
const LEARNERS = 30;
const SEATS = 8;
const ACCEPTED = "4242 4242 4242 4242";
/** When the instance is killed, after the first requests went out. */
const KILL_AFTER_MS = 900;
/** How many times a client sends a request again after no reply or a 502/503/504. */
const TRIES = 5;

describe("kill -9 of one instance during checkouts and seat bookings", () => {
  const fixture = useCluster();
  const counts = { sent: 0, failed: 0 };
  /** Why requests were sent again: status or error text, counted. */
  const reasons: Record<string, number> = {};
  const tally = (outcome: Outcome) => {
    const reason = outcome.reply ? `${outcome.reply.status}` : (outcome.error ?? "?").slice(0, 60);
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };

  /** A request a client tries again (same request) until it gets an answer that is not a gateway error. */
  async function withRetries(send: () => Promise<Reply>): Promise<Outcome> {
    let outcome: Outcome = { reply: null, error: "not sent", ms: 0 };
    for (let i = 0; i < TRIES; i++) {
      counts.sent++;
      // A long wait is not a failure here (the machine may be busy): a reply within a minute is a reply.
      outcome = await attempt(send, 60_000);
      if (!retriable(outcome)) return outcome;
      counts.failed++;
      tally(outcome);
      await sleep(300 + i * 300);
    }
    return outcome;
  }

  test("no seat twice, no paid order lost, GETs retried by nginx, the instance restarts", async () => {
    const { cluster, db, suite } = fixture.get();

    // Buyers, each with a cart of one store training; learners of one pharmacy and a session of SEATS seats.
    const [training] = await storeTrainings(db, "fr", "formation");
    const buyerIds = await createShopBuyers(db, BUYERS, "kill");
    const [chosen] = await db.select().from(trainings).where(eq(trainings.id, training.id));
    const buyers = await Promise.all(
      buyerIds.map(async (id) => {
        const [cart] = await db.insert(carts).values({ brand: "fr", userId: id }).returning();
        await db.insert(cartProducts).values({ cartId: cart.id, trainingId: chosen.id, functionName: chosen.availableFunctions[0] ?? null });
        return { id, agent: await agentFor(suite, id, null) };
      }),
    );
    const course = await trainingBySlug(db, "fr", "afgsu-niveau-2");
    const { session } = await createSession(db, course.id, { seats: SEATS });
    const learner = await userByEmail(db, "learner@demo.test");
    const accountId = await accountOf(db, learner.id);
    const learnerIds = await createLearners(db, LEARNERS, accountId, "kill");
    const learners = await Promise.all(learnerIds.map(async (id) => ({ id, agent: await agentFor(suite, id, accountId) })));

    // GETs through nginx all along: pages and API reads, four at a time.
    let reading = true;
    const gets = { sent: 0, failed: 0, failures: [] as string[], cutMidResponse: 0 };
    const reader = async (path: string) => {
      const agent = new Agent(cluster.url, { "accept-language": "fr-FR" });
      while (reading) {
        gets.sent++;
        const outcome = await attempt(() => agent.get(path));
        // A response already on its way when its instance died cannot be sent again: nginx has passed its status and
        // headers on, and the reader sees the body cut ("terminated"). At most one per reader is in flight at the kill.
        if (outcome.error === "terminated") {
          gets.cutMidResponse++;
          continue;
        }
        if (outcome.reply?.status !== 200) {
          gets.failed++;
          gets.failures.push(`${path}: ${outcome.reply?.status ?? outcome.error}`);
        }
      }
    };
    const readers = Promise.all(["/catalogue", "/back/api/health", "/back/api/catalogue", "/"].map(reader));

    // Each buyer: the card checkout (a GET that changes state, idempotent), the sandbox page and the card posted.
    const paidAcknowledged = new Set<number>();
    const payments_ = buyers.map(async (buyer, i) => {
      await sleep((i * 2000) / BUYERS);
      const start = await withRetries(() =>
        buyer.agent.get("/back/api/shop/getPaymentToken?returnPath=%2Fboutique%2Fcommande", { headers: csrfHeader(buyer.agent) }),
      );
      if (start.reply?.status !== 200) return;
      const url: string = start.reply.body.data.url;
      // The sandbox page not shown (submitCard throws) is the same as no reply: tried again.
      const paid = await withRetries(() => submitCard(buyer.agent, url, ACCEPTED));
      const location = paid.reply?.headers.get("location");
      if (paid.reply?.status === 303 && location && new URL(location, "http://x").searchParams.get("payment") === "paid") paidAcknowledged.add(buyer.id);
      else tally({ reply: null, ms: paid.ms, error: `not acknowledged: ${paid.reply?.status ?? paid.error} ${location ?? ""}` });
    });
    // Each learner books the session (a POST: nginx does not send it again; the client does on a 502).
    const booked = new Map<number, string>();
    const bookings = learners.map(async (one, i) => {
      await sleep((i * 2000) / LEARNERS);
      const reply = await withRetries(() => one.agent.post(`/back/api/course/subscribe/${course.id}`, { sessions: [session.id] }));
      if (reply.reply?.status === 200) booked.set(one.id, reply.reply.body.data.outcome as string);
    });

    await sleep(KILL_AFTER_MS);
    const killedAt = Date.now();
    await cluster.instances[0].kill();
    await Promise.all([...payments_, ...bookings]);
    await sleep(1000);
    reading = false;
    await readers;
    const doneMs = Date.now() - killedAt;

    // Seats: never over capacity, nobody twice, every acknowledged booking written.
    const row = await sessionRow(db, session.id);
    const rows = await enrolmentsOfSession(db, session.id);
    const seated = rows.filter((r) => r.status === "pending");
    expect(row.currentParticipants).toBeLessThanOrEqual(SEATS);
    expect(seated).toHaveLength(row.currentParticipants);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
    const courseRows = await db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.trainingId, course.id), inArray(enrolments.userId, learnerIds)));
    const active = courseRows.filter((r) => r.status === "pending" || r.status === "waiting_list");
    expect(new Set(active.map((r) => r.userId)).size).toBe(active.length);
    const bookingsLost = [...booked].filter(([userId, outcome]) => {
      const mine = rows.find((r) => r.userId === userId);
      return !mine || (outcome === "booked" ? mine.status !== "pending" : mine.status !== "waiting_list");
    });
    expect(bookingsLost).toEqual([]);

    // Payments: every acknowledged one is exactly one paid order with one payment; nobody paid twice.
    const buyerOrders = await db.select().from(orders).where(inArray(orders.userId, buyerIds));
    const paidOrders = buyerOrders.filter((o) => o.status === "paid");
    const paymentRows = paidOrders.length
      ? await db
          .select()
          .from(payments)
          .where(
            inArray(
              payments.orderId,
              paidOrders.map((o) => o.id),
            ),
          )
      : [];
    const paidLost = [...paidAcknowledged].filter((id) => paidOrders.filter((o) => o.userId === id).length !== 1);
    expect(paidLost).toEqual([]);
    expect(new Set(paidOrders.map((o) => o.userId)).size).toBe(paidOrders.length);
    for (const order of paidOrders)
      expect(
        paymentRows.filter((p) => p.orderId === order.id && p.status === "paid"),
        `order ${order.id}`,
      ).toHaveLength(1);
    // The same checkout asked again by a buyer who saw the payment: the same paid order, nothing charged again.
    const repeats = await Promise.all(
      buyers
        .filter((b) => paidAcknowledged.has(b.id))
        .map(async (buyer) => {
          const again = await buyer.agent.get("/back/api/shop/getPaymentToken?returnPath=%2Fboutique%2Fcommande", { headers: csrfHeader(buyer.agent) });
          return { status: again.status, orderId: again.body?.data?.orderId as number, expected: paidOrders.find((o) => o.userId === buyer.id)?.id };
        }),
    );
    for (const repeat of repeats) expect(repeat).toEqual({ status: 409, orderId: repeat.expected, expected: repeat.expected });

    // GETs through nginx: all answered 200 (the cut ones were sent again to the other instance).
    expect(gets.failures.slice(0, 5)).toEqual([]);
    expect(gets.cutMidResponse).toBeLessThanOrEqual(4);

    // The killed instance starts again on the same database and serves.
    const restartStarted = Date.now();
    await cluster.instances[0].start();
    const restartMs = Date.now() - restartStarted;
    expect(await healthStatus(cluster.instances[0].port)).toBe(200);
    const page = await new Agent(`http://127.0.0.1:${cluster.instances[0].port}`, { host: "localhost", "accept-language": "fr-FR" }).get("/catalogue");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<html");

    printFigures("kill -9 of one instance", {
      writeRequestsSent: counts.sent,
      writeRequestsFailed: counts.failed,
      retriedOrUnacknowledgedBecause: reasons,
      paidAcknowledged: paidAcknowledged.size,
      paidOrders: paidOrders.length,
      paidLost: paidLost.length,
      bookingsAcknowledged: booked.size,
      seated: seated.length,
      seats: SEATS,
      bookingsLost: bookingsLost.length,
      getsSent: gets.sent,
      getsFailed: gets.failed,
      getsCutMidResponse: gets.cutMidResponse,
      loadAfterKillMs: doneMs,
      restartMs,
    });
  });
});
