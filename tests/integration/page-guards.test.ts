// The web tier's guards as a matrix (issue 11, item 4): every page of core/pages.ts that belongs to an area, asked by
// every kind of visitor of the permission table (tests/support/permission-table.ts), answers what its area's rules
// say of that visitor (app/lib/area-guards.server.ts): the page, the login with a `redirect` back, the account
// choice, the landing page, or a 403. Pages added later join by their `area`.
import http from "node:http";
import { describe, expect, test } from "vitest";
import type { PermissionName } from "#core/domain/permissions.ts";
import { PAGES, type PageArea, type PageDef } from "#core/pages.ts";
import { ALL_KINDS, passes, USER_KINDS, type UserKind } from "../support/permission-table.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Outcome = "page" | "login" | "choice" | "landing" | "forbidden";
type Passes = (rule: PermissionName) => boolean;

/** Logged in, with a pharmacy in use when one is needed. */
const asLearner = (may: Passes, then: () => Outcome): Outcome => (!may("isLoggedIn") ? "login" : may("needsAccountChoice") ? "choice" : then());

/**
 * What each area's guard gives a visitor, by the rules they pass (the spec's section 6 guards, as ADR 0026 places
 * them; app/lib/area-guards.server.ts).
 */
const AREAS: Record<PageArea, (may: Passes) => Outcome> = {
  guest: (may) => (may("isLoggedIn") ? "landing" : "page"),
  account: (may) => asLearner(may, () => "page"),
  "account-open": (may) => (may("isLoggedIn") ? "page" : "login"),
  learn: (may) => asLearner(may, () => "page"),
  pharmacy: (may) => asLearner(may, () => (may("isHolderOrReferent") ? "page" : "forbidden")),
  admin: (may) => (!may("isLoggedIn") ? "login" : may("isAdmin") ? "page" : "forbidden"),
  shop: (may) => (may("canShop") ? "page" : "landing"),
};

/** Pages whose own loader adds to the area's rule. */
const PAGE_EXCEPTIONS: Record<string, Partial<Record<UserKind, Outcome>>> = {
  // An order is its buyer's: the shop's order page asks a guest to log in first.
  order: { guest: "login" },
};

/** A French path of the page with its parameters filled with harmless values (the guard runs before the loader). */
function pathOf(page: PageDef): string | null {
  const path = page.paths.fr ?? page.paths["*"];
  if (!path || (page.brands && !page.brands.includes("fr"))) return null;
  return path.replace(/:(\w+)\??/g, (_, name: string) => (name === "id" || name.endsWith("Id") ? "1" : "x")).replace(/\/\*$/, "/x");
}

function getPage(origin: string, pathname: string, cookie: string): Promise<{ status: number; location: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: Number(port), path: pathname, headers: { host: `localhost:${port}`, accept: "text/html", cookie } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? "" }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** What an answer means, from the visitor's side. */
function outcomeOf(reply: { status: number; location: string }): Outcome {
  if (reply.status === 403) return "forbidden";
  if (reply.status >= 300 && reply.status < 400) {
    const target = new URL(reply.location, "http://localhost").pathname;
    if (target === "/connexion") return "login";
    if (target === "/choix-du-compte") return "choice";
    if (target === "/" || target === "/catalogue") return "landing";
    // Elsewhere (the course page of a training the visitor does not follow...): the loader's answer, past the guard.
    return "page";
  }
  // The page itself, or what its loader says of the harmless parameters (a 404): the guard let the visitor in.
  return "page";
}

describe.each(backends())("page guards: every area page for every kind of visitor (%s)", (backend) => {
  const suite = useSuite(backend);

  test("each page answers its area's rule", { timeout: 300_000 }, async () => {
    const cookies = {} as Record<UserKind, string>;
    for (const kind of ALL_KINDS) {
      const email = USER_KINDS[kind];
      const agent = suite.agent({ "accept-language": "fr-FR", host: "localhost" });
      if (email) expectEnvelope(await agent.login(email), 200);
      cookies[kind] = email ? agent.cookieHeader() : "";
    }
    // The account choice's own loader sends a visitor with no choice to make to the landing page, as a guard would:
    // its guard (account-open) is the profile pages' one, checked through them.
    const pages = PAGES.filter((page) => page.area && page.id !== "account-choice")
      .map((page) => ({ page, path: pathOf(page) }))
      .filter((row): row is { page: PageDef; path: string } => row.path !== null);
    expect(pages.length).toBeGreaterThan(10);

    const wrong: string[] = [];
    for (const { page, path } of pages) {
      for (const visitor of ALL_KINDS) {
        const reply = await getPage(suite.origin, path, cookies[visitor]);
        const outcome = outcomeOf(reply);
        const expected = PAGE_EXCEPTIONS[page.id]?.[visitor] ?? AREAS[page.area!]((rule) => passes(visitor, rule));
        if (outcome !== expected)
          wrong.push(`${visitor} GET ${path} (${page.id}, area ${page.area}): ${outcome} (${reply.status} ${reply.location}), expected ${expected}`);
        if (outcome === "login") expect(new URL(reply.location, "http://localhost").searchParams.get("redirect"), `${visitor} ${path}`).toBe(path);
      }
    }
    expect(wrong).toEqual([]);
  });
});
