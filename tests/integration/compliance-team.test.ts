// The team's compliance status (issue 33, ADR 0126): a holder or referent sees the active members of the account in
// use only, sorted late and at risk first, filtered by state, 50 a page; another pharmacy's member is a 404 on the
// detail, the exports and the traceability PDF; a guest gets 401 and a learner who is no referent 403. The exports
// say states, obligations and gaps in the reader's language; the PDF carries the attestation codes.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { accounts, attestations, declaredActions, memberships, trainings, users } from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const LIST = "/back/api/referent/compliance";
const member = (id: number) => `/back/api/referent/compliance/members/${id}`;
const pdf = (id: number) => `/back/api/referent/compliance/members/${id}/traceability.pdf`;
const OWN_PDF = "/back/api/user/compliance/traceability.pdf";

type Row = {
  userId: number;
  firstName: string;
  lastName: string;
  worst: string | null;
  statuses: { state: string; obligation: string; deadline: string; gaps: number }[];
};
const ORDER = ["late", "at_risk", "in_progress", "voluntary", "met"];
const rank = (row: Row) => (row.worst === null ? ORDER.length : ORDER.indexOf(row.worst));

describe.each(backends())("team compliance (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, language = "fr-FR", host = "localhost"): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  /** A file from the back API with the agent's cookies and host: its status, type, disposition and bytes. */
  async function download(agent: Agent, path: string, language?: string) {
    const response = await agent.fetchRaw("GET", path, language ? { "accept-language": language } : {});
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      disposition: response.headers.get("content-disposition") ?? "",
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  }

  let learner: number;
  let code: string;

  beforeAll(async () => {
    // The learner (Pharmacie du Marché) as a pharmacist whose first attestation's training is a DPC action of two
    // types on a priority orientation: her current DPC period is met; the certification périodique is not.
    learner = await userId("learner@demo.test");
    const julie = await as("learner@demo.test");
    const me = (await julie.get("/back/api/user")).body.data as { firstName: string; lastName: string };
    await julie.csrf();
    expectEnvelope(
      await julie.post("/back/api/user/updateUserData", {
        firstName: me.firstName,
        lastName: me.lastName,
        profession: "pharmacist",
        professionalNumber: "10101010101",
      }),
      200,
    );
    const [attestation] = await suite.db
      .select({ trainingId: attestations.trainingId, code: attestations.code })
      .from(attestations)
      .where(and(eq(attestations.userId, learner), eq(attestations.kind, "training")))
      .orderBy(attestations.id)
      .limit(1);
    expect(attestation, "a demo attestation of the learner").toBeDefined();
    code = attestation.code;
    // The demo gives trainings compliance attributes and the learner declared actions (seed/compliance.ts): clear
    // them, so that her standing here comes from this one training.
    await suite.db.update(trainings).set({ dpcActionTypes: [], priorityOrientation: false, certificationAxes: [], belgianCategory: null, rcfCredits: null });
    await suite.db.delete(declaredActions).where(eq(declaredActions.userId, learner));
    await suite.db
      .update(trainings)
      .set({ dpcActionTypes: ["training", "risk_management"], priorityOrientation: true, certificationAxes: [1] })
      .where(eq(trainings.id, attestation.trainingId));
  }, 60_000);

  test("a guest gets 401, a learner who is no referent 403, on every team call; a learner may have her own document", async () => {
    const guest = suite.agent();
    for (const path of [LIST, member(learner), `${LIST}/export.csv`, `${LIST}/export.xlsx`, pdf(learner), OWN_PDF]) expectEnvelope(await guest.get(path), 401);
    const julie = await as("learner@demo.test");
    for (const path of [LIST, member(learner), `${LIST}/export.csv`, `${LIST}/export.xlsx`, pdf(learner)]) expectEnvelope(await julie.get(path), 403);
    const own = await download(julie, OWN_PDF);
    expect(own.status).toBe(200);
    expect(own.type).toBe("application/pdf");
  });

  test("the holder sees the active members of the account in use only, late and at risk first, each with their obligations", async () => {
    const holder = await as("holder@demo.test");
    const reply = await holder.get(LIST);
    expectEnvelope(reply, 200);
    const rows = reply.body.data.members as Row[];
    const [marche] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, "Pharmacie du Marché"));
    const active = await suite.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.accountId, marche.id), eq(memberships.isActive, true)));
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual(active.map((m) => m.userId).sort((a, b) => a - b));
    expect(reply.body.data.paging).toMatchObject({ page: 1, pageSize: 50, total: rows.length });
    const ranks = rows.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // The learner is a French pharmacist: the DPC rule (met with her DPC action) and the certification périodique.
    const julie = rows.find((r) => r.userId === learner)!;
    const current = julie.statuses.filter((s) => s.deadline >= reply.body.data.today);
    expect(current.map((s) => s.obligation)).toEqual(["dpcTriennial", "certificationPeriodique"]);
    expect(current[0]).toMatchObject({ state: "met", gaps: 0 });
    expect(current[1].gaps).toBe(4);
    // A learner of another pharmacy is not listed; members to whom no obligation applies show none.
    const readOnlyReferent = await as("referent.readonly@demo.test");
    const other = (await readOnlyReferent.get(LIST)).body.data.members as Row[];
    expect(other.some((r) => r.userId === learner)).toBe(false);
    for (const row of rows.filter((r) => r.worst === null)) expect(row.statuses).toEqual([]);
  });

  test("the state filter keeps the members with an obligation in that state; a malformed filter or page falls back", async () => {
    const holder = await as("holder@demo.test");
    const all = (await holder.get(LIST)).body.data;
    for (const state of ["late", "met", "none"]) {
      const reply = await holder.get(`${LIST}?state=${state}`);
      expectEnvelope(reply, 200);
      const rows = reply.body.data.members as Row[];
      expect(rows.length).toBe(all.counts[state]);
      for (const row of rows) expect(state === "none" ? row.statuses.length === 0 : row.statuses.some((s) => s.state === state)).toBe(true);
    }
    expect(all.counts.met).toBeGreaterThan(0);
    const odd = await holder.get(`${LIST}?state=everything&page=x`);
    expectEnvelope(odd, 200);
    expect(odd.body.data.state).toBeNull();
    expect(odd.body.data.members).toEqual(all.members);
    // A page past the end shows the last one.
    expect((await holder.get(`${LIST}?page=99`)).body.data.paging.page).toBe(1);
  });

  test("a member's detail: statuses with their gaps and the actions that count; another pharmacy's member is a 404", async () => {
    const holder = await as("holder@demo.test");
    const reply = await holder.get(member(learner));
    expectEnvelope(reply, 200);
    const detail = reply.body.data;
    expect(detail.member).toMatchObject({ userId: learner, profession: "pharmacist", professionalNumber: "10101010101", country: "FR" });
    const certification = detail.statuses.find(
      (s: { obligation: string; deadline: string }) => s.obligation === "certificationPeriodique" && s.deadline >= detail.today,
    );
    expect(certification.gaps).toEqual([
      { code: "certificationAxis", axis: 1, count: 1 },
      { code: "certificationAxis", axis: 2, count: 2 },
      { code: "certificationAxis", axis: 3, count: 2 },
      { code: "certificationAxis", axis: 4, count: 2 },
    ]);
    expect(detail.actions.map((a: { code: string | null }) => a.code)).toContain(code);
    expect(detail.traceabilityPath).toBe(pdf(learner));

    const readOnlyReferent = await as("referent.readonly@demo.test");
    expectEnvelope(await readOnlyReferent.get(member(learner)), 404);
    expect((await download(readOnlyReferent, pdf(learner))).status).toBe(404);
    expectEnvelope(await holder.get(member(2_147_483_647)), 404);
    expectEnvelope(await holder.get(member(0)), 422);
    expectEnvelope(await holder.get("/back/api/referent/compliance/members/x/traceability.pdf"), 422);
  });

  test("the CSV export: one row per member and obligation, translated headers, states, obligations, dates and gaps", async () => {
    const holder = await as("holder@demo.test");
    const file = await download(holder, `${LIST}/export.csv`);
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect(file.disposition).toMatch(/attachment; filename="conformite-equipe-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(file.bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Nom;Prénom;Profession;Obligation;Début de période;Échéance;État;Manques");
    const julie = (await suite.db.select().from(users).where(eq(users.id, learner)))[0];
    const own = lines.filter((line) => line.startsWith(`${julie.lastName};${julie.firstName};`));
    expect(own).toEqual(
      expect.arrayContaining([
        `${julie.lastName};${julie.firstName};Pharmacien;DPC (obligation triennale);01/01/2026;31/12/2028;Remplie;aucun manque`,
        expect.stringMatching(
          new RegExp(
            `^${julie.lastName};${julie.firstName};Pharmacien;Certification périodique;01/01/2023;31/12/2031;En cours;"1 action de l'axe 1 \\(actualiser ses connaissances et compétences\\); 2 actions de l'axe 2`,
          ),
        ),
      ]),
    );
    const rows = (await holder.get(LIST)).body.data.members as Row[];
    expect(lines.length - 1).toBe(rows.reduce((sum, r) => sum + Math.max(1, r.statuses.length), 0));
    const none = rows.find((r) => r.worst === null);
    if (none) expect(lines.some((line) => line.startsWith(`${none.lastName};${none.firstName};`) && line.includes(";Aucune obligation;"))).toBe(true);

    // Another pharmacy's export has none of this team's rows.
    const other = new TextDecoder().decode((await download(await as("referent.readonly@demo.test"), `${LIST}/export.csv`)).bytes);
    expect(other).toContain("Nom;Prénom;Profession");
    expect(other).not.toContain(`${julie.lastName};${julie.firstName};`);

    const spanish = await download(holder, `${LIST}/export.csv`, "es-ES");
    const es = new TextDecoder().decode(spanish.bytes);
    expect(es).toContain("Apellidos;Nombre;Profesión;Obligación;Inicio del periodo;Plazo;Estado;Pendiente");
    expect(es).toContain(';Farmacéutico;Certificación periódica (Francia);01/01/2023;31/12/2031;En curso;"1 acción del eje 1');
  });

  test("the xlsx export: the same rows, dates as date cells", async () => {
    const holder = await as("holder@demo.test");
    const file = await download(holder, `${LIST}/export.xlsx`);
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheet = readFirstSheet(file.bytes);
    expect(sheet[0]).toEqual(["Nom", "Prénom", "Profession", "Obligation", "Début de période", "Échéance", "État", "Manques"]);
    const julie = (await suite.db.select().from(users).where(eq(users.id, learner)))[0];
    // The last DPC row is the current period (an ended period unmet comes first).
    const dpc = sheet.filter((row) => row[0] === julie.lastName && row[3] === "DPC (obligation triennale)").at(-1)!;
    expect(dpc[6]).toBe("Remplie");
    expect(dpc[4]).not.toBe("");
  });

  test("the traceability PDF: identity, the DPC period, the action with its types, orientation and code, the status", async () => {
    const holder = await as("holder@demo.test");
    const file = await download(holder, pdf(learner));
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/pdf");
    expect(file.disposition).toMatch(/filename="tracabilite-[a-z-]+-\d{4}-\d{2}-\d{2}\.pdf"/);
    const text = extractPdfText(file.bytes);
    const julie = (await suite.db.select().from(users).where(eq(users.id, learner)))[0];
    expect(text).toContain("Document de traçabilité DPC");
    expect(text).toContain(`${julie.firstName} ${julie.lastName}`);
    expect(text).toContain("10101010101");
    expect(text).toContain("du 01/01/2026 au 31/12/2028");
    expect(text).toContain(code);
    expect(text).toContain("formation continue, gestion des risques");
    expect(text).toContain("DPC (obligation triennale)");
    expect(text).toContain("Certification périodique");
    expect(text).toContain("/verification-attestation/");
    // The learner's own document is the same record.
    const own = extractPdfText((await download(await as("learner@demo.test"), OWN_PDF)).bytes);
    expect(own).toContain(code);
    // A Spanish professional's document has Spanish headings.
    const spanish = extractPdfText((await download(await as("learner.es@demo.test", "es-ES", "es.localhost"), OWN_PDF, "es-ES")).bytes);
    expect(spanish).toContain("Documento de trazabilidad");
    expect(spanish).toContain("Relación de las acciones de formación continua");
    expect(spanish).toContain("Créditos RCF");
  });
});
