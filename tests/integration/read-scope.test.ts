// The read scope of one web request (server/back/http/read-scope.ts, ADR 0040): the in-process back calls of a page
// share the session and the user payload, never across web requests (no visitor sees another's data) and never
// across a write (the reads after a POST load everything again).
import { describe, expect, test } from "vitest";
import { createReadScope, type ReadScope } from "../../server/back/http/read-scope.ts";
import { DEMO_PASSWORD } from "../../server/db/seed/demo.ts";
import { backends } from "./support/database.ts";
import { Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

describe.each(backends())("read scope of a web request (%s)", (backend) => {
  const suite = useSuite(backend);

  /** A back call as the web tier makes it: in process, with the browser's cookies and the request's scope. */
  async function inProcess(agent: Agent, reads: ReadScope, method: string, path: string, body?: unknown) {
    const headers = new Headers({ accept: "application/json", cookie: agent.cookieHeader(), "x-forwarded-host": new URL(suite.origin).host });
    if (method !== "GET") {
      headers.set("content-type", "application/json");
      headers.set("x-xsrf-token", decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!));
    }
    const request = new Request(`http://in-process/back/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const response = await suite.platform.back.fetch(request, { incoming: { socket: { remoteAddress: "127.0.0.1" } }, inProcess: true, reads });
    return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
  }

  async function loggedIn(email: string) {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expect((await agent.login(email, DEMO_PASSWORD)).status).toBe(200);
    return agent;
  }

  test("a write empties the scope: the reads after it see the change", async () => {
    const agent = await loggedIn("lea.bernard@demo.test");
    const reads = createReadScope();
    const before = await inProcess(agent, reads, "GET", "/user");
    expect(before.status).toBe(200);
    const profile = await inProcess(agent, reads, "GET", "/user/profile");
    const changed = `Scope${Date.now() % 100000}`;
    const update = await inProcess(agent, reads, "POST", "/user/updateUserData", {
      firstName: changed,
      lastName: profile.body.data.lastName,
      profession: profile.body.data.profession,
    });
    expect(update.status).toBe(200);
    const after = await inProcess(agent, reads, "GET", "/user");
    expect(after.body.data.firstName).toBe(changed);
    expect(before.body.data.firstName).not.toBe(changed);
  });

  test("within one scope, the reads share one user payload; another scope loads its own", async () => {
    const agent = await loggedIn("lucas.bonnet@demo.test");
    const first = createReadScope();
    const a = await inProcess(agent, first, "GET", "/user");
    // Changed behind the scope's back (another instance, an administrator): the same web request keeps what it read,
    // the next web request reads it again.
    const other = suite.agent({ "accept-language": "fr-FR" });
    other.cookies.set("sid", agent.cookies.get("sid")!);
    other.cookies.set("XSRF-TOKEN", agent.cookies.get("XSRF-TOKEN")!);
    const renamed = `Next${Date.now() % 100000}`;
    const profile = await agent.get("/back/api/user/profile");
    expect(
      (
        await other.post("/back/api/user/updateUserData", {
          firstName: renamed,
          lastName: profile.body.data.lastName,
          profession: profile.body.data.profession,
        })
      ).status,
    ).toBe(200);
    const b = await inProcess(agent, first, "GET", "/user");
    expect(b.body.data.firstName).toBe(a.body.data.firstName);
    const c = await inProcess(agent, createReadScope(), "GET", "/user");
    expect(c.body.data.firstName).toBe(renamed);
  });

  test("pages rendered at the same time for two learners each show their own user, never the other's", async () => {
    const [lea, learner] = await Promise.all([loggedIn("emma.leroy@demo.test"), loggedIn("maxime.durand@demo.test")]);
    const who = async (agent: Agent) => (await agent.get("/back/api/user")).body.data as { email: string; firstName: string };
    const [leaUser, learnerUser] = await Promise.all([who(lea), who(learner)]);
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? learner : lea).request("GET", "/compte/profil", { headers: { accept: "text/html" } })),
    );
    pages.forEach((page, i) => {
      expect(page.status).toBe(200);
      const [own, other] = i % 2 ? [learnerUser, leaUser] : [leaUser, learnerUser];
      expect(page.text).toContain(own.email);
      expect(page.text).not.toContain(other.email);
    });
  });
});
