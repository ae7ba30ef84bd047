/**
 * The learner's attestations (ADR 0107): the lists and the PDF need a session and read only the session user's rows;
 * the practice certificate's upload needs a writable contract; the verification of a code needs nothing.
 */
import { z } from "zod";
import { AttestationListSchema, DownloadSchema, DpcAttestationsSchema, PracticeCertificateSavedSchema, VerificationSchema } from "../attestations.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";

/** A verification code as the path gives it: one the platform never issued is a 404 with `{authentic: false}`. */
const CodeParams = z.strictObject({ code: z.string() });

export const attestationsEndpoints = {
  /** Training attestations only. */
  trainingAttestations: endpoint({ method: "GET", path: "/user/attestation", reply: AttestationListSchema, access: "session" }),
  attestations: endpoint({ method: "GET", path: "/user/attestations", reply: AttestationListSchema, access: "session" }),
  /** DPC attestations, and the user's DPC enrolments with their practice certificate (uploaded or not). */
  dpcAttestations: endpoint({ method: "GET", path: "/user/attestation/dpc", reply: DpcAttestationsSchema, access: "session" }),
  /** The PDF itself; another user's attestation is a 404, like an unknown one. */
  download: endpoint({ method: "POST", path: "/user/download", body: DownloadSchema, reply: "file", access: "session" }),
  /** Multipart upload (field `certificate`) of the practice certificate of one of the user's DPC enrolments. */
  practiceCertificate: endpoint({
    method: "POST",
    path: "/user/dpc/practiceCertificate/:id",
    params: IdParams,
    body: "multipart",
    reply: PracticeCertificateSavedSchema,
    access: "writable",
  }),
  /** The practice certificate sent for one of the user's DPC enrolments: private, served only to them (ADR 0120). */
  practiceCertificateFile: endpoint({ method: "GET", path: "/user/dpc/practiceCertificate/:id", params: IdParams, reply: "file", access: "session" }),
  verify: endpoint({ method: "GET", path: "/attestation/verify/:code", params: CodeParams, reply: VerificationSchema, access: "public" }),
};
