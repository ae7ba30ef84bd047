// The compliance tracker's declared actions (issue 33, ADR 0125): a declaration counts only once a referent of one of
// the professional's pharmacies confirms it, a rejected one never; the review is once (ten at once: one change, one
// notification); another pharmacy's referent gets 404; nobody confirms their own; bad input changes nothing; the
// proof goes only to its owner, the owner's referents and administrators, never cached.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as t from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n% a proof\n");
const HOSTS = { fr: "localhost", be: "be.localhost" } as const;

type Fields = Record<string, string | string[]>;

/** A valid declaration for a French pharmacist: a risk-management action ended this year. */
const RISK_ACTION: Fields = {
  title: "Gestion des risques à l'officine",
  organisation: "Organisme régional",
  startDate: "2026-03-02",
  endDate: "2026-03-03",
  hours: "7",
  dpcActionTypes: ["risk_management"],
  certificationAxes: ["2"],
};

describe.each(backends())("compliance tracker: declared actions (%s)", (backend) => {
  const suite = useSuite(backend);

  async function loggedIn(email: string, brand: keyof typeof HOSTS = "fr"): Promise<Agent> {
    const agent = suite.agent({ "accept-language": brand === "be" ? "fr-BE" : "fr-FR", host: HOSTS[brand] });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
    return row.id;
  }

  function declare(agent: Agent, fields: Fields, proof: { bytes: Uint8Array; name: string } | null = { bytes: PDF, name: "attestation.pdf" }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    if (proof) form.set("proof", new Blob([proof.bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }), proof.name);
    return agent.request("POST", "/back/api/user/compliance/declared-actions", { body: form });
  }

  const review = (agent: Agent, id: number, decision: "confirm" | "reject", note?: string) =>
    agent.post(`/back/api/referent/compliance/declared-actions/${id}/review`, note === undefined ? { decision } : { decision, note });

  async function dpc(agent: Agent) {
    const reply = await agent.get("/back/api/user/compliance");
    expectEnvelope(reply, 200);
    const current = reply.body.data.statuses.filter((s: { obligation: string }) => s.obligation === "dpcTriennial").at(-1);
    return { tracker: reply.body.data, risk: current.figures.risk_management as number };
  }

  test("a declaration counts only once confirmed; a rejected one never; the professional is notified once", async () => {
    const learner = await loggedIn("learner@demo.test");
    const holder = await loggedIn("holder@demo.test");
    const before = await dpc(learner);

    const declared = await declare(learner, RISK_ACTION);
    expectEnvelope(declared, 201);
    const id = declared.body.data.id as number;
    const waiting = await dpc(learner);
    expect(waiting.risk).toBe(before.risk);
    expect(waiting.tracker.declared.find((d: { id: number }) => d.id === id)).toMatchObject({ state: "declared", proofName: "attestation.pdf" });

    const pending = await holder.get("/back/api/referent/compliance/declared-actions");
    expectEnvelope(pending, 200);
    expect(pending.body.data.items.map((item: { id: number }) => item.id)).toContain(id);

    // Ten confirmations at once: the same answer, one state change, one notification.
    const learnerId = await userId("learner@demo.test");
    const notificationsBefore = await suite.db.select().from(t.notifications).where(eq(t.notifications.userId, learnerId));
    const replies = await Promise.all(Array.from({ length: 10 }, () => review(holder, id, "confirm")));
    for (const reply of replies) expectEnvelope(reply, 200);
    expect(replies.map((reply) => reply.body.data.state)).toEqual(Array(10).fill("confirmed"));
    expect(replies.filter((reply) => reply.body.data.changed)).toHaveLength(1);
    const notificationsAfter = await suite.db.select().from(t.notifications).where(eq(t.notifications.userId, learnerId));
    expect(notificationsAfter.length - notificationsBefore.length).toBe(1);
    expect(notificationsAfter.map((n) => n.title).join("\n")).toContain("Gestion des risques à l'officine");
    const [row] = await suite.db.select().from(t.declaredActions).where(eq(t.declaredActions.id, id));
    expect(row).toMatchObject({ state: "confirmed", reviewedBy: await userId("holder@demo.test") });
    expect(row.reviewedAt).toBeInstanceOf(Date);

    const confirmed = await dpc(learner);
    expect(confirmed.risk).toBe(before.risk + 1);
    expect(
      confirmed.tracker.counted.some((action: { title: string; origin: string }) => action.origin === "confirmed" && action.title === RISK_ACTION.title),
    ).toBe(true);
    // The other decision now is a conflict; a confirmed action is no longer the owner's to delete.
    expectEnvelope(await review(holder, id, "reject"), 409);
    expectEnvelope(await learner.post(`/back/api/user/compliance/declared-actions/${id}/delete`, {}), 409);

    const second = await declare(learner, { ...RISK_ACTION, title: "Action refusée" });
    expectEnvelope(second, 201);
    const rejected = await review(holder, second.body.data.id, "reject", "Justificatif illisible");
    expectEnvelope(rejected, 200);
    expect(rejected.body.data).toEqual({ id: second.body.data.id, state: "rejected", changed: true });
    const after = await dpc(learner);
    expect(after.risk).toBe(confirmed.risk);
    expect(after.tracker.declared.find((d: { id: number }) => d.id === second.body.data.id)).toMatchObject({
      state: "rejected",
      reviewNote: "Justificatif illisible",
    });
    expectEnvelope(await review(holder, second.body.data.id, "confirm"), 409);
  });

  test("another pharmacy's referent gets 404 on the review and the proof; nobody confirms their own; read-only refused", async () => {
    const learner = await loggedIn("learner@demo.test");
    const id = (await declare(learner, { ...RISK_ACTION, title: "Pour un autre référent" })).body.data.id as number;
    const belgian = await loggedIn("referent.be@demo.test", "be");
    expectEnvelope(await review(belgian, id, "confirm"), 404);
    expectEnvelope(await belgian.get(`/back/api/user/compliance/declared-actions/${id}/proof`), 404);
    const listed = await belgian.get("/back/api/referent/compliance/declared-actions");
    expectEnvelope(listed, 200);
    expect(listed.body.data.items.map((item: { id: number }) => item.id)).not.toContain(id);

    const readOnly = await loggedIn("referent.readonly@demo.test");
    expect((await review(readOnly, id, "confirm")).status).toBe(403);

    const holder = await loggedIn("holder@demo.test");
    const own = await declare(holder, { ...RISK_ACTION, title: "Ma propre action" });
    expectEnvelope(own, 201);
    expectEnvelope(await review(holder, own.body.data.id, "confirm"), 403);
    const [row] = await suite.db.select().from(t.declaredActions).where(eq(t.declaredActions.id, id));
    expect(row.state).toBe("declared");
    // The learner is no referent: the review is refused before anything is read.
    expect((await review(learner, id, "confirm")).status).toBe(403);
  });

  test("the proof: to its owner, a referent of the owner's pharmacy, an administrator; private, no-store; 404 to others", async () => {
    const learner = await loggedIn("learner@demo.test");
    const id = (await declare(learner, { ...RISK_ACTION, title: "Preuve privée" }, { bytes: PDF, name: "preuve é.pdf" })).body.data.id as number;
    const path = `/back/api/user/compliance/declared-actions/${id}/proof`;
    for (const email of ["learner@demo.test", "holder@demo.test", "admin@demo.test"]) {
      const agent = email === "learner@demo.test" ? learner : await loggedIn(email);
      const response = await agent.fetchRaw("GET", path, {});
      expect(response.status, email).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''preuve%20%C3%A9.pdf");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    }
    // A colleague who is no referent, a stranger, a guest.
    expectEnvelope(await (await loggedIn("nonpharmacist@demo.test")).get(path), 404);
    expectEnvelope(await (await loggedIn("shop@demo.test")).get(path), 404);
    expectEnvelope(await new Agent(suite.origin).get(path), 401);
  });

  test("bad input is refused in the caller's language and changes nothing; deletion is the owner's, with its proof", async () => {
    const learner = await loggedIn("learner@demo.test");
    const before = await tableCounts(suite.db);
    const cases: [Fields, { bytes: Uint8Array; name: string } | null, string][] = [
      [{ ...RISK_ACTION, endDate: "2026-03-01" }, undefined as never, "endDate"],
      [{ ...RISK_ACTION, startDate: "2026-02-30" }, undefined as never, "startDate"],
      [{ ...RISK_ACTION, hours: "-3" }, undefined as never, "hours"],
      [{ ...RISK_ACTION, title: "" }, undefined as never, "title"],
      [{ ...RISK_ACTION, dpcActionTypes: ["gardening"] }, undefined as never, "dpcActionTypes"],
      [{ ...RISK_ACTION, certificationAxes: ["5"] }, undefined as never, "certificationAxes"],
      [{ ...RISK_ACTION, belgianCategory: "astrology" }, undefined as never, "belgianCategory"],
      [{ ...RISK_ACTION, extra: "x" }, undefined as never, ""],
      // Not yet followed: it ends after today (the suite's clock is the real one).
      [{ ...RISK_ACTION, startDate: "2026-01-05", endDate: "2099-01-05" }, undefined as never, "endDate"],
      [RISK_ACTION, null, "proof"],
      [RISK_ACTION, { bytes: new TextEncoder().encode("not a pdf"), name: "proof.pdf" }, "proof"],
      [RISK_ACTION, { bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0x25), name: "big.pdf" }, "proof"],
    ];
    for (const [fields, proof, field] of cases) {
      const reply = proof === undefined ? await declare(learner, fields) : await declare(learner, fields, proof);
      expectEnvelope(reply, 422);
      if (field)
        expect(
          Object.keys(reply.body.data ?? {})
            .concat(Object.keys(reply.body.data?.errors ?? {}))
            .join(),
          JSON.stringify(reply.body),
        ).toContain(field);
    }
    const typeRefused = await declare(learner, RISK_ACTION, { bytes: new TextEncoder().encode("text"), name: "a.pdf" });
    expect(typeRefused.body.message).toBe("Le justificatif doit être un fichier PDF, JPEG ou PNG.");
    expect(await tableCounts(suite.db)).toEqual(before);

    // Deletion: another's is a 404, the owner's goes with its proof.
    const id = (await declare(learner, { ...RISK_ACTION, title: "À supprimer" })).body.data.id as number;
    const [stored] = await suite.db.select().from(t.declaredActions).where(eq(t.declaredActions.id, id));
    expectEnvelope(await (await loggedIn("nonpharmacist@demo.test")).post(`/back/api/user/compliance/declared-actions/${id}/delete`, {}), 404);
    expectEnvelope(await learner.post(`/back/api/user/compliance/declared-actions/${id}/delete`, {}), 200);
    expect(
      await suite.db
        .select()
        .from(t.declaredActions)
        .where(and(eq(t.declaredActions.id, id))),
    ).toEqual([]);
    expect(await suite.platform.deps.files.read(stored.proofPath)).toBeNull();
  });

  test("the demo puts professionals at every stage, and the referent's list has proofs to open", async () => {
    const states = async (email: string, brand: keyof typeof HOSTS = "fr") => {
      const reply = await (await loggedIn(email, brand)).get("/back/api/user/compliance");
      expectEnvelope(reply, 200);
      return reply.body.data.statuses.map((s: { obligation: string; state: string }) => `${s.obligation}:${s.state}`);
    };
    expect(await states("lea.bernard@demo.test")).toEqual(["dpcTriennial:met", "certificationPeriodique:in_progress"]);
    expect((await states("learner@demo.test"))[0]).toBe("dpcTriennial:late");
    expect(await states("lucas.bonnet@demo.test")).toEqual([]);
    expect(await states("thomas.claes@demo.test", "be")).toEqual(["belgiumCf:met"]);
    expect(await states("referent.be@demo.test", "be")).toEqual(["belgiumCf:at_risk"]);
    expect(await states("julie.wouters@demo.test", "be")).toEqual([]);
    const holder = await loggedIn("holder@demo.test");
    const pending = await holder.get("/back/api/referent/compliance/declared-actions");
    expectEnvelope(pending, 200);
    expect(pending.body.data.items.length).toBeGreaterThanOrEqual(3);
    const proof = await holder.fetchRaw("GET", pending.body.data.items[0].proofPath, {});
    expect(proof.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await proof.arrayBuffer())).startsWith("%PDF-")).toBe(true);
  });

  test("the back office sets what a training counts for, audited; bad values are refused in French and change nothing", async () => {
    const admin = await loggedIn("admin@demo.test");
    const base = { brand: "fr", slug: "conformite-risques", type: "formation", name: "Conformité : gestion des risques", durationMinutes: 60, priceHt: "90" };
    const created = await admin.post("/back/api/admin/catalog/trainings", base);
    expectEnvelope(created, 201);
    const id = created.body.data.id as number;
    const fields = {
      ...base,
      dpcActionTypes: ["risk_management"],
      priorityOrientation: "on",
      certificationAxes: ["2", "3"],
      belgianCategory: "",
      rcfCredits: "1,5",
    };
    expectEnvelope(await admin.post(`/back/api/admin/catalog/trainings/${id}`, fields), 200);
    const detail = await admin.get(`/back/api/admin/catalog/trainings/${id}`);
    expect(detail.body.data).toMatchObject({
      dpcActionTypes: ["risk_management"],
      priorityOrientation: true,
      certificationAxes: [2, 3],
      belgianCategory: null,
      rcfCredits: 1.5,
    });
    const [audit] = await suite.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, "training.update"), eq(t.auditLog.entityId, String(id))));
    expect(audit.before).toMatchObject({ dpcActionTypes: [], priorityOrientation: false });
    expect(audit.after).toMatchObject({ dpcActionTypes: ["risk_management"], priorityOrientation: true, certificationAxes: [2, 3], rcfCredits: 1.5 });

    const before = await tableCounts(suite.db);
    for (const bad of [{ dpcActionTypes: ["gardening"] }, { certificationAxes: ["5"] }, { belgianCategory: "astrology" }, { rcfCredits: "-2" }]) {
      const reply = await admin.post(`/back/api/admin/catalog/trainings/${id}`, { ...fields, ...bad });
      expectEnvelope(reply, 422);
      expect(Object.keys(reply.body.data ?? {}).join() + JSON.stringify(reply.body)).toContain(Object.keys(bad)[0]);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("the catalogue lists the trainings matching a compliance filter, and refuses an unknown value", async () => {
    const agent = await loggedIn("learner@demo.test");
    const all = await agent.get("/back/api/catalogue?pageSize=100");
    const risk = await agent.get("/back/api/catalogue?dpcType=risk_management&pageSize=100");
    expectEnvelope(risk, 200);
    const slugs = risk.body.data.items.map((item: { slug: string }) => item.slug);
    expect(slugs).toContain("iatrogenie-classe-virtuelle");
    expect(risk.body.data.total).toBeLessThan(all.body.data.total);
    const rows = await suite.db.select({ slug: t.trainings.slug, types: t.trainings.dpcActionTypes }).from(t.trainings).where(eq(t.trainings.brand, "fr"));
    for (const slug of slugs) expect(rows.find((row) => row.slug === slug)?.types).toContain("risk_management");
    const axis = await agent.get("/back/api/catalogue?axis=4&pageSize=100");
    expect(axis.body.data.items.map((item: { slug: string }) => item.slug)).toEqual(["management-equipe-officinale"]);
    expectEnvelope(await agent.get("/back/api/catalogue?dpcType=gardening"), 422);
    expectEnvelope(await agent.get("/back/api/catalogue?axis=7"), 422);
  });

  test("the registration date: not in the future, then it sets the certification cycle the tracker shows", async () => {
    const agent = await loggedIn("emma.leroy@demo.test");
    const future = await agent.post("/back/api/user/updatePersonalData", { registeredOn: "2099-01-01" });
    expectEnvelope(future, 422);
    expect(JSON.stringify(future.body)).toContain("La date ne peut pas être dans le futur.");
    const lea = await loggedIn("lea.bernard@demo.test");
    expectEnvelope(await lea.post("/back/api/user/updatePersonalData", { registeredOn: "2024-02-01" }), 200);
    const tracker = await lea.get("/back/api/user/compliance");
    expect(tracker.body.data.registeredOn).toBe("2024-02-01");
    const cycle = tracker.body.data.statuses.find((s: { obligation: string }) => s.obligation === "certificationPeriodique");
    expect(cycle).toMatchObject({ periodStart: "2024-02-01", deadline: "2030-01-31" });
    expectEnvelope(await lea.post("/back/api/user/updatePersonalData", { registeredOn: "2012-09-01" }), 200);
  });
});
