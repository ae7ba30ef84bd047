// The cart's cost in SQL statements (issue 14): the cart reply carries every line's choices (functions, fundings,
// sessions with seats left) computed in a few batched queries, and the cart page makes one back call for it. The
// number of statements of GET /back/api/shop/cart and of the cart page must not grow with the number of lines.
// The statement counter is the benchmark's (BENCH_SQL_COUNT): attached here to a copy of the seeded template.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { createStatementCounter, type StatementCounter } from "../../server/db/statement-counter.ts";
import { createLogger } from "../../server/logger.ts";
import { startPlatform, type Platform } from "../../server/platform.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, storeTrainings } from "./shop-helpers.ts";
import { expectEnvelope, Agent } from "./support/http.ts";
import { testEnv } from "./support/platform.ts";
import type { Suite } from "./support/setup.ts";
import { templatesFor } from "./support/templates.ts";
import fs from "node:fs";

describe("SQL statements of the cart (pglite, counted)", () => {
  let counter: StatementCounter;
  let database: Database;
  let platform: Platform;
  let suite: Suite;

  beforeAll(async () => {
    const templates = await templatesFor("pglite");
    counter = createStatementCounter();
    database = await openDatabase({ pgliteDir: "memory://", pgliteDataDir: templates ? new Blob([fs.readFileSync(templates.seeded)]) : undefined, statementCounter: counter });
    if (!templates) {
      const { seedDemo } = await import("../../server/db/seed/demo.ts");
      await database.migrate();
      await seedDemo(database.db);
    }
    const env = testEnv();
    platform = await startPlatform({ env, logger: createLogger(env.LOG_LEVEL), database });
    const address = platform.server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    suite = { backend: "pglite", db: database.db, origin, agent: (headers = {}) => new Agent(origin, headers) } as Suite;
  }, 240_000);
  afterAll(async () => {
    await platform?.close();
    await database?.close();
  });

  /** Statements the request costs (requests made one at a time: nothing else runs meanwhile). */
  async function cost(run: () => Promise<unknown>): Promise<number> {
    const before = counter.statements;
    await run();
    return counter.statements - before;
  }

  /** A shop buyer whose cart holds `n` store trainings, the face-to-face and virtual ones first (they have sessions). */
  async function buyerWithLines(n: number, tag: string): Promise<Agent> {
    const products = [
      ...(await storeTrainings(database.db, "fr", "faceToFaceOnly")),
      ...(await storeTrainings(database.db, "fr", "virtualClass")),
      ...(await storeTrainings(database.db, "fr", "mixt")),
      ...(await storeTrainings(database.db, "fr", "formation")),
    ].slice(0, n);
    expect(products).toHaveLength(n);
    const [id] = await createShopBuyers(database.db, 1, tag);
    const agent = await agentFor(suite, id, null);
    expectEnvelope(await agent.post("/back/api/shop/add/products", { products: products.map((p) => p.id) }), 200);
    return agent;
  }

  test("GET shop/cart and the cart page cost the same number of statements for 1, 2 and 5 lines", async () => {
    const api: number[] = [];
    const page: number[] = [];
    for (const n of [1, 2, 5]) {
      const agent = await buyerWithLines(n, `sqlcount-${n}`);
      // Warm: the first request of a session may refresh it.
      await agent.get("/back/api/shop/cart");
      api.push(await cost(async () => expectEnvelope(await agent.get("/back/api/shop/cart"), 200)));
      page.push(
        await cost(async () => {
          const reply = await fetch(`${suite.origin}/boutique/panier`, { headers: { cookie: agent.cookieHeader(), "accept-language": "fr-FR" } });
          expect(reply.status).toBe(200);
          expect((await reply.text()).match(/data-testid="cart-line"/g)).toHaveLength(n);
        }),
      );
    }
    console.log(`SQL statements, GET /back/api/shop/cart for 1, 2, 5 lines: ${api.join(", ")}; GET /boutique/panier: ${page.join(", ")}`);
    expect(new Set(api).size).toBe(1);
    expect(new Set(page).size).toBe(1);
    expect(api[0]).toBeLessThanOrEqual(12);
    expect(page[0]).toBeLessThanOrEqual(20);
  });

  test("each line's choices are what the spec's per-product calls and the course page answer (those calls still work)", async () => {
    const agent = await buyerWithLines(5, "sqlcount-choices");
    const cart = (await agent.get("/back/api/shop/cart")).body.data;
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
    let sessionsSeen = 0;
    for (const line of cart.products) {
      const functions = await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId });
      expectEnvelope(functions, 200);
      expect(line.choices.functions).toEqual(functions.body.data.map((f: { name: string }) => f.name));
      const fundings = await agent.post("/back/api/shop/getAvailableFundings/product", { productId: line.productId });
      expectEnvelope(fundings, 200);
      expect(line.choices.fundings).toEqual(fundings.body.data);
      const detail = (await agent.get(`/back/api/training/${line.slug}`)).body.data;
      expect(line.effectiveType).toBe(detail.effectiveType);
      const expected = detail.faceToFaces.flatMap((group: { id: number; sessions: { id: number; startDate: string; seatsAvailable: number; isFull: boolean }[] }) =>
        group.sessions.filter((s) => s.startDate >= today).map((s) => ({ sessionId: s.id, sessionCourseId: group.id, seatsAvailable: s.seatsAvailable, isFull: s.isFull })),
      );
      expect(line.choices.sessions.map((s: Record<string, unknown>) => ({ sessionId: s.sessionId, sessionCourseId: s.sessionCourseId, seatsAvailable: s.seatsAvailable, isFull: s.isFull }))).toEqual(expected);
      sessionsSeen += expected.length;
    }
    expect(sessionsSeen).toBeGreaterThan(0);
  });
});
