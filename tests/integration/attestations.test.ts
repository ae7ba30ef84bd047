// Attestations: the lists, the PDF download (own only), the public verification (forged and altered codes
// rejected), the issuing service (idempotent, DPC twin) and the practice-certificate upload.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { LEGAL_IDENTITIES } from "#core/branding/legal-identities.ts";
import { issueAttestations } from "../../server/back/modules/attestations/attestations.service.ts";
import * as t from "../../server/db/schema/index.ts";
import { readEnv } from "../../server/env.ts";
import { buildAttestationPdf } from "../../server/pdf/attestation.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { backends, countRows } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { ROOT } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

// The seed signs with the APP_SECRET of the process that seeds: the platform under test uses the same one.
const SECRET = readEnv().APP_SECRET;
const DATA_DIR = path.join(ROOT, "data", `test-attestations-${process.env.IT_BACKEND ?? "default"}`);

/** POST /back/api/user/download with the agent's cookies; the body is bytes, not an envelope. */
async function download(agent: Agent, data: unknown) {
  if (!agent.cookies.has("XSRF-TOKEN")) await agent.csrf();
  const response = await agent.fetchRaw(
    "POST",
    "/back/api/user/download",
    { accept: "application/json", "content-type": "application/json", "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) },
    JSON.stringify({ data }),
  );
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A multipart upload of a practice certificate. */
async function upload(agent: Agent, enrolmentId: number | string, file: { bytes: Uint8Array; name: string; type: string } | null) {
  const form = new FormData();
  if (file) form.set("certificate", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return agent.request("POST", `/back/api/user/dpc/practiceCertificate/${enrolmentId}`, { body: form });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe.each(backends())("attestations (%s)", (backend) => {
  const suite = useSuite(backend, { APP_SECRET: SECRET, DATA_DIR });

  async function userId(email: string) {
    const [row] = await suite.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
    return row!.id;
  }
  async function enrolmentOf(email: string, slug: string) {
    const [row] = await suite.db
      .select({ id: t.enrolments.id, status: t.enrolments.status })
      .from(t.enrolments)
      .innerJoin(t.trainings, eq(t.trainings.id, t.enrolments.trainingId))
      .where(and(eq(t.enrolments.userId, await userId(email)), eq(t.trainings.slug, slug)));
    return row!;
  }
  async function loggedIn(email: string) {
    const spanish = email.includes(".es@");
    const agent = suite.agent({ "accept-language": spanish ? "es-ES" : "fr-FR", host: spanish ? "es.localhost" : "localhost" });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  test("guests get 401 on the user lists and the download", async () => {
    const guest = suite.agent();
    for (const url of ["/back/api/user/attestation", "/back/api/user/attestation/dpc", "/back/api/user/attestations"]) {
      expectEnvelope(await guest.get(url), 401);
    }
    await guest.csrf();
    expectEnvelope(await guest.post("/back/api/user/download", { data: { attestationId: 1 } }), 401);
  });

  test("the learner's lists: training attestations, DPC ones with their enrolments, and all of them", async () => {
    const agent = await loggedIn("learner@demo.test");
    const training = await agent.get("/back/api/user/attestation");
    expectEnvelope(training, 200);
    const names = training.body.data.map((a: any) => a.trainingName);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/asthme/i), expect.stringMatching(/tabagique/i)]));
    for (const item of training.body.data) {
      expect(item.kind).toBe("training");
      expect(item.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(item.issuedOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(item.verificationUrl).toMatch(new RegExp(`/verification-attestation/${item.code}$`));
      expect(item.download).toEqual({ method: "POST", url: "/api/user/download", data: { attestationId: item.id } });
    }
    const dpc = await agent.get("/back/api/user/attestation/dpc");
    expectEnvelope(dpc, 200);
    expect(dpc.body.data.attestations).toHaveLength(1);
    expect(dpc.body.data.attestations[0]).toMatchObject({ kind: "dpc", actionNumber: expect.stringMatching(/^\d{11}$/) });
    const finishedDpc = dpc.body.data.enrolments.find((e: any) => e.status === "finished");
    expect(finishedDpc.attestation.id).toBe(dpc.body.data.attestations[0].id);
    expect(dpc.body.data.enrolments.length).toBeGreaterThanOrEqual(2);
    const all = await agent.get("/back/api/user/attestations");
    expectEnvelope(all, 200);
    expect(all.body.data).toHaveLength(training.body.data.length + 1);
  });

  test("download: the PDF of one's own attestation, by id or by code, with the name and the code in its text", async () => {
    const agent = await loggedIn("learner@demo.test");
    const dpc = (await agent.get("/back/api/user/attestation/dpc")).body.data.attestations[0];
    const reply = await download(agent, { attestationId: dpc.id });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    expect(reply.headers.get("content-disposition")).toBe(`attachment; filename="attestation-dpc-${dpc.code}.pdf"`);
    expect(Buffer.from(reply.bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = extractPdfText(reply.bytes);
    expect(text).toContain("Julie Morel");
    expect(text).toContain(dpc.code);
    expect(text).toContain(dpc.actionNumber);
    expect(text).toContain("Attestation de participation DPC");
    expect(text).toContain(`/verification-attestation/${dpc.code}`);
    const byCode = await download(agent, { code: dpc.code.toLowerCase() });
    expect(byCode.status).toBe(200);
    expect(extractPdfText(byCode.bytes)).toContain(dpc.code);
  });

  test("download in Spanish: Spanish texts and accents survive (María López)", async () => {
    const agent = await loggedIn("learner.es@demo.test");
    const [item] = (await agent.get("/back/api/user/attestation")).body.data;
    const reply = await download(agent, { attestationId: item.id });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toContain(`certificado-${item.code}.pdf`);
    const text = extractPdfText(reply.bytes);
    expect(text).toContain("María López");
    expect(text).toContain("Certificado de formación");
    expect(text).toContain(`/verificacion-certificado/${item.code}`);
  });

  test("download: another user's attestation, an unknown one and bad input are refused", async () => {
    const owner = await loggedIn("learner@demo.test");
    const [item] = (await owner.get("/back/api/user/attestation")).body.data;
    const other = await loggedIn("learner.es@demo.test");
    for (const data of [{ attestationId: item.id }, { code: item.code }, { attestationId: 999_999 }, { code: "not-a-code" }]) {
      const reply = await other.post("/back/api/user/download", { data });
      expectEnvelope(reply, 404);
    }
    expectEnvelope(await other.post("/back/api/user/download", { data: {} }), 422);
    expectEnvelope(await other.post("/back/api/user/download", {}), 422);
    expectEnvelope(await other.post("/back/api/user/download", { data: { attestationId: "abc" } }), 422);
  });

  test("public verification: authentic code without login; forged, malformed and altered ones are not", async () => {
    const owner = await loggedIn("learner@demo.test");
    const [item] = (await owner.get("/back/api/user/attestation")).body.data;
    const guest = suite.agent({ "accept-language": "fr-FR" });
    const ok = await guest.get(`/back/api/attestation/verify/${item.code}`);
    expectEnvelope(ok, 200);
    expect(ok.body.data).toMatchObject({
      authentic: true,
      code: item.code,
      learnerFirstName: "Julie",
      learnerLastName: "Morel",
      trainingName: item.trainingName,
    });
    expect(ok.body.data.organisationName).toBeTruthy();
    expect(JSON.stringify(ok.body.data)).not.toContain("@");
    // Typed loosely: lower case, no dashes.
    expectEnvelope(await guest.get(`/back/api/attestation/verify/${item.code.toLowerCase().replaceAll("-", "")}`), 200);

    const forged = item.code.slice(0, -1) + (item.code.endsWith("Z") ? "Y" : "Z");
    for (const code of [forged, "ABCD", "%3Cscript%3E", "0000-0000-0000"]) {
      const reply = await guest.get(`/back/api/attestation/verify/${code}`);
      expectEnvelope(reply, 404);
      expect(reply.body.message).toMatch(/authentique/);
      expect(reply.body.data).toEqual({ authentic: false });
    }

    // An altered row (a changed fact, or a copied signature) no longer verifies.
    const [row] = await suite.db.select().from(t.attestations).where(eq(t.attestations.code, item.code));
    await suite.db
      .update(t.attestations)
      .set({ facts: { ...row!.facts, learnerLastName: "Imposteur" } })
      .where(eq(t.attestations.id, row!.id));
    expectEnvelope(await guest.get(`/back/api/attestation/verify/${item.code}`), 404);
    await suite.db
      .update(t.attestations)
      .set({ facts: row!.facts, signature: "x".repeat(43) })
      .where(eq(t.attestations.id, row!.id));
    expectEnvelope(await guest.get(`/back/api/attestation/verify/${item.code}`), 404);
    await suite.db.update(t.attestations).set({ signature: row!.signature }).where(eq(t.attestations.id, row!.id));
    expectEnvelope(await guest.get(`/back/api/attestation/verify/${item.code}`), 200);
  });

  test("issueAttestations: only for a finished enrolment, a DPC twin for a DPC programme, idempotent", async () => {
    const ctx = suite.context();
    const enrolment = await enrolmentOf("learner@demo.test", "entretiens-anticoagulants");
    expect(enrolment.status).toBe("in_progress");
    const before = await countRows(suite.db, "attestations");
    await expect(issueAttestations(ctx, enrolment.id)).rejects.toMatchObject({ messageKey: "attestationsNotFinished" });
    expect(await countRows(suite.db, "attestations")).toBe(before);
    await expect(issueAttestations(ctx, 999_999)).rejects.toMatchObject({ messageKey: "attestationsEnrolmentNotFound" });

    await suite.db.update(t.enrolments).set({ status: "finished", finishedAt: new Date(), progressPercent: 100 }).where(eq(t.enrolments.id, enrolment.id));
    const issued = await issueAttestations(ctx, enrolment.id);
    expect(issued.map((a) => a.kind).sort()).toEqual(["dpc", "training"]);
    const dpc = issued.find((a) => a.kind === "dpc")!;
    expect(dpc.facts).toMatchObject({ learnerLastName: "Morel", profession: "pharmacist", professionalNumber: "10101234567" });
    expect(dpc.facts.actionNumber).toMatch(/^\d{11}$/);
    expect(dpc.facts.dpcOrganisationNumber).toBe(String(dpc.facts.actionNumber).slice(0, 4));
    // The training body is the brand's one legal identity (ADR 0102), and its DPC number is the source's.
    const identity = LEGAL_IDENTITIES.fr;
    expect(dpc.facts).toMatchObject({
      organisationName: identity.legalName,
      organisationNumber: identity.trainingDeclaration!.number,
      signatoryName: identity.signatory.name,
    });
    expect(dpc.facts.dpcOrganisationNumber).toBe(identity.dpcRegistration);
    const pdf = extractPdfText(
      await buildAttestationPdf({ lang: "fr", kind: "dpc", code: dpc.code, verificationUrl: "http://localhost/v", facts: dpc.facts }),
    ).replace(/\n/g, " ");
    expect(pdf).toContain(`N° de déclaration d'activité : ${identity.trainingDeclaration!.number}`);
    expect(pdf).toContain(identity.legalName);
    expect(dpc.facts.duration).toMatch(/^\d+H[0-5]\d$/);
    const again = await issueAttestations(ctx, enrolment.id);
    expect(again.map((a) => a.id)).toEqual(issued.map((a) => a.id));
    expect(await countRows(suite.db, "attestations")).toBe(before + 2);
    const guest = suite.agent();
    expectEnvelope(await guest.get(`/back/api/attestation/verify/${dpc.code}`), 200);
  });

  test("practice certificate: PDF/JPEG/PNG by content, 5 MB at most, own DPC enrolments only; date dd/MM/yyyy", async () => {
    const agent = await loggedIn("learner@demo.test");
    const dpc = await enrolmentOf("learner@demo.test", "asthme-bpco");
    const notDpc = await enrolmentOf("learner@demo.test", "sevrage-tabagique");
    const othersDpc = await enrolmentOf("lea.bernard@demo.test", "vaccination-officine");
    const before = await countRows(suite.db, "practice_certificates");
    const dir = path.join(DATA_DIR, "uploads", "practice-certificates");
    const filesBefore = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;

    const fakePdf = { bytes: new TextEncoder().encode("hello, I am not a PDF"), name: "certificate.pdf", type: "application/pdf" };
    const refused = await upload(agent, dpc.id, fakePdf);
    expectEnvelope(refused, 422);
    expect(refused.body.data.errors.certificate[0]).toMatch(/PDF, JPEG ou PNG/);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const tooBig = await upload(agent, dpc.id, { bytes: big, name: "big.pdf", type: "application/pdf" });
    expectEnvelope(tooBig, 422);
    expect(tooBig.body.message).toMatch(/5 Mo/);
    expectEnvelope(await upload(agent, dpc.id, null), 422);
    expectEnvelope(await upload(agent, notDpc.id, { bytes: PNG, name: "c.png", type: "image/png" }), 404);
    expectEnvelope(await upload(agent, othersDpc.id, { bytes: PNG, name: "c.png", type: "image/png" }), 404);
    expectEnvelope(await upload(agent, "abc", { bytes: PNG, name: "c.png", type: "image/png" }), 422);
    expectEnvelope(await agent.post(`/back/api/user/dpc/practiceCertificate/${dpc.id}`, { certificate: "x" }), 415);
    expect(await countRows(suite.db, "practice_certificates")).toBe(before);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(filesBefore);

    const ok = await upload(agent, dpc.id, { bytes: PNG, name: "attestation-honneur.png", type: "application/octet-stream" });
    expectEnvelope(ok, 200);
    const today = new Date();
    const expected = `${String(today.getUTCDate()).padStart(2, "0")}/${String(today.getUTCMonth() + 1).padStart(2, "0")}/${today.getUTCFullYear()}`;
    expect(ok.body.data).toEqual({ CertificateUploadedDate: expected });
    const [stored] = await suite.db.select().from(t.practiceCertificates).where(eq(t.practiceCertificates.enrolmentId, dpc.id));
    expect(stored).toMatchObject({ contentType: "image/png", originalName: "attestation-honneur.png" });
    expect(fs.readFileSync(path.join(DATA_DIR, stored!.filePath.slice(1)))).toEqual(Buffer.from(PNG));
    // Stored outside the served uploads folder: no URL reaches it.
    expect(stored!.filePath).toMatch(/^\/private\/practice-certificates\/[0-9a-f]{16}-[0-9a-f]{12}\.png$/);
    const name = path.basename(stored!.filePath);
    for (const url of [stored!.filePath, `/uploads/practice-certificates/${name}`, `/uploads/../private/practice-certificates/${name}`]) {
      expect((await new Agent(suite.origin).get(url)).status).toBe(404);
      expect((await agent.get(url)).status).toBe(404);
    }
    // A JPEG replaces it (one certificate per enrolment; the old file is removed).
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expectEnvelope(await upload(agent, dpc.id, { bytes: jpeg, name: "scan.jpg", type: "image/jpeg" }), 200);
    expect(await countRows(suite.db, "practice_certificates")).toBe(before + 1);
    expect(fs.existsSync(path.join(DATA_DIR, stored!.filePath.slice(1)))).toBe(false);
    const listed = (await agent.get("/back/api/user/attestation/dpc")).body.data.enrolments.find((e: any) => e.enrolmentId === dpc.id);
    expect(listed.practiceCertificate.CertificateUploadedDate).toBe(expected);

    // Served only through its authorised route, to its owner, never kept by a cache on the way.
    expect(listed.practiceCertificate.downloadPath).toBe(`/back/api/user/dpc/practiceCertificate/${dpc.id}`);
    const mine = await agent.fetchRaw("GET", listed.practiceCertificate.downloadPath, {});
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("content-disposition")).toBe(`attachment; filename="scan.jpg"; filename*=UTF-8''scan.jpg`);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(jpeg);
    expectEnvelope(await new Agent(suite.origin).get(listed.practiceCertificate.downloadPath), 401);
    expectEnvelope(await agent.get(`/back/api/user/dpc/practiceCertificate/${othersDpc.id}`), 404);
    expectEnvelope(await agent.get(`/back/api/user/dpc/practiceCertificate/${notDpc.id}`), 404);
  });
});
