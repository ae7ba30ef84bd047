// GET /back/api/user for a guest and for every documented demo account: every User field of
// spec section 3, with the values the seed promises for the notable accounts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { ROOT } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

type User = Record<string, any>;

/** The shape of spec section 3's User, as the back API sends it. */
function expectUserShape(user: User) {
  expect(user.loggedIn).toBe(true);
  expect(Number.isInteger(user.id)).toBe(true);
  if (user.advisor !== null) {
    expect(typeof user.advisor.avatar).toBe("string");
    expect(["M", "F"]).toContain(user.advisor.gender);
  }
  expect([null, "standard", "shop", "readonly"]).toContain(user.contractType);
  if (user.contractValidDate !== null) expect(user.contractValidDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect(user.appId === null || typeof user.appId === "string").toBe(true);
  if (user.establishment !== null) {
    expect(Number.isInteger(user.establishment.id)).toBe(true);
    expect(typeof user.establishment.name).toBe("string");
  }
  expect(typeof user.productAccess.canAccessTrainingPlan).toBe("boolean");
  expect(user.currentAccountId === null || Number.isInteger(user.currentAccountId)).toBe(true);
  expect(user.currentAccountId).toBe(user.establishment?.id ?? null);
  expect(typeof user.isReferent).toBe("boolean");
  expect(typeof user.mustGiveConsent).toBe("boolean");
  expect(user.hasGivenConsent === null || typeof user.hasGivenConsent === "boolean").toBe(true);
  expect(user.preferences.sortOption === null || typeof user.preferences.sortOption === "string").toBe(true);
  expect(typeof user.preferences.volume).toBe("number");
  for (const key of [
    "loggedIn",
    "id",
    "advisor",
    "contractType",
    "contractValidDate",
    "appId",
    "establishment",
    "productAccess",
    "currentAccountId",
    "isReferent",
    "mustGiveConsent",
    "hasGivenConsent",
    "preferences",
  ]) {
    expect(user, `field ${key}`).toHaveProperty(key);
  }
}

/** Values the seed documents for some accounts (spec section 3 fields only). */
const EXPECTED: Record<string, (user: User) => void> = {
  "learner@demo.test": (u) => {
    expect(u).toMatchObject({ appId: "FP-100123", contractType: "standard", isReferent: false, mustGiveConsent: false });
    expect(u.establishment.name).toBe("Pharmacie du Marché");
    expect(u.productAccess.canAccessTrainingPlan).toBe(true);
    expect(u.advisor.gender).toBe("F");
    expect(new Date(u.contractValidDate).getTime()).toBeGreaterThan(Date.now());
  },
  "holder@demo.test": (u) => {
    expect(u.isReferent).toBe(true);
    expect(u.establishment.name).toBe("Pharmacie du Marché");
  },
  "referent.be@demo.test": (u) => {
    expect(u.isReferent).toBe(true);
    expect(u.establishment.name).toBe("Pharmacie du Sablon");
  },
  "learner.es@demo.test": (u) => {
    expect(u.isReferent).toBe(false);
    expect(u.establishment.name).toBe("Farmacia Gran Vía");
    expect(u.appId).toBe("ES-300501");
  },
  "shop@demo.test": (u) => {
    expect(u.contractType).toBe("shop");
    expect(u.establishment).toBeNull();
    expect(u.isReferent).toBe(false);
  },
  "readonly@demo.test": (u) => expect(u.contractType).toBe("readonly"),
  "expired@demo.test": (u) => expect(new Date(u.contractValidDate).getTime()).toBeLessThan(Date.now()),
  "multi@demo.test": (u) => {
    expect(u.currentAccountId).toBeNull();
    expect(u.establishment).toBeNull();
  },
  "noaccount@demo.test": (u) => {
    expect(u.establishment).toBeNull();
    expect(u.contractType).toBeNull();
    expect(u.productAccess.canAccessTrainingPlan).toBe(false);
  },
  "consent@demo.test": (u) => expect(u.mustGiveConsent).toBe(true),
  "admin@demo.test": (u) => expect(u.isAdmin).toBe(true),
};

test("the README documents every demo account", () => {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  for (const account of DEMO_ACCOUNTS) expect(readme, account.email).toContain(`\`${account.email}\``);
  expect(readme).toContain("demo1234");
});

describe.each(backends())("GET /back/api/user (%s)", (backend) => {
  const suite = useSuite(backend);

  test("a guest gets exactly {loggedIn: false}", async () => {
    const reply = await suite.agent().get("/back/api/user");
    expectEnvelope(reply, 200);
    expect(reply.body.data).toEqual({ loggedIn: false });
    const withJunkCookie = await suite.agent({ cookie: "sid=not-a-real-session; other=1" }).get("/back/api/user");
    expect(withJunkCookie.body.data).toEqual({ loggedIn: false });
  });

  test("the demo accounts are documented", () => {
    expect(DEMO_PASSWORD).toBe("demo1234");
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    for (const email of ["learner@demo.test", "admin@demo.test", "readonly@demo.test"]) expect(emails).toContain(email);
    for (const account of DEMO_ACCOUNTS) expect(account.description.length).toBeGreaterThan(10);
  });

  /**
   * Logs in on the default host; an account of another brand answers 409 with a single-use token,
   * which opens the session on that brand's host (POST /back/api/connectAs).
   */
  async function logIn(email: string): Promise<{ agent: Agent; user: User }> {
    const agent = suite.agent();
    const reply = await agent.login(email, DEMO_PASSWORD);
    if (reply.status === 409) {
      expectEnvelope(reply, 409);
      const { token, contactId, accountId, platformUrl } = reply.body.data;
      expect(typeof token).toBe("string");
      const host = new URL(platformUrl).host;
      const other = suite.agent({ host });
      await other.csrf();
      const connected = await other.post("/back/api/connectAs", { token, contactId, ...(accountId ? { accountId } : {}) });
      expectEnvelope(connected, 200);
      return { agent: other, user: connected.body.data };
    }
    expectEnvelope(reply, 200);
    return { agent, user: reply.body.data };
  }

  test.each(DEMO_ACCOUNTS.map((a) => a.email))("%s: every User field", async (email) => {
    const { agent, user: fromLogin } = await logIn(email);
    const reply = await agent.get("/back/api/user");
    expectEnvelope(reply, 200);
    const user = reply.body.data;
    expectUserShape(user);
    expect(user.id).toBe(fromLogin.id);
    expect(user).toEqual(fromLogin);
    EXPECTED[email]?.(user);
    expect((await agent.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: true });
    expect(JSON.stringify(user)).not.toMatch(/passwordHash|scrypt\$/);
  });
});
