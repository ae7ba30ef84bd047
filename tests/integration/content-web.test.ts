// The content pages as the browser gets them (server-rendered, per host): titles, 404s, canonical and
// hreflang links, the documents folder and its path checks, the sitemap and robots.txt per host, and
// the contact form posted without JavaScript.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as t from "../../server/db/schema/index.ts";
import { seedContentExtra } from "../../server/db/seed/content-extra.ts";
import { makeClock } from "../../server/db/seed/util.ts";
import { backends, countRows, tableCounts } from "./support/database.ts";
import { expectEnvelope, parseSetCookie } from "./support/http.ts";
import { cookieBrowser, decodeHtml, pageRequest, type PageRequestOptions } from "./support/page-request.ts";
import { ROOT } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

/** A raw HTTP request with any Host header and any (even unnormalised) path, as a crawler or an attacker sends it. */
const request = (origin: string, rawPath: string, options: PageRequestOptions = {}) => pageRequest(origin, rawPath, { language: null, ...options });

const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/
    .exec(html)?.[1]
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&") ?? "";

describe.each(backends())("content pages (%s)", (backend) => {
  const suite = useSuite(backend);
  let port = "";

  beforeAll(async () => {
    await seedContentExtra(suite.db, makeClock(new Date()));
    port = new URL(suite.origin).port;
  });

  const get = (rawPath: string, host = "localhost", headers: Record<string, string> = {}) => request(suite.origin, rawPath, { host, headers });

  const PAGES: { host: string; path: string; title: RegExp; text: string }[] = [
    { host: "localhost", path: "/formations", title: /^Nos formations \| Officine Académie$/, text: "E-learning" },
    { host: "localhost", path: "/offre", title: /^Notre offre \| Officine Académie$/, text: "L'abonnement équipe" },
    { host: "localhost", path: "/bienvenue", title: /^Bienvenue \| Officine Académie$/, text: "Vos premiers pas" },
    { host: "localhost", path: "/groupements", title: /^Groupements \| Officine Académie$/, text: "Pharmaciens Associés" },
    { host: "localhost", path: "/experts", title: /^Nos experts \| Officine Académie$/, text: "Claire Dubois" },
    { host: "localhost", path: "/experts/claire-dubois", title: /^Claire Dubois \| Officine Académie$/, text: "Les formations de Claire Dubois" },
    { host: "localhost", path: "/actualites", title: /^Actualités \| Officine Académie$/, text: "Page 1 sur 2" },
    { host: "localhost", path: "/actualites?page=2", title: /^Actualités – page 2 sur 2 \| Officine Académie$/, text: "Page 2 sur 2" },
    { host: "localhost", path: "/actualites/nouvelles-formations-trod", title: /^Angine et cystite.* \| Officine Académie$/, text: "Autres actualités" },
    { host: "localhost", path: "/pages/mentions-legales", title: /^Mentions légales \| Officine Académie$/, text: "Éditeur" },
    { host: "localhost", path: "/faq", title: /^Questions fréquentes \| Officine Académie$/, text: "Financement" },
    { host: "localhost", path: "/docs", title: /^Documents \| Officine Académie$/, text: "Brochure : nos formations" },
    { host: "localhost", path: "/contact", title: /^Contact \| Officine Académie$/, text: "contact@officine-academie.test" },
    { host: "localhost", path: "/formulaire/formulaire-sur-mesure", title: /^Formation sur mesure \| Officine Académie$/, text: "Thèmes souhaités" },
    { host: "be.localhost", path: "/offre", title: /^Notre offre \| PharmaSavoir$/, text: "la pharmacie" },
    { host: "es.localhost", path: "/entrenamientos", title: /^Nuestros cursos \| AulaFarma$/, text: "Teleformación" },
    { host: "es.localhost", path: "/oferta", title: /^Nuestra oferta \| AulaFarma$/, text: "Formación bonificada" },
    { host: "es.localhost", path: "/bienvenidos", title: /^Bienvenidos \| AulaFarma$/, text: "Primeros pasos" },
    { host: "es.localhost", path: "/grupos", title: /^Grupos \| AulaFarma$/, text: "Red Farmacéutica del Sur" },
    { host: "es.localhost", path: "/expertos", title: /^Nuestros expertos \| AulaFarma$/, text: "Carmen" },
    { host: "es.localhost", path: "/experts/carmen-ruiz", title: /^Carmen Ruiz \| AulaFarma$/, text: "Todos los expertos" },
    { host: "es.localhost", path: "/noticias?page=2", title: /^Noticias – página 2 de 2 \| AulaFarma$/, text: "Página 2 de 2" },
    { host: "es.localhost", path: "/noticias/formacion-bonificada-fundae", title: /FUNDAE \| AulaFarma$/, text: "Publicado el" },
    { host: "es.localhost", path: "/pages/aviso-legal", title: /^Aviso legal \| AulaFarma$/, text: "Titular" },
    { host: "es.localhost", path: "/faq", title: /^Preguntas frecuentes \| AulaFarma$/, text: "Preguntas sobre la formación bonificada" },
    { host: "es.localhost", path: "/bonificacion", title: /^Formación bonificada \| AulaFarma$/, text: "¿Qué es la formación bonificada?" },
    { host: "es.localhost", path: "/docs", title: /^Documentos \| AulaFarma$/, text: "Guía: bonificar la formación con FUNDAE" },
    { host: "es.localhost", path: "/contacto", title: /^Contacto \| AulaFarma$/, text: "hola@aulafarma.test" },
    { host: "es.localhost", path: "/encuesta", title: /^Formación a medida \| AulaFarma$/, text: "Temas de interés" },
  ];

  test.each(PAGES)("$host $path renders with its title", async ({ host, path: pagePath, title, text }) => {
    const page = await get(pagePath, host);
    expect(page.status, page.text.slice(0, 500)).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(titleOf(page.text)).toMatch(title);
    expect(decodeHtml(page.text)).toContain(text);
    expect(page.text).toMatch(/<main id="main"/);
  });

  test("FAQ answers are <details> accordions; the Spanish FAQ leaves funding to /bonificacion", async () => {
    const fr = await get("/faq");
    expect((fr.text.match(/<details/g) ?? []).length).toBeGreaterThanOrEqual(8);
    expect(fr.text).toContain("<summary");
    expect(decodeHtml(fr.text)).toContain("Qui finance la formation des titulaires ?");
    const es = await get("/faq", "es.localhost");
    expect(decodeHtml(es.text)).not.toContain("¿Qué es la formación bonificada?");
    expect(es.text).toContain('href="/bonificacion"');
  });

  test("a page names its own namespaces' translation files: the login page's are not sent with every page", async () => {
    // In the auth namespace's file (ADR 0128), which the login page names and no other page carries.
    const forgotIntro = "Indiquez votre adresse e-mail : si un compte y correspond";
    const login = await get("/connexion");
    const authFile = /href="(\/i18n\/fr-FR\/auth\.[\w-]+\.json)"/.exec(login.text)?.[1];
    expect(authFile).toBeDefined();
    expect(login.text).not.toContain(forgotIntro);
    expect((await get(authFile!)).text).toContain(forgotIntro);
    for (const pagePath of ["/", "/catalogue", "/faq"]) {
      const page = await get(pagePath);
      expect(page.status).toBe(200);
      expect(page.text, pagePath).not.toContain(forgotIntro);
      expect(page.text, pagePath).not.toContain("/i18n/fr-FR/auth.");
      expect(decodeHtml(page.text), pagePath).toContain(">Se connecter</a>");
    }
    // A logged-in visitor's header links and buttons come from the common namespace.
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const answer = await cookieBrowser(suite.origin, agent.cookies).get("/catalogue");
    expect(answer.status).toBe(200);
    const catalogue = decodeHtml(answer.text);
    expect(catalogue).toContain(">Se déconnecter</button>");
    expect(catalogue).toMatch(/<span class="sr-only">Menu de mon compte(<!-- -->)?, <\/span>/);
    expect(catalogue).toContain(">Mon profil</a>");
    expect(catalogue).not.toContain(forgotIntro);
  });

  test("news pages link to each other with plain links", async () => {
    const first = await get("/actualites");
    expect(first.text).toContain('href="/actualites?page=2"');
    expect((first.text.match(/data-testid="news-card"/g) ?? []).length).toBe(10);
    const second = await get("/actualites?page=2");
    const anchors = [...second.text.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(anchors.find((tag) => tag.includes('aria-label="Page 1"'))).toContain('href="/actualites"');
    expect(anchors.find((tag) => tag.includes('aria-label="Page 2"'))).toMatch(/aria-current="page".*href="\/actualites\?page=2"/);
  });

  const NOT_FOUND = [
    { host: "localhost", path: "/experts/nobody" },
    { host: "localhost", path: "/actualites/nope" },
    { host: "localhost", path: "/actualites/brouillon-programme-2026" },
    { host: "es.localhost", path: "/noticias/nouvelles-formations-trod" },
    { host: "localhost", path: "/pages/nope" },
    { host: "localhost", path: "/pages/_offer" },
    { host: "localhost", path: "/actualites?page=99" },
    { host: "localhost", path: "/actualites?page=abc" },
    { host: "localhost", path: "/actualites?page=0" },
  ];
  test.each(NOT_FOUND)("$host $path is the 404 page", async ({ host, path: pagePath }) => {
    const page = await get(pagePath, host);
    expect(page.status).toBe(404);
    expect(decodeHtml(page.text)).toContain(`Page not found: ${pagePath}`);
    expect(page.text).not.toContain('rel="canonical"');
  });

  describe("canonical and hreflang", () => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="(canonical|alternate)" href="([^"]+)"(?: hrefLang="([^"]+)")?\/?>/g)].map(([, rel, href, lang]) => ({ rel, href, lang }));

    test("a page of every brand has alternates on each brand host, in each language's path", async () => {
      const page = await get("/contact");
      expect(links(page.text)).toEqual([
        { rel: "canonical", href: `http://localhost:${port}/contact`, lang: undefined },
        { rel: "alternate", href: `http://localhost:${port}/contact`, lang: "fr-FR" },
        { rel: "alternate", href: `http://be.localhost:${port}/contact`, lang: "fr-BE" },
        { rel: "alternate", href: `http://es.localhost:${port}/contacto`, lang: "es-ES" },
        { rel: "alternate", href: `http://localhost:${port}/contact`, lang: "x-default" },
      ]);
      const es = await get("/faq", "es.localhost");
      expect(links(es.text)[0]).toEqual({ rel: "canonical", href: `http://es.localhost:${port}/faq`, lang: undefined });
      // A Spanish path on the French host goes to the French path (ADR 0110; it used to answer with a Spanish canonical).
      const crossed = await get("/contacto", "localhost");
      expect(crossed.status).toBe(302);
      expect(crossed.location).toBe("/contact");
      // A Spanish-only page has a Spanish alternate only.
      const funding = await get("/bonificacion", "es.localhost");
      expect(
        links(funding.text)
          .filter((l) => l.rel === "alternate")
          .map((l) => l.lang),
      ).toEqual(["es-ES", "x-default"]);
    });

    test("brand content (an expert, a news item) is canonical on its host only; the page number is kept", async () => {
      const expert = await get("/experts/claire-dubois");
      expect(links(expert.text)).toEqual([
        { rel: "canonical", href: `http://localhost:${port}/experts/claire-dubois`, lang: undefined },
        { rel: "alternate", href: `http://localhost:${port}/experts/claire-dubois`, lang: "fr-FR" },
        { rel: "alternate", href: `http://localhost:${port}/experts/claire-dubois`, lang: "x-default" },
      ]);
      const news = await get("/actualites/vaccination-grippe-sessions", "be.localhost");
      expect(links(news.text)[1]).toEqual({ rel: "alternate", href: `http://be.localhost:${port}/actualites/vaccination-grippe-sessions`, lang: "fr-BE" });
      const second = await get("/noticias?page=2", "es.localhost");
      expect(links(second.text)[0].href).toBe(`http://es.localhost:${port}/noticias?page=2`);
    });

    test("the catalogue and a course page, which give their own canonical, have one each", async () => {
      const canonicals = (html: string) =>
        links(html)
          .filter((link) => link.rel === "canonical")
          .map((link) => link.href);
      expect(canonicals((await get("/catalogue")).text)).toEqual([`http://localhost:${port}/catalogue`]);
      expect(canonicals((await get("/catalogar", "es.localhost")).text)).toEqual([`http://es.localhost:${port}/catalogar`]);
      expect(canonicals((await get("/dpc/trod-angine-cystite")).text)).toEqual([`http://localhost:${port}/dpc/trod-angine-cystite`]);
      // Their alternates are still there.
      expect(links((await get("/catalogue")).text).filter((link) => link.rel === "alternate").length).toBeGreaterThan(1);
    });
  });

  test("the scripts a page preloads come after what paints it: every module preload is low priority", async () => {
    for (const [pagePath, host] of [
      ["/", "localhost"],
      ["/catalogue", "localhost"],
      ["/dpc/trod-angine-cystite", "localhost"],
      ["/catalogar", "es.localhost"],
    ] as const) {
      const preloads = [...(await get(pagePath, host)).text.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
      expect(preloads.length, pagePath).toBeGreaterThan(3);
      for (const link of preloads) expect(link, pagePath).toContain('fetchpriority="low"');
    }
  });

  test("the page's scripts and stylesheet are sent as compressed at build time: Brotli, else gzip, else as they are (ADR 0099)", async () => {
    const html = (await get("/catalogue")).text;
    const files = [...new Set([...html.matchAll(/(?:href|import)\s*(?:=\s*)?"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
    expect(
      files.some((file) => file.includes("entry.client")),
      files.join(),
    ).toBe(true);
    expect(
      files.some((file) => file.endsWith(".css")),
      files.join(),
    ).toBe(true);
    for (const file of files) {
      const onDisk = fs.readFileSync(path.join(ROOT, "build", "client", file));
      for (const [accept, encoding, suffix, decompress] of [
        ["gzip, deflate, br", "br", ".br", zlib.brotliDecompressSync],
        ["gzip", "gzip", ".gz", zlib.gunzipSync],
      ] as const) {
        const answer = await get(file, "localhost", { "accept-encoding": accept });
        expect(answer.status, file).toBe(200);
        expect(answer.headers.vary, file).toContain("Accept-Encoding");
        // A file of a few bytes has no compressed copy (it would be larger): it goes as it is.
        const copy = path.join(ROOT, "build", "client", file + suffix);
        if (!fs.existsSync(copy)) {
          expect(onDisk.length, file).toBeLessThan(1024);
          expect(answer.headers["content-encoding"], file).toBeUndefined();
          expect(answer.body.equals(onDisk), file).toBe(true);
          continue;
        }
        expect(answer.headers["content-encoding"], file).toBe(encoding);
        expect(answer.body.equals(fs.readFileSync(copy)), file).toBe(true);
        expect(decompress(answer.body).equals(onDisk), file).toBe(true);
      }
    }
    // The shell at Brotli's highest quality: well under what the same file is in gzip at level 9.
    const shell = files.find((file) => file.includes("entry.client"))!;
    const shellBrotli = (await get(shell, "localhost", { "accept-encoding": "br" })).body.length;
    const shellGzip = zlib.gzipSync(fs.readFileSync(path.join(ROOT, "build", "client", shell)), { level: 9 }).length;
    expect(shellBrotli).toBeLessThan(shellGzip * 0.9);
    const plain = await get(shell, "localhost", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(path.join(ROOT, "build", "client", shell)))).toBe(true);
  });

  test("the Intl warm-up worker starts from the head, with the page's nonce, in an async module script (ADR 0098)", async () => {
    for (const [pagePath, host] of [
      ["/", "localhost"],
      ["/catalogar", "es.localhost"],
    ] as const) {
      const page = await get(pagePath, host);
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"] ?? ""))?.[1];
      expect(nonce, pagePath).toBeTruthy();
      const head = page.text.slice(0, page.text.indexOf("</head>"));
      const starter = /<script type="module" async="" nonce="([^"]+)">([^<]*)<\/script>/.exec(head);
      expect(starter?.[1], pagePath).toBe(nonce);
      expect(decodeHtml(starter?.[2] ?? ""), pagePath).toContain('new Worker("/intl-warm-up.js",{name:document.documentElement.lang})');
    }
    const worker = await get("/intl-warm-up.js");
    expect(worker.status).toBe(200);
    expect(String(worker.headers["content-type"])).toMatch(/^(text|application)\/javascript/);
    expect(worker.text).toContain("new Intl.NumberFormat(locale");
  });

  describe("documents", () => {
    test("files of the folder are served with their type", async () => {
      const pdf = await get("/docs/fr/brochure-formations.pdf");
      expect(pdf.status).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["x-content-type-options"]).toMatch(/nosniff/);
      expect(pdf.body.subarray(0, 5).toString()).toBe("%PDF-");
      const md = await get("/docs/es/guia-bonificacion-fundae.md", "es.localhost");
      expect(md.status).toBe(200);
      // Markdown is rendered as a page of the site (issue 13), its title a heading, never raw "# ..." text.
      expect(md.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(md.text).toMatch(/<h1[^>]*>Guía: bonificar la formación con FUNDAE<\/h1>/);
      expect(md.text).not.toContain("# Guía");
      const again = await get("/docs/fr/brochure-formations.pdf", "localhost", { "if-none-match": String(pdf.headers.etag) });
      expect(again.status).toBe(304);
    });

    const secret = fs.readFileSync(path.join(ROOT, "package.json"), "utf8").slice(0, 40);
    const ATTEMPTS = [
      "/docs/../package.json",
      "/docs/fr/../../package.json",
      "/docs/%2e%2e/package.json",
      "/docs/%2E%2E/%2E%2E/package.json",
      "/docs/..%2fpackage.json",
      "/docs/..%2F..%2Fpackage.json",
      "/docs/%2e%2e%2f%2e%2e%2fpackage.json",
      "/docs/%252e%252e/package.json",
      "/docs/..\\..\\package.json",
      "/docs/..%5c..%5cpackage.json",
      "/docs/fr%5c..%5c..%5cpackage.json",
      "/docs//etc/passwd",
      "/docs/%2fetc%2fpasswd",
      "/docs/C:%5cwindows%5cwin.ini",
      "/docs/fr/brochure-formations.pdf%00.txt",
      "/docs/.env",
      "/docs/fr/.hidden.pdf",
      "/docs/documents.json",
      "/docs/fr",
      "/docs/fr/",
      "/docs/nope.pdf",
    ];
    test.each(ATTEMPTS)("%s is a 404", async (attempt) => {
      const page = await get(attempt);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain(secret);
      expect(page.text).not.toContain("root:x:0:0");
    });

    test("a symbolic link that leads out of the folder is a 404; one inside is served", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-docs-"));
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), "content-outside-"));
      fs.mkdirSync(path.join(dir, "fr"));
      fs.writeFileSync(path.join(dir, "fr", "inside.txt"), "inside");
      fs.writeFileSync(path.join(outside, "secret.txt"), "top secret");
      fs.symlinkSync(path.join(outside, "secret.txt"), path.join(dir, "fr", "link-out.txt"));
      fs.symlinkSync(outside, path.join(dir, "fr", "dir-out"));
      fs.symlinkSync(path.join(dir, "fr", "inside.txt"), path.join(dir, "fr", "link-in.txt"));
      const previous = process.env.CONTENT_DOCS_DIR;
      process.env.CONTENT_DOCS_DIR = dir;
      try {
        expect((await get("/docs/fr/inside.txt")).text).toBe("inside");
        expect((await get("/docs/fr/link-in.txt")).text).toBe("inside");
        for (const attempt of ["/docs/fr/link-out.txt", "/docs/fr/dir-out/secret.txt"]) {
          const page = await get(attempt);
          expect(page.status, attempt).toBe(404);
          expect(page.text).not.toContain("top secret");
        }
      } finally {
        if (previous === undefined) delete process.env.CONTENT_DOCS_DIR;
        else process.env.CONTENT_DOCS_DIR = previous;
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(outside, { recursive: true, force: true });
      }
    });
  });

  describe("sitemap.xml and robots.txt", () => {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc.replace(/&amp;/g, "&"));

    test("the French host lists its pages in French paths, with lastmod, and no Spanish-only page", async () => {
      const reply = await get("/sitemap.xml", "localhost", { accept: "application/xml" });
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(reply.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const urls = locs(reply.text);
      const base = `http://localhost:${port}`;
      for (const expected of [
        "/",
        "/formations",
        "/offre",
        "/actualites",
        "/faq",
        "/contact",
        "/experts",
        "/groupements",
        "/docs",
        "/formulaire/formulaire-sur-mesure",
      ]) {
        expect(urls, expected).toContain(base + expected);
      }
      expect(urls).toContain(`${base}/actualites/nouvelles-formations-trod`);
      expect(urls).toContain(`${base}/experts/claire-dubois`);
      expect(urls).toContain(`${base}/pages/mentions-legales`);
      const [training] = await suite.db
        .select({ type: t.trainings.type, slug: t.trainings.slug })
        .from(t.trainings)
        .where(and(eq(t.trainings.brand, "fr"), eq(t.trainings.isPublished, true), eq(t.trainings.isTest, false)))
        .limit(1);
      expect(urls).toContain(`${base}/${training.type}/${training.slug}`);
      for (const absent of [
        "/bonificacion",
        "/noticias",
        "/contacto",
        "/politica-cookies",
        "/connexion",
        "/pages/_offer",
        "/actualites/brouillon-programme-2026",
        "/cookiespolicy",
      ]) {
        expect(urls, absent).not.toContain(base + absent);
      }
      expect(urls.every((url) => url.startsWith(base))).toBe(true);
      expect(new Set(urls).size).toBe(urls.length);
      expect((reply.text.match(/<lastmod>/g) ?? []).length).toBe(urls.length);
    });

    test("the Spanish host lists Spanish paths and its own content", async () => {
      const reply = await get("/sitemap.xml", "es.localhost");
      const urls = locs(reply.text);
      const base = `http://es.localhost:${port}`;
      for (const expected of [
        "/entrenamientos",
        "/oferta",
        "/noticias",
        "/bonificacion",
        "/contacto",
        "/expertos",
        "/grupos",
        "/encuesta",
        "/faq",
        "/noticias/formacion-bonificada-fundae",
        "/pages/aviso-legal",
        "/experts/carmen-ruiz",
      ]) {
        expect(urls, expected).toContain(base + expected);
      }
      for (const absent of ["/actualites", "/offre", "/contact", "/formations", "/pages/mentions-legales", "/experts/claire-dubois"]) {
        expect(urls, absent).not.toContain(base + absent);
      }
    });

    test("robots.txt disallows the private areas and points to the host's sitemap", async () => {
      const reply = await get("/robots.txt", "es.localhost", { accept: "text/plain" });
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
      for (const area of ["/compte", "/cuenta", "/gestion", "/administracion", "/admin", "/back"]) {
        expect(reply.text).toMatch(new RegExp(`^Disallow: ${area}$`, "m"));
      }
      expect(reply.text).toMatch(new RegExp(`^Sitemap: http://es\\.localhost:${port}/sitemap\\.xml$`, "m"));
      expect(reply.text).toMatch(/^User-agent: \*$/m);
    });
  });

  describe("contact form without JavaScript", () => {
    async function openForm(formPath: string, host: string) {
      const page = await get(formPath, host);
      expect(page.status).toBe(200);
      // The token is HTML-escaped in the attribute (it may contain "&", "<"...).
      const token = decodeHtml(/name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "");
      expect(token).toBeTruthy();
      const cookie = page.cookies
        .map((c) => parseSetCookie(c))
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      return { token, cookie };
    }

    async function post(formPath: string, host: string, fields: Record<string, string>) {
      const { token, cookie } = await openForm(formPath, host);
      return request(suite.origin, formPath, {
        host,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ csrf: token, ...fields }).toString(),
      });
    }

    test("a valid message redirects to the form with a success toast and is stored", async () => {
      const email = `web-${Date.now().toString(36)}@example.test`;
      const reply = await post("/contact", "localhost", {
        name: "Jeanne Web",
        email,
        phone: "",
        subject: "Question sans JavaScript",
        message: "Bonjour, ceci est un message envoyé sans JavaScript.",
        consent: "on",
        website: "",
      });
      expect(reply.status, reply.text.slice(0, 2000)).toBe(302);
      expect(reply.headers.location).toBe("/contact");
      expect(reply.cookies.some((c) => c.startsWith("toast="))).toBe(true);
      const rows = await suite.db.select().from(t.contactMessages).where(eq(t.contactMessages.email, email));
      expect(rows).toHaveLength(1);
    });

    test("bad input re-renders the form with the server's messages in the visitor's language; nothing is stored", async () => {
      const before = await tableCounts(suite.db);
      const fr = await post("/contact", "localhost", { name: "", email: "nope", subject: "", message: "", website: "" });
      expect(fr.status, fr.text.slice(0, 300) + JSON.stringify(fr.headers)).toBe(422);
      const text = decodeHtml(fr.text);
      expect(text).toContain("Certains champs sont invalides.");
      expect(text).toContain("Saisissez une adresse e-mail valide.");
      expect(text).toContain("Veuillez donner votre accord pour que nous puissions traiter votre demande.");
      expect(text).toContain('value="nope"');
      expect(fr.text).toMatch(/aria-invalid="true"/);
      const es = await post("/contacto", "es.localhost", { name: "Ana", email: "ana@example.test", subject: "Hola", message: "corto", consent: "on" });
      expect(es.status).toBe(422);
      expect(decodeHtml(es.text)).toContain("Algunos campos no son válidos.");
      expect(decodeHtml(es.text)).toContain("Demasiado corto (al menos 10 caracteres).");
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("a missing CSRF token is refused and stores nothing", async () => {
      const before = await countRows(suite.db, "contact_messages");
      const reply = await request(suite.origin, "/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "X", email: "x@example.test", subject: "Sujet", message: "Un message assez long.", consent: "on" }).toString(),
      });
      expect(reply.status).toBe(419);
      expect(await countRows(suite.db, "contact_messages")).toBe(before);
    });

    test("the custom survey posts without JavaScript", async () => {
      const email = `survey-web-${Date.now().toString(36)}@example.test`;
      const { token, cookie } = await openForm("/encuesta", "es.localhost");
      const body = new URLSearchParams({
        csrf: token,
        pharmacyName: "Farmacia Sol",
        contactName: "Ana",
        email,
        teamSize: "1-3",
        period: "asap",
        consent: "on",
      });
      body.append("topics", "vaccination");
      body.append("topics", "firstAid");
      body.append("formats", "virtualClass");
      const reply = await request(suite.origin, "/encuesta", {
        host: "es.localhost",
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: body.toString(),
      });
      expect(reply.status).toBe(302);
      const rows = await suite.db.select().from(t.surveyAnswers).where(eq(t.surveyAnswers.brand, "es"));
      const row = rows.find((r) => (r.answers as { email?: string }).email === email);
      expect(row?.answers).toMatchObject({ topics: ["vaccination", "firstAid"], formats: ["virtualClass"], locale: "es-ES" });
    });
  });

  afterAll(() => {});
});
