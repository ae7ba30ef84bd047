// Login and logout over real HTTP: the session cookie's attributes, rotation at login,
// destruction at logout, and the old cookie refused afterwards.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashSessionId } from "../../server/back/http/session.ts";
import { sessions } from "../../server/db/schema/index.ts";
import { backends, countRows } from "./support/database.ts";
import { Agent, expectEnvelope, parseSetCookie } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("login and logout (%s)", (backend) => {
  const suite = useSuite(backend);

  async function sessionRow(id: string) {
    const [row] = await suite.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)));
    return row;
  }

  test("login sets an httpOnly, SameSite=Lax session cookie stored hashed", async () => {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    const reply = await agent.login("learner@demo.test");
    expectEnvelope(reply, 200);
    expect(reply.body.message).toBe("Vous êtes connecté.");
    expect(reply.body.data).toMatchObject({ loggedIn: true, email: "learner@demo.test" });
    const header = reply.setCookies.find((c) => c.startsWith("sid="));
    expect(header).toBeDefined();
    const cookie = parseSetCookie(header!);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Lax");
    expect(cookie.attributes.path).toBe("/");
    // Without "remember me", a browser-session cookie (remembered logins: authorization-matrix.test.ts).
    expect(cookie.attributes["max-age"]).toBeUndefined();
    expect(cookie.attributes.secure).toBeUndefined(); // plain http here; Secure behind https
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
    // Stored hashed: the raw id is nowhere in the table.
    const row = await sessionRow(decodeURIComponent(cookie.value));
    expect(row).toBeDefined();
    expect(row!.idHash).not.toBe(cookie.value);
    const raw = await suite.db.select().from(sessions);
    expect(raw.some((r) => JSON.stringify(r).includes(cookie.value))).toBe(false);
    expect((await agent.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: true });
  });

  test("the email is case-insensitive and trimmed", async () => {
    const reply = await suite.agent().login("  Learner@DEMO.test ");
    expectEnvelope(reply, 200);
  });

  test("the session id is rotated at login and the previous one is refused", async () => {
    const agent = suite.agent();
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const first = agent.cookies.get("sid")!;
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const second = agent.cookies.get("sid")!;
    expect(second).not.toBe(first);
    expect(await sessionRow(decodeURIComponent(first))).toBeUndefined();
    const stale = new Agent(suite.origin);
    stale.cookies.set("sid", first);
    expect((await stale.get("/back/api/user")).body.data).toEqual({ loggedIn: false });
    expect((await agent.get("/back/api/user")).body.data.loggedIn).toBe(true);
  });

  test("a session cookie planted before login is not kept (no fixation)", async () => {
    const agent = suite.agent();
    agent.cookies.set("sid", "attacker-chosen-session-id-0123456789");
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    expect(agent.cookies.get("sid")).not.toBe("attacker-chosen-session-id-0123456789");
  });

  test("logout destroys the session and the old cookie is refused afterwards", async () => {
    const agent = suite.agent({ "accept-language": "es-ES" });
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const sid = agent.cookies.get("sid")!;
    const stolen = new Agent(suite.origin);
    stolen.cookies.set("sid", sid);
    expect((await stolen.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: true });
    const before = await countRows(suite.db, "sessions");

    const reply = await agent.logout();
    expectEnvelope(reply, 200);
    expect(reply.body.message).toBe("Ha cerrado sesión.");
    const cleared = parseSetCookie(reply.setCookies.find((c) => c.startsWith("sid="))!);
    expect(cleared.value).toBe("");
    expect(cleared.attributes["max-age"]).toBe("0");
    expect(cleared.attributes.httponly).toBe(true);
    expect(await sessionRow(decodeURIComponent(sid))).toBeUndefined();
    expect(await countRows(suite.db, "sessions")).toBe(before - 1);

    expect((await agent.get("/back/api/user")).body.data).toEqual({ loggedIn: false });
    expect((await stolen.get("/back/api/user")).body.data).toEqual({ loggedIn: false });
    expectEnvelope(await stolen.get("/back/api/user/profile"), 401);
  });

  test("logout without a session still answers Success and clears the cookie", async () => {
    const agent = suite.agent();
    const reply = await agent.logout();
    expectEnvelope(reply, 200);
    expect(reply.body.data).toEqual({ loggedIn: false });
  });

  test("a wrong password is a 401 in the caller's language and creates no session", async () => {
    const before = await countRows(suite.db, "sessions");
    for (const [language, message] of [
      ["fr-FR", "Adresse e-mail ou mot de passe incorrect."],
      ["es-ES", "Correo electrónico o contraseña incorrectos."],
    ]) {
      const agent = suite.agent({ "accept-language": language });
      const reply = await agent.login("admin@demo.test", "not-the-password");
      expectEnvelope(reply, 401);
      expect(reply.body.message).toBe(message);
      expect(reply.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
    }
    // An unknown account gets the same answer (no account enumeration).
    const unknown = await suite.agent().login("nobody@demo.test", "whatever");
    expectEnvelope(unknown, 401);
    expect(unknown.body.message).toBe("Incorrect email or password.");
    expect(await countRows(suite.db, "sessions")).toBe(before);
  });

  test("two browsers of one user hold independent sessions", async () => {
    const a = suite.agent();
    const b = suite.agent();
    expectEnvelope(await a.login("learner@demo.test"), 200);
    expectEnvelope(await b.login("learner@demo.test"), 200);
    expectEnvelope(await a.logout(), 200);
    expect((await b.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: true });
  });
});
