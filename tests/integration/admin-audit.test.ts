// The back office's guard and audit log (issue 16, ADR 0060): every /back/api/admin/* call needs an administrator
// (401 anonymous, 403 learner, referent, holder, shop customer), checked in one place before the route; an admin
// change and its audit row are committed together (a rolled-back transaction leaves neither); the audit list
// filters, sorts and pages through the query string, and malformed query values fall back to the defaults.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, users } from "../../server/db/schema/index.ts";
import { recordAdminChange } from "../../server/back/modules/audit/audit.service.ts";
import { readableText } from "./support/crawl.ts";
import { backends, countRows } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("admin guard and audit log (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  /** A client logged in as `email` (a Spanish account on the Spanish host). */
  async function as(email: string | null) {
    const host = email?.endsWith(".es@demo.test") ? "es.localhost" : "localhost";
    const agent = suite.agent({ "accept-language": "fr-FR", "x-forwarded-host": host });
    if (email) expectEnvelope(await agent.login(email), 200);
    else await agent.csrf();
    return agent;
  }

  async function adminId(): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
    return row.id;
  }

  test("every /back/api/admin/* call, even an unknown one: 401 anonymous, 403 for non-admins, nothing written", async () => {
    const before = await countRows(suite.db, "audit_log");
    const paths = ["/back/api/admin/audit", "/back/api/admin/nothing-here"];
    const anonymous = await as(null);
    for (const path of paths) expectEnvelope(await anonymous.get(path), 401);
    expectEnvelope(await anonymous.post("/back/api/admin/realtime/reload", { scope: "platform" }), 401);
    for (const email of ["learner@demo.test", "referent.es@demo.test", "holder@demo.test", "shop@demo.test"]) {
      const agent = await as(email);
      for (const path of paths) expectEnvelope(await agent.get(path), 403);
      expectEnvelope(await agent.post("/back/api/admin/realtime/reload", { scope: "platform" }), 403);
    }
    const admin = await as("admin@demo.test");
    expectEnvelope(await admin.get("/back/api/admin/audit"), 200);
    expectEnvelope(await admin.get("/back/api/admin/nothing-here"), 404);
    expect(await countRows(suite.db, "audit_log")).toBe(before);
  });

  test("reloading every open page, or one user's, is audited: who, when, which channel (issue 28)", async () => {
    const admin = await as("admin@demo.test");
    const [learner] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "learner@demo.test"));
    const everyone = await admin.post("/back/api/admin/realtime/reload", { scope: "platform" });
    expectEnvelope(everyone, 200);
    const one = await admin.post("/back/api/admin/realtime/reload", { scope: "user", userId: learner.id });
    expectEnvelope(one, 200);
    const rows = await suite.db.select().from(auditLog).where(eq(auditLog.action, "pages.reload")).orderBy(auditLog.id);
    expect(
      rows.map((r) => ({ actorId: r.actorId, actorEmail: r.actorEmail, entityType: r.entityType, entityId: r.entityId, before: r.before, after: r.after })),
    ).toEqual([
      {
        actorId: await adminId(),
        actorEmail: "admin@demo.test",
        entityType: "channel",
        entityId: everyone.body.data.channel,
        before: null,
        after: { scope: "platform", userId: null },
      },
      {
        actorId: await adminId(),
        actorEmail: "admin@demo.test",
        entityType: "channel",
        entityId: one.body.data.channel,
        before: null,
        after: { scope: "user", userId: learner.id },
      },
    ]);
    expect(one.body.data.channel).not.toBe(everyone.body.data.channel);
    // The audit list shows them to the back office.
    const listed = await admin.get("/back/api/admin/audit?q=pages.reload");
    expectEnvelope(listed, 200);
    expect(listed.body.data.items).toHaveLength(2);
  });

  test("recordAdminChange writes in the caller's transaction: a rollback loses the change and its record", async () => {
    const actorId = await adminId();
    const ctx = suite.context();
    const before = await countRows(suite.db, "audit_log");
    await expect(
      suite.db.transaction(async (tx) => {
        await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "test.rollback", entityType: "test", entityId: 1, before: null, after: { a: 1 } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await countRows(suite.db, "audit_log")).toBe(before);

    await suite.db.transaction(async (tx) => {
      await recordAdminChange(
        { ...ctx, db: tx },
        {
          actorId,
          action: "test.commit",
          entityType: "test",
          entityId: 2,
          before: { at: new Date("2026-01-02T03:04:05Z") },
          after: undefined,
        },
      );
    });
    const [row] = await suite.db.select().from(auditLog).where(eq(auditLog.action, "test.commit"));
    expect(row).toMatchObject({
      actorId,
      actorEmail: "admin@demo.test",
      entityType: "test",
      entityId: "2",
      before: { at: "2026-01-02T03:04:05.000Z" },
      after: null,
    });
  });

  test("the audit list: search, filters, sorting, pagination; malformed query values fall back to the defaults", async () => {
    const actorId = await adminId();
    const ctx = suite.context();
    await suite.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await recordAdminChange(
          { ...ctx, db: tx },
          { actorId, action: `paging.step${String(i).padStart(2, "0")}`, entityType: "paging", entityId: i, before: null, after: { i } },
          new Date(Date.UTC(2026, 0, 1 + i)),
        );
      }
    });
    const admin = await as("admin@demo.test");
    const first = await admin.get("/back/api/admin/audit?entityType=paging");
    expectEnvelope(first, 200);
    expect(first.body.data.paging).toEqual({ total: 30, page: 1, pageSize: 25, pageCount: 2 });
    expect(first.body.data.items[0].action).toBe("paging.step29");
    expect(first.body.data.entityTypes).toContain("paging");
    const second = await admin.get("/back/api/admin/audit?entityType=paging&page=2&sort=action&dir=asc");
    expect(second.body.data.items.map((i: { action: string }) => i.action)).toEqual([
      "paging.step25",
      "paging.step26",
      "paging.step27",
      "paging.step28",
      "paging.step29",
    ]);
    const dated = await admin.get("/back/api/admin/audit?entityType=paging&from=2026-01-05&to=2026-01-06");
    expect(dated.body.data.items.map((i: { entityId: string }) => i.entityId).sort()).toEqual(["4", "5"]);
    const searched = await admin.get(`/back/api/admin/audit?q=${encodeURIComponent("STEP07")}`);
    expect(searched.body.data.items.map((i: { action: string }) => i.action)).toEqual(["paging.step07"]);
    const one = await admin.get("/back/api/admin/audit?entityType=paging&entityId=3");
    expect(one.body.data.paging.total).toBe(1);
    // A LIKE wildcard is a plain character.
    expect((await admin.get("/back/api/admin/audit?q=%25%25")).body.data.paging.total).toBe(0);
    for (const bad of ["page=-1", "page=99999999999", "sort=drop", "dir=sideways", "from=2026-13-45", "entityType=%00", "q=%00", "entityId=a%20b"]) {
      const reply = await admin.get(`/back/api/admin/audit?${bad}`);
      expectEnvelope(reply, 200);
    }
  });

  test("the audit page: guarded by the admin area, a GET form and sort links that work without JavaScript", async () => {
    const admin = await as("admin@demo.test");
    const page = await admin.get("/admin/audit?entityType=paging&sort=action&dir=asc", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="admin-nav"');
    expect(page.text).toMatch(/<form[^>]*method="get"/);
    // An action the log has no words for reads as a plain sentence, never as its raw name (issue 30 item 6).
    expect(page.text).toContain("a fait une modification");
    expect(readableText(page.text)).not.toContain("paging.step00");
    expect(page.text).toContain('aria-sort="ascending"');
    const index = await admin.get("/admin", { headers: { accept: "text/html" } });
    expect(index.status).toBe(200);
    expect(index.text).toContain('href="/admin/audit"');
    const learner = await as("learner@demo.test");
    expect((await learner.get("/admin/audit", { headers: { accept: "text/html" } })).status).toBe(403);
  });
});
