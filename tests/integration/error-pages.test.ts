// Every error page in the site's layout and the visitor's language (issue 30 item 3, ADR 0110), as a browser without
// JavaScript meets it on each brand: a guard's 403, a 404, a browser's 405, a refused form token (419), a server error
// (500) and an expired session. And one path per language (issue 30 item 5): a path of the other language goes to the
// brand's own, table-driven over core/pages.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PAGES, type PageDef } from "#core/pages.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { decodeHtml, pageRequest, type Page } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";

type Site = { host: string; language: string; learner: string; login: string; texts: Record<number, string> };

/** Each brand's host, a learner of it (no pharmacy management, no administration) and the title each status shows. */
const SITES: Site[] = [
  {
    host: "localhost",
    language: "fr-FR",
    learner: "learner@demo.test",
    login: "/connexion",
    texts: { 403: "Accès refusé", 404: "Page introuvable", 405: "Action impossible sur cette page", 419: "Formulaire expiré", 500: "Une erreur est survenue" },
  },
  {
    host: "be.localhost",
    language: "fr-BE",
    learner: "referent.be@demo.test",
    login: "/connexion",
    texts: { 403: "Accès refusé", 404: "Page introuvable", 405: "Action impossible sur cette page", 419: "Formulaire expiré", 500: "Une erreur est survenue" },
  },
  {
    host: "es.localhost",
    language: "es-ES",
    learner: "learner.es@demo.test",
    login: "/conexion",
    texts: {
      403: "Acceso denegado",
      404: "Página no encontrada",
      405: "Acción no disponible en esta página",
      419: "Formulario caducado",
      500: "Se ha producido un error",
    },
  },
];

/** The visible text of a page: no scripts, no styles, no tags. */
function visibleText(html: string): string {
  return decodeHtml(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}

/** A translation key shown as is ("nav.skipToContent", "errors.backHome"): a word, a dot, a word, outside addresses. */
const RAW_KEY = /(?<![@\w./-])[a-z][a-zA-Z]*\.[a-z][a-zA-Z]+\b(?![./@-]\w)/;
/** English left on a French or Spanish error page. */
const ENGLISH = /\b(Forbidden|Unexpected Server Error|Method Not Allowed|Back to home|An error occurred|Not Found)\b/;

function expectErrorPage(page: Page, site: Site, status: number) {
  const where = `${site.host} ${status}`;
  expect(page.status, where).toBe(status);
  expect(page.text, where).toContain(`<html lang="${site.language}"`);
  // The site's layout: header (brand title, navigation) and footer.
  expect(page.text, where).toContain('data-testid="brand-title"');
  expect(page.text, where).toContain('data-testid="site-footer"');
  const text = visibleText(page.text);
  expect(text, where).toContain(site.texts[status]);
  expect(text.match(RAW_KEY)?.[0], where).toBeUndefined();
  expect(text.match(ENGLISH)?.[0], where).toBeUndefined();
  // A way on: home at least.
  expect(page.text, where).toMatch(/<a[^>]+href="\/"/);
}

/** A page's path with harmless parameters (the redirect comes before any guard or loader). */
function filled(pattern: string): string {
  return pattern.replace(/:(\w+)\??/g, (_, name: string) => (name === "id" || name.endsWith("Id") ? "7" : "x")).replace(/\/\*$/, "/x");
}

/** The pages with a path in each language, on the brands that have them. */
const BILINGUAL = PAGES.filter((page): page is PageDef & { paths: { fr: string; es: string } } => Boolean(page.paths.fr && page.paths.es));

describe.each(backends())("error pages and one path per language (%s)", (backend) => {
  const suite = useSuite(backend);

  test.each(SITES)("on $host: a learner's 403 on the administration and pharmacy management, a 404, a 405 and a 419", { timeout: 120_000 }, async (site) => {
    const agent = suite.agent({ "accept-language": site.language, host: site.host });
    expectEnvelope(await agent.login(site.learner), 200);
    const cookie = agent.cookieHeader();
    const options = { host: site.host, language: site.language, cookie };

    const admin = await pageRequest(suite.origin, "/admin", options);
    expectErrorPage(admin, site, 403);
    // The learner is logged in: no login link, home instead.
    expect(admin.text).not.toContain(`href="${site.login}?`);

    if (site.host !== "be.localhost") {
      // The Belgian referent may manage a pharmacy; the others are plain learners.
      const pharmacy = await pageRequest(suite.origin, site.host === "es.localhost" ? "/administracion/mi-farmacia" : "/gestion/ma-pharmacie", options);
      expectErrorPage(pharmacy, site, 403);
    }

    expectErrorPage(await pageRequest(suite.origin, "/nulle-part-ici", options), site, 404);

    const put = await pageRequest(suite.origin, site.login, { ...options, method: "PUT", body: "email=x" });
    expectErrorPage(put, site, 405);
    expect(put.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    // Without asking for HTML (an API client), the short plain answer stays.
    const plain = await pageRequest(suite.origin, site.login, { ...options, method: "PUT", body: "email=x", headers: { accept: "*/*" } });
    expect(plain.status).toBe(405);
    expect(plain.text).toContain("Method Not Allowed");

    const forged = await pageRequest(suite.origin, site.login, {
      host: site.host,
      language: site.language,
      method: "POST",
      body: "csrf=forged.token&email=a%40b.c&password=x",
    });
    expectErrorPage(forged, site, 419);
    // A fresh form is one click away.
    expect(forged.text).toContain(`href="${site.login}"`);
  });

  test.each(SITES)("on $host: an expired session reaches the login with a notice in the visitor's language", { timeout: 60_000 }, async (site) => {
    const profile = site.host === "es.localhost" ? "/cuenta/perfil" : "/compte/profil";
    const reply = await pageRequest(suite.origin, profile, { host: site.host, language: site.language, cookie: "sid=expired-session-of-yesterday" });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${site.login}?redirect=${encodeURIComponent(profile)}`);
    const toast = reply.cookies.find((cookie) => cookie.startsWith("toast="));
    expect(toast).toBeDefined();
    const login = await pageRequest(suite.origin, reply.location!, { host: site.host, language: site.language, cookie: toast!.split(";")[0] });
    expect(login.status).toBe(200);
    expect(visibleText(login.text)).toContain(site.language === "es-ES" ? "Su sesión ha caducado" : "Votre session a expiré");
  });

  test("the table has a Spanish path for every pharmacy page, without French words", () => {
    const pharmacy = PAGES.filter((page) => page.area === "pharmacy");
    expect(pharmacy.length).toBeGreaterThan(20);
    for (const page of pharmacy) {
      expect(page.paths.es, page.id).toMatch(/^\/administracion\/mi-farmacia/);
      expect(page.paths.es, page.id).not.toMatch(
        /plan-collectif|tableau-de-bord|prises-en-charge|factures|attestations|contrat\b|commande|creer|en-cours|financement|rapport|remboursement|export\b/,
      );
    }
  });

  test(
    "a French path on the Spanish brand goes to the Spanish one, a Spanish path on the French and Belgian brands to the French one",
    { timeout: 300_000 },
    async () => {
      expect(BILINGUAL.length).toBeGreaterThan(40);
      const wrong: string[] = [];
      for (const page of BILINGUAL) {
        const [fr, es] = [filled(page.paths.fr), filled(page.paths.es)];
        if (fr === es) continue;
        const cases: [string, string, string][] = [
          ["es.localhost", `${fr}?a=1`, `${es}?a=1`],
          ["localhost", es, fr],
          ["be.localhost", es, fr],
        ];
        for (const [host, from, to] of cases) {
          const reply = await pageRequest(suite.origin, from, { host, language: null });
          if (reply.status !== 302 || reply.location !== to)
            wrong.push(`${host} ${from} (${page.id}): ${reply.status} ${reply.location ?? ""}, expected 302 ${to}`);
        }
        // Its own path is never sent elsewhere for its language.
        const own = await pageRequest(suite.origin, es, { host: "es.localhost", language: null });
        if (own.status >= 300 && own.status < 400 && new URL(own.location!, "http://x").pathname === fr)
          wrong.push(`es.localhost ${es} (${page.id}) went to ${own.location}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  test("the language the visitor chose wins over the brand's, and a form's POST is answered where it was sent", async () => {
    const chosen = await pageRequest(suite.origin, "/catalogar", { host: "localhost", cookie: "lng=es-ES" });
    expect(chosen.status).toBe(200);
    expect(chosen.text).toContain('<html lang="es-ES"');
    const french = await pageRequest(suite.origin, "/catalogue", { host: "es.localhost", cookie: "lng=fr-FR" });
    expect(french.status).toBe(200);
    expect(french.text).toContain('<html lang="fr-FR"');
    // An unknown host without a chosen language: the path decides, as before.
    expect((await pageRequest(suite.origin, "/catalogar", { host: "127.0.0.1" })).status).toBe(200);
    const post = await pageRequest(suite.origin, "/connexion", { host: "es.localhost", method: "POST", body: "csrf=forged.token&email=a%40b.c&password=x" });
    expect(post.status).toBe(419);
  });

  test("es.localhost/gestion/ma-pharmacie leads a guest to the Spanish login, back to /administracion/mi-farmacia", async () => {
    const first = await pageRequest(suite.origin, "/gestion/ma-pharmacie", { host: "es.localhost", language: "es-ES" });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/administracion/mi-farmacia");
    const second = await pageRequest(suite.origin, first.location!, { host: "es.localhost", language: "es-ES" });
    expect(second.status).toBe(302);
    expect(second.location).toBe(`/conexion?redirect=${encodeURIComponent("/administracion/mi-farmacia")}`);
    const login = await pageRequest(suite.origin, second.location!, { host: "es.localhost", language: "es-ES" });
    expect(login.status).toBe(200);
    expect(login.text).toContain('<html lang="es-ES"');
  });
});

describe.each(backends())("error pages: a server error (%s)", (backend) => {
  // A back API that fails every call: the pages' loaders fail, the user is a guest.
  let failing: http.Server;
  const port = { value: 0 };
  beforeAll(async () => {
    failing = http.createServer((_req, res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "Error", message: "Server Error", data: null }));
    });
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    port.value = (failing.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));
  const suite = useSuite(backend, {
    get BACK_URL() {
      return `http://127.0.0.1:${port.value}`;
    },
  } as unknown as Record<string, string>);

  test.each(SITES)("on $host: the 500 page", { timeout: 60_000 }, async (site) => {
    const catalogue = site.host === "es.localhost" ? "/catalogar" : "/catalogue";
    const page = await pageRequest(suite.origin, catalogue, { host: site.host, language: site.language });
    expectErrorPage(page, site, 500);
    expect(page.text).toContain(`href="${catalogue}"`);
  });
});
