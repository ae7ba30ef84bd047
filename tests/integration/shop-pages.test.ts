// The shop's pages (issue 14), what they show and what they cost in SQL statements. The cart reply carries every
// line's choices (functions, fundings, sessions with seats left) computed in a few batched queries, and the cart page
// makes one back call for it: the statements of GET /back/api/shop/cart and of the cart page do not grow with the
// number of lines. The shop page lists the trainings available on the store with a price (GET shop/products), not the
// whole catalogue. The statement counter is the benchmark's (BENCH_SQL_COUNT), attached here to a copy of the seeded
// template.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { SHOP_CARDS_PER_PAGE } from "#core/contract/shop.ts";
import { trainings } from "../../server/db/schema/index.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, storeTrainings } from "./shop-helpers.ts";
import { useCountedSuite } from "./support/counted-suite.ts";
import { expectEnvelope, Agent } from "./support/http.ts";

describe("the shop's pages and their SQL statements (pglite, counted)", () => {
  const counted = useCountedSuite();

  /** Statements the request costs (requests made one at a time: nothing else runs meanwhile). */
  async function cost(run: () => Promise<unknown>): Promise<number> {
    return (await counted.cost(run)).count;
  }

  /** A shop buyer whose cart holds `n` store trainings, the face-to-face and virtual ones first (they have sessions). */
  async function buyerWithLines(n: number, tag: string): Promise<Agent> {
    const products = [
      ...(await storeTrainings(counted.database.db, "fr", "faceToFaceOnly")),
      ...(await storeTrainings(counted.database.db, "fr", "virtualClass")),
      ...(await storeTrainings(counted.database.db, "fr", "mixt")),
      ...(await storeTrainings(counted.database.db, "fr", "formation")),
    ].slice(0, n);
    expect(products).toHaveLength(n);
    const [id] = await createShopBuyers(counted.database.db, 1, tag);
    const agent = await agentFor(counted.suite, id, null);
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
          const reply = await fetch(`${counted.suite.origin}/boutique/panier`, { headers: { cookie: agent.cookieHeader(), "accept-language": "fr-FR" } });
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

  test("each line's choices are what the spec's per-product calls and the course page answer (those calls still work), sessions by date", async () => {
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
      const expected = detail.faceToFaces.flatMap(
        (group: { id: number; sessions: { id: number; startDate: string; seatsAvailable: number; isFull: boolean }[] }) =>
          group.sessions
            .filter((s) => s.startDate >= today)
            .map((s) => ({ sessionId: s.id, sessionCourseId: group.id, seatsAvailable: s.seatsAvailable, isFull: s.isFull })),
      );
      // The course page's sessions, by date rather than by group and city (issue 30 item 8, ADR 0115).
      const chosen = line.choices.sessions as {
        sessionId: number;
        sessionCourseId: number;
        seatsAvailable: number;
        isFull: boolean;
        startDate: string;
        startTime: string | null;
      }[];
      const bySession = (a: { sessionId: number }, b: { sessionId: number }) => a.sessionId - b.sessionId;
      expect(
        chosen.map((s) => ({ sessionId: s.sessionId, sessionCourseId: s.sessionCourseId, seatsAvailable: s.seatsAvailable, isFull: s.isFull })).sort(bySession),
      ).toEqual(expected.sort(bySession));
      const when = chosen.map((s) => `${s.startDate} ${s.startTime ?? ""}`);
      expect(when).toEqual([...when].sort());
      sessionsSeen += expected.length;
    }
    expect(sessionsSeen).toBeGreaterThan(0);
  });

  test("the shop lists the trainings available on the store with a price, with their sessions and seats, in a constant number of statements", async () => {
    const guest = counted.suite.agent({ "accept-language": "fr-FR" });
    const listing = async () => {
      const reply = await guest.get("/back/api/shop/products?pageSize=48");
      expectEnvelope(reply, 200);
      return reply.body.data as {
        items: { course: { id: number; free: boolean; priceHT: number }; sessions: { seatsAvailable: number; isFull: boolean; startDate: string }[] }[];
        total: number;
        pageCount: number;
      };
    };
    const first = await listing();
    const stored = await counted.database.db
      .select({
        id: trainings.id,
        free: trainings.free,
        price: trainings.priceHtCents,
        onStore: trainings.availableOnStore,
        published: trainings.isPublished,
        test: trainings.isTest,
        obsolete: trainings.obsolete,
        lang: trainings.lang,
      })
      .from(trainings)
      .where(eq(trainings.brand, "fr"));
    const sellable = stored.filter((t) => t.onStore && !t.free && t.price > 0 && t.published && !t.test && !t.obsolete && t.lang === "fr");
    expect(first.total).toBe(sellable.length);
    expect(first.total).toBeLessThan(stored.filter((t) => t.published && !t.test && !t.obsolete).length);
    for (const { course } of first.items) expect(course.free || course.priceHT === 0).toBe(false);
    const withSessions = first.items.filter((item) => item.sessions.length > 0);
    expect(withSessions.length).toBeGreaterThan(0);
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
    for (const { sessions } of withSessions) for (const s of sessions) expect(s.startDate >= today && s.isFull === (s.seatsAvailable === 0)).toBe(true);

    // Taken off the store: gone from the listing and the shop page, and it can no longer be added.
    const [withdrawn] = first.items;
    await counted.database.db
      .update(trainings)
      .set({ availableOnStore: false })
      .where(inArray(trainings.id, [withdrawn.course.id]));
    try {
      const after = await listing();
      expect(after.total).toBe(first.total - 1);
      expect(after.items.map((i) => i.course.id)).not.toContain(withdrawn.course.id);
      const page = await fetch(`${counted.suite.origin}/boutique`, { headers: { "accept-language": "fr-FR" } });
      const html = await page.text();
      expect(html).not.toContain(`data-product-id="${withdrawn.course.id}"`);
      expect((html.match(/data-testid="shop-item"/g) ?? []).length).toBe(Math.min(after.total, SHOP_CARDS_PER_PAGE));
      const [buyer] = await createShopBuyers(counted.database.db, 1, "listing-withdrawn");
      const agent = await agentFor(counted.suite, buyer, null);
      expectEnvelope(await agent.post("/back/api/shop/add/products", { products: [withdrawn.course.id] }), 404);
    } finally {
      await counted.database.db
        .update(trainings)
        .set({ availableOnStore: true })
        .where(and(eq(trainings.id, withdrawn.course.id)));
    }

    // Statements: the same for a page of 1 and a page of 24.
    const api = [];
    for (const size of [1, 24]) api.push(await cost(async () => expectEnvelope(await guest.get(`/back/api/shop/products?pageSize=${size}`), 200)));
    const page = await cost(async () => {
      const reply = await fetch(`${counted.suite.origin}/boutique`, { headers: { "accept-language": "fr-FR" } });
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain('data-testid="shop-list"');
    });
    console.log(`SQL statements, GET /back/api/shop/products for 1, 24 items: ${api.join(", ")}; GET /boutique (guest): ${page}`);
    expect(api[0]).toBe(api[1]);
    expect(page).toBeLessThanOrEqual(api[1] + 4);
  });
});
