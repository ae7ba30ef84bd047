// Login rate limit: 5 failures within 15 minutes block the account (from any address), and 30
// block the address (for any account: a pharmacy's counter PCs share one address) with a 429 and a clear message. The platform trusts X-Forwarded-For
// here (TRUST_PROXY=true) so that each test can act from its own client address.
import { describe, expect, test } from "vitest";
import { loginFailures } from "../../server/db/schema/index.ts";
import { backends, countRows } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { LOGIN_MAX_FAILURES_PER_IP } from "../../server/back/modules/auth/rate-limit.ts";

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

describe.each(backends())("login rate limit (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  async function attempt(email: string, password: string, ip: string, language = "en-US") {
    const agent = suite.agent({ "x-forwarded-for": ip, "accept-language": language });
    return agent.login(email, password);
  }

  test("5 failures on one account block it from every address, even with the right password", async () => {
    for (let i = 0; i < 5; i++) expectEnvelope(await attempt("admin@demo.test", `wrong-${i}`, freshIp()), 401);
    const sessionsBefore = await countRows(suite.db, "sessions");
    const blocked = await attempt("admin@demo.test", "demo1234", freshIp(), "fr-FR");
    expectEnvelope(blocked, 429);
    expect(blocked.body.message).toBe("Trop de tentatives échouées. Réessayez dans 15 minutes.");
    expect(blocked.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    expect(await countRows(suite.db, "sessions")).toBe(sessionsBefore);
    const english = await attempt("ADMIN@demo.test", "demo1234", freshIp());
    expectEnvelope(english, 429);
    expect(english.body.message).toBe("Too many failed attempts. Try again in 15 minutes.");
    const spanish = await attempt("admin@demo.test", "demo1234", freshIp(), "es-ES");
    expect(spanish.body.message).toBe("Demasiados intentos fallidos. Vuelva a intentarlo dentro de 15 minutos.");
    // Other accounts are not affected.
    expectEnvelope(await attempt("learner@demo.test", "demo1234", freshIp()), 200);
  });

  test("30 failures from one address block it for every account; other addresses still log in", async () => {
    expect(LOGIN_MAX_FAILURES_PER_IP).toBe(30);
    const ip = freshIp();
    for (let i = 0; i < 29; i++) expectEnvelope(await attempt(`someone-${i}@demo.test`, "wrong", ip), 401);
    expectEnvelope(await attempt("learner@demo.test", "demo1234", ip), 200);
    expectEnvelope(await attempt("nobody-last@demo.test", "wrong", ip), 401);
    const blocked = await attempt("learner@demo.test", "demo1234", ip);
    expectEnvelope(blocked, 429);
    expect(blocked.body.message).toMatch(/Too many failed attempts/);
    expectEnvelope(await attempt("learner@demo.test", "demo1234", freshIp()), 200);
  });

  test("4 failures do not block, and a success resets the account's counter", async () => {
    const email = "readonly@demo.test";
    for (let i = 0; i < 4; i++) expectEnvelope(await attempt(email, "wrong", freshIp()), 401);
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
    for (let i = 0; i < 4; i++) expectEnvelope(await attempt(email, "wrong", freshIp()), 401);
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
  });

  test("failures older than 15 minutes no longer count", async () => {
    const email = "learner@demo.test";
    const scope = `email:${email}`;
    const now = Date.now();
    await suite.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ scope, createdAt: new Date(now - 16 * 60_000) })));
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
    await suite.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ scope, createdAt: new Date(now - 14 * 60_000) })));
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 429);
    await suite.db.delete(loginFailures);
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
  });

  test("a refused (429) attempt is not counted as another failure", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) await attempt(`ghost-${i}@demo.test`, "wrong", ip);
    const before = await countRows(suite.db, "login_failures");
    expectEnvelope(await attempt("ghost-x@demo.test", "wrong", ip), 429);
    expect(await countRows(suite.db, "login_failures")).toBe(before);
  });
});
