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

  type Versions = { overall: string; shared: string; own: string };
  /** The three versions a user's pages are kept under (migrations 0016 and 0028). */
  async function versions(email: string): Promise<Versions> {
    const [row] = await queryRows<Versions>(
      suite.db,
      sql`select p.version::text as overall, p.shared_version::text as shared,
                 coalesce((select u.version from user_page_data_state u join users on users.id = u.user_id where users.email = ${email}), 0)::text as own
            from page_data_state p where p.id = 1`,
    );
    return row;
  }
  /** Puts the versions back, as if no write had happened (the only way to test what the clock alone changes). */
  async function restoreVersions(email: string, kept: Versions) {
    await suite.db.execute(sql`update page_data_state set version = ${kept.overall}::bigint, shared_version = ${kept.shared}::bigint`);
    await suite.db.execute(sql`update user_page_data_state set version = ${kept.own}::bigint where user_id = (select id from users where email = ${email})`);
  }

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

  test("a shared write through the platform by someone else is seen at once too", async () => {
    const learner = await loggedIn("learner@demo.test");
    await keep(learner, "/compte/profil");
    // An administrator's change to a training (a shared table) re-renders every kept learner page.
    const administrator = await loggedIn("admin@demo.test");
    const [course] = await queryRows<{ id: number; name: string; module_type: number; duration_minutes: number }>(
      suite.db,
      sql`select id, name, module_type, duration_minutes from courses order by id limit 1`,
    );
    const renamed = await administrator.post(`/back/api/admin/catalog/courses/${course.id}`, {
      name: `${course.name} (2)`,
      moduleType: course.module_type,
      durationMinutes: course.duration_minutes,
    });
    expect(renamed.status).toBe(200);
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
    const kept = await versions("learner@demo.test");
    await suite.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = 'learner@demo.test')`,
    );
    await restoreVersions("learner@demo.test", kept);
    const reply = await page(learner, "/compte/profil");
    expect(reply.headers.get("x-page-cache")).not.toBe("hit");
    expect(reply.status).toBe(302);
  });

  test("another user's own data leaves a learner's kept pages kept; the learner's own write is seen at once (ADR 0141)", async () => {
    const learner = await loggedIn("learner@demo.test");
    await keep(learner, "/catalogue");
    await keep(learner, "/compte/profil");
    const [training] = await queryRows<{ id: number }>(
      suite.db,
      sql`select id from trainings where brand = 'fr' and id not in
            (select training_id from bookmarks where user_id = (select id from users where email = 'learner@demo.test')) order by id limit 1`,
    );
    // Another learner logs in (a session row) and bookmarks a training: nothing the learner's pages show.
    const other = await loggedIn("lea.bernard@demo.test");
    const before = await versions("learner@demo.test");
    expect((await other.request("PUT", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    const after = await versions("learner@demo.test");
    expect(after.overall).not.toBe(before.overall);
    expect(after).toMatchObject({ shared: before.shared, own: before.own });
    expect((await page(learner, "/catalogue")).headers.get("x-page-cache")).toBe("hit");
    expect((await page(learner, "/compte/profil")).headers.get("x-page-cache")).toBe("hit");

    // The learner's own bookmark: their next catalogue is rendered again, and shows it.
    const pressedBefore = [...(await page(learner, "/catalogue?limit=40")).text.matchAll(/aria-pressed="true"/g)].length;
    await keep(learner, "/catalogue?limit=40");
    expect((await learner.request("PUT", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    const mine = await page(learner, "/catalogue?limit=40");
    expect(mine.headers.get("x-page-cache")).toBe("miss");
    expect([...mine.text.matchAll(/aria-pressed="true"/g)].length).toBe(pressedBefore + 1);
    expect((await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    await other.request("DELETE", `/back/api/user/bookmarks/${training.id}`);
  });

  test("a guest page shows no one's own data: another learner's bookmark leaves it kept, a shared write empties it at once", async () => {
    const guestPage = (path: string) => page(suite.agent(), path);
    const keepForGuests = async (path: string) => {
      for (let visit = 0; visit < 3; visit++) if ((await guestPage(path)).headers.get("x-page-cache") === "hit") return;
      throw new Error(`${path} was never served from the guest cache`);
    };
    const learner = await loggedIn("lea.bernard@demo.test");
    const [training] = await queryRows<{ id: number }>(suite.db, sql`select id from trainings where brand = 'fr' order by id limit 1`);
    await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`);
    await keepForGuests("/catalogue");
    await keepForGuests("/faq");

    expect((await learner.request("PUT", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    expect((await guestPage("/catalogue")).headers.get("x-page-cache")).toBe("hit");
    // A page outside the listed ones sees every write, as before.
    expect((await guestPage("/faq")).headers.get("x-page-cache")).toBe("miss");

    const administrator = await loggedIn("admin@demo.test");
    await keepForGuests("/catalogue");
    const [course] = await queryRows<{ id: number; name: string; module_type: number; duration_minutes: number }>(
      suite.db,
      sql`select id, name, module_type, duration_minutes from courses order by id limit 1`,
    );
    const edit = { name: course.name, moduleType: course.module_type, durationMinutes: course.duration_minutes };
    expect((await administrator.post(`/back/api/admin/catalog/courses/${course.id}`, { ...edit, name: `${course.name} (3)` })).status).toBe(200);
    expect((await guestPage("/catalogue")).headers.get("x-page-cache")).toBe("miss");
    await administrator.post(`/back/api/admin/catalog/courses/${course.id}`, edit);
    await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`);
  });

  test("a pharmacy page, which shows its team's own data, sees a team member's write at once", async () => {
    const holder = await loggedIn("holder@demo.test");
    const path = "/gestion/ma-pharmacie/equipe";
    await keep(holder, path);
    const learnerPage = await loggedIn("learner@demo.test");
    await keep(learnerPage, "/compte/profil");
    // A team member's progress, written as another instance or a tool would.
    await suite.db.execute(
      sql`update enrolments set progress_percent = least(progress_percent + 1, 99)
           where id = (select e.id from enrolments e join users u on u.id = e.user_id where u.email = 'lea.bernard@demo.test' order by e.id limit 1)`,
    );
    expect((await page(holder, path)).headers.get("x-page-cache")).toBe("miss");
    // The other learner's page does not show it and stays kept.
    expect((await page(learnerPage, "/compte/profil")).headers.get("x-page-cache")).toBe("hit");
  });

  test("own-data writes name their owner, through a parent row too; an unnamed owner counts as shared", async () => {
    const owner = async (email: string) => (await queryRows<{ id: number }>(suite.db, sql`select id from users where email = ${email}`))[0].id;
    const lea = await owner("lea.bernard@demo.test");
    const learner = await versions("learner@demo.test");
    const leaBefore = await versions("lea.bernard@demo.test");

    // A module's progress names its owner through the enrolment.
    const [enrolment] = await queryRows<{ id: number; module_id: number }>(
      suite.db,
      sql`select e.id, m.id as module_id from enrolments e join courses c on c.training_id = e.training_id join modules m on m.course_id = c.id
           where e.user_id = ${lea} order by e.id, m.id limit 1`,
    );
    await suite.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into module_progress (enrolment_id, module_id, status) values (${enrolment.id}, ${enrolment.module_id}, 'started')
            on conflict do nothing`,
      );
      await tx.execute(sql`update module_progress set position_seconds = position_seconds + 1 where enrolment_id = ${enrolment.id}`);
    });
    const leaAfter = await versions("lea.bernard@demo.test");
    expect(Number(leaAfter.own)).toBe(Number(leaBefore.own) + 1);
    expect(Number(leaAfter.overall)).toBe(Number(leaBefore.overall) + 1);
    expect(leaAfter.shared).toBe(leaBefore.shared);
    expect((await versions("learner@demo.test")).own).toBe(learner.own);

    // A guest's cart has no owner to name: its lines are a shared write.
    await suite.db.transaction(async (tx) => {
      const [cart] = await queryRows<{ id: number }>(tx, sql`insert into carts (brand, token_hash) values ('fr', 'page-scope-test') returning id`);
      const [training] = await queryRows<{ id: number }>(tx, sql`select id from trainings order by id limit 1`);
      await tx.execute(sql`insert into cart_products (cart_id, training_id) values (${cart.id}, ${training.id})`);
    });
    const guest = await versions("learner@demo.test");
    expect(Number(guest.shared)).toBe(Number(leaAfter.shared) + 1);
    expect(guest.own).toBe(learner.own);
    await suite.db.execute(sql`delete from carts where token_hash = 'page-scope-test'`);

    // A shared table moves the shared version, and no one's own.
    await suite.db.execute(sql`update trainings set updated_at = updated_at where id = (select min(id) from trainings)`);
    const shared = await versions("lea.bernard@demo.test");
    expect(Number(shared.shared)).toBeGreaterThan(Number(guest.shared));
    expect(shared.own).toBe(leaAfter.own);
  });

  test("every table but the versions' own and the rate limits is watched, and a table added later is too", async () => {
    const unwatched = await queryRows<{ name: string }>(
      suite.db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'
             and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_page_data_touch')
           order by 1`,
    );
    expect(unwatched.map((row) => row.name)).toEqual(["catalogue_state", "page_data_state", "rate_limits", "user_page_data_state"]);

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
