// Login rate limit: 5 failures within 15 minutes pause password sign-in to the account (from any address) and
// offer the password reset, which opens it again; 30 block the address (for any account: a pharmacy's counter
// PCs share one address) with a 429 and a clear message. Check and count are one atomic step, so parallel
// attempts cannot slip under the limit (ADR 0017). The platform trusts X-Forwarded-For here (TRUST_PROXY=true)
// so that each test can act from its own client address.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rateLimits } from "../../server/db/schema/index.ts";
import { issueToken } from "../../server/back/modules/auth/tokens.ts";
import { findUserByEmail } from "../../server/back/modules/user/user.repository.ts";
import { backends, countRows } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP } from "../../server/back/modules/auth/rate-limit.ts";

// Valid, distinct addresses; a random start keeps runs apart in a shared Redis.
let nextIp = Math.floor(Math.random() * 1_000_000);
const freshIp = () => {
  nextIp++;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

describe.each(backends())("login rate limit (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  async function attempt(email: string, password: string, ip: string, language = "en-US") {
    const agent = suite.agent({ "x-forwarded-for": ip, "accept-language": language });
    return agent.login(email, password);
  }

  test("5 failures on one account pause it from every address and offer the reset, which opens it again", async () => {
    for (let i = 0; i < 5; i++) expectEnvelope(await attempt("admin@demo.test", `wrong-${i}`, freshIp()), 401);
    const sessionsBefore = await countRows(suite.db, "sessions");
    const blocked = await attempt("admin@demo.test", "demo1234", freshIp(), "fr-FR");
    expectEnvelope(blocked, 429);
    expect(blocked.body.message).toBe(
      "Trop de tentatives échouées sur ce compte : la connexion par mot de passe est suspendue pendant 15 minutes. Pour vous connecter tout de suite, réinitialisez votre mot de passe.",
    );
    expect(blocked.body.data).toEqual({ resetPassword: true });
    expect(blocked.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    expect(await countRows(suite.db, "sessions")).toBe(sessionsBefore);
    const english = await attempt("ADMIN@demo.test", "demo1234", freshIp());
    expectEnvelope(english, 429);
    expect(english.body.message).toBe(
      "Too many failed attempts on this account: password sign-in is paused for 15 minutes. To sign in now, reset your password.",
    );
    const spanish = await attempt("admin@demo.test", "demo1234", freshIp(), "es-ES");
    expect(spanish.body.message).toBe(
      "Demasiados intentos fallidos en esta cuenta: el acceso con contraseña queda suspendido durante 15 minutos. Para entrar ahora, restablezca su contraseña.",
    );
    // Other accounts are not affected.
    expectEnvelope(await attempt("learner@demo.test", "demo1234", freshIp()), 200);

    // The owner resets the password from the mailed link and signs in at once.
    const user = await findUserByEmail(suite.db, "admin@demo.test");
    const token = await issueToken(suite.db, { kind: "password_reset", userId: user!.id }, new Date());
    const guest = suite.agent();
    await guest.csrf();
    expectEnvelope(await guest.post("/back/api/passwordReset", { token, password: "nouveau123", passwordConfirmation: "nouveau123" }), 200);
    expectEnvelope(await attempt("admin@demo.test", "nouveau123", freshIp()), 200);
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

  test("failures of a finished window no longer count", async () => {
    const email = "learner@demo.test";
    const scope = `email:${email}`;
    const now = Date.now();
    await suite.db.insert(rateLimits).values({ scope, hits: 5, resetAt: new Date(now - 60_000) });
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
    await suite.db.insert(rateLimits).values({ scope, hits: 5, resetAt: new Date(now + 60_000) });
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 429);
    await suite.db.delete(rateLimits).where(eq(rateLimits.scope, scope));
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 200);
  });

  test("a refused (429) attempt is not counted as another failure", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) await attempt(`ghost-${i}@demo.test`, "wrong", ip);
    const hitsOf = async (scope: string) => (await suite.db.select().from(rateLimits).where(eq(rateLimits.scope, scope)))[0]?.hits ?? 0;
    expect(await hitsOf(`ip:${ip}`)).toBe(LOGIN_MAX_FAILURES_PER_IP);
    expectEnvelope(await attempt("ghost-x@demo.test", "wrong", ip), 429);
    expect(await hitsOf(`ip:${ip}`)).toBe(LOGIN_MAX_FAILURES_PER_IP);
    expect(await hitsOf("email:ghost-x@demo.test")).toBe(0);
  });

  test("successful logins do not use up the address's allowance", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 2; i++) expectEnvelope(await attempt("nonpharmacist@demo.test", "demo1234", ip), 200);
    expectEnvelope(await attempt("nonpharmacist@demo.test", "wrong", ip), 401);
  });

  test("40 parallel wrong passwords on one account: at most 5 are checked, the rest are refused", async () => {
    const email = "expired@demo.test";
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(email, `wrong-${i}`, freshIp())));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
    expectEnvelope(await attempt(email, "demo1234", freshIp()), 429);
  });

  test("100 parallel attempts from one address on many accounts: at most 30 are checked", async () => {
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(`parallel-${i}@demo.test`, "wrong", ip)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_MAX_FAILURES_PER_IP);
  });

  test("the health check keeps answering during a burst of logins", async () => {
    // 24 accounts x 1 wrong password from distinct addresses: every attempt hashes a password.
    const burst = Array.from({ length: 24 }, (_, i) => {
      const started = performance.now();
      return attempt(`burst-${i}@demo.test`, "wrong", freshIp()).then((reply) => ({ reply, ms: performance.now() - started }));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const health = await suite.agent().get("/back/api/health");
    const healthMs = performance.now() - started;
    const logins = await Promise.all(burst);
    expectEnvelope(health, 200);
    for (const { reply } of logins) expectEnvelope(reply, 401);
    // Hashing happens off the event loop and at most two at a time: the health check does not wait for the
    // burst to end (with a synchronous hash, it would answer after most logins).
    const slowest = Math.max(...logins.map((l) => l.ms));
    expect(healthMs).toBeLessThan(slowest / 2);
  });
});

describe.each(backends())("login rate limit with Redis (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true", REDIS_URL: process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379" });

  test("40 parallel wrong passwords on one account: at most 5 are checked, counted in Redis", async () => {
    const email = `redis-parallel-${backend}-${Date.now()}@demo.test`;
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => suite.agent({ "x-forwarded-for": freshIp() }).login(email, `wrong-${i}`)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
    // Nothing in the database: the counters live in Redis.
    expect(await countRows(suite.db, "rate_limits")).toBe(0);
  });
});
