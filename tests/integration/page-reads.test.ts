// One page render reads the visitor's own rows at most once (ADR 0040, read scope): the user, their memberships and
// contract, a learner's enrolments and history, the pharmacy's plans, however many of the page's back calls need them
// (the root's user payload, the guards, the profile, badges, suggestions...). Counted with the benchmark's statement
// counter; each page is a forced reload, which renders (the session page cache of ADR 0091 would otherwise answer a
// page seen again).
import { describe, expect, test } from "vitest";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { useCountedSuite, type CountedSuite } from "./support/counted-suite.ts";

const READS = {
  // The user's row: read with the session (the statement that loads it by its cookie), or on its own.
  user: /from "sessions" inner join "users"|from "users" where "users"\."id" = /,
  memberships: /from "memberships" inner join "accounts" .* where "memberships"\."user_id" = /,
  // A statement of its own on contracts (the account's contract also comes inside the memberships' statement).
  contract: /^select [^()]* from "contracts"/,
  enrolments: /^select "enrolments"\."id", "enrolments"\."training_id", "enrolments"\."status"/,
  history: /^select "history_entries"\."id"/,
  collectivePlans: /from "training_plans" where "training_plans"\."account_id" = /,
};
type Read = keyof typeof READS;

/** A page of each kind of visitor: a learner's, a referent's and an administrator's. */
const ONE_PAGE_EACH = [
  { who: "learner@demo.test", path: "/catalogue" },
  { who: "holder@demo.test", path: "/gestion/ma-pharmacie/tableau-de-bord" },
  { who: "admin@demo.test", path: "/admin" },
];

/**
 * One request of `who` for `path`, counted: a forced reload (Cache-Control: no-cache), a first visit (nothing kept
 * for it) or a page seen again (kept by the session page cache, ADR 0091, when it is on).
 */
async function render(counted: CountedSuite, email: string, path: string, visit: "reload" | "first" | "again" = "reload") {
  const agent = counted.suite.agent({ "accept-language": "fr-FR" });
  expect((await agent.login(email, DEMO_PASSWORD)).status).toBe(200);
  const get = (headers: Record<string, string>) =>
    fetch(`${counted.suite.origin}${path}`, { headers: { cookie: agent.cookieHeader(), "accept-language": "fr-FR", accept: "text/html", ...headers } });
  if (visit === "again") expect((await get({})).status).toBe(200);
  let page = { status: 0, text: "" };
  const { statements } = await counted.cost(async () => {
    const reply = await get(visit === "reload" ? { "cache-control": "no-cache" } : {});
    page = { status: reply.status, text: await reply.text() };
  });
  expect(page.status).toBe(200);
  expect(page.text).toContain(email);
  const times = (read: Read) => statements.filter((sql) => READS[read].test(sql)).length;
  return { statements, times };
}

describe("a page render reads the visitor's own rows at most once (pglite, counted)", () => {
  const counted = useCountedSuite();

  test.each([
    { who: "learner@demo.test", path: "/compte/profil", reads: ["user", "memberships", "contract", "enrolments", "history"] as Read[] },
    {
      who: "learner@demo.test",
      path: "/compte/profil/plan-de-formation",
      reads: ["user", "memberships", "contract", "enrolments", "collectivePlans"] as Read[],
    },
    { who: "holder@demo.test", path: "/gestion/ma-pharmacie/factures", reads: ["user", "memberships", "contract"] as Read[] },
    { who: "holder@demo.test", path: "/gestion/ma-pharmacie/tableau-de-bord", reads: ["user", "memberships", "contract"] as Read[] },
    { who: "shop@demo.test", path: "/boutique/panier", reads: ["user", "memberships", "contract"] as Read[] },
    { who: "admin@demo.test", path: "/admin", reads: ["user"] as Read[] },
  ])("$path for $who", async ({ who, path, reads }) => {
    const { statements, times } = await render(counted, who, path);
    // At most once each (a read that another statement brings along counts 0).
    const repeated = reads.filter((read) => times(read) > 1).map((read) => `${read} read ${times(read)} times`);
    expect(repeated, statements.join("\n")).toEqual([]);
  });

  test.each(ONE_PAGE_EACH)("the memberships of $who come with the session's statement on $path (ADR 0145)", async ({ who, path }) => {
    const { statements } = await render(counted, who, path);
    // The visitor's own memberships (a pharmacy page also reads its team's, by account).
    const withMemberships = statements.filter((sql) => /"memberships"\."user_id" = /.test(sql));
    expect(withMemberships, statements.join("\n")).toHaveLength(1);
    expect(withMemberships[0]).toMatch(/from "sessions" inner join "users" .* left join "memberships"/);
  });

  test.each(ONE_PAGE_EACH)("the notifications of $who come with the session's statement on $path (ADR 0146)", async ({ who, path }) => {
    const { statements } = await render(counted, who, path);
    const withNotifications = statements.filter((sql) => /from "notifications"/.test(sql));
    expect(withNotifications, statements.join("\n")).toHaveLength(1);
    expect(withNotifications[0]).toMatch(
      /from "sessions" inner join "users" on .* left join lateral .* from "notifications" n where n\.user_id = "sessions"\."user_id"/,
    );
  });
});

describe("the session page cache's version read (pglite, counted, page cache on)", () => {
  const counted = useCountedSuite({ PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: "60000", SESSION_PAGE_CACHE_TTL_MS: "60000" });

  test.each([
    { who: "learner@demo.test", path: "/catalogue", visit: "reload" as const },
    { who: "learner@demo.test", path: "/compte/profil", visit: "first" as const },
    { who: "holder@demo.test", path: "/gestion/ma-pharmacie/tableau-de-bord", visit: "reload" as const },
    { who: "admin@demo.test", path: "/admin", visit: "first" as const },
  ])("a page of $who that renders ($visit) reads its page data version with the session's statement on $path (ADR 0146)", async ({ who, path, visit }) => {
    const { statements } = await render(counted, who, path, visit);
    const withVersions = statements.filter((sql) => /page_data_state/.test(sql));
    expect(withVersions, statements.join("\n")).toHaveLength(1);
    expect(withVersions[0]).toMatch(/from "sessions" inner join "users" on .* left join page_data_state page_data on page_data\.id = 1/);
    // The session is read once: the page cache's read is the render's.
    expect(
      statements.filter((sql) => /from "sessions"/.test(sql)),
      statements.join("\n"),
    ).toHaveLength(1);
  });

  test("the catalogue and a course page read the learner's bookmarks and the catalogue's version with the session (ADR 0146)", async () => {
    const reply = await fetch(`${counted.suite.origin}/back/api/catalogue?pageSize=1`, { headers: { "accept-language": "fr-FR" } });
    const first = ((await reply.json()) as { data: { items: { type: string; slug: string }[] } }).data.items[0];
    for (const path of ["/catalogue", `/${first.type}/${first.slug}`]) {
      const { statements } = await render(counted, "learner@demo.test", path);
      const own = statements.filter((sql) => /from "bookmarks"|catalogue_state/.test(sql));
      expect(own, `${path}:\n${statements.join("\n")}`).toHaveLength(1);
      expect(own[0]).toMatch(
        /from "sessions" inner join "users" on .* join "trainings" bt on .* left join catalogue_state catalogue_data on catalogue_data\.id = 1/,
      );
    }
  });

  test("a page seen again is served after the light version read alone (ADR 0091)", async () => {
    const { statements } = await render(counted, "learner@demo.test", "/catalogue", "again");
    expect(statements, statements.join("\n")).toHaveLength(1);
    expect(statements[0]).toMatch(/from page_data_state p\s+left join sessions s/);
  });
});
