// Fault 2: PostgreSQL stopped and started again under load (ADR 0122). While it is away every API request is answered
// at once with a 503 and the JSON envelope in the caller's language, every page with a 503 page in the site's
// layout, never a 500 and never a hang; afterwards the same instances (not restarted) answer as before.
import { describe, expect, test } from "vitest";
import { agentFor, userByEmail, accountOf } from "../integration/enrolment-helpers.ts";
import { envelopeProblem, type Agent } from "../integration/support/http.ts";
import { attempt, printFigures, sleep, useCluster, type Outcome } from "./support.ts";

/** How long PostgreSQL stays away between its stop and its start. */
const OUTAGE_MS = 4000;
const CLIENTS = 6;

const UNAVAILABLE = {
  "fr-FR": { api: "Le service est momentanément indisponible. Réessayez dans un instant.", page: "Service momentanément indisponible" },
  "es-ES": { api: "El servicio no está disponible en este momento. Inténtelo de nuevo dentro de un instante.", page: "Servicio no disponible por el momento" },
} as const;
type Language = keyof typeof UNAVAILABLE;
/** Pages speak their brand's language (localhost is the French brand), the API the caller's Accept-Language. */
const PAGE_LANGUAGE: Language = "fr-FR";

type Seen = { phase: "before" | "outage" | "after"; language: Language; path: string; kind: "api" | "page"; outcome: Outcome };

describe("PostgreSQL restarted mid-load", () => {
  const fixture = useCluster();

  test("503 with the envelope or a 503 page while it is away, never a 500 or a hang; the instances recover by themselves", async () => {
    const { cluster, db, suite } = fixture.get();
    const learner = await userByEmail(db, "learner@demo.test");
    const accountId = await accountOf(db, learner.id);
    const pids = cluster.instances.map((instance) => instance.pid);

    // Logged-in learners (French and Spanish) reading API data and pages, guests reading the catalogue.
    const agents: { agent: Agent; language: Language }[] = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const language: Language = i % 2 === 0 ? "fr-FR" : "es-ES";
        return { agent: await agentFor(suite, learner.id, accountId, { "accept-language": language }), language };
      }),
    );
    const requests: { path: string; kind: "api" | "page" }[] = [
      { path: "/back/api/user", kind: "api" },
      { path: "/back/api/catalogue", kind: "api" },
      { path: "/back/api/user/bookmarks", kind: "api" },
      { path: "/compte/profil", kind: "page" },
      { path: "/catalogue?page=2", kind: "page" },
    ];

    let phase: Seen["phase"] = "before";
    let running = true;
    const seen: Seen[] = [];
    const client = async ({ agent, language }: (typeof agents)[number], offset: number) => {
      for (let i = offset; running; i++) {
        const { path, kind } = requests[i % requests.length];
        const at = phase;
        // Fresh renders: the guest page cache would answer from memory without asking the database.
        const outcome = await attempt(() => agent.get(path, { headers: kind === "page" ? { accept: "text/html", "cache-control": "no-cache" } : {} }), 15_000);
        seen.push({ phase: at, language, path, kind, outcome });
        await sleep(50);
      }
    };
    const load = Promise.all(agents.map((one, i) => client(one, i)));

    await sleep(1500);
    phase = "outage";
    const stoppedAt = Date.now();
    await cluster.postgres.stop();
    await sleep(OUTAGE_MS);
    await cluster.postgres.start();
    const outageMs = Date.now() - stoppedAt;
    // Until every instance answers again: the first request after the start may still meet a dying connection.
    const recoveryStarted = Date.now();
    let recoveryMs = -1;
    while (Date.now() - recoveryStarted < 30_000) {
      const statuses = await Promise.all(
        cluster.instances.map((instance) =>
          fetch(`http://127.0.0.1:${instance.port}/back/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      if (statuses.every((status) => status === 200)) {
        recoveryMs = Date.now() - recoveryStarted;
        break;
      }
      await sleep(200);
    }
    expect(recoveryMs).toBeGreaterThanOrEqual(0);
    phase = "after";
    await sleep(3000);
    running = false;
    await load;

    const problems: string[] = [];
    for (const { phase: at, language, path, kind, outcome } of seen) {
      const where = `${at} ${language} ${path}`;
      const reply = outcome.reply;
      if (!reply) {
        problems.push(`${where}: ${outcome.error}`);
        continue;
      }
      if (reply.status === 200) continue;
      if (at === "after" || reply.status !== 503) {
        problems.push(`${where}: ${reply.status} ${reply.text.slice(0, 200)}`);
        continue;
      }
      if (kind === "api") {
        const problem = envelopeProblem(reply);
        if (problem) problems.push(`${where}: ${problem}`);
        else if (reply.body.message !== UNAVAILABLE[language].api) problems.push(`${where}: message ${reply.body.message}`);
      } else if (
        !reply.text.includes(UNAVAILABLE[PAGE_LANGUAGE].page) ||
        !reply.text.includes(`<html lang="${PAGE_LANGUAGE}"`) ||
        !reply.text.includes('data-testid="site-footer"')
      ) {
        problems.push(`${where}: not the 503 page: ${reply.text.slice(0, 200)}`);
      }
    }
    const during = seen.filter((s) => s.phase === "outage");
    const unavailable = during.filter((s) => s.outcome.reply?.status === 503);
    const slowest = Math.max(...during.map((s) => s.outcome.ms));
    printFigures("PostgreSQL restarted", {
      requestsSent: seen.length,
      duringOutage: during.length,
      answered503: unavailable.length,
      answered503Api: unavailable.filter((s) => s.kind === "api").length,
      answered503Pages: unavailable.filter((s) => s.kind === "page").length,
      failed500OrHung: problems.length,
      slowestDuringOutageMs: slowest,
      outageMs,
      recoveryAfterStartMs: recoveryMs,
      afterRequests: seen.filter((s) => s.phase === "after").length,
    });
    expect(problems.slice(0, 10)).toEqual([]);
    expect(unavailable.filter((s) => s.kind === "api").length).toBeGreaterThan(0);
    expect(unavailable.filter((s) => s.kind === "page").length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.phase === "after").every((s) => s.outcome.reply?.status === 200)).toBe(true);
    // The same processes: nothing crashed, nothing was restarted.
    expect(cluster.instances.map((instance) => instance.running)).toEqual([true, true]);
    expect(cluster.instances.map((instance) => instance.pid)).toEqual(pids);
  });
});
