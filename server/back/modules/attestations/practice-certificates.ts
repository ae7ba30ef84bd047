import { sniffImageType } from "../../../storage/image-checks.ts";
import type { BackDeps } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { findPracticeCertificate, findUserDpcEnrolment, upsertPracticeCertificate } from "./attestations.repository.ts";

export const MAX_CERTIFICATE_MB = 5;
export const MAX_CERTIFICATE_BYTES = MAX_CERTIFICATE_MB * 1024 * 1024;

/** PDF, JPEG or PNG, recognised by their first bytes, never by the name or the declared type. */
export function sniffCertificateType(bytes: Uint8Array): { extension: "pdf" | "jpg" | "png"; contentType: string } | null {
  if (bytes.length >= 5 && String.fromCharCode(...bytes.slice(0, 5)) === "%PDF-") return { extension: "pdf", contentType: "application/pdf" };
  const image = sniffImageType(bytes);
  if (image === "jpg") return { extension: "jpg", contentType: "image/jpeg" };
  if (image === "png") return { extension: "png", contentType: "image/png" };
  return null;
}

const refuse = (key: "attestationsCertificateMissing" | "attestationsCertificateInvalidType" | "attestationsCertificateTooLarge") =>
  new AppError("VALIDATION", key, { fields: { certificate: [key] } });

/**
 * Stores (or replaces) the practice certificate of one of the user's DPC enrolments; checks come first,
 * so a refused file writes nothing. Returns the upload time.
 */
export async function storePracticeCertificate(
  deps: Pick<BackDeps, "db" | "files" | "now">,
  userId: number,
  enrolmentId: number,
  file: unknown,
): Promise<Date> {
  const enrolment = await findUserDpcEnrolment(deps.db, userId, enrolmentId);
  if (!enrolment) throw new AppError("NOT_FOUND", "attestationsDpcEnrolmentNotFound");
  if (!(file instanceof File) || file.size === 0) throw refuse("attestationsCertificateMissing");
  if (file.size > MAX_CERTIFICATE_BYTES) throw refuse("attestationsCertificateTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffCertificateType(bytes);
  if (!kind) throw refuse("attestationsCertificateInvalidType");
  const previous = await findPracticeCertificate(deps.db, enrolmentId);
  const filePath = await deps.files.put({ area: "private", folder: "practice-certificates", extension: kind.extension, bytes, ownerId: userId });
  const uploadedAt = deps.now();
  const values = {
    enrolmentId,
    userId,
    filePath,
    originalName: file.name.slice(0, 200) || `certificate.${kind.extension}`,
    contentType: kind.contentType,
    uploadedAt,
  };
  await upsertPracticeCertificate(deps.db, values);
  if (previous) await deps.files.remove(previous.filePath);
  return uploadedAt;
}

/**
 * The certificate sent for one of the user's DPC enrolments, read whole (5 MB at most): another user's enrolment,
 * one without a certificate, or a file gone from the store is not found, like an unknown one.
 */
export async function readPracticeCertificate(
  deps: Pick<BackDeps, "db" | "files">,
  userId: number,
  enrolmentId: number,
): Promise<{ bytes: Uint8Array; contentType: string; originalName: string }> {
  const enrolment = await findUserDpcEnrolment(deps.db, userId, enrolmentId);
  const certificate = enrolment ? await findPracticeCertificate(deps.db, enrolmentId) : undefined;
  const file = certificate ? await deps.files.read(certificate.filePath) : null;
  if (!certificate || !file) throw new AppError("NOT_FOUND", "attestationsCertificateNotFound");
  const parts: Uint8Array[] = [];
  for await (const part of file.body()) parts.push(part);
  return { bytes: new Uint8Array(Buffer.concat(parts)), contentType: certificate.contentType, originalName: certificate.originalName };
}
