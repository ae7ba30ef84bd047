// Exports are read by people (issue 30 item 6): read back, the team history (CSV), the FUNDAE report (CSV) and the
// accounting journal (CSV and .xlsx) hold no raw value of our enums (training types, enrolment statuses, funding
// states and schemes, outcomes), their headers are in the reader's language, and a Spanish file has a Spanish name.
import { asc } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { ENROLMENT_STATUSES, invoices } from "../../server/db/schema/index.ts";
import { TRAINING_TYPES } from "#core/domain/training-types.ts";
import { FUNDING_SCHEMES, FUNDING_STATES } from "#core/domain/funding-requests.ts";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

/** Raw values no cell may be: the enums' own words (a type like "dpc" is also its label: it is no raw value). */
const RAW_VALUES = new Set<string>(
  [
    ...TRAINING_TYPES,
    ...ENROLMENT_STATUSES,
    ...FUNDING_STATES,
    ...FUNDING_SCHEMES,
    "achieved",
    "participated",
    "failed",
    "invoice",
    "creditNote",
    "fr",
    "be",
    "es",
  ].filter((value) => !["dpc", "pdf", "quiz", "podcast"].includes(value)),
);

function rawCells(rows: string[][]): string[] {
  return rows.flat().filter((cell) => RAW_VALUES.has(cell.trim()));
}

function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";").map((cell) => cell.replace(/^"|"$/g, "").replace(/""/g, '"')));
}

describe.each(backends())("exports hold words, not raw values (%s)", (backend) => {
  const suite = useSuite(backend);

  async function as(email: string, host: string, language: string): Promise<Agent> {
    const agent = suite.agent({ host, "accept-language": language });
    expectEnvelope(await agent.login(email), 200);
    await agent.csrf();
    return agent;
  }
  const jsonCsrf = (agent: Agent) => ({ "content-type": "application/json", "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) });

  test.each([
    {
      email: "holder@demo.test",
      host: "localhost",
      language: "fr-FR",
      name: /^historique-equipe-\d{4}-\d{2}-\d{2}\.csv$/,
      type: "E-learning",
      status: /^(Terminée|En cours|Inscrit|Liste d'attente|Annulée)$/,
    },
    {
      email: "referent.es@demo.test",
      host: "es.localhost",
      language: "es-ES",
      name: /^historial-equipo-\d{4}-\d{2}-\d{2}\.csv$/,
      type: "Teleformación",
      status: /^(Terminada|En curso|Inscrito|Lista de espera|Cancelada)$/,
    },
  ])("the team history of $email: types and statuses in words, the file named in its language", async ({ email, host, language, name, type, status }) => {
    const referent = await as(email, host, language);
    const reply = await referent.fetchRaw("POST", "/back/api/referent/history/export", jsonCsrf(referent), "{}");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toMatch(/filename="([^"]+)"/);
    expect(/filename="([^"]+)"/.exec(reply.headers.get("content-disposition")!)![1]).toMatch(name);
    const rows = csvRows(await reply.text());
    expect(rows.length).toBeGreaterThan(1);
    const [header, ...lines] = rows;
    const typeColumn = 4;
    const statusColumn = 5;
    expect(header).toHaveLength(14);
    expect(rawCells(rows)).toEqual([]);
    for (const line of lines) expect(line[statusColumn], line.join(";")).toMatch(status);
    // The seed enrols each team in several kinds of training: at least one e-learning reads as such.
    expect(lines.map((line) => line[typeColumn])).toContain(type);
  });

  test("the FUNDAE report (CSV) of the Spanish referent: states in Spanish", async () => {
    const referent = await as("referent.es@demo.test", "es.localhost", "es-ES");
    const reply = await referent.fetchRaw("GET", "/back/api/referent/dpec/informes?format=csv", {});
    expect(reply.status).toBe(200);
    const rows = csvRows(await reply.text());
    expect(rows.length).toBeGreaterThan(1);
    expect(rawCells(rows)).toEqual([]);
  });

  test.each([
    ["fr-FR", "Journal"],
    ["es-ES", "Diario"],
  ])("the accounting journal, CSV and .xlsx, read by an administrator in %s", async (language, journal) => {
    const admin = await as("admin@demo.test", "localhost", language);
    const [first] = await suite.db.select({ issuedAt: invoices.issuedAt }).from(invoices).orderBy(asc(invoices.issuedAt)).limit(1);
    expect(first, "the seed issues invoices").toBeDefined();
    const from = first.issuedAt.toISOString().slice(0, 8) + "01";
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const brand of ["fr", "es"]) {
      const csv = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=${brand}&from=${from}&to=${to}&format=csv`, {});
      expect(csv.status).toBe(200);
      const csvLines = csvRows(await csv.text());
      expect(csvLines[0][0]).toBe(journal);
      expect(rawCells(csvLines)).toEqual([]);
      const xlsx = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=${brand}&from=${from}&to=${to}&format=xlsx`, {});
      expect(xlsx.status).toBe(200);
      const sheet = readFirstSheet(new Uint8Array(await xlsx.arrayBuffer()));
      expect(sheet[0][0]).toBe(journal);
      expect(sheet.length).toBe(csvLines.length);
      expect(rawCells(sheet)).toEqual([]);
    }
  });

  // The team compliance status (ADR 0126): states, obligations and professions in words, never their codes.
  test.each([
    { email: "holder@demo.test", host: "localhost", language: "fr-FR", name: /^conformite-equipe-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/ },
    { email: "referent.es@demo.test", host: "es.localhost", language: "es-ES", name: /^cumplimiento-equipo-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/ },
  ])("the team compliance of $email, CSV and xlsx: words in its language", async ({ email, host, language, name }) => {
    const codes = [
      "late",
      "at_risk",
      "in_progress",
      "met",
      "voluntary",
      "dpcTriennial",
      "certificationPeriodique",
      "belgiumCf",
      "spainRcf",
      "pharmacist",
      "preparer",
    ];
    const referent = await as(email, host, language);
    for (const format of ["csv", "xlsx"]) {
      const reply = await referent.fetchRaw("GET", `/back/api/referent/compliance/export.${format}`, {});
      expect(reply.status).toBe(200);
      expect(/filename="([^"]+)"/.exec(reply.headers.get("content-disposition") ?? "")?.[1]).toMatch(name);
      const rows = format === "csv" ? csvRows(await reply.text()) : readFirstSheet(new Uint8Array(await reply.arrayBuffer()));
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.flat().filter((cell) => codes.includes(String(cell).trim()))).toEqual([]);
      expect(rawCells(rows.map((row) => row.map(String)))).toEqual([]);
    }
  });
});
