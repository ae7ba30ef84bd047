// The back office's part-B lists follow the list pattern of ADR 0061 (ADR 0086): users (no cap of 50 any more:
// every match reachable page by page), discount codes, pending checks and the editor's contents are searched,
// filtered, sorted and paged in the query string, by the API and by the pages without JavaScript; malformed values
// fall back to the defaults.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { BackDeps } from "../../server/back/context.ts";
import { markCheckReceived } from "../../server/back/modules/shop/payments.service.ts";
import { serviceContext } from "../../server/back/service-context.ts";
import { auditLog, discountCodes, invoices, orders, payments, users } from "../../server/db/schema/index.ts";
import { BRANDS } from "#core/branding/brands.ts";
import { ADMIN_PAGE_SIZE } from "#core/contract/admin-list.ts";
import { AdminDiscountCodesSchema, AdminUserListSchema } from "#core/contract/admin-users.ts";
import { PendingChecksSchema } from "#core/contract/accounting.ts";
import { ContentListSchema } from "#core/contract/editorial.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("part-B lists: search, sort and pages (%s)", (backend) => {
  const suite = useSuite(backend);
  const MANY = 60;

  async function admin(): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    return agent;
  }

  test("users: 60 matches are all reachable, 25 a page, sorted by any column; a brand filter; bad sort or page fall back", async () => {
    const tag = `paged${backend}`;
    await suite.db.insert(users).values(
      Array.from({ length: MANY }, (_, i) => ({
        email: `${tag}-${String(i).padStart(2, "0")}@lists.test`,
        passwordHash: "not-used",
        firstName: `P${String(MANY - i).padStart(2, "0")}`,
        lastName: tag,
        brand: i < 10 ? "be" : "fr",
      })),
    );
    const agent = await admin();
    const get = async (query: string) => {
      const reply = await agent.get(`/back/api/admin/users?q=${tag}${query}`);
      expectEnvelope(reply, 200);
      return AdminUserListSchema.parse(reply.body.data);
    };
    const first = await get("");
    expect(first.paging).toEqual({ total: MANY, page: 1, pageSize: ADMIN_PAGE_SIZE, pageCount: 3 });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    // Default: by name A to Z (last name, then first name).
    expect(first.items[0].firstName).toBe("P01");
    const third = await get("&page=3");
    expect(third.items).toHaveLength(MANY - 2 * ADMIN_PAGE_SIZE);
    const all = [...first.items, ...(await get("&page=2")).items, ...third.items].map((u) => u.email);
    expect(new Set(all).size).toBe(MANY);
    // By e-mail, descending.
    const byEmail = await get("&sort=email&dir=desc");
    expect(byEmail.items[0].email).toBe(`${tag}-59@lists.test`);
    expect(byEmail.items.map((u) => u.email)).toEqual([...byEmail.items.map((u) => u.email)].sort().reverse());
    // Brand filter.
    const belgian = await get("&brand=be");
    expect(belgian.paging.total).toBe(10);
    expect(belgian.items.every((u) => u.brand === "be")).toBe(true);
    // Malformed: the defaults, never an error.
    const fallback = await get("&sort=password&dir=sideways&page=-4&brand=moon");
    expect(fallback.paging).toMatchObject({ total: MANY, page: 1 });
    expect(fallback.items.map((u) => u.email)).toEqual(first.items.map((u) => u.email));
  });

  test("discount codes, pending checks and the editor's contents: sorted and paged by the API", async () => {
    const agent = await admin();
    const now = new Date();
    await suite.db.insert(discountCodes).values(
      Array.from({ length: 30 }, (_, i) => ({
        brand: "es",
        code: `LISTA${String(i).padStart(2, "0")}${backend.toUpperCase()}`,
        kind: "fixed",
        value: 100 + i,
        createdAt: new Date(now.getTime() + i * 1000),
      })),
    );
    const codes = async (query: string) =>
      AdminDiscountCodesSchema.parse((await agent.get(`/back/api/admin/discountCodes?brand=es&q=LISTA${query}`)).body.data);
    const newest = await codes("");
    expect(newest.paging).toMatchObject({ total: 30, pageCount: 2 });
    expect(newest.items[0].code).toBe(`LISTA29${backend.toUpperCase()}`);
    const byCode = await codes("&sort=code&dir=asc&page=2");
    expect(byCode.items.map((c) => c.code)).toEqual(Array.from({ length: 5 }, (_, i) => `LISTA${25 + i}${backend.toUpperCase()}`));

    const checks = PendingChecksSchema.parse((await agent.get("/back/api/admin/checks?sort=amount&dir=desc")).body.data);
    expect(checks.paging.total).toBeGreaterThan(0);
    expect(checks.items.map((c) => c.totalWithVat)).toEqual([...checks.items.map((c) => c.totalWithVat)].sort((a, b) => b - a));

    const content = async (query: string) => ContentListSchema.parse((await agent.get(`/back/api/admin/content?${query}`)).body.data);
    const byTitle = await content("sort=title&dir=asc");
    expect(byTitle.paging.total).toBeGreaterThan(ADMIN_PAGE_SIZE);
    expect(byTitle.items).toHaveLength(ADMIN_PAGE_SIZE);
    const titles = byTitle.items.map((i) => i.title.toLocaleLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const last = await content(`sort=title&dir=asc&page=${byTitle.paging.pageCount}`);
    expect(last.items.length).toBe(byTitle.paging.total - (byTitle.paging.pageCount - 1) * ADMIN_PAGE_SIZE);
    // Filters still refuse a wrong kind (ADR 0066).
    expectEnvelope(await agent.get("/back/api/admin/content?kind=poem&sort=title"), 422);
  });

  test("the pages without JavaScript: sort headers (aria-sort) and a pager that keeps the search", async () => {
    const agent = await admin();
    const html = async (path: string) => {
      const reply = await agent.get(path, { headers: { accept: "text/html" } });
      expect(reply.status, path).toBe(200);
      return reply.text.replace(/&amp;/g, "&");
    };
    const usersPage = await html("/admin/users?q=demo.test&sort=email&dir=asc");
    expect(usersPage).toMatch(/<th[^>]*aria-sort="ascending"[^>]*>\s*<a[^>]*href="\/admin\/users\?q=demo\.test&sort=email&dir=desc"/);
    expect(usersPage).toContain('data-testid="user-row"');
    // The 60 users of the first test: three pages, the next one keeps the search.
    const paged = await html("/admin/users?q=lists.test");
    expect(paged).toContain('data-testid="list-pager"');
    expect(paged).toMatch(/href="\/admin\/users\?q=lists\.test&page=2"/);
    const codesPage = await html("/admin/discountCodes?sort=code&dir=asc");
    expect(codesPage).toMatch(/aria-sort="ascending"/);
    expect(codesPage).toContain('data-testid="code-row"');
    const editorPage = await html("/admin/editor?sort=title&dir=asc");
    expect(editorPage).toMatch(/aria-sort="ascending"/);
    expect(editorPage).toContain('data-testid="list-pager"');
    expect(editorPage).toMatch(/href="\/admin\/editor\?sort=title&dir=asc&page=2"/);
    const comptaPage = await html("/admin/factureCompta?sort=created&dir=desc");
    expect(comptaPage).toMatch(/aria-sort="descending"/);
  });

  test("ADR 0089: the check confirmation's audit row is written in the payment's transaction; when it fails, nothing is paid", async () => {
    const [shop] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "shop@demo.test"));
    const [order] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shop.id), eq(orders.status, "pending"), eq(orders.paymentMethod, "check")))
      .limit(1);
    expect(order, "the demo's pending check order").toBeDefined();
    // Only the database and the clock are reached before the hook fails (the mail and the cart update come after commit).
    const deps = { db: suite.db, now: () => new Date() } as unknown as BackDeps;
    await expect(
      markCheckReceived(serviceContext(deps, { brand: BRANDS.fr, locale: "fr-FR" }), order.id, {
        inTransaction: async () => {
          throw new Error("audit store down");
        },
      }),
    ).rejects.toThrow("audit store down");
    const [still] = await suite.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still).toMatchObject({ status: "pending", paidAt: null });
    expect(await suite.db.$count(invoices, eq(invoices.orderId, order.id))).toBe(0);
    expect(await suite.db.$count(payments, eq(payments.orderId, order.id))).toBe(0);
    expect(await suite.db.$count(auditLog, and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, String(order.id))))).toBe(0);

    // Through the back office: paid, and exactly one audit row naming the invoice.
    const agent = await admin();
    const confirmed = await agent.post(`/back/api/admin/checks/${order.id}/confirm`, {});
    expectEnvelope(confirmed, 200);
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const rows = await suite.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, String(order.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "order.checkConfirmed" });
    expect(rows[0].before).toMatchObject({ status: "pending", paidAt: null });
    expect(rows[0].after).toMatchObject({ status: "paid", invoiceNumber: invoice.number });
    expect(confirmed.body.data).toEqual({ orderId: order.id, status: "paid", invoiceNumber: invoice.number });
  });
});
