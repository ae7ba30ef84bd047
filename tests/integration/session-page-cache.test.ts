// The session page cache (server/web/page-cache.ts, ADR 0091) on the real platform and both engines: a logged-in page
// is kept for its own session only, under the page data version of migration 0016, so any committed write (through
// the platform or straight into the database, as another instance or a tool would) is seen on the next request; a
// closed or expired session is never served a kept page.
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { backends, queryRows } from "./support/database.ts";
import type { Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const formToken = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1];
const page = (agent: Agent, path = "/catalogue") => agent.get(path, { headers: { accept: "text/html", "accept-language": "fr-FR" } });

describe.each(backends())("session page cache (%s)", (backend) => {
  const suite = useSuite(backend, { PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: "60000", SESSION_PAGE_CACHE_TTL_MS: "60000" });

  async function loggedIn(email: string) {
    const agent = suite.agent();
    expect((await agent.login(email)).status).toBe(200);
    return agent;
  }

  /** Opens the page until it is served from the cache (a first visit may write, as the profile's badges do). */
  async function keep(agent: Agent, path: string) {
    for (let visit = 0; visit < 3; visit++) {
      if ((await page(agent, path)).headers.get("x-page-cache") === "hit") return;
    }
    throw new Error(`${path} was never served from the cache`);
  }

  const version = async () => (await queryRows<{ version: string }>(suite.db, sql`select version::text as version from page_data_state`))[0].version;

  test("a session's page is rendered once, then served again with its own nonce and form token", async () => {
    const learner = await loggedIn("learner@demo.test");
    const first = await page(learner);
    const second = await page(learner);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.text).toContain("Julie");
    expect(second.headers.get("cache-control")).toBe("private, no-store");
    const nonce = (reply: typeof first) => /'nonce-([^']+)'/.exec(reply.headers.get("content-security-policy") ?? "")![1];
    expect(nonce(second)).not.toBe(nonce(first));
    expect(second.text).toContain(`nonce="${nonce(second)}"`);
    expect(second.text).not.toContain(nonce(first));
    expect(formToken(second.text)).toBeTruthy();
  });

  test("a forced reload is rendered afresh and replaces the kept page", async () => {
    const learner = await loggedIn("learner@demo.test");
    await keep(learner, "/catalogue");
    const forced = await learner.get("/catalogue", { headers: { accept: "text/html", "accept-language": "fr-FR", "cache-control": "no-cache" } });
    expect(forced.headers.get("x-page-cache")).toBe("miss");
    expect((await page(learner)).headers.get("x-page-cache")).toBe("hit");
  });

  test("another session, even of the same user, never gets it", async () => {
    const learner = await loggedIn("learner@demo.test");
    await page(learner);
    expect((await page(learner)).headers.get("x-page-cache")).toBe("hit");

    const sameUserElsewhere = await loggedIn("learner@demo.test");
    expect((await page(sameUserElsewhere)).headers.get("x-page-cache")).toBe("miss");

    const otherUser = await loggedIn("holder@demo.test");
    const theirs = await page(otherUser);
    expect(theirs.headers.get("x-page-cache")).toBe("miss");
    expect(theirs.text).not.toContain("Julie");

    const guest = await page(suite.agent());
    expect(guest.text).not.toContain("Julie");
  });

  test("a write straight into the database, as another instance would make it, is seen on the next request", async () => {
    const learner = await loggedIn("learner@demo.test");
    await page(learner);
    expect((await page(learner)).headers.get("x-page-cache")).toBe("hit");
    const before = await version();
    await suite.db.execute(sql`update users set first_name = 'Juliette' where email = 'learner@demo.test'`);
    expect(await version()).not.toBe(before);
    const after = await page(learner);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.text).toContain("Juliette");
    expect((await page(learner)).headers.get("x-page-cache")).toBe("hit");
    await suite.db.execute(sql`update users set first_name = 'Julie' where email = 'learner@demo.test'`);
    expect((await page(learner)).text).not.toContain("Juliette");
  });

  test("a client navigation's route data is kept for its session like its page, and a write is seen at once", async () => {
    const learner = await loggedIn("learner@demo.test");
    const data = (agent: Agent) => agent.get("/catalogue.data", { headers: { "accept-language": "fr-FR" } });
    await data(learner);
    const kept = await data(learner);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(kept.headers.get("cache-control")).toBe("private, no-store");
    expect(kept.text).toContain('"Julie"');
    expect(kept.text).toMatch(/"csrfToken","[^"]+"/);

    const sameUserElsewhere = await loggedIn("learner@demo.test");
    expect((await data(sameUserElsewhere)).headers.get("x-page-cache")).toBe("miss");
    const guest = await data(suite.agent());
    expect(guest.text).not.toContain('"Julie"');

    await data(learner);
    expect((await data(learner)).headers.get("x-page-cache")).toBe("hit");
    await suite.db.execute(sql`update users set first_name = 'Juliette' where email = 'learner@demo.test'`);
    const after = await data(learner);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.text).toContain('"Juliette"');
    await suite.db.execute(sql`update users set first_name = 'Julie' where email = 'learner@demo.test'`);
    expect((await data(learner)).text).not.toContain('"Juliette"');
  });

  test("a write through the platform by someone else is seen at once too", async () => {
    const learner = await loggedIn("learner@demo.test");
    await keep(learner, "/compte/profil");
    // Another user logging in writes a session row: every kept page is re-rendered on its next request.
    await loggedIn("holder@demo.test");
    expect((await page(learner, "/compte/profil")).headers.get("x-page-cache")).toBe("miss");
  });

  test("after a logout the old cookie is never served the kept page", async () => {
    const learner = await loggedIn("learner@demo.test");
    const oldCookie = learner.cookies.get("sid")!;
    await keep(learner, "/compte/profil");
    expect((await learner.logout()).status).toBe(200);

    const replayed = suite.agent();
    replayed.cookies.set("sid", oldCookie);
    const reply = await page(replayed, "/compte/profil");
    expect(reply.headers.get("x-page-cache")).not.toBe("hit");
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toMatch(/^\/connexion/);
  });

  test("an expired session is not served its kept page, even with no other write since", async () => {
    const learner = await loggedIn("learner@demo.test");
    await keep(learner, "/compte/profil");
    // Expiry is a matter of time, not of a write: move the clock of the row back and the version with it, as if
    // no write had happened.
    const kept = await version();
    await suite.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = 'learner@demo.test')`,
    );
    await suite.db.execute(sql`update page_data_state set version = ${kept}::bigint`);
    const reply = await page(learner, "/compte/profil");
    expect(reply.headers.get("x-page-cache")).not.toBe("hit");
    expect(reply.status).toBe(302);
  });

  test("every table but the three named ones is watched, and a table added later is too", async () => {
    const unwatched = await queryRows<{ name: string }>(
      suite.db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'
             and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_page_data_touch')
           order by 1`,
    );
    expect(unwatched.map((row) => row.name)).toEqual(["catalogue_state", "page_data_state", "rate_limits"]);

    await suite.db.execute(sql`create table later_table (id integer primary key)`);
    await suite.database.database.migrate();
    const before = await version();
    await suite.db.execute(sql`insert into later_table values (1)`);
    expect(await version()).not.toBe(before);
    await suite.db.execute(sql`drop table later_table`);
  });

  test("one bump per transaction, whatever the number of rows it writes", async () => {
    const before = Number(await version());
    await suite.db.transaction(async (tx) => {
      await tx.execute(sql`update users set updated_at = updated_at where email like '%@demo.test'`);
      await tx.execute(sql`update users set updated_at = updated_at where email = 'learner@demo.test'`);
    });
    expect(Number(await version())).toBe(before + 1);
  });

  test.runIf(backend === "postgres")("another connection sees the new version only once the write is committed", async () => {
    const client = new pg.Client({ connectionString: suite.database.url });
    await client.connect();
    try {
      const before = await version();
      await client.query("begin");
      await client.query("update users set first_name = 'Julia' where email = 'learner@demo.test'");
      expect(await version()).toBe(before);
      await client.query("commit");
      expect(await version()).not.toBe(before);
      await client.query("update users set first_name = 'Julie' where email = 'learner@demo.test'");
    } finally {
      await client.end();
    }
  });
});
