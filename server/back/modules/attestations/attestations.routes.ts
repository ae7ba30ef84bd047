import { Hono, type Context } from "hono";
import { formatCertificateDate } from "#core/domain/dates.ts";
import { pagePath } from "#core/page-links.ts";
import { buildAttestationPdf, type PdfLang } from "../../../pdf/attestation.ts";
import { attestationsEndpoints as endpoints } from "#core/contract/endpoints/attestations.ts";
import type { BackEnv, SessionState } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { failure } from "../../http/envelope.ts";
import { ok, register } from "../../http/register.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { findUserById } from "../user/user.repository.ts";
import { normaliseCode } from "./attestation-code.ts";
import { findUserAttestation, listDpcEnrolments, listUserAttestations, type AttestationRow } from "./attestations.repository.ts";
import { verifyAttestation } from "./attestations.service.ts";
import { readPracticeCertificate, storePracticeCertificate } from "./practice-certificates.ts";

/** The attestations endpoints of the learning journey (mounted under /back/api). */
export const attestationsRoutes = new Hono<BackEnv>();

const langOf = (locale: string): PdfLang => (locale.startsWith("es") ? "es" : "fr");

/** The public verification page of a code, on the learner's platform host, in the learner's language. */
function verificationUrl(c: Context<BackEnv>, user: { brand: string; locale: string }, code: string): string {
  const origin = publicOriginFor(c, user.brand) ?? "";
  return `${origin}${pagePath("attestation-verify", langOf(user.locale), { code })}`;
}

function fileName(row: AttestationRow, lang: PdfLang): string {
  const prefix = row.kind === "dpc" ? (lang === "es" ? "certificado-dpc" : "attestation-dpc") : lang === "es" ? "certificado" : "attestation";
  return `${prefix}-${row.code}.pdf`;
}

/** What an attestation attests, from its signed facts (null: issued before the pass rules, ADR 0107). */
function attestsOf(facts: AttestationRow["facts"]): "achievement" | "participation" | null {
  return facts.attests === "achievement" || facts.attests === "participation" ? facts.attests : null;
}

const numberOrNull = (value: string | number | null | undefined) => (typeof value === "number" ? value : null);

/** The facts an attestation prints as text (buildFacts writes them so; the DPC ones only on a DPC attestation). */
type PrintedFacts = AttestationRow["facts"] &
  Record<
    | "learnerFirstName"
    | "learnerLastName"
    | "profession"
    | "trainingName"
    | "trainingType"
    | "duration"
    | "startDate"
    | "endDate"
    | "organisationName"
    | "organisationNumber"
    | "issuedOn",
    string
  > &
  Partial<Record<"programmeName" | "actionNumber" | "dpcOrganisationNumber" | "sessionDates", string | null>>;

/** A row's kind (the table's check allows these two only) and its printed facts. */
const kindOf = (row: AttestationRow) => row.kind as "training" | "dpc";
const printedFacts = (row: AttestationRow) => row.facts as PrintedFacts;

/** One attestation as the lists show it: the printed facts it needs and how to download it. */
function toItem(row: AttestationRow, lang: PdfLang, url: string) {
  const f = printedFacts(row);
  return {
    id: row.id,
    code: row.code,
    kind: kindOf(row),
    attests: attestsOf(f),
    trainingId: row.trainingId,
    enrolmentId: row.enrolmentId,
    trainingName: f.trainingName,
    trainingType: f.trainingType,
    programmeName: f.programmeName ?? null,
    actionNumber: f.actionNumber ?? null,
    duration: f.duration,
    startDate: f.startDate,
    endDate: f.endDate,
    issuedAt: row.issuedAt.toISOString(),
    issuedOn: formatCertificateDate(row.issuedAt),
    fileName: fileName(row, lang),
    verificationUrl: url,
    download: { method: "POST" as const, url: "/api/user/download", data: { attestationId: row.id } },
  };
}

async function listFor(c: Context<BackEnv>, session: SessionState, kind?: "training" | "dpc") {
  const { db } = c.get("deps");
  const user = await findUserById(db, session.userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const rows = await listUserAttestations(db, session.userId, kind);
  return { user, items: rows.map((row) => toItem(row, langOf(user.locale), verificationUrl(c, user, row.code))) };
}

register(attestationsRoutes, endpoints.trainingAttestations, async (c, { caller }) => ok((await listFor(c, caller, "training")).items));

register(attestationsRoutes, endpoints.attestations, async (c, { caller }) => ok((await listFor(c, caller)).items));

/** DPC attestations, and the user's DPC enrolments with their practice certificate (uploaded or not). */
register(attestationsRoutes, endpoints.dpcAttestations, async (c, { caller }) => {
  const { user, items } = await listFor(c, caller, "dpc");
  const enrolments = await listDpcEnrolments(c.get("deps").db, user.id);
  return ok({
    attestations: items,
    enrolments: enrolments.map((e) => ({
      enrolmentId: e.enrolmentId,
      status: e.status,
      trainingId: e.trainingId,
      trainingName: e.trainingName,
      programmeName: e.programmeName,
      actionNumber: e.actionNumber,
      attestation: items.find((item) => item.enrolmentId === e.enrolmentId) ?? null,
      practiceCertificate: e.certificate
        ? {
            CertificateUploadedDate: formatCertificateDate(e.certificate.uploadedAt),
            originalName: e.certificate.originalName,
            downloadPath: `/back/api/user/dpc/practiceCertificate/${e.enrolmentId}`,
          }
        : null,
    })),
  });
});

/** The PDF itself (not an envelope); another user's attestation is a 404, like an unknown one. */
register(attestationsRoutes, endpoints.download, async (c, { caller: session, body }) => {
  const { data } = body;
  const { db } = c.get("deps");
  const code = data.code !== undefined ? normaliseCode(data.code) : undefined;
  if (code === null) throw new AppError("NOT_FOUND", "attestationsNotFound");
  const row = await findUserAttestation(db, session.userId, data.attestationId !== undefined ? { id: data.attestationId } : { code });
  const user = await findUserById(db, session.userId);
  if (!row || !user) throw new AppError("NOT_FOUND", "attestationsNotFound");
  const lang = langOf(user.locale);
  const bytes = await buildAttestationPdf({
    lang,
    kind: row.kind === "dpc" ? "dpc" : "training",
    code: row.code,
    facts: row.facts,
    verificationUrl: verificationUrl(c, user, row.code),
  });
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${fileName(row, lang)}"`,
    "content-length": String(bytes.byteLength),
  });
});

/** Multipart upload (field `certificate`) of the practice certificate of one of the user's DPC enrolments. */
register(attestationsRoutes, endpoints.practiceCertificate, async (c, { caller: session, params }) => {
  const enrolmentId = params.id;
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "attestationsCertificateMissing", { fields: { certificate: ["attestationsCertificateMissing"] } });
  });
  const file = form.get("certificate");
  const uploadedAt = await storePracticeCertificate(c.get("deps"), session.userId, enrolmentId, file);
  return ok({ CertificateUploadedDate: formatCertificateDate(uploadedAt) }, c.get("t")("attestationsCertificateUploaded"));
});

/** Private: only its owner gets it, never kept by a cache on the way; the name they gave it, in ASCII and UTF-8. */
register(attestationsRoutes, endpoints.practiceCertificateFile, async (c, { caller: session, params }) => {
  const file = await readPracticeCertificate(c.get("deps"), session.userId, params.id);
  const asciiName = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "private, no-store",
  });
});

/** Public: no login. Authentic only if the code exists and its signature matches the stored facts. */
register(attestationsRoutes, endpoints.verify, async (c, { ctx, params }) => {
  const result = await verifyAttestation(ctx, params.code);
  if (!result.valid) return failure(c, 404, c.get("t")("attestationsNotAuthentic"), { authentic: false });
  const { attestation } = result;
  const f = printedFacts(attestation);
  return ok(
    {
      authentic: true,
      code: attestation.code,
      kind: kindOf(attestation),
      learnerFirstName: f.learnerFirstName,
      learnerLastName: f.learnerLastName,
      profession: f.profession,
      trainingName: f.trainingName,
      trainingType: f.trainingType,
      duration: f.duration,
      startDate: f.startDate,
      endDate: f.endDate,
      organisationName: f.organisationName,
      organisationNumber: f.organisationNumber,
      programmeName: f.programmeName ?? null,
      actionNumber: f.actionNumber ?? null,
      dpcOrganisationNumber: f.dpcOrganisationNumber ?? null,
      sessionDates: f.sessionDates ?? null,
      issuedOn: f.issuedOn,
      attests: attestsOf(f),
      finalScore: numberOrNull(f.finalScore),
      passScore: numberOrNull(f.passScore),
      knowledgePre: numberOrNull(f.knowledgePre),
      knowledgePost: numberOrNull(f.knowledgePost),
      knowledgeGain: numberOrNull(f.knowledgeGain),
    },
    c.get("t")("attestationsAuthentic"),
  );
});
