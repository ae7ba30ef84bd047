// Every word a person reads is a word of their language (issue 30, items 6 and 7): logged in as each demo role of
// the README, on its brand (fr, be, es), and as a guest of each brand, a crawl over HTTP from the home page (and the
// user's own area: the pharmacy for referents, /admin for the administrator) follows every same-origin link and
// fails on a raw key, an English word of the list in support/crawl.ts, a 5xx or a page without the site's layout.
import { describe, expect, test } from "vitest";
import { pagePath } from "#core/page-links.ts";
import { crawl, englishWordsIn, rawKeysIn, readableText } from "./support/crawl.ts";
import { backends } from "./support/database.ts";
import { useSuite } from "./support/setup.ts";

type Visitor = { email: string | null; host: "localhost" | "be.localhost" | "es.localhost"; language: string; area?: "pharmacy" | "admin" };

const FR = { host: "localhost", language: "fr-FR" } as const;
const BE = { host: "be.localhost", language: "fr-BE" } as const;
const ES = { host: "es.localhost", language: "es-ES" } as const;

/** The README's demo accounts, each on its own brand. */
const VISITORS: Visitor[] = [
  { email: null, ...FR },
  { email: null, ...BE },
  { email: null, ...ES },
  { email: "learner@demo.test", ...FR },
  { email: "holder@demo.test", ...FR, area: "pharmacy" },
  { email: "referent.be@demo.test", ...BE, area: "pharmacy" },
  { email: "learner.es@demo.test", ...ES },
  { email: "referent.es@demo.test", ...ES, area: "pharmacy" },
  { email: "referent.readonly@demo.test", ...FR, area: "pharmacy" },
  { email: "shop@demo.test", ...FR },
  { email: "readonly@demo.test", ...FR },
  { email: "expired@demo.test", ...FR },
  { email: "multi@demo.test", ...FR },
  { email: "noaccount@demo.test", ...FR },
  { email: "consent@demo.test", ...FR },
  { email: "nonpharmacist@demo.test", ...FR },
  { email: "admin@demo.test", ...FR, area: "admin" },
];

/**
 * Kept fast (under a minute on a quiet machine): a guest reads up to 40 pages, two of each kind; a logged-in
 * visitor up to 30, one of each kind, and not again the guest's pages of its brand (news, experts, content pages:
 * the same text for everyone but the header, which it reads on its own pages), except the home page and course
 * pages, whose actions depend on the visitor.
 */
const READ_BY_EACH = /^\/(|(dpc|mixt|formation|faceToFaceOnly|virtualClass|pdf|video|podcast|webinar|quiz)\/.*)$/;

/** Pages without the site's layout by design: the landing pages of campaigns (their own header). */
const WITHOUT_LAYOUT = new Set(["/formations-trod-cystite-angine"]);

describe("the crawl's readers find what they look for", () => {
  test("a raw key, an English word, and not an e-mail address, a host name or a French sentence", () => {
    const text = readableText('<p>errors.backHome</p><a title="order.checkConfirmed">x</a><p>learner@demo.test, be.localhost, Formation gratuite. Suite</p>');
    expect(rawKeysIn(text)).toEqual(["errors.backHome", "order.checkConfirmed"]);
    expect(englishWordsIn("Financement : free ; Statut : in_progress")).toEqual(["free", "in_progress"]);
    expect(englishWordsIn("Formation gratuite, holder@demo.test, Boutique free js")).toEqual([]);
  });
});

describe.each(backends())("a crawl as each demo role finds no raw key, no English word, no 5xx and no page without layout (%s)", (backend) => {
  const suite = useSuite(backend);

  test("every role on its brand, and each brand's guest", { timeout: 240_000 }, async () => {
    const port = new URL(suite.origin).port;
    const found: string[] = [];
    let pages = 0;
    const started = Date.now();
    const guestPages = new Map<string, Set<string>>();
    for (const visitor of VISITORS) {
      let cookie: string | undefined;
      if (visitor.email) {
        const agent = suite.agent({ host: `${visitor.host}:${port}`, "accept-language": visitor.language });
        const login = await agent.login(visitor.email);
        expect(login.status, visitor.email).toBe(200);
        // A member of several pharmacies with none in use is asked to choose first (ADR 0113): choose the first.
        const accounts = login.body.data.accounts as { id: number }[];
        if (accounts.length > 1 && login.body.data.currentAccountId == null) {
          expect(
            (await agent.post("/back/api/user/setAccountId", { accountId: accounts[0].id, platform: visitor.host === "es.localhost" ? "es" : "fr" })).status,
          ).toBe(200);
        }
        cookie = agent.cookieHeader();
      }
      const lang = visitor.host === "es.localhost" ? "es" : "fr";
      const start = visitor.area ? [visitor.area === "admin" ? "/admin" : pagePath("pharmacy", lang)!] : [];
      const skip = new Set([...(guestPages.get(visitor.host) ?? [])].filter((path) => !READ_BY_EACH.test(path)));
      const { visited, problems } = await crawl({
        origin: suite.origin,
        host: visitor.host,
        language: visitor.language,
        cookie,
        start,
        skip,
        ...(visitor.email ? { maxPages: 30, perKind: 1 } : {}),
      });
      if (!visitor.email) guestPages.set(visitor.host, new Set(visited.keys()));
      pages += visited.size;
      expect(visited.size, `${visitor.email ?? "guest"} on ${visitor.host} reads more than the home page`).toBeGreaterThan(5);
      for (const { path, from, problem } of problems) {
        if (problem.startsWith("no layout") && WITHOUT_LAYOUT.has(path)) continue;
        found.push(`${visitor.email ?? "guest"} on ${visitor.host}: ${path} (from ${from}): ${problem}`);
      }
    }
    console.info(`crawl: ${pages} pages read in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(found, `${pages} pages read`).toEqual([]);
  });
});
