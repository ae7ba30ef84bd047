// The back office's catalogue and sessions tools (issue 16 part A, ADRs 0060-0064), through real HTTP on a real
// database: every admin endpoint refused to a guest (401), a learner, a holder and a referent (403) with nothing
// written; a training created, filled, published and then seen in the public catalogue; bad input answered per
// field with nothing written (API and the no-JavaScript form); illustration uploads checked by their bytes; a learner
// moved and a session cancelled with seats, notifications and the audit log following; the attendance sheet PDF.
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, enrolments, faceToFaces, faceToFaceSessions, notifications, trainings } from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { backends, countRows, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { backRoutes, fillPath } from "./support/routes.ts";
import { useSuite } from "./support/setup.ts";

const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

function validTraining(slug: string) {
  return {
    brand: "fr",
    slug,
    type: "faceToFaceOnly",
    name: "Vaccination à l'officine (atelier)",
    description: "<p>Un atelier <script>alert(1)</script>pratique.</p>",
    durationMinutes: 420,
    priceHt: "390,00",
    availableOnSpace: true,
    availableOnStore: true,
    availableFunctions: ["pharmacist", "preparer"],
    fundings: ["FIFPL"],
  };
}

describe.each(backends())("admin catalogue and sessions (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  async function as(email: string | null): Promise<Agent> {
    const host = email?.endsWith(".es@demo.test") ? "es.localhost" : "localhost";
    const agent = suite.agent({ "accept-language": "fr-FR", "x-forwarded-host": host });
    if (email) expectEnvelope(await agent.login(email), 200);
    else await agent.csrf();
    return agent;
  }

  const auditCount = (action: string) => suite.db.$count(auditLog, eq(auditLog.action, action));

  test(
    "every admin endpoint: 401 for a guest, 403 for a learner, a holder, a referent and a shop customer; nothing written",
    { timeout: 120_000 },
    async () => {
      const routes = backRoutes(suite.platform).filter((r) => r.path.startsWith("/back/api/admin/"));
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const visitors: [string | null, number][] = [
        [null, 401],
        ["learner@demo.test", 403],
        ["holder@demo.test", 403],
        ["referent.es@demo.test", 403],
        ["shop@demo.test", 403],
      ];
      const agents: [Agent, string | null, number][] = [];
      for (const [email, status] of visitors) agents.push([await as(email), email, status]);
      const before = await tableCounts(suite.db);
      for (const [agent, email, status] of agents) {
        for (const route of routes) {
          const path = fillPath(route.path, { id: "1", day: "2030-01-01" });
          const reply = route.method === "GET" ? await agent.get(path) : await agent.request(route.method, path, { json: { confirm: true, published: true } });
          expect(reply.status, `${email ?? "guest"} ${route.method} ${path}`).toBe(status);
        }
      }
      expect(await tableCounts(suite.db)).toEqual(before);
    },
  );

  test("a training created, filled and published is in the public catalogue at once; each change is in the audit log", async () => {
    const admin = await as("admin@demo.test");
    const created = await admin.post("/back/api/admin/catalog/trainings", validTraining("atelier-vaccination-test"));
    expectEnvelope(created, 201);
    const id = created.body.data.id as number;
    const [row] = await suite.db.select().from(trainings).where(eq(trainings.id, id));
    expect(row).toMatchObject({ brand: "fr", lang: "fr", isPublished: false, priceHtCents: 39000, availableFunctions: ["pharmacist", "preparer"] });
    expect(row.description).not.toContain("script");
    expect(await auditCount("training.create")).toBe(1);

    // Not published yet: not in the catalogue, its page is a 404.
    const guest = await as(null);
    const search = async () => ((await guest.get("/back/api/catalogue?pageSize=100&sort=newest")).body.data.items as { id: number }[]).some((i) => i.id === id);
    expect(await search()).toBe(false);

    expectEnvelope(await admin.post(`/back/api/admin/catalog/trainings/${id}/courses`, { name: "Atelier", moduleType: 2, durationMinutes: 420 }), 201);
    const detail = (await admin.get(`/back/api/admin/catalog/trainings/${id}`)).body.data;
    const courseId = detail.courses[0].id as number;
    expectEnvelope(await admin.post(`/back/api/admin/catalog/courses/${courseId}/modules`, { title: "Gestes", type: 8, durationMinutes: 60 }), 422);
    expectEnvelope(await admin.post(`/back/api/admin/catalog/courses/${courseId}/modules`, { title: "Gestes", type: 2, durationMinutes: 60 }), 201);
    const group = await admin.post(`/back/api/admin/catalog/trainings/${id}/faceToFaces`, { name: "Ateliers 2030", virtualClass: false });
    expectEnvelope(group, 201);
    const session = await admin.post("/back/api/admin/sessions", {
      faceToFaceId: group.body.data.id,
      name: "Lyon",
      startDate: "2030-03-12",
      startTime: "09:00",
      endTime: "17:00",
      maxParticipants: 12,
      city: "Lyon",
    });
    expectEnvelope(session, 201);
    expectEnvelope(
      await admin.post(`/back/api/admin/catalog/trainings/${id}/programmes`, { actionNumber: "123", name: "P", priceHt: "10", durationMinutes: 60 }),
      422,
    );
    expectEnvelope(
      await admin.post(`/back/api/admin/catalog/trainings/${id}/programmes`, {
        actionNumber: "96826600001",
        name: "Programme",
        priceHt: "390",
        durationMinutes: 420,
      }),
      201,
    );
    // An evaluation is never graded (ADR 0107): no passing score for it.
    const quiz = await admin.post(`/back/api/admin/catalog/trainings/${id}/quizzes`, { title: "Évaluation", kind: "evaluation" });
    expectEnvelope(quiz, 201);
    const badQuestion = await admin.post(`/back/api/admin/catalog/quizzes/${quiz.body.data.id}/questions`, {
      text: "Q ?",
      kind: "single",
      choices: "*Oui\n*Non",
    });
    expectEnvelope(badQuestion, 422);
    expect(Object.keys(badQuestion.body.data.errors)).toEqual(["choices"]);
    expectEnvelope(
      await admin.post(`/back/api/admin/catalog/quizzes/${quiz.body.data.id}/questions`, { text: "Q ?", kind: "single", choices: "*Oui\nNon" }),
      201,
    );

    expectEnvelope(await admin.post(`/back/api/admin/catalog/trainings/${id}/publish`, { published: true }), 200);
    expect(await search()).toBe(true);
    expectEnvelope(await guest.get(`/back/api/training/atelier-vaccination-test`), 200);
    const full = (await admin.get(`/back/api/admin/catalog/trainings/${id}`)).body.data;
    expect(full.courses[0].modules).toHaveLength(1);
    expect(full.faceToFaces[0].sessions).toHaveLength(1);
    expect(full.programmes).toHaveLength(1);
    expect(full.quizzes[0].questions[0].choices).toEqual([
      { text: "Oui", correct: true },
      { text: "Non", correct: false },
    ]);
    expect(full.fundings).toEqual(["FIFPL"]);
    for (const action of [
      "course.create",
      "module.create",
      "faceToFace.create",
      "session.create",
      "programme.create",
      "quiz.create",
      "question.create",
      "training.publish",
    ]) {
      expect(await auditCount(action), action).toBe(1);
    }
    // The slug is unique per brand (its locale): a second one is refused on the slug field.
    const again = await admin.post("/back/api/admin/catalog/trainings", validTraining("atelier-vaccination-test"));
    expectEnvelope(again, 409);
    expect(Object.keys(again.body.data.errors)).toEqual(["slug"]);
    // The same slug on another brand is another page.
    expectEnvelope(await admin.post("/back/api/admin/catalog/trainings", { ...validTraining("atelier-vaccination-test"), brand: "be" }), 201);
  });

  test("bad input on the training form: a message per field, nothing written (API, and the page without JavaScript keeps what was typed)", async () => {
    const admin = await as("admin@demo.test");
    const before = await tableCounts(suite.db);
    const reply = await admin.post("/back/api/admin/catalog/trainings", {
      ...validTraining("Mauvais Slug"),
      type: "nope",
      name: "",
      durationMinutes: -1,
      priceHt: "12,345",
      availableFunctions: [],
    });
    expectEnvelope(reply, 422);
    expect(Object.keys(reply.body.data.errors).sort()).toEqual(["durationMinutes", "name", "priceHt", "slug", "type"]);
    const conflict = await admin.post("/back/api/admin/catalog/trainings", {
      ...validTraining("public-conflict"),
      pharmacistsOnly: true,
      nonPharmacistsOnly: true,
    });
    expectEnvelope(conflict, 422);
    expect(Object.keys(conflict.body.data.errors)).toEqual(["nonPharmacistsOnly"]);
    const noFunctions = await admin.post("/back/api/admin/catalog/trainings", { ...validTraining("sans-fonction"), availableFunctions: [] });
    expect(Object.keys(noFunctions.body.data.errors)).toEqual(["availableFunctions"]);
    const badSession = await admin.post("/back/api/admin/sessions", {
      faceToFaceId: 1,
      name: "",
      startDate: "2030-02-30x",
      startTime: "25:00",
      endTime: "08:00",
      maxParticipants: 0,
    });
    expectEnvelope(badSession, 422);
    expect(Object.keys(badSession.body.data.errors).sort()).toEqual(expect.arrayContaining(["maxParticipants", "name", "startDate", "startTime"]));

    // The page, without JavaScript: the form comes back with its messages and what was typed.
    const page = await admin.get("/admin/catalog/new", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const form = new URLSearchParams({
      csrf,
      brand: "fr",
      type: "formation",
      name: "Nom gardé",
      slug: "Slug Faux",
      durationMinutes: "abc",
      priceHt: "dix",
      availableOnStore: "on",
      availableFunctions: "pharmacist",
    });
    const posted = await admin.request("POST", "/admin/catalog/new", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(posted.status).toBe(422);
    expect(posted.text).toContain('value="Nom gardé"');
    expect(posted.text).toContain('value="Slug Faux"');
    expect(posted.text).toContain("Seulement des lettres minuscules");
    expect(posted.text).toContain("Un montant comme 120 ou 120,50.");
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("illustrations: wrong type, too large, any SVG refused with nothing stored (ADR 0105); a PNG accepted", async () => {
    const admin = await as("admin@demo.test");
    const [training] = await suite.db.select({ id: trainings.id }).from(trainings).where(eq(trainings.brand, "fr")).limit(1);
    const upload = (bytes: Uint8Array | string, name: string, type: string) => {
      const form = new FormData();
      form.set("illustration", new Blob([typeof bytes === "string" ? bytes : Buffer.from(bytes)], { type }), name);
      return admin.request("POST", `/back/api/admin/catalog/trainings/${training.id}/illustration`, { body: form });
    };
    const before = await countRows(suite.db, "audit_log");
    const refused: [Uint8Array | string, string, string, string][] = [
      ["just text, not an image", "x.png", "image/png", "adminIllustrationInvalid"],
      [new Uint8Array(2 * 1024 * 1024 + 10).fill(0x89), "big.png", "image/png", "adminIllustrationTooLarge"],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "x.svg", "image/svg+xml", "adminIllustrationSvgRefused"],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>', "x.svg", "image/svg+xml", "adminIllustrationSvgRefused"],
      ['<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>', "x.svg", "image/svg+xml", "adminIllustrationSvgRefused"],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript&#58;alert(1)"><rect width="9" height="9"/></a></svg>',
        "x.svg",
        "image/svg+xml",
        "adminIllustrationSvgRefused",
      ],
      [
        '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://evil.test/a.css";</style></svg>',
        "x.svg",
        "image/svg+xml",
        "adminIllustrationSvgRefused",
      ],
      [
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#09c"/></svg>',
        "ok.svg",
        "image/svg+xml",
        "adminIllustrationSvgRefused",
      ],
    ];
    const messages = {
      adminIllustrationInvalid: "Choisissez une image PNG, JPEG ou WebP.",
      adminIllustrationTooLarge: "L'image dépasse 2 Mo.",
      adminIllustrationSvgRefused: "Les images SVG ne sont pas acceptées : enregistrez l'image en PNG, JPEG ou WebP.",
    };
    for (const [bytes, name, type, key] of refused) {
      const reply = await upload(bytes, name, type);
      expectEnvelope(reply, 422);
      expect(reply.body.data.errors).toEqual({ illustration: [messages[key as keyof typeof messages]] });
    }
    expect(await countRows(suite.db, "audit_log")).toBe(before);
    const png = await upload(PNG, "pixel.png", "image/png");
    expectEnvelope(png, 200);
    expect(png.body.data.illustration).toMatch(/^\/uploads\/illustrations\/[0-9a-f]{16}-[0-9a-f]{12}\.png$/);
    expect(await auditCount("training.illustration")).toBe(1);
  });

  test("moving a learner keeps the seat counts right; cancelling a session cancels its bookings and notifies the learners", async () => {
    const admin = await as("admin@demo.test");
    // A booked seat of the demo data, on a session whose group can take another session.
    const [booked] = await suite.db
      .select({
        enrolmentId: enrolments.id,
        userId: enrolments.userId,
        sessionId: enrolments.sessionId,
        faceToFaceId: faceToFaceSessions.faceToFaceId,
        current: faceToFaceSessions.currentParticipants,
      })
      .from(enrolments)
      .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, enrolments.sessionId))
      .where(
        and(
          isNotNull(enrolments.sessionId),
          ne(enrolments.status, "cancelled"),
          ne(enrolments.status, "waiting_list"),
          sql`${faceToFaceSessions.currentParticipants} > 0`,
        ),
      )
      .limit(1);
    expect(booked, "a booked session seat in the demo data").toBeDefined();
    const target = await admin.post("/back/api/admin/sessions", {
      faceToFaceId: booked.faceToFaceId,
      name: "Session de repli",
      startDate: "2031-05-06",
      startTime: "09:00",
      endTime: "12:30",
      maxParticipants: 1,
      city: "Nantes",
    });
    expectEnvelope(target, 201);
    const targetId = target.body.data.id as number;
    const seats = async (id: number) =>
      (await suite.db.select({ n: faceToFaceSessions.currentParticipants }).from(faceToFaceSessions).where(eq(faceToFaceSessions.id, id)))[0]?.n;

    // Not in that session: 404 on the field; the same session: 422.
    const wrong = await admin.post(`/back/api/admin/sessions/${targetId}/move`, { enrolmentId: booked.enrolmentId, toSessionId: booked.sessionId });
    expectEnvelope(wrong, 404);
    expectEnvelope(
      await admin.post(`/back/api/admin/sessions/${booked.sessionId}/move`, { enrolmentId: booked.enrolmentId, toSessionId: booked.sessionId }),
      422,
    );

    const notificationsBefore = await suite.db.$count(notifications, eq(notifications.userId, booked.userId));
    expectEnvelope(await admin.post(`/back/api/admin/sessions/${booked.sessionId}/move`, { enrolmentId: booked.enrolmentId, toSessionId: targetId }), 200);
    expect(await seats(booked.sessionId!)).toBe(booked.current - 1);
    expect(await seats(targetId)).toBe(1);
    expect(await suite.db.$count(notifications, eq(notifications.userId, booked.userId))).toBe(notificationsBefore + 1);
    expect(await auditCount("session.moveLearner")).toBe(1);
    // The target is now full: moving someone else there is a 409.
    const detail = (await admin.get(`/back/api/admin/sessions/${targetId}`)).body.data;
    expect(detail.participants.map((p: { enrolmentId: number }) => p.enrolmentId)).toEqual([booked.enrolmentId]);

    // The day's attendance sheet names the learner.
    const pdf = await admin.fetchRaw("GET", `/back/api/admin/sessions/${targetId}/attendance/2031-05-06`, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(detail.participants[0].email);
    expect(text).toContain("Feuille d'émargement");
    expectEnvelope(await admin.get(`/back/api/admin/sessions/${targetId}/attendance/2031-05-07`), 404);

    // Cancelling needs the confirmation; then the booking is cancelled, the learner told, the session gone.
    const unconfirmed = await admin.post(`/back/api/admin/sessions/${targetId}/cancel`, {});
    expectEnvelope(unconfirmed, 422);
    expect(Object.keys(unconfirmed.body.data.errors)).toEqual(["confirm"]);
    const cancelled = await admin.post(`/back/api/admin/sessions/${targetId}/cancel`, { confirm: true });
    expectEnvelope(cancelled, 200);
    // The reply and its message name whom the cancellation reached (issue 29 item 3).
    const name = `${detail.participants[0].firstName} ${detail.participants[0].lastName}`;
    expect(cancelled.body.data).toEqual({ notified: 1, learners: [name] });
    expect(cancelled.body.message).toBe(`Session annulée : 1 apprenant prévenu : ${name}.`);
    expect(await suite.db.$count(faceToFaceSessions, eq(faceToFaceSessions.id, targetId))).toBe(0);
    const [enrolment] = await suite.db.select({ status: enrolments.status }).from(enrolments).where(eq(enrolments.id, booked.enrolmentId));
    expect(enrolment.status).toBe("cancelled");
    expect(await suite.db.$count(notifications, eq(notifications.userId, booked.userId))).toBe(notificationsBefore + 2);
    const [record] = await suite.db.select().from(auditLog).where(eq(auditLog.action, "session.cancel"));
    expect((record.before as { learners: { email: string }[] }).learners.map((l) => l.email)).toEqual([detail.participants[0].email]);
    expectEnvelope(await admin.post(`/back/api/admin/sessions/${targetId}/cancel`, { confirm: true }), 404);
  });

  test("the seats of a session never go below its bookings; the group must exist", async () => {
    const admin = await as("admin@demo.test");
    const [busy] = await suite.db
      .select()
      .from(faceToFaceSessions)
      .where(sql`${faceToFaceSessions.currentParticipants} > 1`)
      .limit(1);
    const reply = await admin.post(`/back/api/admin/sessions/${busy.id}`, {
      name: busy.name,
      startDate: String(busy.startDate),
      startTime: "09:00",
      endTime: "17:00",
      maxParticipants: 1,
    });
    expectEnvelope(reply, 409);
    expect(Object.keys(reply.body.data.errors)).toEqual(["maxParticipants"]);
    const [maxGroup] = await suite.db.select({ id: sql<number>`max(${faceToFaces.id})` }).from(faceToFaces);
    expectEnvelope(
      await admin.post("/back/api/admin/sessions", {
        faceToFaceId: Number(maxGroup.id) + 1000,
        name: "X",
        startDate: "2031-01-01",
        startTime: "09:00",
        endTime: "10:00",
        maxParticipants: 3,
      }),
      404,
    );
  });

  test("the pages: index figures, lists with filters and sorting, a training and a session page, all without JavaScript", async () => {
    const admin = await as("admin@demo.test");
    const html = async (path: string) => {
      const reply = await admin.get(path, { headers: { accept: "text/html" } });
      expect(reply.status, path).toBe(200);
      return reply.text;
    };
    const index = await html("/admin");
    expect(index).toContain('data-testid="figure-enrolments"');
    expect(index).toContain('href="/admin/catalog"');
    const dashboard = (await admin.get("/back/api/admin/dashboard")).body.data;
    expect(dashboard.fundingRequestsWaiting === null || typeof dashboard.fundingRequestsWaiting === "number").toBe(true);
    const catalog = await html("/admin/catalog?brand=es&sort=name&dir=asc");
    expect(catalog).toContain('aria-sort="ascending"');
    expect(catalog).toContain('data-testid="catalog-row"');
    const spanish = (await admin.get("/back/api/admin/catalog/trainings?brand=es&sort=name&dir=asc")).body.data.items as { brand: string; name: string }[];
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((item) => item.brand === "es")).toBe(true);
    const [training] = await suite.db.select({ id: trainings.id, name: trainings.name }).from(trainings).where(eq(trainings.brand, "fr")).limit(1);
    expect(await html(`/admin/catalog/${training.id}`)).toMatch(/<button[^>]*value="save"/);
    const sessions = await html("/admin/faceToFace?when=upcoming");
    const sessionId = /href="\/admin\/faceToFace\/(\d+)"/.exec(sessions)?.[1];
    expect(sessionId).toBeDefined();
    const sessionPage = await html(`/admin/faceToFace/${sessionId}?confirm=cancel`);
    expect(sessionPage).toContain('data-testid="confirm-panel"');
    // The panel's code loads on demand (a lazy component): the page is still sent whole, the panel in its place, not
    // outlined into a hidden element that only a script would reveal to a browser without JavaScript.
    expect(sessionPage).not.toMatch(/<div hidden id="S:/);
    expect((await admin.get("/admin/catalog/999999", { headers: { accept: "text/html" } })).status).toBe(404);
  });
});
