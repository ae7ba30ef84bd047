// Documents rendered once for the same data (ADR 0142) on the real platform and both engines: every request runs the
// page's loaders; when they read what a document was rendered from before, that document is sent again with the
// asking request's nonce and form token. A change of the data, made through the platform or straight into the
// database, is a new document; one visitor's document never reaches a visitor whose data differs.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { backends, queryRows } from "./support/database.ts";
import type { Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

/** A forced reload, as the bench's first views: the session page cache would answer otherwise. */
const page = (agent: Agent, path: string) => agent.get(path, { headers: { accept: "text/html", "accept-language": "fr-FR", "cache-control": "no-cache" } });
const reused = (response: { headers: Headers }) => response.headers.get("x-reused-document") === "1";
const routeDataToken = (html: string) => /\\"csrfToken\\",\\"([^\\"]+)\\"/.exec(html)?.[1];
const nonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
const pressed = (html: string) => [...html.matchAll(/aria-pressed="true"/g)].length;

describe.each(backends())("reused documents (%s)", (backend) => {
  // The other test files' platforms are in check mode: every document rendered again and compared with the kept one.
  // The page cache is on, as in production: a forced reload passes it by, and keeps what it answered.
  const suite = useSuite(backend, { REUSED_DOCUMENTS: "on", PAGE_CACHE: "on" });

  async function loggedIn(email: string) {
    const agent = suite.agent();
    expect((await agent.login(email)).status).toBe(200);
    return agent;
  }

  test("a learner's reloaded page with the same data is the document rendered before, with this request's nonce and form token", async () => {
    const learner = await loggedIn("learner@demo.test");
    // Addresses of this file's own: documents are kept per process, which other files' platforms may share.
    const path = "/catalogue?limit=37";
    const first = await page(learner, path);
    const second = await page(learner, path);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(reused(first)).toBe(false);
    expect(reused(second)).toBe(true);

    const [firstToken, secondToken] = [routeDataToken(first.text)!, routeDataToken(second.text)!];
    const [firstNonce] = [...nonces(first.text)];
    const [secondNonce] = [...nonces(second.text)];
    expect(nonces(first.text).size).toBe(1);
    expect(nonces(second.text)).toEqual(new Set([secondNonce]));
    expect(secondNonce).not.toBe(firstNonce);
    expect(secondToken).toBeTruthy();
    const normalised = (html: string, token: string, nonce: string) => html.replaceAll(token, "TOKEN").replaceAll(nonce, "NONCE");
    expect(normalised(second.text, secondToken, secondNonce)).toBe(normalised(first.text, firstToken, firstNonce));

    // The form token sent in the reused document is the learner's own: a bookmark posted with it is accepted.
    const [training] = await queryRows<{ id: number }>(
      suite.db,
      sql`select id from trainings where brand = 'fr' and id not in
            (select training_id from bookmarks where user_id = (select id from users where email = 'learner@demo.test')) order by id limit 1`,
    );
    const bookmarked = await learner.request("POST", "/catalogue", {
      body: new URLSearchParams({ csrf: secondToken, intent: "bookmark", op: "add", trainingId: String(training.id) }),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(bookmarked.status).toBe(302);
    const stored = await queryRows<{ n: number }>(
      suite.db,
      sql`select count(*)::int as n from bookmarks where training_id = ${training.id} and user_id = (select id from users where email = 'learner@demo.test')`,
    );
    expect(stored[0].n).toBe(1);
    expect((await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
  });

  test("a change of the page's data, through the platform or behind its back, is rendered again", async () => {
    const learner = await loggedIn("learner@demo.test");
    const path = "/catalogue?limit=38";
    const before = await page(learner, path);
    expect(reused(await page(learner, path))).toBe(true);

    // The learner's own bookmark: a new document, with the bookmark pressed.
    const [training] = await queryRows<{ id: number }>(
      suite.db,
      sql`select id from trainings where brand = 'fr' and id not in
            (select training_id from bookmarks where user_id = (select id from users where email = 'learner@demo.test')) order by id limit 1`,
    );
    expect((await learner.request("PUT", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    const bookmarked = await page(learner, path);
    expect(reused(bookmarked)).toBe(false);
    expect(pressed(bookmarked.text)).toBe(pressed(before.text) + 1);
    // Back to the same data: the same document as before.
    expect((await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    const unbookmarked = await page(learner, path);
    expect(reused(unbookmarked)).toBe(true);
    expect(pressed(unbookmarked.text)).toBe(pressed(before.text));

    // A training renamed in the database, as another instance or a tool would: the loaders read it on the next request.
    const button = /<button[^>]*name="trainingId"[^>]*>/.exec(before.text)![0];
    const shownId = Number(/value="(\d+)"/.exec(button)![1]);
    const [first] = await queryRows<{ id: number; name: string }>(suite.db, sql`select id, name from trainings where id = ${shownId}`);
    const renamed = `${first.name} (renommée)`;
    await suite.db.execute(sql`update trainings set name = ${renamed} where id = ${first.id}`);
    try {
      const afterRename = await page(learner, path);
      const again = await page(learner, path);
      expect(afterRename.text).toContain("(renommée)");
      expect(again.text).toContain("(renommée)");
      await suite.db.execute(sql`update trainings set name = ${first.name} where id = ${first.id}`);
      const restored = await page(learner, path);
      expect(reused(restored)).toBe(true);
      expect(restored.text).not.toContain("(renommée)");
    } finally {
      await suite.db.execute(sql`update trainings set name = ${first.name} where id = ${first.id}`);
    }
  });

  test("a browser that takes gzip gets the reused document as gzip of its parts compressed once, the page cache keeps it; others get it plain", async () => {
    const learner = await loggedIn("learner@demo.test");
    const path = "/catalogue?limit=41";
    const ask = (encoding: string, { reload = true } = {}) =>
      learner.get(path, {
        headers: { accept: "text/html", "accept-language": "fr-FR", "accept-encoding": encoding, ...(reload ? { "cache-control": "no-cache" } : {}) },
      });
    const normalise = (reply: { text: string }) => {
      const nonce = [...nonces(reply.text)][0];
      return reply.text.replaceAll(routeDataToken(reply.text)!, "TOKEN").replaceAll(nonce, "NONCE");
    };
    const rendered = await ask("gzip, deflate, br");
    const plain = await ask("identity");
    // A bookmark added and removed: the same data, at a newer page version than the pages kept so far.
    const [training] = await queryRows<{ id: number }>(
      suite.db,
      sql`select id from trainings where brand = 'fr' and id not in
            (select training_id from bookmarks where user_id = (select id from users where email = 'learner@demo.test')) order by id limit 1`,
    );
    expect((await learner.request("PUT", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    expect((await learner.request("DELETE", `/back/api/user/bookmarks/${training.id}`)).status).toBe(200);
    const gzipped = await ask("gzip, deflate, br");
    expect(reused(rendered)).toBe(false);
    expect(reused(plain)).toBe(true);
    expect(reused(gzipped)).toBe(true);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/accept-encoding/i);
    // fetch has decoded the gzip: the same page as rendered, with this request's own nonce and token.
    expect(normalise(gzipped)).toBe(normalise(rendered));
    expect(normalise(plain)).toBe(normalise(rendered));
    expect(routeDataToken(gzipped.text)).toBeTruthy();

    // The session page cache kept the gzip answer (the only one at this version) as its page: the next visit without a
    // reload is a hit, the same page.
    const seenAgain = await ask("gzip", { reload: false });
    expect(seenAgain.headers.get("x-page-cache")).toBe("hit");
    expect(normalise(seenAgain)).toBe(normalise(rendered));
  });

  test("a learner never gets another learner's document; two guests share theirs, each with their own form token", async () => {
    const path = "/catalogue?limit=39";
    const learner = await loggedIn("learner@demo.test");
    const other = await loggedIn("lea.bernard@demo.test");
    const [learnerUser] = await queryRows<{ first_name: string }>(suite.db, sql`select first_name from users where email = 'learner@demo.test'`);
    await page(learner, path);
    await page(learner, path);
    const otherPage = await page(other, path);
    expect(reused(otherPage)).toBe(false);
    expect(otherPage.text).not.toContain(learnerUser.first_name);

    const [firstGuest, secondGuest] = [suite.agent(), suite.agent()];
    const firstGuestPage = await page(firstGuest, path);
    const secondGuestPage = await page(secondGuest, path);
    expect(secondGuestPage.status).toBe(200);
    expect(reused(secondGuestPage)).toBe(true);
    expect(reused(firstGuestPage)).toBe(false);
    expect(routeDataToken(secondGuestPage.text)).not.toBe(routeDataToken(firstGuestPage.text));
  });
});
