// GET /back/api/training/:slug (derived types, sessions, 404s, administrators), the bookmarks
// endpoints, and the course page's routing (404 messages and the 301 to the effective type).
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { enrolments, faceToFaceSessions, objectives, users } from "../../server/db/schema/index.ts";
import { seatsAvailable, sortSessions } from "#core/domain/sessions.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Training = Record<string, any>;

describe.each(backends())("course page and bookmarks (%s)", (backend) => {
  const suite = useSuite(backend);

  async function training(slug: string, agent?: Agent, host = "localhost") {
    return (agent ?? suite.agent({ "accept-language": "fr-FR", host })).get<Training>(`/back/api/training/${slug}`, {
      headers: { host },
    });
  }

  async function loggedIn(email: string): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  test("a DPC training: sub-type, live, programme, agreements, sessions sorted with seats", async () => {
    const reply = await training("trod-angine-cystite");
    expectEnvelope(reply, 200);
    const t = reply.body.data;
    expect(t).toMatchObject({
      slug: "trod-angine-cystite",
      type: "dpc",
      effectiveType: "dpc",
      displayType: "dpc-mixt",
      dpcSubType: "dpc-mixt",
      isLive: true,
      isPublished: true,
      dpc: { actionNumber: "96822500101" },
    });
    expect(t.dpc.agreements.length).toBeGreaterThan(0);
    expect(t.objectiveSkills.length).toBeGreaterThan(0);
    expect(t.objectiveKnowledge.length).toBeGreaterThan(0);
    expect(t.courses.map((c: Training) => c.type)).toEqual(["elearning", "faceToFace"]);
    expect(t.trainers.map((p: Training) => p.slug)).toContain("claire-dubois");
    expect(t.authors.length).toBeGreaterThan(0);
    expect(t.description).toContain("<p>");
    expect(t.description).not.toMatch(/<script|on\w+=/i);
    const [group] = t.faceToFaces;
    const sessions = group.sessions;
    expect(sessions.length).toBe(5);
    const resorted = sortSessions(
      sessions.map((s: Training) => ({ ...s, city: s.city ?? "", startTime: s.startTime ?? "" })),
      { virtualClass: group.virtualClass },
    );
    expect(sessions.map((s: Training) => s.id)).toEqual(resorted.map((s: Training) => s.id));
    expect(sessions.map((s: Training) => s.marketingCity ?? s.city)).toEqual(["Bordeaux", "Lille", "Lyon", "Marseille", "Paris"]);
    for (const s of sessions) {
      expect(s.seatsAvailable).toBe(seatsAvailable(s));
      expect(s.isFull).toBe(s.seatsAvailable === 0);
    }
    expect(sessions.some((s: Training) => s.isFull)).toBe(true);
  });

  test("multi-date sessions list every date", async () => {
    const t = (await training("vaccination-officine")).body.data;
    const multi = t.faceToFaces.flatMap((g: Training) => g.sessions).filter((s: Training) => s.multiDates);
    expect(multi.length).toBeGreaterThan(0);
    expect(multi[0].sessionDates.length).toBeGreaterThan(1);
  });

  test("derived types: DPC without data is e-learning, virtual face-to-face is a virtual class, mixed display type", async () => {
    expect((await training("contraception-urgence")).body.data).toMatchObject({ type: "dpc", effectiveType: "formation", dpc: null, dpcSubType: null });
    const virtual = (await training("situations-difficiles-comptoir")).body.data;
    expect(virtual).toMatchObject({ type: "faceToFaceOnly", effectiveType: "virtualClass", isLive: true });
    // A virtual class lists its sessions by date.
    const dates = virtual.faceToFaces.flatMap((g: Training) => g.sessions.map((s: Training) => `${s.startDate} ${s.startTime}`));
    expect([...dates].sort()).toEqual(dates);
    const mixed = (await training("contention-veineuse")).body.data;
    expect(mixed.effectiveType).toBe("mixt");
    expect(mixed.displayType).toMatch(/^mixt[A-Z]/);
    const elearning = (await training("adjoint-prise-de-poste")).body.data;
    expect(elearning).toMatchObject({ effectiveType: "formation", isLive: false });
  });

  test("audience: guests fit with the restricting flag as reason; a non-pharmacist does not fit", async () => {
    expect((await training("vaccination-officine")).body.data.audienceFit).toEqual({ ok: true, reason: "pharmacistsOnly" });
    const agent = await loggedIn("nonpharmacist@demo.test");
    const reply = await training("vaccination-officine", agent);
    expect(reply.body.data.audienceFit).toEqual({ ok: false, reason: "pharmacistsOnly" });
  });

  test("the partner care link only reaches logged-in clients of that service", async () => {
    expect((await training("anticancereux-oraux")).body.data.naocareLink).toBeNull();
    expect((await training("anticancereux-oraux", await loggedIn("lea.bernard@demo.test"))).body.data.naocareLink).toBeNull();
    expect((await training("anticancereux-oraux", await loggedIn("learner@demo.test"))).body.data.naocareLink).toMatch(/^https?:\/\//);
  });

  test("unknown, unpublished, test, obsolete and other-brand trainings are 404s; administrators see unpublished ones", async () => {
    for (const slug of [
      "does-not-exist",
      "pediatrie-officinale",
      "formation-test-technique",
      "substitution-generiques-2019",
      "premiers-secours-officine",
      "Bad_Slug!",
    ]) {
      const reply = await training(slug);
      expectEnvelope(reply, 404);
      expect(reply.body.message).toBe("Cette formation n'existe pas ou n'est pas disponible.");
    }
    const learner = await loggedIn("learner@demo.test");
    expectEnvelope(await training("pediatrie-officinale", learner), 404);
    const admin = await loggedIn("admin@demo.test");
    const reply = await training("pediatrie-officinale", admin);
    expectEnvelope(reply, 200);
    expect(reply.body.data.isPublished).toBe(false);
    // The Belgian training is found on the Belgian host.
    expectEnvelope(await training("premiers-secours-officine", undefined, "be.localhost"), 200);
  });

  test("the training reference (learning view): the detail's id, name, slug and effective type for every training, the same 404s", async () => {
    const guest = suite.agent({ "accept-language": "fr-FR" });
    const catalogue = await guest.get("/back/api/catalogue?pageSize=100");
    const slugs = (catalogue.body.data.items as { slug: string }[]).map((item) => item.slug);
    expect(slugs.length).toBeGreaterThan(10);
    for (const slug of slugs) {
      const [detail, ref] = await Promise.all([training(slug, guest), guest.get(`/back/api/training/${slug}/ref`)]);
      expectEnvelope(ref, 200);
      const { id, name, effectiveType } = detail.body.data;
      expect(ref.body.data).toEqual({ id, name, slug, effectiveType });
    }
    for (const slug of ["does-not-exist", "pediatrie-officinale", "formation-test-technique", "substitution-generiques-2019"]) {
      expectEnvelope(await guest.get(`/back/api/training/${slug}/ref`), 404);
    }
    const admin = await loggedIn("admin@demo.test");
    const unpublished = await admin.get("/back/api/training/pediatrie-officinale/ref");
    expectEnvelope(unpublished, 200);
    expect(unpublished.body.data.effectiveType).toBe((await training("pediatrie-officinale", admin)).body.data.effectiveType);
  });
  test("the course page: bad type, unknown training, redirect to the effective type, admin view", async () => {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    const badType = await agent.get("/cours/trod-angine-cystite");
    expect(badType.status).toBe(404);
    expect(badType.text).toContain("Page Not Found: /cours/trod-angine-cystite");
    const unknown = await agent.get("/formation/pediatrie-officinale");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Page not found: /formation/pediatrie-officinale");
    const moved = await agent.get("/dpc/contraception-urgence?x=1");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/formation/contraception-urgence?x=1");
    const virtual = await agent.get("/faceToFaceOnly/situations-difficiles-comptoir");
    expect(virtual.status).toBe(301);
    expect(virtual.headers.get("location")).toBe("/virtualClass/situations-difficiles-comptoir");
    const page = await agent.get("/dpc/trod-angine-cystite");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script type="application/ld+json" nonce="');
    expect(page.text).toContain('"@type":"Course"');
    expect(page.text).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/dpc\/trod-angine-cystite"/);
    const admin = await loggedIn("admin@demo.test");
    const hidden = await admin.get("/formation/pediatrie-officinale");
    expect(hidden.status).toBe(200);
    expect(hidden.text).toContain("seuls les administrateurs la voient");
  });

  describe("bookmarks", () => {
    test("guests get a 401", async () => {
      const agent = suite.agent({ "accept-language": "fr-FR" });
      expectEnvelope(await agent.get("/back/api/user/bookmarks"), 401);
      await agent.csrf();
      expectEnvelope(await agent.request("PUT", "/back/api/user/bookmarks/1"), 401);
    });

    test("add, list and remove; unknown ids are 404s; bad ids 422s", async () => {
      const agent = await loggedIn("lea.bernard@demo.test");
      const id = (await training("trod-angine-cystite", agent)).body.data.id as number;
      const before = await agent.get<number[]>("/back/api/user/bookmarks");
      expectEnvelope(before, 200);
      expect(before.body.data).not.toContain(id);

      const added = await agent.request<number[]>("PUT", `/back/api/user/bookmarks/${id}`);
      expectEnvelope(added, 200);
      expect(added.body.message).toBe("Formation ajoutée à vos favoris.");
      expect(added.body.data[0]).toBe(id);
      expectEnvelope(await agent.request("PUT", `/back/api/user/bookmarks/${id}`), 200);
      expect((await agent.get<number[]>("/back/api/user/bookmarks")).body.data.filter((x) => x === id)).toHaveLength(1);

      const removed = await agent.request<number[]>("DELETE", `/back/api/user/bookmarks/${id}`);
      expectEnvelope(removed, 200);
      expect(removed.body.data).not.toContain(id);

      expectEnvelope(await agent.request("PUT", "/back/api/user/bookmarks/99999999"), 404);
      expectEnvelope(await agent.request("DELETE", "/back/api/user/bookmarks/99999999"), 404);
      const unpublished = (await training("pediatrie-officinale", await loggedIn("admin@demo.test"))).body.data.id;
      expectEnvelope(await agent.request("PUT", `/back/api/user/bookmarks/${unpublished}`), 404);
      const bad = await agent.request("PUT", "/back/api/user/bookmarks/abc");
      expectEnvelope(bad, 422);
      expect(Object.keys(bad.body.data.errors)).toEqual(["id"]);
    });

    test("a training of another brand is unknown on this host", async () => {
      const agent = await loggedIn("lea.bernard@demo.test");
      const be = (await training("premiers-secours-officine", undefined, "be.localhost")).body.data.id;
      expectEnvelope(await agent.request("PUT", `/back/api/user/bookmarks/${be}`), 404);
    });
  });

  // Last: it changes the seed's rows (and puts them back).
  test("the detail kept per catalogue version follows the data at once: seats, a session's city, a new objective; no viewer's field is shared", async () => {
    const slug = "trod-angine-cystite";
    const first = (await training(slug)).body.data;
    const session = first.faceToFaces[0].sessions.find((s: Training) => s.seatsAvailable > 1);
    const sessionOf = (detail: Training) => detail.faceToFaces[0].sessions.find((s: Training) => s.id === session.id);
    const cityBefore = session.marketingCity;
    try {
      // A booking changes the count only (no catalogue version bump): the seats are still right.
      // (A real booking: the database counts the seats from the bookings, ADR 0111.)
      const [holder] = await suite.db
        .insert(users)
        .values({ email: "seat-holder@catalogue.test", passwordHash: "not-used", firstName: "Seat", lastName: "Holder", profession: "pharmacist" })
        .returning();
      await suite.db.insert(enrolments).values({ userId: holder.id, trainingId: first.id, status: "pending", sessionId: session.id }).returning();
      const booked = sessionOf((await training(slug)).body.data);
      expect(booked.seatsAvailable).toBe(session.seatsAvailable - 1);
      expect(booked.currentParticipants).toBe(session.currentParticipants + 1);

      await suite.db.update(faceToFaceSessions).set({ marketingCity: "Ville modifiée" }).where(eq(faceToFaceSessions.id, session.id));
      expect(sessionOf((await training(slug)).body.data).marketingCity).toBe("Ville modifiée");

      const [added] = await suite.db
        .insert(objectives)
        .values({ trainingId: first.id, type: 1, position: 99, text: "Objectif ajouté à l'instant" })
        .returning();
      expect((await training(slug)).body.data.objectiveSkills).toContain("Objectif ajouté à l'instant");
      await suite.db.delete(objectives).where(eq(objectives.id, added.id));
      expect((await training(slug)).body.data.objectiveSkills).not.toContain("Objectif ajouté à l'instant");
    } finally {
      await suite.db.update(faceToFaceSessions).set({ marketingCity: cityBefore }).where(eq(faceToFaceSessions.id, session.id));
      // The learner leaves with their booking: the seat is free again.
      await suite.db.delete(users).where(eq(users.email, "seat-holder@catalogue.test"));
    }

    // The partner client asks first, then a guest and a non-client: the link stays the client's.
    expect((await training("anticancereux-oraux", await loggedIn("learner@demo.test"))).body.data.naocareLink).toMatch(/^https?:\/\//);
    expect((await training("anticancereux-oraux")).body.data.naocareLink).toBeNull();
    expect((await training("anticancereux-oraux", await loggedIn("lea.bernard@demo.test"))).body.data.naocareLink).toBeNull();
    // The audience fit is each viewer's own, whoever asked first.
    expect((await training("vaccination-officine", await loggedIn("nonpharmacist@demo.test"))).body.data.audienceFit.ok).toBe(false);
    expect((await training("vaccination-officine")).body.data.audienceFit.ok).toBe(true);
  });
});
