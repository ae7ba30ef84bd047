// Fault 3: Redis stopped, then started again (ADR 0122). Meanwhile realtime works within each instance (a client on
// instance A gets what is published on A, not what is published on B), logins and pages go on (the login counters
// fall back to PostgreSQL, still limiting), and no process stops; once Redis is back, events published on B reach a
// client on A again.
import Pusher from "pusher";
import { describe, expect, test } from "vitest";
import { RawClient } from "../conformance/support/raw-client.ts";
import { Agent } from "../integration/support/http.ts";
import { attempt, printFigures, sleep, useCluster } from "./support.ts";

const CHANNEL = "fault-redis";

describe("Redis stopped", () => {
  const fixture = useCluster();

  test("realtime within one instance, logins and pages go on, then events cross instances again", async () => {
    const { cluster } = fixture.get();
    const [a, b] = cluster.instances;
    const pids = cluster.instances.map((instance) => instance.pid);
    const appKey = cluster.env.PUSHER_APP_KEY ?? "app-key";
    const publisherOn = (port: number) =>
      new Pusher({
        appId: cluster.env.PUSHER_APP_ID ?? "app-id",
        key: appKey,
        secret: cluster.env.PUSHER_APP_SECRET!,
        host: "127.0.0.1",
        port: String(port),
        useTLS: false,
      });
    const [onA, onB] = [publisherOn(a.port), publisherOn(b.port)];
    const client = await RawClient.connect(`ws://127.0.0.1:${a.port}/app/${appKey}?protocol=7&client=js&version=8.4.0`);
    const subscribed = await client.subscribe(CHANNEL);
    expect(subscribed.event).toBe("pusher_internal:subscription_succeeded");

    let sequence = 0;
    /** Publishes on an instance; whether the client on A got it within `waitMs`. */
    const delivered = async (publisher: Pusher, waitMs: number) => {
      const n = ++sequence;
      const reply = await publisher.trigger(CHANNEL, "tick", { n });
      expect(reply.status).toBe(200);
      return client
        .next((frame) => frame.event === "tick" && (frame.payload as { n?: number })?.n === n, `tick ${n}`, waitMs)
        .then(
          () => true,
          () => false,
        );
    };
    const figures: Record<string, unknown> = {};
    figures.beforeFromB = await delivered(onB, 10_000);
    expect(figures.beforeFromB).toBe(true);

    await cluster.redis.stop();
    const stoppedAt = Date.now();
    figures.outageFromA = await delivered(onA, 5000);
    figures.outageFromB = await delivered(onB, 3000);
    expect(figures.outageFromA).toBe(true);

    // Logins and pages through nginx while Redis is away: a good password logs in, a wrong one is refused and counted.
    const requests = { sent: 0, failed: 0, slowestMs: 0 };
    const count = (ok: boolean, ms: number) => {
      requests.sent++;
      if (!ok) requests.failed++;
      requests.slowestMs = Math.max(requests.slowestMs, ms);
    };
    for (let i = 0; i < 4; i++) {
      const agent = new Agent(cluster.url, { "accept-language": "fr-FR" });
      const login = await attempt(() => agent.login("learner@demo.test"));
      count(login.reply?.status === 200, login.ms);
      const page = await attempt(() => agent.get("/compte/profil", { headers: { accept: "text/html" } }));
      count(page.reply?.status === 200, page.ms);
      const guest = await attempt(() => new Agent(cluster.url).get("/catalogue", { headers: { accept: "text/html" } }));
      count(guest.reply?.status === 200, guest.ms);
    }
    const intruder = new Agent(cluster.url, { "accept-language": "fr-FR" });
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) {
      const reply = await attempt(() => intruder.login("referent@demo.test", "not-the-password1"));
      count(reply.reply !== null && reply.reply.status < 500, reply.ms);
      wrong.push(reply.reply?.status ?? 0);
    }
    figures.wrongPasswordStatuses = wrong.join(" ");
    // Five failures per account and window, counted in PostgreSQL meanwhile: the next ones are refused with 429.
    expect(wrong.slice(0, 5).every((status) => status === 401 || status === 422)).toBe(true);
    expect(wrong.slice(5)).toEqual([429, 429]);
    expect(cluster.instances.map((instance) => instance.running)).toEqual([true, true]);

    await cluster.redis.start();
    const startedAt = Date.now();
    figures.outageMs = startedAt - stoppedAt;
    let recovered = false;
    while (!recovered && Date.now() - startedAt < 30_000) recovered = await delivered(onB, 500);
    figures.crossInstanceAgainAfterMs = Date.now() - startedAt;
    expect(recovered).toBe(true);
    figures.afterFromA = await delivered(onA, 5000);
    expect(figures.afterFromA).toBe(true);
    await sleep(500);

    expect(requests.failed).toBe(0);
    expect(cluster.instances.map((instance) => instance.pid)).toEqual(pids);
    expect(cluster.instances.map((instance) => instance.running)).toEqual([true, true]);
    client.socket.close();
    printFigures("Redis stopped", { ...figures, requestsSent: requests.sent, requestsFailed: requests.failed, slowestRequestMs: requests.slowestMs });
  });
});
