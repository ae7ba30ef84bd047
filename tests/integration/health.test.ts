// GET /back/api/health, and what happens when the database goes away: 503 from health,
// a 500 envelope with a request id (never a bare error page) elsewhere.
import { describe, expect, test } from "vitest";
import { backends, createTestDatabase } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { startTestPlatform } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("health (%s)", (backend) => {
  const suite = useSuite(backend);

  test("reports the database as reachable, in the caller's language", async () => {
    const reply = await suite.agent({ "accept-language": "fr-FR" }).get("/back/api/health");
    expectEnvelope(reply, 200);
    expect(reply.body.message).toBe("En bonne santé.");
    expect(reply.body.data.database).toBe(true);
    expect(typeof reply.body.data.latencyMs).toBe("number");
  });

  test("answers repeatedly without leaking connections or sessions", async () => {
    for (let i = 0; i < 20; i++) expectEnvelope(await suite.agent().get("/back/api/health"), 200);
  });
});

describe.runIf(backends().includes("pglite"))("when the database is gone (pglite)", () => {
  test("health is a 503 envelope and other calls a 500 envelope with a request id", { timeout: 240_000 }, async () => {
    const database = await createTestDatabase("pglite", { seed: false });
    const platform = await startTestPlatform(database);
    try {
      await database.database.close();
      const agent = new Agent(platform.origin, { "accept-language": "es-ES" });
      const health = await agent.get("/back/api/health");
      expectEnvelope(health, 503);
      expect(health.body.message).toBe("No se puede acceder a la base de datos.");
      expect(health.body.data.database).toBe(false);

      agent.cookies.set("sid", "some-session-id");
      const user = await agent.get("/back/api/user", { headers: { "x-request-id": "it-broken-db" } });
      expectEnvelope(user, 500);
      expect(user.body.message).toContain("it-broken-db");
      expect(user.body.data).toBeNull();
      expect(user.text).not.toMatch(/at \w+ \(|node_modules|PGlite/); // no stack trace or internals leak
    } finally {
      await platform.close();
      await database.dispose();
    }
  });
});
