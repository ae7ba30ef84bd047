// Audit evidence packs (issue 33, ADR 0127): the ZIP of a face-to-face session and of an e-learning training over a
// period holds the expected files, and its index.json's sizes and checksums match them; a referent's pack holds only
// the pharmacy's learners, and another pharmacy's packs and sessions are 404; a second build beside a running one is
// a 409 naming it, and of ten builds at once never two run together; each download writes an audit log row; nothing
// the pack needs is removed by what the platform deletes.
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  accounts,
  attestations,
  auditLog,
  enrolments,
  evidencePacks,
  faceToFaceSessions,
  faceToFaces,
  moduleProgress,
  modules,
  sessionAttendances,
} from "../../server/db/schema/index.ts";
import { unzip } from "../fixtures/read-xlsx.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type IndexJson = {
  pack: { trainingId: number; sessionId: number | null; accountId: number | null; learners: number };
  files: { path: string; kind: string; size: number; sha256: string }[];
  absent: { kind: string; reason: string }[];
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(backends())("evidence packs (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, language = "fr-FR"): Promise<Agent> {
    const agent = suite.agent({ "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }

  async function waitDone(agent: Agent, base: string, id: number) {
    for (let i = 0; i < 400; i++) {
      const reply = await agent.get(`${base}/${id}`);
      expectEnvelope(reply, 200);
      if (reply.body.data.state !== "running") return reply.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the pack was not built");
  }

  /** Downloads a done pack and checks every file the index lists is there with its size and SHA-256. */
  async function download(agent: Agent, path: string) {
    const file = await agent.fetchRaw("GET", path, {});
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const files = unzip(bytes);
    const index = JSON.parse(files.get("index.json")!.toString("utf8")) as IndexJson;
    expect(files.get("index.pdf")!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(index.files.length).toBe(files.size - 2);
    for (const listed of index.files) {
      const content = files.get(listed.path);
      expect(content, listed.path).toBeDefined();
      expect(content!.length).toBe(listed.size);
      expect(sha256(content!)).toBe(listed.sha256);
    }
    return { bytes, files, index };
  }

  /** A past session with marked attendance, and how many learners are booked on it. */
  async function sessionWithAttendance() {
    const [row] = await suite.db
      .select({ sessionId: sessionAttendances.sessionId, learners: sql<number>`count(distinct ${sessionAttendances.userId})::int` })
      .from(sessionAttendances)
      .groupBy(sessionAttendances.sessionId)
      .orderBy(sessionAttendances.sessionId)
      .limit(1);
    expect(row, "the demo has a session with attendance").toBeDefined();
    return row;
  }

  /** The e-learning training (no session) with the most learners holding an attestation. */
  async function elearningWithAttestations() {
    const [row] = await suite.db
      .select({ trainingId: enrolments.trainingId, attested: sql<number>`count(distinct ${attestations.enrolmentId})::int` })
      .from(attestations)
      .innerJoin(enrolments, eq(enrolments.id, attestations.enrolmentId))
      .where(isNull(enrolments.sessionId))
      .groupBy(enrolments.trainingId)
      .orderBy(desc(sql`count(distinct ${attestations.enrolmentId})`), enrolments.trainingId)
      .limit(1);
    expect(row, "the demo has an e-learning training with attestations").toBeDefined();
    return row;
  }

  test("a face-to-face session's pack: attendance sheets per day, the marks, every learner, checksums that match", async () => {
    const admin = await as("admin@demo.test");
    const { sessionId, learners } = await sessionWithAttendance();
    const started = await admin.post("/back/api/admin/evidence-packs", { sessionId });
    expectEnvelope(started, 202);
    expect(started.body.data).toMatchObject({ sessionId, state: "running", accountId: null });
    const done = await waitDone(admin, "/back/api/admin/evidence-packs", started.body.data.id);
    expect(done).toMatchObject({ state: "done", percent: 100 });
    expect(done.sha256).toMatch(/^[0-9a-f]{64}$/);

    const { bytes, files, index } = await download(admin, `/back/api/admin/evidence-packs/${done.id}/file`);
    expect(bytes.byteLength).toBe(done.size);
    expect(sha256(bytes)).toBe(done.sha256);
    expect(index.pack).toMatchObject({ sessionId, accountId: null, learners });
    const paths = [...files.keys()];
    expect(paths.filter((p) => p.startsWith("attendance/sheet-") && p.endsWith(".pdf")).length).toBeGreaterThan(0);
    for (const path of ["attendance/attendance.csv", "satisfaction/satisfaction.csv", "mail-receipts/mail-receipts.csv", "trainers/trainers.csv"]) {
      expect(paths).toContain(path);
    }
    // One mark row per learner and day recorded, and the absence of a stored signature said for each day.
    const marks = await suite.db.$count(sessionAttendances, eq(sessionAttendances.sessionId, sessionId));
    const csv = files.get("attendance/attendance.csv")!.toString("utf8").trimEnd().split("\r\n");
    expect(csv).toHaveLength(marks + 1);
    expect(index.absent.some((a) => a.kind === "attendance" && /aucune signature enregistrée/.test(a.reason))).toBe(true);
  });

  test("an e-learning training over a period: attestations, connection logs with steps and scores", async () => {
    const admin = await as("admin@demo.test");
    const { trainingId, attested } = await elearningWithAttestations();
    const today = new Date().toISOString().slice(0, 10);
    const started = await admin.post("/back/api/admin/evidence-packs", { trainingId, periodStart: "2020-01-01", periodEnd: today });
    expectEnvelope(started, 202);
    const done = await waitDone(admin, "/back/api/admin/evidence-packs", started.body.data.id);
    expect(done.state).toBe("done");
    const { files, index } = await download(admin, `/back/api/admin/evidence-packs/${done.id}/file`);
    const paths = [...files.keys()];
    expect(paths.filter((p) => p.startsWith("attestations/")).length).toBeGreaterThanOrEqual(attested);
    expect(paths.filter((p) => p.startsWith("connection-logs/")).length).toBe(index.pack.learners);
    const log = files.get(paths.find((p) => p.startsWith("connection-logs/"))!)!.toString("utf8");
    expect(log).toContain("Premier accès");
    expect(log).toContain("Dernier accès");
    // The list of the training's packs shows it, with its size and checksum.
    const list = await admin.get(`/back/api/admin/evidence-packs?trainingId=${trainingId}`);
    expectEnvelope(list, 200);
    expect(list.body.data.items[0]).toMatchObject({ id: done.id, size: done.size, sha256: done.sha256 });
  });

  test("bad input changes nothing: no scope, a period ending before it starts, an unknown session", async () => {
    const admin = await as("admin@demo.test");
    const before = await suite.db.$count(evidencePacks);
    const none = await admin.post("/back/api/admin/evidence-packs", {});
    expectEnvelope(none, 422);
    const backwards = await admin.post("/back/api/admin/evidence-packs", { trainingId: 1, periodStart: "2026-10-01", periodEnd: "2026-09-01" });
    expectEnvelope(backwards, 422);
    expect(backwards.body.data.errors.periodEnd).toBeDefined();
    expectEnvelope(await admin.post("/back/api/admin/evidence-packs", { sessionId: 2_000_000 }), 404);
    expect(await suite.db.$count(evidencePacks)).toBe(before);
  });

  test("a referent's pack holds only the pharmacy's learners; another pharmacy's packs and sessions are 404", async () => {
    const holder = await as("holder@demo.test");
    const choices = await holder.get("/back/api/referent/evidence-pack-choices");
    expectEnvelope(choices, 200);
    const [accountRow] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const trainingId = choices.body.data.trainings[0]?.id as number;
    expect(trainingId).toBeDefined();
    const today = new Date().toISOString().slice(0, 10);
    const started = await holder.post("/back/api/referent/evidence-packs", { trainingId, periodStart: "2020-01-01", periodEnd: today });
    expectEnvelope(started, 202);
    expect(started.body.data.accountId).toBe(accountRow.id);
    const done = await waitDone(holder, "/back/api/referent/evidence-packs", started.body.data.id);
    const { index } = await download(holder, `/back/api/referent/evidence-packs/${done.id}/file`);
    const own = await suite.db.$count(
      enrolments,
      and(eq(enrolments.trainingId, trainingId), eq(enrolments.accountId, accountRow.id), inArray(enrolments.status, ["pending", "in_progress", "finished"])),
    );
    expect(index.pack.learners).toBe(own);
    expect(index.pack.accountId).toBe(accountRow.id);

    // Another pharmacy's referent: neither the pack nor its file, nor a build of a session they have nobody on.
    const other = await as("francois.marchand@demo.test");
    expectEnvelope(await other.get(`/back/api/referent/evidence-packs/${done.id}`), 404);
    expect((await other.fetchRaw("GET", `/back/api/referent/evidence-packs/${done.id}/file`, {})).status).toBe(404);
    const { sessionId } = await sessionWithAttendance();
    const [halles] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie des Halles"));
    expect(await suite.db.$count(enrolments, and(eq(enrolments.sessionId, sessionId), eq(enrolments.accountId, halles.id)))).toBe(0);
    const refused = await other.post("/back/api/referent/evidence-packs", { sessionId });
    expectEnvelope(refused, 404);
    // The administrator's packs are not a referent's: 404 too; and a learner is refused the referent calls.
    const adminPack = await suite.db.select({ id: evidencePacks.id }).from(evidencePacks).where(isNull(evidencePacks.accountId)).limit(1);
    if (adminPack[0]) expectEnvelope(await holder.get(`/back/api/referent/evidence-packs/${adminPack[0].id}`), 404);
    const learner = await as("learner@demo.test");
    expectEnvelope(await learner.get("/back/api/admin/evidence-packs"), 403);
  });

  test("a second build beside a running one is a 409 naming it, in the caller's language; a stalled one no longer blocks", async () => {
    const admin = await as("admin@demo.test");
    const { sessionId } = await sessionWithAttendance();
    const [session] = await suite.db
      .select({ trainingId: faceToFaces.trainingId })
      .from(faceToFaceSessions)
      .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
      .where(eq(faceToFaceSessions.id, sessionId));
    const now = new Date();
    const [running] = await suite.db
      .insert(evidencePacks)
      .values({ trainingId: session.trainingId, sessionId, state: "running", done: 1, total: 5, filename: "x.zip", createdAt: now, updatedAt: now })
      .returning();
    const refused = await admin.post("/back/api/admin/evidence-packs", { sessionId });
    expectEnvelope(refused, 409);
    expect(refused.body.message).toBe(
      `Un dossier de preuves de ce périmètre est déjà en construction (dossier n° ${running.id}) : attendez qu'il soit terminé.`,
    );
    const spanish = await as("admin@demo.test", "es-ES");
    const refusedEs = await spanish.post("/back/api/admin/evidence-packs", { sessionId });
    expectEnvelope(refusedEs, 409);
    expect(refusedEs.body.message).toContain(`n.º ${running.id}`);
    // Its file is not ready yet.
    expect((await admin.fetchRaw("GET", `/back/api/admin/evidence-packs/${running.id}/file`, {})).status).toBe(409);

    // Once it stopped moving (its instance died), it is failed and a new build may start.
    await suite.db
      .update(evidencePacks)
      .set({ updatedAt: new Date(now.getTime() - 10 * 60_000) })
      .where(eq(evidencePacks.id, running.id));
    const again = await admin.post("/back/api/admin/evidence-packs", { sessionId });
    expectEnvelope(again, 202);
    const [stalled] = await suite.db.select().from(evidencePacks).where(eq(evidencePacks.id, running.id));
    expect(stalled.state).toBe("failed");
    await waitDone(admin, "/back/api/admin/evidence-packs", again.body.data.id);
  });

  test("ten builds of one scope at once: never two running together", async () => {
    const admin = await as("admin@demo.test");
    const { trainingId } = await elearningWithAttestations();
    const scope = { trainingId, periodStart: "2021-01-01", periodEnd: "2021-12-31" };
    const replies = await Promise.all(Array.from({ length: 10 }, () => admin.post("/back/api/admin/evidence-packs", scope)));
    const accepted = replies.filter((r) => r.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.status === 202 || r.status === 409)).toBe(true);
    for (const reply of accepted) await waitDone(admin, "/back/api/admin/evidence-packs", reply.body.data.id);
    const rows = await suite.db
      .select()
      .from(evidencePacks)
      .where(and(eq(evidencePacks.trainingId, trainingId), eq(evidencePacks.periodStart, "2021-01-01"), eq(evidencePacks.periodEnd, "2021-12-31")))
      .orderBy(evidencePacks.createdAt, evidencePacks.id);
    expect(rows).toHaveLength(accepted.length);
    // Each pack was finished before the next one was created.
    for (let i = 1; i < rows.length; i++) expect(rows[i].createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1].finishedAt!.getTime());
  });

  test("each download writes an audit log row, a referent's too", async () => {
    const admin = await as("admin@demo.test");
    const [pack] = await suite.db
      .select()
      .from(evidencePacks)
      .where(and(eq(evidencePacks.state, "done"), isNull(evidencePacks.accountId)))
      .limit(1);
    const count = () => suite.db.$count(auditLog, and(eq(auditLog.action, "evidencePack.download"), eq(auditLog.entityId, String(pack.id))));
    const before = await count();
    await download(admin, `/back/api/admin/evidence-packs/${pack.id}/file`);
    await download(admin, `/back/api/admin/evidence-packs/${pack.id}/file`);
    expect(await count()).toBe(before + 2);
    const [row] = await suite.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(pack.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorEmail: "admin@demo.test", entityType: "evidencePack" });
    expect((row.after as { sha256: string }).sha256).toBe(pack.sha256);

    const [referentPack] = await suite.db
      .select()
      .from(evidencePacks)
      .where(and(eq(evidencePacks.state, "done"), isNotNull(evidencePacks.accountId)))
      .limit(1);
    const holder = await as("holder@demo.test");
    await download(holder, `/back/api/referent/evidence-packs/${referentPack.id}/file`);
    const [referentRow] = await suite.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "evidencePack.download"), eq(auditLog.entityId, String(referentPack.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(referentRow.actorEmail).toBe("holder@demo.test");
    // The admin page's audit list shows it.
    const list = await admin.get("/back/api/admin/audit?entityType=evidencePack");
    expectEnvelope(list, 200);
    expect(list.body.data.items.some((item: { actorEmail: string }) => item.actorEmail === "holder@demo.test")).toBe(true);
  });

  test("retention: a module learners progressed through cannot be removed; a session with attendance cannot be cancelled", async () => {
    const admin = await as("admin@demo.test");
    const [progressed] = await suite.db
      .select({ moduleId: moduleProgress.moduleId })
      .from(moduleProgress)
      .innerJoin(modules, eq(modules.id, moduleProgress.moduleId))
      .limit(1);
    const before = await suite.db.$count(moduleProgress, eq(moduleProgress.moduleId, progressed.moduleId));
    const removal = await admin.post(`/back/api/admin/catalog/modules/${progressed.moduleId}/delete`, { confirm: true });
    expectEnvelope(removal, 409);
    expect(removal.body.message).toMatch(/conservées pour les audits|conservée pour les audits/);
    expect(await suite.db.$count(moduleProgress, eq(moduleProgress.moduleId, progressed.moduleId))).toBe(before);
    expect(await suite.db.$count(modules, eq(modules.id, progressed.moduleId))).toBe(1);

    const { sessionId } = await sessionWithAttendance();
    const cancel = await admin.post(`/back/api/admin/sessions/${sessionId}/cancel`, { confirm: true });
    expectEnvelope(cancel, 409);
    expect(await suite.db.$count(sessionAttendances, eq(sessionAttendances.sessionId, sessionId))).toBeGreaterThan(0);
  });

  test("the web pages without JavaScript: the session's form starts a pack, a running one's page refreshes itself, a second build lands on it", async () => {
    const admin = await as("admin@demo.test");
    const { sessionId } = await sessionWithAttendance();
    const decode = (html: string) =>
      html
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"');
    const postForm = async (path: string, fields: Record<string, string>) => {
      const page = await admin.get(path, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      const token = decode(/name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "");
      return admin.request("POST", path, {
        headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: token, ...fields }).toString(),
        csrf: false,
      });
    };
    // A pack of the same scope running: the form goes to that pack's page (with the message), nothing new is built.
    const [session] = await suite.db
      .select({ trainingId: faceToFaces.trainingId })
      .from(faceToFaceSessions)
      .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
      .where(eq(faceToFaceSessions.id, sessionId));
    const now = new Date();
    const [running] = await suite.db
      .insert(evidencePacks)
      .values({ trainingId: session.trainingId, sessionId, state: "running", done: 1, total: 4, filename: "x.zip", createdAt: now, updatedAt: now })
      .returning();
    const before = await suite.db.$count(evidencePacks);
    const refused = await postForm(`/admin/faceToFace/${sessionId}`, { intent: "evidencePack", sessionId: String(sessionId) });
    expect([302, 303]).toContain(refused.status);
    expect(refused.headers.get("location")).toBe(`/admin/evidence-packs/${running.id}`);
    expect(await suite.db.$count(evidencePacks)).toBe(before);
    const progress = await admin.get(`/admin/evidence-packs/${running.id}`, { headers: { accept: "text/html" } });
    expect(progress.status).toBe(200);
    expect(progress.text).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
    expect(decode(progress.text)).toContain("1 étapes sur 4 (25 %).");
    expect(decode(progress.text)).toContain(`déjà en construction (dossier n° ${running.id})`);
    await suite.db.update(evidencePacks).set({ state: "failed", finishedAt: now }).where(eq(evidencePacks.id, running.id));

    // Built: the form starts one, its page offers the file with its checksum; the session's page lists it.
    const started = await postForm(`/admin/faceToFace/${sessionId}`, { intent: "evidencePack", sessionId: String(sessionId) });
    expect([302, 303]).toContain(started.status);
    const location = started.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/evidence-packs\/\d+$/);
    const id = Number(location.split("/").at(-1));
    const done = await waitDone(admin, "/back/api/admin/evidence-packs", id);
    const page = await admin.get(location, { headers: { accept: "text/html" } });
    expect(page.text).toContain(`href="/back/api/admin/evidence-packs/${id}/file"`);
    expect(page.text).toContain(done.sha256);
    expect(page.text).not.toContain('http-equiv="refresh"');
    const sessionPage = await admin.get(`/admin/faceToFace/${sessionId}`, { headers: { accept: "text/html" } });
    expect(sessionPage.text).toContain(`href="/admin/evidence-packs/${id}"`);
    // An administrator's pack page is a 404 on the pharmacy side.
    const holder = await as("holder@demo.test");
    expect((await holder.get(`/gestion/ma-pharmacie/dossiers-de-preuves/${id}`, { headers: { accept: "text/html" } })).status).toBe(404);
  });
});
