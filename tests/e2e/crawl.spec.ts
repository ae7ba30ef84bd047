import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { PORT, type Host } from "./support/hosts";

/**
 * A crawl from each brand's home page, as a guest: it follows same-origin links (HTML fetched with the
 * `request` fixture and parsed, no page load per link), finds no link to a 404 and reaches every public
 * page of the spec's section 2 that exists for the brand (the lists below, from app/i18n/pages.ts).
 * The API client does not resolve *.localhost: requests go to 127.0.0.1 with the brand's Host header.
 */

const MAX_PAGES = 150;

/** Not pages, or actions: the API, files, downloads, logout, the locale and consent posts. */
const SKIPPED = [
  /^\/back(\/|$)/,
  /^\/(uploads|media|brands|assets)\//,
  /^\/docs\/./,
  /^\/(deconnexion|desconexion|locale|consent-cookies|notifications\/read|consentement)$/,
  /\.(pdf|md|xml|txt|svg|png|jpe?g|webp|mp4|webm|vtt|ics|csv|zip)$/i,
];

const COURSE = /^\/(dpc|mixt|formation|faceToFaceOnly|virtualClass|pdf|video|podcast|webinar|quiz)\/[^/]+$/;

type Required = { id: string; path: string | RegExp };

/** Section 2's public pages, per brand (page ids of app/i18n/pages.ts). */
const FRENCH_PAGES: Required[] = [
  { id: "home", path: "/" },
  { id: "catalogue", path: "/catalogue" },
  { id: "training", path: COURSE },
  { id: "login", path: "/connexion" },
  { id: "forgot-password", path: "/mot-de-passe-oublie" },
  { id: "news", path: "/actualites" },
  { id: "news-detail", path: /^\/actualites\/[^/]+$/ },
  { id: "experts", path: "/experts" },
  { id: "expert", path: /^\/experts\/[^/]+$/ },
  { id: "faq", path: "/faq" },
  { id: "groupings", path: "/groupements" },
  { id: "offer", path: "/offre" },
  { id: "shop", path: "/boutique" },
  { id: "custom-survey", path: "/formulaire/formulaire-sur-mesure" },
  { id: "contact", path: "/contact" },
  { id: "trainings-overview", path: "/formations" },
  { id: "welcome", path: "/bienvenue" },
  { id: "docs", path: "/docs" },
  { id: "cookies-policy-link", path: "/cookiespolicy" },
  { id: "content-page (about)", path: "/pages/qui-sommes-nous" },
  { id: "content-page (legal notice)", path: "/pages/mentions-legales" },
  { id: "content-page (terms of sale)", path: "/pages/conditions-generales-de-vente" },
  { id: "content-page (privacy)", path: "/pages/politique-de-confidentialite" },
];

const BRANDS: { host: Host; required: Required[]; absent: string[] }[] = [
  {
    host: "localhost",
    required: [...FRENCH_PAGES, { id: "landing-trod", path: "/formations-trod-cystite-angine" }],
    absent: ["/bonificacion", "/politica-cookies"],
  },
  { host: "be.localhost", required: FRENCH_PAGES, absent: ["/bonificacion", "/politica-cookies", "/formations-trod-cystite-angine"] },
  {
    host: "es.localhost",
    required: [
      { id: "home", path: "/" },
      { id: "catalogue", path: "/catalogar" },
      { id: "training", path: COURSE },
      { id: "login", path: "/conexion" },
      { id: "forgot-password", path: "/contrasena-olvidada" },
      { id: "news", path: "/noticias" },
      { id: "news-detail", path: /^\/noticias\/[^/]+$/ },
      { id: "experts", path: "/expertos" },
      { id: "expert", path: /^\/experts\/[^/]+$/ },
      { id: "faq", path: "/faq" },
      { id: "funding-faq", path: "/bonificacion" },
      { id: "groupings", path: "/grupos" },
      { id: "offer", path: "/oferta" },
      { id: "shop", path: "/tienda" },
      { id: "custom-survey", path: "/encuesta" },
      { id: "contact", path: "/contacto" },
      { id: "trainings-overview", path: "/entrenamientos" },
      { id: "welcome", path: "/bienvenidos" },
      { id: "docs", path: "/docs" },
      { id: "cookie-policy", path: "/politica-cookies" },
      { id: "content-page (about)", path: "/pages/quienes-somos" },
      { id: "content-page (legal notice)", path: "/pages/aviso-legal" },
      { id: "content-page (terms)", path: "/pages/condiciones-generales" },
      { id: "content-page (privacy)", path: "/pages/politica-de-privacidad" },
    ],
    absent: ["/formations-trod-cystite-angine"],
  },
];

function get(request: APIRequestContext, host: Host, path: string) {
  return request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host: `${host}:${PORT}`, accept: "text/html" }, maxRedirects: 0 });
}

/** Same-origin link targets of a page (path, plus `page` for paginated lists). */
function linksOf(html: string, host: Host, from: string): string[] {
  const origin = `http://${host}:${PORT}`;
  const found: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = match[1].replace(/&amp;/g, "&");
    if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, origin + from);
    } catch {
      continue;
    }
    if (url.origin !== origin || SKIPPED.some((pattern) => pattern.test(url.pathname))) continue;
    const page = url.searchParams.get("page");
    found.push(url.pathname + (page ? `?page=${page}` : ""));
  }
  return found;
}

test.describe.configure({ timeout: 120_000 });

for (const brand of BRANDS) {
  test(`a crawl from the home page of ${brand.host} reaches every public page and no 404`, async ({ request }) => {
    const visited = new Map<string, number>();
    const broken: string[] = [];
    const queue: { path: string; from: string }[] = [{ path: "/", from: "(start)" }];
    const queued = new Set(["/"]);
    while (queue.length > 0 && visited.size < MAX_PAGES) {
      const { path, from } = queue.shift()!;
      const response = await get(request, brand.host, path);
      visited.set(path, response.status());
      const next: string[] = [];
      if (response.status() >= 300 && response.status() < 400) {
        const location = response.headers()["location"];
        if (location) next.push(...linksOf(`<a href="${location}">`, brand.host, path));
      } else if (response.status() >= 400) {
        broken.push(`${response.status()} ${path} (linked from ${from})`);
      } else if ((response.headers()["content-type"] ?? "").includes("text/html")) {
        next.push(...linksOf(await response.text(), brand.host, path));
      }
      for (const link of next) {
        if (queued.has(link)) continue;
        queued.add(link);
        queue.push({ path: link, from: path });
      }
    }

    expect(broken, "links to error pages").toEqual([]);
    const paths = [...visited.keys()].map((path) => path.split("?")[0]);
    const missing = brand.required.filter(({ path }) => !paths.some((p) => (typeof path === "string" ? p === path : path.test(p))));
    expect(
      missing.map((page) => `${page.id} ${page.path}`),
      `unreachable pages (${visited.size} visited)`,
    ).toEqual([]);
    for (const path of brand.absent) expect(paths, `${path} is another country's page`).not.toContain(path);
  });

  test(`${brand.host}: other countries' pages answer 404 and the sitemap's pages are all reachable by links`, async ({ request }) => {
    for (const path of brand.absent) expect((await get(request, brand.host, path)).status(), path).toBe(404);
    const sitemap = await (await get(request, brand.host, "/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(locs.length).toBeGreaterThan(10);
    for (const path of brand.absent) expect(locs).not.toContain(path);
    for (const path of locs) expect((await get(request, brand.host, path)).status(), path).toBe(200);
  });
}

test("pages answer 405 with Allow for methods they do not handle, 204 to OPTIONS, and HEAD like GET", async ({ request }) => {
  // Pages with an action (forms) and without; course page, catalogue, login, contact, home, FAQ, an unknown path.
  const pages: [string, boolean][] = [
    ["/connexion", true],
    ["/catalogue", true],
    ["/dpc/asthme-bpco", true],
    ["/contact", true],
    ["/boutique", true],
    ["/boutique/panier", true],
    ["/mot-de-passe-oublie", true],
    ["/locale", true],
    ["/", false],
    ["/faq", false],
    ["/offre", false],
    ["/actualites", false],
  ];
  for (const [path, hasAction] of pages) {
    const allow = hasAction ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS";
    for (const method of ["PUT", "PATCH", "DELETE", ...(hasAction ? [] : ["POST"])]) {
      const response = await request.fetch(`http://127.0.0.1:${PORT}${path}`, { method, headers: { host: `localhost:${PORT}` }, maxRedirects: 0 });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
    }
    const options = await request.fetch(`http://127.0.0.1:${PORT}${path}`, { method: "OPTIONS", headers: { host: `localhost:${PORT}` } });
    expect(options.status(), `OPTIONS ${path}`).toBe(204);
    expect(options.headers()["allow"]).toBe(allow);
  }
  const head = await request.head(`http://127.0.0.1:${PORT}/catalogue`, { headers: { host: `localhost:${PORT}` } });
  expect(head.status()).toBe(200);
  // A POST that is not a form is bad input (415, in the visitor's language), not a server error.
  const json = await request.post(`http://127.0.0.1:${PORT}/connexion`, { headers: { host: `localhost:${PORT}` }, data: { email: "x" } });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("Le formulaire envoyé n");
});
