// Issue 30 item 2: every area a user may enter is linked from the header's user menu and from the profile, and only
// for those users; a user of several pharmacies sees the one in use and switches from the menu, without JavaScript.
// Issue 29 item 6: several pharmacies and none in use, the account choice comes first (after login, on the landing
// pages). Issue 29 item 5: a shop customer takes a free training that the shop does not sell, or reads why not.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, enrolments, sessions, trainings, users } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { filledForm } from "./support/html-forms.ts";
import { cookieBrowser, decodeHtml } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";

type Browser = ReturnType<typeof cookieBrowser>;

describe.each(backends())("doors to every area and the account in use (%s)", (backend) => {
  const suite = useSuite(backend);

  /** A browser without JavaScript holding the session of `email` on `host`. */
  async function browserOf(email: string, host = "localhost", language = "fr-FR"): Promise<Browser> {
    const agent = suite.agent({ "accept-language": language, host });
    expectEnvelope(await agent.login(email), 200);
    return cookieBrowser(suite.origin, agent.cookies, { host, language });
  }

  const html = async (browser: Browser, path: string) => {
    const page = await browser.get(path);
    expect(page.status, `${path}: ${page.location ?? ""}`).toBe(200);
    return decodeHtml(page.text);
  };

  /** The hrefs of the area links of a page (header menu and profile). */
  const areaLinks = (page: string, prefix: string) =>
    [...page.matchAll(new RegExp(`<a\\b[^>]*data-testid="${prefix}-(pharmacy|admin)"[^>]*>`, "g"))].map((m) => `${m[1]} ${/\shref="([^"]+)"/.exec(m[0])?.[1]}`);

  async function accountId(name: string): Promise<number> {
    const [row] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
    return row!.id;
  }

  async function sessionAccountOf(email: string): Promise<(number | null)[]> {
    const [user] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await suite.db.select({ accountId: sessions.accountId }).from(sessions).where(eq(sessions.userId, user!.id));
    return rows.map((r) => r.accountId);
  }

  test("each role sees a link to the areas it may enter, and only those, in the header menu and on the profile", async () => {
    const cases: [string, string, string, string, string[]][] = [
      ["learner@demo.test", "localhost", "fr-FR", "/compte/profil", []],
      ["shop@demo.test", "localhost", "fr-FR", "/compte/profil", []],
      ["nonpharmacist@demo.test", "localhost", "fr-FR", "/compte/profil", []],
      ["holder@demo.test", "localhost", "fr-FR", "/compte/profil", ["pharmacy /gestion/ma-pharmacie"]],
      ["referent.readonly@demo.test", "localhost", "fr-FR", "/compte/profil", ["pharmacy /gestion/ma-pharmacie"]],
      ["admin@demo.test", "localhost", "fr-FR", "/compte/profil", ["admin /admin"]],
      ["referent.es@demo.test", "es.localhost", "es-ES", "/cuenta/perfil", ["pharmacy /administracion/mi-farmacia"]],
      ["learner.es@demo.test", "es.localhost", "es-ES", "/cuenta/perfil", []],
    ];
    for (const [email, host, language, profile, expected] of cases) {
      const browser = await browserOf(email, host, language);
      const page = await html(browser, profile);
      expect(page, email).toContain('data-testid="user-menu"');
      expect(areaLinks(page, "area-link"), `${email}: header`).toEqual(expected);
      expect(areaLinks(page, "profile-area-link"), `${email}: profile`).toEqual(expected);
      // Each link leads into its area: the page answers (no 403, no redirect).
      for (const link of expected) {
        const area = link.split(" ")[1]!;
        const entered = await browser.get(area);
        // The pharmacy index sends on to its first tab, inside the area.
        if (entered.status === 302) expect(entered.location, `${email} ${link}`).toMatch(new RegExp(`^${area}/`));
        else expect(entered.status, `${email} ${link}`).toBe(200);
      }
    }
    // The labels are the user's language.
    const es = await html(await browserOf("referent.es@demo.test", "es.localhost", "es-ES"), "/catalogar");
    expect(es).toContain(">Gestionar mi farmacia</a>");
    const fr = await html(await browserOf("admin@demo.test"), "/catalogue");
    expect(fr).toContain(">Administration</a>");
  });

  test("several pharmacies, none in use: the login form leads to the account choice, and the landing pages send there", async () => {
    const guest = cookieBrowser(suite.origin, []);
    const login = await guest.post("/connexion", { email: "multi@demo.test", password: "demo1234", redirectTo: "" });
    expect(login.status).toBe(302);
    expect(login.location).toBe(`/choix-du-compte?${new URLSearchParams({ redirect: "/catalogue" })}`);
    for (const path of ["/catalogue", "/", "/video/mesure-tension-video"]) {
      const page = await guest.get(path);
      expect(page.status, path).toBe(302);
      expect(page.location, path).toBe(`/choix-du-compte?${new URLSearchParams({ redirect: path })}`);
    }
    // Reading pages stay open.
    expect((await guest.get("/faq")).status).toBe(200);
    const choice = await html(guest, "/choix-du-compte?redirect=/catalogue");
    expect(choice).toContain("Pharmacie des Halles");
    expect(choice).toContain("Pharmacie du Vieux-Port");

    // A user with one pharmacy goes where they were going.
    const learner = cookieBrowser(suite.origin, []);
    const direct = await learner.post("/connexion", { email: "learner@demo.test", password: "demo1234", redirectTo: "" });
    expect(direct.location).toBe("/catalogue");
  });

  test("the user menu switches the pharmacy in use without JavaScript; another's pharmacy and a missing form token are refused", async () => {
    const halles = await accountId("Pharmacie des Halles");
    const vieuxPort = await accountId("Pharmacie du Vieux-Port");
    const browser = await browserOf("multi@demo.test");
    // The choice, as the account-choice page posts it.
    const chosen = await browser.post("/choix-du-compte", { accountId: String(halles), redirectTo: "/catalogue" }, "/choix-du-compte");
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe("/catalogue");

    let page = await html(browser, "/catalogue");
    expect(page).toMatch(/data-testid="current-account"[^>]*>.*Pharmacie des Halles/s);
    expect(areaLinks(page, "area-link")).toEqual(["pharmacy /gestion/ma-pharmacie"]);
    expect(page).not.toContain(`data-testid="switch-account-${halles}"`);

    // Another user's pharmacy, in the menu's own form: refused with the reason, nothing changes.
    const before = await tableCounts(suite.db);
    const sessionBefore = await sessionAccountOf("multi@demo.test");
    const marche = await accountId("Pharmacie du Marché");
    const foreign = await browser.send("/choix-du-compte", {
      method: "POST",
      body: filledForm(page, `switch-account-${vieuxPort}`, { accountId: String(marche) }),
    });
    expect(foreign.status).toBe(403);
    expect(decodeHtml(foreign.text)).toContain("Vous n'êtes pas membre de cette pharmacie.");
    // Without the form token: 419, nothing changes.
    const body = new URLSearchParams(filledForm(page, `switch-account-${vieuxPort}`, {}));
    body.delete("csrf");
    const noToken = await browser.send("/choix-du-compte", { method: "POST", body: body.toString() });
    expect(noToken.status).toBe(419);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(await sessionAccountOf("multi@demo.test")).toEqual(sessionBefore);

    // The menu's switch to the other pharmacy: back to the same page, now in the other pharmacy, whose learner sees no management link.
    const switched = await browser.send("/choix-du-compte", { method: "POST", body: filledForm(page, `switch-account-${vieuxPort}`, {}) });
    expect(switched.status).toBe(302);
    expect(switched.location).toBe("/catalogue");
    expect(sessionBefore).not.toContain(vieuxPort);
    expect(await sessionAccountOf("multi@demo.test")).toContain(vieuxPort);
    page = await html(browser, "/catalogue");
    expect(page).toMatch(/data-testid="current-account"[^>]*>.*Pharmacie du Vieux-Port/s);
    expect(areaLinks(page, "area-link")).toEqual([]);
    expect(page).toContain(`data-testid="switch-account-${halles}"`);

    // Switching from a management page to a pharmacy one does not manage lands on the catalogue, not on a 403.
    await browser.post("/choix-du-compte", { accountId: String(halles), redirectTo: "/catalogue" }, "/choix-du-compte");
    const pharmacyPage = await html(browser, "/gestion/ma-pharmacie/equipe");
    const back = await browser.send("/choix-du-compte", { method: "POST", body: filledForm(pharmacyPage, `switch-account-${vieuxPort}`, {}) });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/catalogue");
  });

  test("a shop customer takes a free training the shop does not sell; a paid one it does not sell says why", async () => {
    const browser = await browserOf("shop@demo.test");
    const path = "/video/mesure-tension-video";
    const page = await html(browser, path);
    expect(page).not.toContain('data-testid="enrolment-shop"');
    expect(page).toContain('data-testid="subscribe-button"');
    const subscribed = await browser.send(path, { method: "POST", body: filledForm(page, "subscribe-button", {}, "subscribe") });
    expect(subscribed.status, subscribed.text.slice(0, 300)).toBe(302);
    const [training] = await suite.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, "mesure-tension-video"));
    const [user] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, "shop@demo.test"));
    const rows = await suite.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, user!.id), eq(enrolments.trainingId, training!.id)));
    expect(rows.map((r) => r.status)).toEqual(["in_progress"]);
    const after = await html(browser, path);
    expect(after).toContain('data-testid="access-training"');

    // A paid training outside the shop: the reason before any click, and a forged subscription is refused.
    const other = "/formation/conseil-minceur-groupement";
    const refused = await html(browser, other);
    expect(refused).toContain('data-reason="notInStore"');
    expect(refused).toContain("Cette formation n'est pas vendue dans la boutique");
    const before = await tableCounts(suite.db);
    const forged = await browser.post(other, { intent: "subscribe" }, other);
    expect(forged.status).toBe(302);
    expect(await tableCounts(suite.db)).toEqual(before);
    // The API's refusal comes back as the page's error message.
    expect(await html(browser, forged.location!)).toContain("Cette formation n'est pas vendue dans la boutique : un compte boutique ne peut pas la suivre.");
  });
});
