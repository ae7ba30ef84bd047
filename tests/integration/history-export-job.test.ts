// The team history export as a job (ADR 0076): the API starts it, reports done of total while it is written, and
// hands the file once done (the same bytes as the direct export); the web page shows the progress with a refresh that
// works without JavaScript, then the download link; another person's job is a 404; a job that stopped is failed.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, historyExportJobs, users } from "../../server/db/schema/index.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe.each(backends())("team history export job (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, host = "localhost", language = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }
  const jsonCsrf = (agent: Agent) => ({ "content-type": "application/json", "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) });

  async function waitDone(agent: Agent, id: number) {
    for (let i = 0; i < 100; i++) {
      const reply = await agent.get(`/back/api/referent/history/exports/${id}`);
      expectEnvelope(reply, 200);
      if (reply.body.data.state !== "running") return reply.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the export did not finish");
  }

  async function idOf(table: "users" | "accounts", value: string): Promise<number> {
    if (table === "users") return (await suite.db.select({ id: users.id }).from(users).where(eq(users.email, value)))[0].id;
    return (await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, value)))[0].id;
  }

  test("the job finishes, counts every row, and its file is the team history", async () => {
    const holder = await as("holder@demo.test");
    const started = await holder.post("/back/api/referent/history/exports", {});
    expect([200, 202]).toContain(started.status);
    expectEnvelope(started, started.status);
    const job = started.body.data;
    expect(job.total).toBeGreaterThan(0);
    expect(job.done).toBeLessThanOrEqual(job.total);
    const done = await waitDone(holder, job.id);
    expect(done).toMatchObject({
      id: job.id,
      state: "done",
      done: job.total,
      total: job.total,
      percent: 100,
      downloadPath: `/back/api/referent/history/exports/${job.id}/file`,
    });

    const file = await holder.fetchRaw("GET", done.downloadPath, {});
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/csv");
    expect(file.headers.get("content-disposition")).toMatch(/historique-equipe-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await file.text();
    // One header line and one line per row counted by the job; the same content as the direct export.
    expect(text.trimEnd().split("\r\n")).toHaveLength(job.total + 1);
    const direct = await holder.fetchRaw("POST", "/back/api/referent/history/export", jsonCsrf(holder), "{}");
    expect(text).toBe(await direct.text());
  });

  test("while running: the file is a 409; a job that stopped moving is reported failed; others' jobs are 404", async () => {
    const holder = await as("holder@demo.test");
    const accountId = await idOf("accounts", "Pharmacie du Marché");
    const userId = await idOf("users", "holder@demo.test");
    const now = new Date();
    const [running] = await suite.db
      .insert(historyExportJobs)
      .values({ accountId, userId, state: "running", done: 3, total: 10, filename: "x.csv", createdAt: now, updatedAt: now })
      .returning();
    const reply = await holder.get(`/back/api/referent/history/exports/${running.id}`);
    expectEnvelope(reply, 200);
    expect(reply.body.data).toMatchObject({ state: "running", done: 3, total: 10, percent: 30, downloadPath: null });
    expectEnvelope(await holder.get(`/back/api/referent/history/exports/${running.id}/file`), 409);
    // A new export while this one still moves answers the same job (no second one).
    const again = await holder.post("/back/api/referent/history/exports", {});
    expect(again.body.data.id).toBe(running.id);

    const old = new Date(now.getTime() - 10 * 60_000);
    await suite.db.update(historyExportJobs).set({ updatedAt: old }).where(eq(historyExportJobs.id, running.id));
    const stale = await holder.get(`/back/api/referent/history/exports/${running.id}`);
    expect(stale.body.data.state).toBe("failed");
    expect((await suite.db.select().from(historyExportJobs).where(eq(historyExportJobs.id, running.id)))[0].state).toBe("failed");
    expectEnvelope(await holder.get(`/back/api/referent/history/exports/${running.id}/file`), 409);

    // Another referent (of another pharmacy) and a learner of this one: not found / refused.
    const other = await as("francois.marchand@demo.test");
    expectEnvelope(await other.get(`/back/api/referent/history/exports/${running.id}`), 404);
    expectEnvelope(await other.get(`/back/api/referent/history/exports/${running.id}/file`), 404);
    const learner = await as("learner@demo.test");
    expectEnvelope(await learner.get(`/back/api/referent/history/exports/${running.id}`), 403);
    expectEnvelope(await holder.get("/back/api/referent/history/exports/0"), 422);
    expectEnvelope(await holder.get("/back/api/referent/history/exports/999999"), 404);
    // Where the brand does not offer the export: 403, no job written.
    const belgian = await as("referent.be@demo.test", "be.localhost");
    const before = await suite.db.select().from(historyExportJobs);
    expectEnvelope(await belgian.post("/back/api/referent/history/exports", {}), 403);
    expect(await suite.db.select().from(historyExportJobs)).toHaveLength(before.length);
  });

  test("the web page: the dashboard's form starts the job, the page refreshes without JavaScript, then offers the file", async () => {
    const holder = await as("holder@demo.test");
    const dashboard = await holder.get("/gestion/ma-pharmacie/tableau-de-bord", { headers: { accept: "text/html" } });
    expect(dashboard.status).toBe(200);
    const token = decode(/name="csrf" value="([^"]+)"/.exec(dashboard.text)?.[1] ?? "");
    expect(token).toBeTruthy();
    const posted = await holder.request("POST", "/gestion/ma-pharmacie/tableau-de-bord/export", {
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: token, intent: "export" }).toString(),
      csrf: false,
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/gestion\/ma-pharmacie\/tableau-de-bord\/export\/\d+$/);
    const jobId = Number(location.split("/").at(-1));
    await waitDone(holder, jobId);
    const page = await holder.get(location, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/back/api/referent/history/exports/${jobId}/file"`);
    expect(page.text).toContain('data-state="done"');
    expect(page.text).not.toContain('http-equiv="refresh"');

    // A running job's page: its progress, and a refresh inside <noscript> (browsers without JavaScript reload it).
    const accountId = await idOf("accounts", "Pharmacie du Marché");
    const userId = await idOf("users", "holder@demo.test");
    const now = new Date();
    const [running] = await suite.db
      .insert(historyExportJobs)
      .values({ accountId, userId, state: "running", done: 1, total: 4, filename: "x.csv", createdAt: now, updatedAt: now })
      .returning();
    const progress = await holder.get(`/gestion/ma-pharmacie/tableau-de-bord/export/${running.id}`, { headers: { accept: "text/html" } });
    expect(progress.status).toBe(200);
    expect(progress.text).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
    expect(decode(progress.text)).toContain("Export en cours : 1 sur 4 lignes (25 %).");
    expect(progress.text).toMatch(/<progress[^>]*value="25"/);
    await suite.db.delete(historyExportJobs).where(and(eq(historyExportJobs.id, running.id)));
    // Another pharmacy's job page is a 404.
    const other = await as("francois.marchand@demo.test");
    expect((await other.get(location, { headers: { accept: "text/html" } })).status).toBe(404);
  });
});
