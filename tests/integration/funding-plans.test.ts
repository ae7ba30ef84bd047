// Pharmacy management part B (issue 15, ADR 0055-0058): funding requests (dpec) and collective plans, through real
// HTTP on a seeded database. Who may call (holder or referent of the account in use, writes not read-only), the
// transition table (409 otherwise, nothing changed), one invoice per payer, FUNDAE groups and report file, plans
// with rows and padding, and the learner's own view of the current plan.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import WebSocket from "ws";
import { accountChannelName } from "../../server/realtime/app-channels.ts";
import {
  accounts,
  faceToFaceSessions,
  faceToFaces,
  fundingRequests,
  invoices as invoiceStore,
  trainingPlans,
  trainings,
  users,
} from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { backends, tableCounts } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
const LANG = { fr: "fr-FR", be: "fr-BE", es: "es-ES" } as const;
type Host = keyof typeof HOSTS;

describe.each(backends())("funding requests and collective plans (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });
  const on = (brand: Host) => suite.agent({ "x-forwarded-host": HOSTS[brand], "accept-language": LANG[brand] });

  async function as(email: string, brand: Host = "fr"): Promise<Agent> {
    const agent = on(brand);
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }

  async function idOf(email: string) {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }
  async function accountOf(name: string) {
    const [row] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
    return row.id;
  }
  const snapshot = async () => ({
    counts: await tableCounts(suite.db),
    requests: await suite.db.select().from(fundingRequests).orderBy(fundingRequests.id),
    plans: await suite.db.select().from(trainingPlans).orderBy(trainingPlans.id),
  });

  describe("funding requests", () => {
    test("the list per state: every state seeded for the holder's pharmacy, counts, filter", async () => {
      const holder = await as("holder@demo.test");
      const all = await holder.get("/back/api/referent/dpec");
      expectEnvelope(all, 200);
      const counts = all.body.data.counts as Record<string, number>;
      for (const state of ["creation", "in_progress", "financing", "report", "reimbursement"]) expect(counts[state], state).toBeGreaterThanOrEqual(1);
      const marche = await accountOf("Pharmacie du Marché");
      const own = await suite.db.select({ id: fundingRequests.id }).from(fundingRequests).where(eq(fundingRequests.accountId, marche));
      expect(all.body.data.requests.map((r: { id: number }) => r.id).sort()).toEqual(own.map((r) => r.id).sort());
      const financing = await holder.get("/back/api/referent/dpec?state=financing");
      expect(financing.body.data.requests.every((r: { state: string }) => r.state === "financing")).toBe(true);
      expectEnvelope(await holder.get("/back/api/referent/dpec?state=done"), 422);
    });

    test("walked from creation to reimbursement: history, invoices per payer, 409 for a forbidden step and nothing changed", async () => {
      const holder = await as("holder@demo.test");
      const options = (await holder.get("/back/api/referent/dpec/options")).body.data;
      expect(options.agreements.map((a: { scheme: string }) => a.scheme).sort()).toEqual(["dpc", "dpc", "fifpl", "opco"]);
      const learner = options.learners.find((l: { email: string }) => l.email === "nonpharmacist@demo.test");
      const agreement = options.agreements.find((a: { scheme: string }) => a.scheme === "fifpl");
      const session = options.sessions.at(-1);
      const created = await holder.post("/back/api/referent/dpec/add", { apprenantId: learner.id, agrementId: agreement.id, sessionId: session.id });
      expectEnvelope(created, 201);
      const id = created.body.data.id as number;
      expect(created.body.data).toMatchObject({ state: "creation", scheme: "fifpl", isSpanish: false, actions: ["submit"], canChangeSession: true });
      // The same learner and session again: 409.
      expectEnvelope(await holder.post("/back/api/referent/dpec/add", { apprenantId: learner.id, agrementId: agreement.id, sessionId: session.id }), 409);

      // A forbidden step: 409, translated, nothing changed.
      const before = await snapshot();
      const refused = await holder.post("/back/api/referent/dpec/action", { id, action: "reimburse", isSpanish: false });
      expectEnvelope(refused, 409);
      expect(refused.body.message).toContain("création");
      // The wrong kind of request (isSpanish true for a French one): 409 as well.
      expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id, action: "submit", isSpanish: true }), 409);
      expect(await snapshot()).toEqual(before);

      for (const [action, state] of [
        ["submit", "in_progress"],
        ["fund", "financing"],
        ["report", "report"],
        ["reimburse", "reimbursement"],
      ] as const) {
        const reply = await holder.post("/back/api/referent/dpec/action", { id, action, isSpanish: false });
        expectEnvelope(reply, 200);
        expect(reply.body.data.state).toBe(state);
      }
      const detail = await holder.get(`/back/api/referent/dpec/${id}`);
      expectEnvelope(detail, 200);
      expect(detail.body.data.history.map((e: { action: string }) => e.action)).toEqual(["create", "submit", "fund", "report", "reimburse"]);
      expect(detail.body.data.history.every((e: { by: string }) => e.by === "Nicolas Fabre")).toBe(true);
      expect(detail.body.data.request.actions).toEqual([]);
      // Invoices: one per payer with a share, numbered in the brand's sequence; the PDF names the payer.
      const payers = detail.body.data.request.payers as { payer: string; amountCents: number; invoiceNumber: string | null }[];
      expect(payers.reduce((s, p) => s + p.amountCents, 0)).toBe(detail.body.data.request.totalCents);
      for (const p of payers) expect(p.invoiceNumber).toMatch(/^FR-\d{4}-\d{6}$/);
      const invoices = await suite.db.select().from(invoiceStore).where(eq(invoiceStore.fundingRequestId, id));
      expect(invoices.every((i) => i.kind === "funding" && i.orderId === null)).toBe(true);
      expect(invoices.map((i) => i.payer).sort()).toEqual(payers.map((p) => p.payer).sort());
      const pdf = await holder.fetchRaw(
        "POST",
        "/back/api/referent/dpec/invoice",
        {
          "content-type": "application/json",
          "x-xsrf-token": decodeURIComponent(holder.cookies.get("XSRF-TOKEN")!),
        },
        JSON.stringify({ dpecId: id, payer: payers[0].payer }),
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      // After reimbursement nothing more: every action 409.
      for (const action of ["submit", "reopen", "fund", "report", "reimburse"]) {
        expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id, action, isSpanish: false }), 409);
      }
    });

    // ADR 0103, who pays whom: FUNDAE pays no training body; the company (the pharmacy) pays the whole cost and then
    // deducts the bonificación from its social security contributions. Its one invoice is addressed to the pharmacy,
    // says that the training is bonificable, and never names FUNDAE as the client (issue 28).
    test("a FUNDAE request: one invoice, to the pharmacy for the whole cost, with the bonificable mention", async () => {
      const referent = await as("referent.es@demo.test", "es");
      const options = (await referent.get("/back/api/referent/dpec/options")).body.data;
      expect(options.agreements.map((a: { scheme: string }) => a.scheme)).toEqual(["fundae"]);
      // The seeded request in financing, and one walked here from creation.
      const [seeded] = (await referent.get("/back/api/referent/dpec?state=financing")).body.data.requests;
      const existing = await suite.db
        .select()
        .from(fundingRequests)
        .where(eq(fundingRequests.accountId, await accountOf("Farmacia Gran Vía")));
      const pair = (options.sessions as { id: number }[])
        .flatMap((session) => (options.learners as { id: number }[]).map((learner) => ({ session, learner })))
        .find(({ session, learner }) => !existing.some((r) => r.sessionId === session.id && r.learnerId === learner.id))!;
      const created = await referent.post("/back/api/referent/dpec/add", {
        apprenantId: pair.learner.id,
        agrementId: options.agreements[0].id,
        sessionId: pair.session.id,
      });
      expectEnvelope(created, 201);
      for (const action of ["submit", "fund"])
        expectEnvelope(await referent.post("/back/api/referent/dpec/action", { id: created.body.data.id, action, isSpanish: true }), 200);
      const walked = (await referent.get(`/back/api/referent/dpec/${created.body.data.id}`)).body.data.request;

      for (const request of [seeded, walked]) {
        expect(request.isSpanish).toBe(true);
        expect(request.fundedCents).toBeGreaterThan(0);
        expect(request.payers).toEqual([{ payer: "pharmacy", amountCents: request.totalCents, invoiceNumber: expect.stringMatching(/^ES-\d{4}-\d{6}$/) }]);
        const rows = await suite.db.select().from(invoiceStore).where(eq(invoiceStore.fundingRequestId, request.id));
        expect(rows.map((r) => [r.payer, r.totalCents])).toEqual([["pharmacy", request.totalCents]]);
        expect(rows[0].buyer).toEqual({
          name: "Farmacia Gran Vía",
          // The pharmacy's billing details as on any invoice (ADR 0102): its NIF under its label.
          lines: expect.arrayContaining([
            "NIF 28013031C",
            "Formación bonificable a través de FUNDAE: la empresa aplica la bonificación en sus cotizaciones a la Seguridad Social.",
          ]),
        });
        const pdf = await referent.fetchRaw(
          "POST",
          "/back/api/referent/dpec/invoice",
          { "content-type": "application/json", "x-xsrf-token": decodeURIComponent(referent.cookies.get("XSRF-TOKEN")!) },
          JSON.stringify({ dpecId: request.id, payer: "pharmacy" }),
        );
        expect(pdf.status).toBe(200);
        const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
        expect(text).toContain("Farmacia Gran Vía");
        expect(text).toContain("NIF 28013031C");
        expect(text).toContain("Formación bonificable a través de FUNDAE");
        expect(text).not.toMatch(/Cliente\s*FUNDAE/);
        // No invoice to FUNDAE: asking for it is a 404.
        expectEnvelope(await referent.post("/back/api/referent/dpec/invoice", { dpecId: request.id, payer: "funder" }), 404);
      }
      // The page says what the pharmacy deducts and that FUNDAE pays no training body.
      const page = await referent.fetchRaw("GET", `/administracion/mi-farmacia/bonificaciones/${walked.id}`, { accept: "text/html", host: HOSTS.es });
      expect((await page.text()).replace(/&#x27;|&#39;/g, "'")).toContain("FUNDAE no paga al centro de formación");
    });

    test("DPC and OPCO: the funder's invoice says ANDPC pays directly, or that the OPCO pays under subrogation for the employer", async () => {
      const holder = await as("holder@demo.test");
      const options = (await holder.get("/back/api/referent/dpec/options")).body.data;
      const marche = await accountOf("Pharmacie du Marché");
      const existing = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche));
      const free = (options.sessions as { id: number }[])
        .flatMap((session) => (options.learners as { id: number }[]).map((learner) => ({ session, learner })))
        .filter(({ session, learner }) => !existing.some((r) => r.sessionId === session.id && r.learnerId === learner.id));
      const expected = {
        dpc: "Prise en charge DPC : règlement direct de l'ANDPC à l'organisme de formation.",
        opco: "Subrogation de paiement pour le compte de l'employeur : Pharmacie du Marché.",
      };
      for (const [index, scheme] of (["dpc", "opco"] as const).entries()) {
        const agreement = (options.agreements as { id: number; scheme: string; organisation: string }[]).find((a) => a.scheme === scheme)!;
        const created = await holder.post("/back/api/referent/dpec/add", {
          apprenantId: free[index].learner.id,
          agrementId: agreement.id,
          sessionId: free[index].session.id,
        });
        expectEnvelope(created, 201);
        for (const action of ["submit", "fund"])
          expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id: created.body.data.id, action, isSpanish: false }), 200);
        const rows = await suite.db.select().from(invoiceStore).where(eq(invoiceStore.fundingRequestId, created.body.data.id));
        // These funders take the whole pedagogical cost: one invoice, to the funder.
        expect(rows.map((r) => [r.payer, r.totalCents])).toEqual([["funder", created.body.data.totalCents]]);
        expect(rows[0].buyer).toEqual({ name: agreement.organisation, lines: expect.arrayContaining([expected[scheme]]) });
      }
    });

    test("a request with nothing to fund (a free session) is refused with a clear message, in French and Spanish; nothing written", async () => {
      const holder = await as("holder@demo.test");
      const referent = await as("referent.es@demo.test", "es");
      for (const [agent, expected] of [
        [holder, "Cette session est gratuite : il n'y a rien à faire prendre en charge."],
        [referent, "Esta sesión es gratuita: no hay ningún importe que financiar."],
      ] as const) {
        const options = (await agent.get("/back/api/referent/dpec/options")).body.data;
        const session = options.sessions.at(-1) as { id: number };
        const [{ trainingId }] = await suite.db
          .select({ trainingId: faceToFaces.trainingId })
          .from(faceToFaceSessions)
          .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
          .where(eq(faceToFaceSessions.id, session.id));
        const [{ price }] = await suite.db.select({ price: trainings.priceHtCents }).from(trainings).where(eq(trainings.id, trainingId));
        // The ANDPC (or FUNDAE) on a free webinar: the probe's case.
        await suite.db.update(trainings).set({ priceHtCents: 0 }).where(eq(trainings.id, trainingId));
        const before = await snapshot();
        for (const agreement of options.agreements as { id: number }[]) {
          const refused = await agent.post("/back/api/referent/dpec/add", {
            apprenantId: options.learners[0].id,
            agrementId: agreement.id,
            sessionId: session.id,
          });
          expectEnvelope(refused, 422);
          expect(refused.body.message).toBe(expected);
          expect(refused.body.data.errors).toEqual({ sessionId: [expected] });
        }
        expect(await snapshot()).toEqual(before);
        await suite.db.update(trainings).set({ priceHtCents: price }).where(eq(trainings.id, trainingId));
      }
    });

    test("ten identical creations at once make one request; ten funding clicks at once make one transition and one invoice set", async () => {
      const holder = await as("holder@demo.test");
      const options = (await holder.get("/back/api/referent/dpec/options")).body.data;
      const marche = await accountOf("Pharmacie du Marché");
      const existing = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche));
      const pair = (options.sessions as { id: number }[])
        .flatMap((session) => (options.learners as { id: number }[]).map((learner) => ({ session, learner })))
        .reverse()
        .find(({ session, learner }) => !existing.some((r) => r.sessionId === session.id && r.learnerId === learner.id))!;
      const agreement = (options.agreements as { id: number; scheme: string }[]).find((a) => a.scheme === "fifpl")!;
      const body = { apprenantId: pair.learner.id, agrementId: agreement.id, sessionId: pair.session.id };
      const adds = await Promise.all(Array.from({ length: 10 }, () => holder.post("/back/api/referent/dpec/add", body)));
      expect(adds.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const id = adds.find((r) => r.status === 201)!.body.data.id as number;
      expect(await suite.db.$count(fundingRequests, eq(fundingRequests.sessionId, pair.session.id))).toBe(
        existing.filter((r) => r.sessionId === pair.session.id).length + 1,
      );
      expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id, action: "submit", isSpanish: false }), 200);
      const funds = await Promise.all(
        Array.from({ length: 10 }, () => holder.post("/back/api/referent/dpec/action", { id, action: "fund", isSpanish: false })),
      );
      expect(funds.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      const rows = await suite.db.select().from(invoiceStore).where(eq(invoiceStore.fundingRequestId, id));
      const [request] = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.id, id));
      expect(rows.reduce((sum, r) => sum + r.totalCents, 0)).toBe(request.totalCents);
      expect(new Set(rows.map((r) => r.payer)).size).toBe(rows.length);
      const history = (await holder.get(`/back/api/referent/dpec/${id}`)).body.data.history as { action: string }[];
      expect(history.map((e) => e.action)).toEqual(["create", "submit", "fund"]);
    });

    test("PUT dpec/action changes the session while allowed, 409 once funded", async () => {
      const holder = await as("holder@demo.test");
      // Arranged so that the change always happens: a training with two sessions ahead, a learner without a request
      // for either, a request created for the first and sent (in progress), then moved to the second.
      const options = (await holder.get("/back/api/referent/dpec/options")).body.data;
      const byTraining = new Map<string, { id: number }[]>();
      for (const s of options.sessions as { id: number; trainingName: string }[])
        byTraining.set(s.trainingName, [...(byTraining.get(s.trainingName) ?? []), s]);
      const pair = [...byTraining.values()].find((list) => list.length >= 2);
      expect(pair, "a training of the demo data with two sessions ahead").toBeDefined();
      const [first, second] = pair!;
      const marche = await accountOf("Pharmacie du Marché");
      const existing = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche));
      const learner = (options.learners as { id: number }[]).find(
        (l) => !existing.some((r) => r.learnerId === l.id && (r.sessionId === first.id || r.sessionId === second.id)),
      );
      expect(learner, "a learner free for both sessions").toBeDefined();
      const agreement = (options.agreements as { id: number; scheme: string }[]).find((a) => a.scheme === "opco")!;
      const created = await holder.post("/back/api/referent/dpec/add", { apprenantId: learner!.id, agrementId: agreement.id, sessionId: first.id });
      expectEnvelope(created, 201);
      const id = created.body.data.id as number;
      expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id, action: "submit", isSpanish: false }), 200);
      const detail = (await holder.get(`/back/api/referent/dpec/${id}`)).body.data;
      expect(detail.request).toMatchObject({ state: "in_progress", canChangeSession: true });
      const other = detail.sessions.find((s: { id: number }) => s.id !== first.id);
      expect(other.id).toBe(second.id);
      const changed = await holder.request("PUT", "/back/api/referent/dpec/action", { json: { dpecId: id, session: other.id } });
      expectEnvelope(changed, 200);
      expect(changed.body.data.session.id).toBe(other.id);
      expect(changed.body.message).toBe("La session de la demande est modifiée.");
      const history = (await holder.get(`/back/api/referent/dpec/${id}`)).body.data.history;
      expect(history.map((e: { action: string }) => e.action)).toEqual(["create", "submit", "session"]);
      const [row] = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.id, id));
      expect(row).toMatchObject({ sessionId: other.id, state: "in_progress" });

      const [financing] = (await holder.get("/back/api/referent/dpec?state=financing")).body.data.requests;
      const before = await snapshot();
      expectEnvelope(await holder.request("PUT", "/back/api/referent/dpec/action", { json: { dpecId: financing.id, session: financing.session.id } }), 409);
      expect(await snapshot()).toEqual(before);
    });

    test("FUNDAE groups and the report file: participants, hours, costs", async () => {
      const referent = await as("referent.es@demo.test", "es");
      const groups = await referent.get("/back/api/referent/dpec/fundae");
      expectEnvelope(groups, 200);
      expect(groups.body.data.length).toBeGreaterThanOrEqual(1);
      for (const g of groups.body.data) expect(g.totalCents).toBe(g.fundedCents + g.cofinancingCents);
      const rows = await referent.get("/back/api/referent/dpec/informes");
      expectEnvelope(rows, 200);
      expect(rows.body.data.length).toBe(groups.body.data.reduce((s: number, g: { participants: unknown[] }) => s + g.participants.length, 0));
      const file = await referent.get("/back/api/referent/dpec/informes?format=csv");
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("text/csv");
      expect(file.headers.get("content-disposition")).toContain("attachment");
      const lines = file.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toContain("Acción formativa;Grupo;Inicio;Fin;Apellidos");
      expect(lines).toHaveLength(rows.body.data.length + 1);
      // A French pharmacy has no FUNDAE request: empty lists.
      const holder = await as("holder@demo.test");
      expect((await holder.get("/back/api/referent/dpec/fundae")).body.data).toEqual([]);
    });

    test("bad input: 422 per field, nothing written", async () => {
      const holder = await as("holder@demo.test");
      const before = await snapshot();
      const marcheOther = await idOf("thomas.claes@demo.test"); // a member of another pharmacy
      const bad = await holder.post("/back/api/referent/dpec/add", { apprenantId: marcheOther, agrementId: 999999, sessionId: 999999 });
      expectEnvelope(bad, 422);
      expect(Object.keys(bad.body.data.errors).sort()).toEqual(["agrementId", "apprenantId", "sessionId"]);
      expectEnvelope(await holder.post("/back/api/referent/dpec/add", { apprenantId: "1", agrementId: 1.5 }), 422);
      expectEnvelope(await holder.post("/back/api/referent/dpec/action", { id: 1, action: "approve", isSpanish: "no" }), 422);
      expectEnvelope(await holder.request("PUT", "/back/api/referent/dpec/action", { json: { dpecId: 0, session: -1 } }), 422);
      expectEnvelope(await holder.get("/back/api/referent/dpec/abc"), 422);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("collective plans", () => {
    test("list, one plan with overlapping activities on two rows and a period of at least 12 months", async () => {
      const holder = await as("holder@demo.test");
      const list = await holder.get("/back/api/referent/trainingPlans");
      expectEnvelope(list, 200);
      expect(list.body.data).toHaveLength(2);
      for (const summary of list.body.data) {
        const plan = await holder.get(`/back/api/referent/getPlanCollectif/${summary.Id}`);
        expectEnvelope(plan, 200);
        expect(plan.body.data.period.monthCount).toBeGreaterThanOrEqual(12);
        expect(plan.body.data.period.startDate).toMatch(/-01$/);
        expect(plan.body.data.historyPlans).toHaveLength(1);
      }
      const current = (await holder.get(`/back/api/referent/getPlanCollectif/${list.body.data[1].Id}`)).body.data;
      expect(new Set(current.activities.map((a: { row: number }) => a.row))).toEqual(new Set([1, 2]));
    });

    test("create a plan and an activity (Paris dates across the DST change); a learner sees only their own activities", async () => {
      const holder = await as("holder@demo.test");
      const learner = await as("learner@demo.test");
      const learnerId = await idOf("learner@demo.test");
      const created = await holder.post("/back/api/referent/createTrainingPlan", { name: "Plan printemps", startDate: "2026-03-01", endDate: "2026-05-31" });
      expectEnvelope(created, 201);
      const planId = created.body.data.Id;
      const options = (await holder.get("/back/api/referent/trainingPlans/options")).body.data;
      const activity = await holder.post("/back/api/referent/createActivity", {
        planId,
        trainingId: options.trainings[0].id,
        // 23:30 UTC on 28 March is already 29 March in Paris (00:30 CET); 22:30 UTC on 29 March is 00:30 CEST on the 30th.
        startDate: "2026-03-28T23:30:00Z",
        finishDate: "2026-03-29T22:30:00Z",
        userIds: [learnerId],
      });
      expectEnvelope(activity, 201);
      const added = activity.body.data.activities[0];
      expect(added).toMatchObject({ startDate: "2026-03-29", finishDate: "2026-03-30", fromDate: "2026-03-01", toDate: "2026-03-31", row: 1 });
      expect(activity.body.data.period).toEqual({ startDate: "2026-03-01", endDate: "2027-02-28", monthCount: 12 });
      expect(activity.body.data.users[String(learnerId)].activityIds).toEqual([added.id]);
      // The learner's view: the current plan with only their activities.
      const mine = await learner.get("/back/api/user/collectivePlan");
      expectEnvelope(mine, 200);
      expect(mine.body.data === null || mine.body.data.activities.every((a: { userIds: number[] }) => a.userIds.includes(learnerId))).toBe(true);
      // Bad input: a finish before the start, an unknown member, a foreign plan.
      const before = await snapshot();
      const bad = await holder.post("/back/api/referent/createActivity", {
        planId,
        trainingId: options.trainings[0].id,
        startDate: "2026-04-10",
        finishDate: "2026-04-01",
        userIds: [learnerId],
      });
      expectEnvelope(bad, 422);
      expect(bad.body.data.errors.finishDate).toEqual(["La date de fin ne peut pas précéder la date de début."]);
      const stranger = await idOf("carlos.ruiz@demo.test");
      const foreign = await holder.post("/back/api/referent/createActivity", {
        planId,
        trainingId: options.trainings[0].id,
        startDate: "2026-04-10",
        userIds: [stranger],
      });
      expectEnvelope(foreign, 422);
      expect(Object.keys(foreign.body.data.errors)).toEqual(["userIds"]);
      expectEnvelope(await holder.post("/back/api/referent/createTrainingPlan", { name: "", startDate: "2026-02-30", endDate: "x" }), 422);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("realtime: TrainingPlanUpdate on the account channel (ADR 0057)", () => {
    type Frame = { event: string; channel?: string; data?: string };

    /** A real websocket client of the embedded realtime server (the Pusher protocol the browser's island speaks). */
    function openSocket() {
      const socket = new WebSocket(`${suite.origin.replace(/^http/, "ws")}/app/app-key?protocol=7&client=js&version=8.4.0`);
      const frames: Frame[] = [];
      socket.on("message", (data) => frames.push(JSON.parse(String(data)) as Frame));
      const waitFor = (what: string, predicate: (f: Frame) => boolean) =>
        new Promise<Frame>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${what}; got ${JSON.stringify(frames.map((f) => f.event))}`)), 10_000);
          const check = () => {
            const found = frames.find(predicate);
            if (found) {
              clearTimeout(timer);
              resolve(found);
            } else setTimeout(check, 20);
          };
          check();
        });
      return { socket, frames, waitFor };
    }

    test("creating a plan and adding an activity reach a learner of the pharmacy subscribed to its account channel", async () => {
      const marche = await accountOf("Pharmacie du Marché");
      const channel = accountChannelName(marche);
      const holder = await as("holder@demo.test");
      const learner = await as("learner@demo.test");
      const learnerId = await idOf("learner@demo.test");
      const { socket, frames, waitFor } = openSocket();
      try {
        const established = await waitFor("connection", (f) => f.event === "pusher:connection_established");
        const socketId = JSON.parse(established.data!).socket_id as string;
        // Another pharmacy's holder may not listen to this pharmacy's channel.
        expectEnvelope(
          await (await as("francois.marchand@demo.test")).post("/back/api/broadcasting/auth", { socket_id: socketId, channel_name: channel }),
          403,
        );
        const auth = await learner.post("/back/api/broadcasting/auth", { socket_id: socketId, channel_name: channel });
        expectEnvelope(auth, 200);
        socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth: auth.body.data.auth } }));
        await waitFor("subscription", (f) => f.event === "pusher_internal:subscription_succeeded" && f.channel === channel);

        const created = await holder.post("/back/api/referent/createTrainingPlan", { name: "Plan en direct", startDate: "2026-09-01", endDate: "2026-12-31" });
        expectEnvelope(created, 201);
        const planId = created.body.data.Id as number;
        const onCreate = await waitFor("TrainingPlanUpdate (created)", (f) => f.event === "TrainingPlanUpdate" && f.channel === channel);
        expect(JSON.parse(onCreate.data!)).toEqual({ planId, action: "created" });

        const trainings = (await holder.get("/back/api/referent/trainingPlans/options")).body.data.trainings as { id: number }[];
        const activity = await holder.post("/back/api/referent/createActivity", {
          planId,
          trainingId: trainings[0].id,
          startDate: "2026-10-05",
          userIds: [learnerId],
        });
        expectEnvelope(activity, 201);
        const onActivity = await waitFor(
          "TrainingPlanUpdate (activityAdded)",
          (f) => f.event === "TrainingPlanUpdate" && f.channel === channel && JSON.parse(f.data!).action === "activityAdded",
        );
        expect(JSON.parse(onActivity.data!)).toEqual({ planId, action: "activityAdded" });
        // One event per change, nothing else on the channel.
        expect(frames.filter((f) => f.channel === channel && f.event === "TrainingPlanUpdate")).toHaveLength(2);

        // A refused write publishes nothing.
        expectEnvelope(
          await holder.post("/back/api/referent/createActivity", {
            planId,
            trainingId: trainings[0].id,
            startDate: "2026-10-05",
            finishDate: "2026-10-01",
            userIds: [learnerId],
          }),
          422,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(frames.filter((f) => f.channel === channel && f.event === "TrainingPlanUpdate")).toHaveLength(2);
      } finally {
        socket.close();
      }
    });
  });

  describe("authorization: anonymous, plain learner, read-only user, referent of another pharmacy", () => {
    test("every referent endpoint refused, nothing changed", async () => {
      const marche = await accountOf("Pharmacie du Marché");
      const [request] = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche)).limit(1);
      const [plan] = await suite.db.select().from(trainingPlans).where(eq(trainingPlans.accountId, marche)).limit(1);
      const learnerId = await idOf("learner@demo.test");
      // Each call with the exact status of the holder of Pharmacie des Halles (another pharmacy: its own lists, this
      // pharmacy's ids not found, a learner of this pharmacy not one of its members) and of a referent whose contract
      // is read-only (its own lists, this pharmacy's ids not found, every write refused).
      type Call = { method: string; path: string; json?: unknown; other: number; readOnlyReferent: number };
      const calls: Call[] = [
        { method: "GET", path: "/back/api/referent/dpec", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: "/back/api/referent/dpec/options", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: "/back/api/referent/dpec/fundae", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: "/back/api/referent/dpec/informes", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: `/back/api/referent/dpec/${request.id}`, other: 404, readOnlyReferent: 404 },
        {
          method: "POST",
          path: "/back/api/referent/dpec/add",
          json: { apprenantId: learnerId, agrementId: request.agreementId, sessionId: request.sessionId },
          other: 422,
          readOnlyReferent: 403,
        },
        {
          method: "POST",
          path: "/back/api/referent/dpec/action",
          json: { id: request.id, action: "submit", isSpanish: false },
          other: 404,
          readOnlyReferent: 403,
        },
        { method: "PUT", path: "/back/api/referent/dpec/action", json: { dpecId: request.id, session: request.sessionId }, other: 404, readOnlyReferent: 403 },
        { method: "POST", path: "/back/api/referent/dpec/invoice", json: { dpecId: request.id, payer: "funder" }, other: 404, readOnlyReferent: 404 },
        { method: "GET", path: "/back/api/referent/trainingPlans", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: "/back/api/referent/trainingPlans/options", other: 200, readOnlyReferent: 200 },
        { method: "GET", path: `/back/api/referent/getPlanCollectif/${plan.id}`, other: 404, readOnlyReferent: 404 },
        {
          method: "POST",
          path: "/back/api/referent/createTrainingPlan",
          json: { name: "Intrus", startDate: "2026-01-01", endDate: "2026-12-31" },
          other: 201,
          readOnlyReferent: 403,
        },
        {
          method: "POST",
          path: "/back/api/referent/createActivity",
          json: { planId: plan.id, trainingId: 1, startDate: "2026-01-01", userIds: [learnerId] },
          other: 404,
          readOnlyReferent: 403,
        },
      ];
      const before = await snapshot();
      const anonymous = on("fr");
      await anonymous.csrf();
      const callers: [string, Agent, (call: Call) => number][] = [
        ["anonymous", anonymous, () => 401],
        ["plain learner", await as("learner@demo.test"), () => 403],
        ["read-only user", await as("readonly@demo.test"), () => 403],
        ["read-only referent", await as("referent.readonly@demo.test"), (call) => call.readOnlyReferent],
        // The holder of Pharmacie des Halles: this pharmacy's ids are not found in theirs (lists show only their own).
        ["referent of another pharmacy", await as("francois.marchand@demo.test"), (call) => call.other],
      ];
      for (const [who, agent, expected] of callers) {
        for (const call of calls) {
          const reply = await agent.request(call.method, call.path, call.json === undefined ? {} : { json: call.json });
          expect(reply.status, `${who}: ${call.method} ${call.path}`).toBe(expected(call));
          if (reply.status < 300) {
            // Their own (empty or seeded) data, never this pharmacy's.
            expect(JSON.stringify(reply.body.data ?? null)).not.toContain(`"id":${request.id},"state"`);
          }
        }
      }
      // The other referent's creations are their own pharmacy's; this pharmacy's data did not change.
      const after = await snapshot();
      expect(after.requests.filter((r) => r.accountId === marche)).toEqual(before.requests.filter((r) => r.accountId === marche));
      expect(after.plans.filter((p) => p.accountId === marche)).toEqual(before.plans.filter((p) => p.accountId === marche));
      expect(after.counts.funding_request_events).toBe(before.counts.funding_request_events);
      expect(after.counts.invoices).toBe(before.counts.invoices);
    });

    test("another pharmacy's ids answer 404 for the reads and writes that name them", async () => {
      const marche = await accountOf("Pharmacie du Marché");
      const [request] = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche)).limit(1);
      const [plan] = await suite.db.select().from(trainingPlans).where(eq(trainingPlans.accountId, marche)).limit(1);
      const other = await as("francois.marchand@demo.test");
      const before = await snapshot();
      expectEnvelope(await other.get(`/back/api/referent/dpec/${request.id}`), 404);
      expectEnvelope(await other.post("/back/api/referent/dpec/action", { id: request.id, action: "submit", isSpanish: false }), 404);
      expectEnvelope(await other.get(`/back/api/referent/getPlanCollectif/${plan.id}`), 404);
      const trainings = (await other.get("/back/api/referent/trainingPlans/options")).body.data.trainings;
      const otherMe = await idOf("francois.marchand@demo.test");
      expectEnvelope(
        await other.post("/back/api/referent/createActivity", { planId: plan.id, trainingId: trainings[0].id, startDate: "2026-01-01", userIds: [otherMe] }),
        404,
      );
      expect(await snapshot()).toEqual(before);
    });
  });
});
