// Validation errors are 422 with field errors in the caller's language; bad input of any kind is a
// 4xx envelope, never a 500, and nothing is written.
import { describe, expect, test } from "vitest";
import { backends, countRows, tableCounts } from "./support/database.ts";
import { chunkedRequest, expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

describe.each(backends())("validation and bad input (%s)", (backend) => {
  const suite = useSuite(backend);

  async function readyAgent(language = "en-US"): Promise<Agent> {
    const agent = suite.agent({ "accept-language": language });
    await agent.csrf();
    return agent;
  }

  describe("422 with field errors in the caller's language", () => {
    const cases = [
      {
        language: "fr-FR,fr;q=0.9",
        message: "Certains champs sont invalides.",
        email: "Saisissez une adresse e-mail valide.",
        password: "Ce champ est obligatoire.",
        unknown: "Champ inconnu.",
      },
      {
        language: "fr-BE",
        message: "Certains champs sont invalides.",
        email: "Saisissez une adresse e-mail valide.",
        password: "Ce champ est obligatoire.",
        unknown: "Champ inconnu.",
      },
      {
        language: "es-ES,es;q=0.8,en;q=0.5",
        message: "Algunos campos no son válidos.",
        email: "Introduzca un correo electrónico válido.",
        password: "Este campo es obligatorio.",
        unknown: "Campo desconocido.",
      },
      {
        language: "en-US",
        message: "Some fields are invalid.",
        email: "Enter a valid email address.",
        password: "This field is required.",
        unknown: "Unknown field.",
      },
    ];
    test.each(cases)("Accept-Language: $language", async (expected) => {
      const agent = await readyAgent(expected.language);
      const reply = await agent.post("/back/api/login", { email: "pas-une-adresse", password: "", isAdmin: true });
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe(expected.message);
      expect(reply.body.data.errors).toEqual({
        email: [expected.email],
        password: [expected.password],
        isAdmin: [expected.unknown],
      });
    });

    test("an unsupported language falls back to English", async () => {
      const agent = await readyAgent("de-DE,de;q=0.9");
      const reply = await agent.post("/back/api/login", {});
      expectEnvelope(reply, 422);
      expect(reply.body.message).toBe("Some fields are invalid.");
      expect(reply.body.data.errors).toMatchObject({ email: ["This field is required."], password: ["This field is required."] });
    });
  });

  const bigJson = JSON.stringify({ email: "learner@demo.test", password: "x".repeat(1024 * 1024) });
  const badBodies: { name: string; status: number; body: () => BodyInit; type?: string }[] = [
    { name: "malformed JSON", status: 422, body: () => '{"email": "learner@demo.test", "password": ', type: "application/json" },
    { name: "JSON that is not an object", status: 422, body: () => '["learner@demo.test","demo1234"]', type: "application/json" },
    { name: "JSON null", status: 422, body: () => "null", type: "application/json" },
    { name: "wrong types", status: 422, body: () => JSON.stringify({ email: 42, password: ["demo1234"], remember: "maybe" }), type: "application/json" },
    { name: "nested objects", status: 422, body: () => JSON.stringify({ email: { $ne: "" }, password: { $gt: "" } }), type: "application/json" },
    { name: "unknown fields", status: 422, body: () => JSON.stringify({ email: "learner@demo.test", password: "demo1234", role: "admin" }), type: "application/json" },
    { name: "a very long email", status: 422, body: () => JSON.stringify({ email: `${"a".repeat(300)}@demo.test`, password: "demo1234" }), type: "application/json" },
    { name: "an unsupported content type", status: 415, body: () => "email=learner@demo.test&password=demo1234", type: "text/plain" },
    { name: "XML", status: 415, body: () => "<login><email>learner@demo.test</email></login>", type: "application/xml" },
    { name: "a body over 1 MB", status: 413, body: () => bigJson, type: "application/json" },
    { name: "invalid UTF-8", status: 422, body: () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: "application/json" },
  ];

  test.each(badBodies)("POST /back/api/login with $name: $status envelope, nothing written", async (bad) => {
    const agent = await readyAgent();
    const before = await tableCounts(suite.db);
    const reply = await agent.request("POST", "/back/api/login", {
      body: bad.body(),
      headers: bad.type ? { "content-type": bad.type } : {},
    });
    expectEnvelope(reply, bad.status);
    expect(reply.setCookies.filter((c) => c.startsWith("sid="))).toEqual([]);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("a chunked body over 1 MB (no Content-Length): 413 envelope, nothing written", async () => {
    const agent = await readyAgent();
    const before = await tableCounts(suite.db);
    const reply = await chunkedRequest(`${suite.origin}/back/api/login`, {
      headers: {
        "content-type": "application/json",
        cookie: agent.cookieHeader(),
        "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!),
      },
      chunks: [bigJson.slice(0, 400_000), bigJson.slice(400_000, 800_000), bigJson.slice(800_000)],
    });
    expect(reply.status).toBe(413);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({ status: "Error", data: null });
    expect(reply.body?.message).toMatch(/1 MB/);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("an empty body is a 422 listing the required fields", async () => {
    const agent = await readyAgent();
    const reply = await agent.request("POST", "/back/api/login", { body: "", headers: { "content-type": "application/json" } });
    expectEnvelope(reply, 422);
    expect(Object.keys(reply.body.data.errors).sort()).toEqual(["email", "password"]);
  });

  test("a form-encoded login works (no-JS forms post urlencoded)", async () => {
    const agent = await readyAgent();
    const reply = await agent.request("POST", "/back/api/login", {
      body: new URLSearchParams({ email: "learner@demo.test", password: "demo1234" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectEnvelope(reply, 200);
    expect(await countRows(suite.db, "sessions")).toBeGreaterThan(0);
  });

  test("no mutating endpoint answers 500 to bad bodies, and a 4xx writes nothing", { timeout: 180_000 }, async () => {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("learner@demo.test"), 200);
    const routes = suite.platform.back.routes.filter((r) => MUTATING.has(r.method) && !r.path.includes("*"));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    const bodies: { body: BodyInit; type: string }[] = [
      { body: "{not json", type: "application/json" },
      { body: "[1,2,3]", type: "application/json" },
      { body: JSON.stringify({ id: "x", ids: "x", accountId: "x", email: 1, password: 2, unexpected: { deep: [1] } }), type: "application/json" },
      { body: "plain text", type: "text/plain" },
      { body: "--x\r\nbroken multipart", type: "multipart/form-data; boundary=x" },
    ];
    const failures: string[] = [];
    for (const route of unique) {
      if (route.path.endsWith("/logout")) continue; // ignores its body by design
      const path = route.path.replace(/:(\w+)/g, "1");
      for (const { body, type } of bodies) {
        const before = await tableCounts(suite.db);
        const reply = await agent.request(route.method, path, { body, headers: { "content-type": type } });
        const where = `${route.method} ${path} (${type}, ${String(body).slice(0, 20)})`;
        // 501 is the spec's answer for a current-flow type without a flow (here the type parameter is "1").
        const notImplemented = reply.status === 501 && route.path === "/back/api/user/:type/currentFlow/:id" && reply.body?.status === "Error";
        if (reply.status >= 500 && !notImplemented) failures.push(`${where}: ${reply.status} ${reply.text.slice(0, 200)}`);
        else if (reply.body?.status !== "Error" && reply.status >= 400) failures.push(`${where}: no envelope`);
        else if (reply.status >= 400 && JSON.stringify(await tableCounts(suite.db)) !== JSON.stringify(before)) {
          failures.push(`${where}: ${reply.status} but the database changed`);
        }
      }
      // Stay logged in whatever the endpoint did (e.g. a password change or account switch).
      if ((await agent.get("/back/api/user/isLogged")).body.data.loggedIn !== true) {
        expectEnvelope(await agent.login("learner@demo.test"), 200);
      }
    }
    expect(failures).toEqual([]);
  });
});
