// Every /back reply is the envelope {status, message, data} with an honest HTTP status.
import { describe, expect, test } from "vitest";
import { backends } from "./support/database.ts";
import { expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("envelope on every reply (%s)", (backend) => {
  const suite = useSuite(backend);

  test("200: health, guest user, isLogged", async () => {
    const agent = suite.agent();
    const health = await agent.get("/back/api/health");
    expectEnvelope(health, 200);
    expect(health.body.data).toMatchObject({ database: true });
    const user = await agent.get("/back/api/user");
    expectEnvelope(user, 200);
    expect(user.body.data).toEqual({ loggedIn: false });
    const logged = await agent.get("/back/api/user/isLogged");
    expectEnvelope(logged, 200);
    expect(logged.body.data).toEqual({ loggedIn: false });
  });

  test("every reply carries no-store and a request id", async () => {
    const reply = await suite.agent().get("/back/api/user", { headers: { "x-request-id": "it-request-1" } });
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.headers.get("x-request-id")).toBe("it-request-1");
  });

  test("204 for the CSRF cookie endpoint (the only reply without a body)", async () => {
    const reply = await suite.agent().get("/back/sanctum/csrf-cookie");
    expect(reply.status).toBe(204);
    expect(reply.text).toBe("");
    expect(reply.setCookies.some((c) => c.startsWith("XSRF-TOKEN="))).toBe(true);
  });

  test("401: wrong password, and a guest on a logged-in endpoint", async () => {
    const agent = suite.agent();
    await agent.csrf();
    const login = await agent.post("/back/api/login", { email: "learner@demo.test", password: "wrong-password" });
    expectEnvelope(login, 401);
    const profile = await agent.get("/back/api/user/profile");
    expectEnvelope(profile, 401);
  });

  test("403: a learner authorising another user's private channel", async () => {
    const agent = suite.agent();
    const login = await agent.login("learner@demo.test");
    expectEnvelope(login, 200);
    const otherId = Number(login.body.data.id) + 100_000;
    const reply = await agent.request("POST", "/back/api/broadcasting/auth", {
      body: new URLSearchParams({ socket_id: "123.456", channel_name: `private-user.${otherId}` }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectEnvelope(reply, 403);
  });

  test("403: a read-only contract cannot change profile data", async () => {
    const agent = suite.agent();
    expectEnvelope(await agent.login("readonly@demo.test"), 200);
    const reply = await agent.post("/back/api/user/updateMobilePhone", { mobilePhone: "0600000000" });
    expectEnvelope(reply, 403);
  });

  test.each([
    ["GET", "/back/api/does-not-exist"],
    ["GET", "/back/nothing-here"],
    ["GET", "/back"],
    ["GET", "/back/api/login"],
    ["DELETE", "/back/api/user/isLogged"],
  ])("404: %s %s", async (method, path) => {
    const agent = suite.agent();
    await agent.csrf();
    const reply = await agent.request(method, path);
    expectEnvelope(reply, 404);
    if (method === "GET") expect(reply.body.message).toContain(path);
  });

  test.each(["/back/api/%E0%A4%A", "/back/api/user%00", "/back/api/..%2f..%2fetc%2fpasswd", `/back/api/${"x".repeat(4000)}`, "/back/api/user/isLogged/"])(
    "odd path %s: an envelope, never a 500",
    async (path) => {
      const reply = await suite.agent().get(path);
      expect(reply.status).toBeLessThan(500);
      expect(reply.body).toMatchObject({ status: expect.stringMatching(/^(Success|Error)$/) });
    },
  );

  test("419: a mutation without the CSRF header", async () => {
    const reply = await suite.agent().post("/back/api/logout", {}, { csrf: false });
    expectEnvelope(reply, 419);
  });

  test("422: invalid input lists field errors", async () => {
    const agent = suite.agent();
    await agent.csrf();
    const reply = await agent.post("/back/api/login", { email: "not-an-email", password: "" });
    expectEnvelope(reply, 422);
    expect(Object.keys(reply.body.data.errors).sort()).toEqual(["email", "password"]);
  });

  test("413: a body over 1 MB", async () => {
    const agent = suite.agent();
    await agent.csrf();
    const reply = await agent.post("/back/api/login", { email: "learner@demo.test", password: "x".repeat(1024 * 1024 + 10) });
    expectEnvelope(reply, 413);
    expect(reply.body.message).toBe("The request body is too large (1 MB at most).");
  });

  // Issue 28: an upload path's 413 said "1 MB"; it states the largest file the path takes, in the sender's language.
  test.each([
    ["/back/api/user/updateProfilePic", "fr-FR", "Le fichier est trop volumineux (2 Mo au plus)."],
    ["/back/api/user/dpc/practiceCertificate/1", "es-ES", "El archivo es demasiado grande (5 MB como máximo)."],
    ["/back/api/admin/catalog/trainings/1/illustration", "fr-FR", "Le fichier est trop volumineux (2 Mo au plus)."],
    ["/back/api/admin/loginImage/fr", "fr-BE", "Le fichier est trop volumineux (2 Mo au plus)."],
    ["/back/api/admin/loginImage/es", "es-ES", "El archivo es demasiado grande (2 MB como máximo)."],
  ])("413 on the upload path %s (%s): the message states the path's limit", async (path, language, message) => {
    const agent = suite.agent({ "accept-language": language });
    await agent.csrf();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(6 * 1024 * 1024 + 10)], { type: "image/png" }), "big.png");
    const reply = await agent.request("POST", path, { body: form });
    expectEnvelope(reply, 413);
    expect(reply.body.message).toBe(message);
  });
});
