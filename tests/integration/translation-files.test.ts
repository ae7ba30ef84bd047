// The pages' translations as cacheable files (ADR 0128), on the real platform: a page names its namespaces' files in
// preload links and in its route data, carries none of their strings, and the host serves the files immutable.
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { pageRequest, type PageRequestOptions } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";

type Bundle = { [key: string]: string | Bundle };
const leaves = (bundle: Bundle): string[] => Object.values(bundle).flatMap((value) => (typeof value === "string" ? [value] : leaves(value)));

/** The inline scripts that hand the route data to React Router. */
const routeData = (html: string) =>
  [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((script) => script.includes("streamController"))
    .join("\n");

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" fetchPriority="low" href="([^"]+)" data-translations="([^"]+)"\/>/g)].map(
    (match) => ({
      href: match[1],
      ns: match[2],
    }),
  );

describe.each(backends())("translation files (%s)", (backend) => {
  const suite = useSuite(backend);

  async function cookieOf(email: string, host: string, language: string) {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    return agent.cookieHeader();
  }

  /** The page, its preloaded files' texts, and what of them the route data carries. */
  async function check(path: string, options: PageRequestOptions, namespaces: string[]) {
    const page = await pageRequest(suite.origin, path, options);
    expect(page.status, path).toBe(200);
    const files = preloads(page.text);
    expect(files.map((file) => file.ns)).toEqual(namespaces);
    const locale = /<html lang="([^"]+)"/.exec(page.text)![1];
    const data = routeData(page.text);
    expect(data).not.toContain("resources");
    const strings: string[] = [];
    for (const file of files) {
      expect(file.href).toMatch(new RegExp(`^/i18n/${locale}/${file.ns}\\.[\\w-]{12}\\.json$`));
      // The route data names the same files.
      expect(data).toContain(file.href);
      const answer = await pageRequest(suite.origin, file.href, { ...options, headers: { "accept-encoding": "br" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.cookies).toEqual([]);
      strings.push(...leaves(JSON.parse(zlib.brotliDecompressSync(answer.body).toString("utf8")) as Bundle));
    }
    // Long enough to be a sentence of the files and nothing else; written as the route data would (JSON in a script).
    const sentences = strings.filter((text) => text.length >= 24 && !/["\\<>{}]/.test(text));
    expect(sentences.length).toBeGreaterThan(20);
    const carried = sentences.filter((text) => data.includes(text));
    expect(carried).toEqual([]);
    // The preloads come early in the head: before the module scripts.
    expect(page.text.indexOf('rel="preload" as="fetch"')).toBeLessThan(page.text.indexOf('rel="modulepreload"'));
    return page;
  }

  test("a guest's catalogue: preloaded files, no string in the route data", async () => {
    await check("/catalogue", { language: "fr-FR" }, ["common", "catalogue", "shop"]);
  });

  test("a learner's catalogue, and its client navigation answer (.data): files named, no string, no resources", async () => {
    const cookie = await cookieOf("learner@demo.test", "localhost", "fr-FR");
    const page = await check("/catalogue", { cookie, language: "fr-FR" }, ["common", "catalogue", "shop"]);
    expect(page.text).toContain("learner@demo.test");
    const navigation = await pageRequest(suite.origin, "/catalogue.data", { cookie, language: "fr-FR", headers: { accept: "*/*" } });
    expect(navigation.status).toBe(200);
    expect(navigation.text).not.toContain("resources");
    for (const file of preloads(page.text)) expect(navigation.text).toContain(file.href);
    expect(navigation.text).not.toContain("Toutes nos formations pour l'équipe officinale");
  });

  test("a Spanish page on the Spanish brand: Spanish files", async () => {
    const page = await check("/catalogar", { host: "es.localhost", language: "es-ES" }, ["common", "catalogue", "shop"]);
    for (const file of preloads(page.text)) expect(file.href).toMatch(/^\/i18n\/es-ES\//);
  });

  test("a page of other namespaces (the login page) names its own", async () => {
    await check("/connexion", { language: "fr-FR" }, ["common", "auth"]);
  });

  test("error pages: the not-found page names the common file and is translated", async () => {
    const page = await pageRequest(suite.origin, "/no-such-page-here", { language: "fr-FR" });
    expect(page.status).toBe(404);
    expect(preloads(page.text).map((file) => file.ns)).toEqual(["common"]);
    expect(page.text).not.toMatch(/errors\.notFound/);
    expect(routeData(page.text)).not.toContain("resources");
  });

  test("shared between visitors (ADR 0131): a guest, a learner and a referent get the same files, byte for byte, with nobody's data in them", async () => {
    const learner = await cookieOf("learner@demo.test", "localhost", "fr-FR");
    const referent = await cookieOf("holder@demo.test", "localhost", "fr-FR");
    const visits = [{}, { cookie: learner }, { cookie: referent }];
    const pages = await Promise.all(visits.map((visit) => pageRequest(suite.origin, "/catalogue", { ...visit, language: "fr-FR" })));
    const named = pages.map((page) => preloads(page.text).map((file) => file.href));
    expect(named[1]).toEqual(named[0]);
    expect(named[2]).toEqual(named[0]);
    // What a logged-in page shows of its visitor, which must never be in a file every visitor gets.
    expect(pages[1].text).toContain("learner@demo.test");
    const personal = ["learner@demo.test", "holder@demo.test", "Julie", "Morel", "Pharmacie du Marché"];
    for (const href of named[0]) {
      const bodies = await Promise.all(
        visits.map(async (visit) => (await pageRequest(suite.origin, href, { ...visit, headers: { "accept-encoding": "identity" } })).text),
      );
      expect(bodies[1]).toBe(bodies[0]);
      expect(bodies[2]).toBe(bodies[0]);
      for (const word of personal) expect(bodies[0], `${href} holds "${word}"`).not.toContain(word);
    }
  });
});
