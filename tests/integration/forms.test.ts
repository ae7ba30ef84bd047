// Issue 13, defect 8 on the back API: impossible birth dates are refused, the course page learns the eligibility
// rule's answer before any click, bookmarks are listed (catalogue `favourites` filter, paginated), and a reset link
// can be checked without spending it.
import http from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { authTokens, notifications, trainings, users } from "../../server/db/schema/index.ts";
import { issueToken } from "../../server/back/modules/auth/tokens.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

/** A page as the browser on that brand host gets it (the web tier reads the Host header, not X-Forwarded-Host). */
function getPage(origin: string, host: string, pathname: string, cookie: string): Promise<{ status: number; location?: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: Number(port), path: pathname, headers: { host: `${host}:${port}`, accept: "text/html", cookie } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(backends())("forms and offered actions (%s)", (backend) => {
  const suite = useSuite(backend);

  async function loggedIn(email: string, locale = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ "accept-language": locale, host: locale === "es-ES" ? "es.localhost" : "localhost" });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function trainingId(slug: string): Promise<number> {
    const [row] = await suite.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, slug));
    return row.id;
  }

  test("a future, pre-1900 or under-16 birth date is a translated 422 and changes nothing", async () => {
    const agent = await loggedIn("maxime.durand@demo.test");
    const [before] = await suite.db.select({ birthDate: users.birthDate }).from(users).where(eq(users.email, "maxime.durand@demo.test"));
    const thisYear = new Date().getFullYear();
    for (const [birthDate, message] of [
      ["2099-01-01", "La date de naissance ne peut pas être dans le futur."],
      ["1899-12-31", "Saisissez une date de naissance postérieure au 1er janvier 1900."],
      [`${thisYear - 10}-06-01`, "Vous devez avoir au moins 16 ans : vérifiez la date de naissance."],
      ["1990-02-30", "Valeur invalide."],
    ]) {
      const reply = await agent.post("/back/api/user/updatePersonalData", { birthDate });
      expectEnvelope(reply, 422);
      expect(reply.body.data.errors.birthDate).toEqual([message]);
    }
    const [after] = await suite.db.select({ birthDate: users.birthDate }).from(users).where(eq(users.email, "maxime.durand@demo.test"));
    expect(after.birthDate).toEqual(before.birthDate);

    const es = await loggedIn("carlos.ruiz@demo.test", "es-ES");
    const reply = await es.post("/back/api/user/updatePersonalData", { birthDate: "2099-01-01" });
    expectEnvelope(reply, 422);
    expect(reply.body.data.errors.birthDate).toEqual(["La fecha de nacimiento no puede ser futura."]);

    expectEnvelope(await agent.post("/back/api/user/updatePersonalData", { birthDate: "1980-03-14" }), 200);
    const [saved] = await suite.db.select({ birthDate: users.birthDate }).from(users).where(eq(users.email, "maxime.durand@demo.test"));
    expect(String(saved.birthDate)).toContain("1980-03-14");
  });

  test("GET user/enrolment/{id} carries the same eligibility answer as the subscribe endpoint", async () => {
    const elearning = await trainingId("routine-dermocosmetique");
    const pharmacistsOnly = await trainingId("vaccination-officine");
    const cases: [string, number, { allowed: boolean; reason?: string }][] = [
      ["readonly@demo.test", elearning, { allowed: false, reason: "readOnly" }],
      ["expired@demo.test", elearning, { allowed: false, reason: "contractInvalid" }],
      ["nonpharmacist@demo.test", pharmacistsOnly, { allowed: false, reason: "pharmacistsOnly" }],
      ["nonpharmacist@demo.test", elearning, { allowed: true }],
    ];
    for (const [email, id, expected] of cases) {
      const agent = await loggedIn(email);
      const view = await agent.get(`/back/api/user/enrolment/${id}`);
      expectEnvelope(view, 200);
      expect(view.body.data.eligibility, email).toEqual(expected);
      if (!expected.allowed) {
        // The endpoint that would subscribe refuses for the same reason.
        const refused = await agent.post(`/back/api/course/subscribe/${id}`, { sessions: [] });
        expect(refused.status, email).toBe(403);
      }
    }
    expect((await suite.agent().get(`/back/api/user/enrolment/${elearning}`)).status).toBe(401);
  });

  test("favourites=1 lists the visitor's bookmarks a page at a time; a guest gets a 401", async () => {
    const agent = await loggedIn("learner@demo.test");
    const first = await agent.get("/back/api/catalogue?favourites=1&pageSize=3");
    expectEnvelope(first, 200);
    expect(first.body.data.total).toBe(4);
    expect(first.body.data.pageCount).toBe(2);
    expect(first.body.data.items).toHaveLength(3);
    const second = await agent.get("/back/api/catalogue?favourites=1&pageSize=3&page=2");
    const ids = [...first.body.data.items, ...second.body.data.items].map((item: { id: number }) => item.id).sort();
    const bookmarks = await agent.get("/back/api/user/bookmarks");
    expect(ids).toEqual([...bookmarks.body.data].sort());

    // A bookmark removed through the existing endpoint leaves the list at once (no stale cache).
    await agent.csrf();
    expectEnvelope(await agent.request("DELETE", `/back/api/user/bookmarks/${ids[0]}`), 200);
    const after = await agent.get("/back/api/catalogue?favourites=1");
    expect(after.body.data.total).toBe(3);
    expect(after.body.data.items.map((item: { id: number }) => item.id)).not.toContain(ids[0]);

    const none = await (await loggedIn("readonly@demo.test")).get("/back/api/catalogue?favourites=1");
    expect(none.body.data.total).toBe(0);
    expectEnvelope(await suite.agent().get("/back/api/catalogue?favourites=1"), 401);
    expectEnvelope(await suite.agent().get("/back/api/catalogue?favourites=maybe"), 422);
  });

  test("GET passwordReset/check/{token} says whether a link is usable, without spending it", async () => {
    const [user] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "emma.leroy@demo.test"));
    const token = await issueToken(suite.db, { kind: "password_reset", userId: user.id }, new Date());
    const guest = suite.agent({ "accept-language": "es-ES" });
    for (let i = 0; i < 2; i++) {
      const check = await guest.get(`/back/api/passwordReset/check/${token}`);
      expectEnvelope(check, 200);
      expect(check.body.data).toEqual({ valid: true });
    }
    const [row] = await suite.db.select({ usedAt: authTokens.usedAt }).from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row.usedAt).toBeNull();

    const unknown = await guest.get("/back/api/passwordReset/check/not-a-token");
    expect(unknown.body.data).toEqual({ valid: false });
    expect(unknown.body.message).toBe("Este enlace de restablecimiento no es válido o ha caducado. Solicite uno nuevo.");

    await guest.csrf();
    expectEnvelope(await guest.post("/back/api/passwordReset", { token, password: "nuevo1234", passwordConfirmation: "nuevo1234" }), 200);
    expect((await guest.get(`/back/api/passwordReset/check/${token}`)).body.data).toEqual({ valid: false });
  });

  test("every notification link of the seed opens a page (200) for its recipient, on the recipient's brand", async () => {
    const HOSTS: Record<string, string> = { fr: "localhost", be: "be.localhost", es: "es.localhost" };
    const rows = await suite.db
      .select({ email: users.email, brand: users.brand, locale: users.locale, link: notifications.link })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId));
    const linked = rows.filter((row) => row.link);
    expect(linked.length).toBeGreaterThanOrEqual(10);
    expect(new Set(linked.map((row) => row.email))).toEqual(
      new Set(["learner@demo.test", "holder@demo.test", "referent.be@demo.test", "learner.es@demo.test", "referent.es@demo.test"]),
    );
    const agents = new Map<string, Agent>();
    for (const row of linked) {
      let agent = agents.get(row.email);
      if (!agent) {
        agent = suite.agent({ "accept-language": row.locale, host: HOSTS[row.brand] });
        expectEnvelope(await agent.login(row.email), 200);
        agents.set(row.email, agent);
      }
      // A page may redirect once or twice (its canonical type path): follow, then expect the page itself.
      let target = row.link!;
      let reply = await getPage(suite.origin, HOSTS[row.brand], target, agent.cookieHeader());
      for (let hop = 0; hop < 3 && reply.status >= 300 && reply.status < 400 && reply.location; hop++) {
        target = new URL(reply.location, suite.origin).pathname;
        reply = await getPage(suite.origin, HOSTS[row.brand], target, agent.cookieHeader());
      }
      expect(reply.status, `${row.email} -> ${row.link} (${target})`).toBe(200);
    }
  });
});
