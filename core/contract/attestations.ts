import { z } from "zod";
import { Id } from "./ids.ts";

/** POST /api/user/download: `data` names the attestation by id or by verification code. */
export const DownloadSchema = z.strictObject({
  data: z
    .strictObject({
      attestationId: Id.optional(),
      code: z.string().trim().min(1).max(40).optional(),
    })
    .refine((value) => value.attestationId !== undefined || value.code !== undefined, { message: "required" }),
});

/** POST /api/feedback/{token}. */
export const FeedbackSchema = z.strictObject({
  rating: z.int().min(1).max(5),
  comment: z.string().trim().max(2000).optional().default(""),
});

/** POST /api/trainer/virtualClass/{token}/attendance: one day, and who attended it. */
export const AttendanceSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  attendance: z.array(z.strictObject({ userId: Id, attended: z.boolean() })).max(500),
});

// ------------------------------------------------------------------ responses (the `data` of each reply)

const ATTESTATION_KINDS = ["training", "dpc"] as const;
/** What an attestation attests (ADR 0107); null for one issued before the pass rules. */
const AttestsSchema = z.enum(["achievement", "participation"]).nullable();

/** One attestation as the lists show it: the printed facts it needs and how to download it. */
export const AttestationItemSchema = z.strictObject({
  id: z.number(),
  code: z.string(),
  kind: z.enum(ATTESTATION_KINDS),
  attests: AttestsSchema,
  trainingId: z.number(),
  enrolmentId: z.number().nullable(),
  trainingName: z.string(),
  trainingType: z.string(),
  programmeName: z.string().nullable(),
  actionNumber: z.string().nullable(),
  duration: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  issuedAt: z.string(),
  issuedOn: z.string(),
  fileName: z.string(),
  verificationUrl: z.string(),
  download: z.strictObject({ method: z.literal("POST"), url: z.string(), data: z.strictObject({ attestationId: z.number() }) }),
});
export type AttestationItem = z.infer<typeof AttestationItemSchema>;

/** GET /user/attestations and /user/attestation. */
export const AttestationListSchema = z.array(AttestationItemSchema);

export const DpcEnrolmentSchema = z.strictObject({
  enrolmentId: z.number(),
  status: z.string(),
  trainingId: z.number(),
  trainingName: z.string(),
  programmeName: z.string(),
  actionNumber: z.string(),
  attestation: AttestationItemSchema.nullable(),
  practiceCertificate: z.strictObject({ CertificateUploadedDate: z.string(), originalName: z.string(), downloadPath: z.string() }).nullable(),
});
export type DpcEnrolment = z.infer<typeof DpcEnrolmentSchema>;

/** GET /user/attestation/dpc: DPC attestations, and the DPC enrolments with their practice certificate. */
export const DpcAttestationsSchema = z.strictObject({ attestations: z.array(AttestationItemSchema), enrolments: z.array(DpcEnrolmentSchema) });

/** POST /user/dpc/practiceCertificate/:id. */
export const PracticeCertificateSavedSchema = z.strictObject({ CertificateUploadedDate: z.string() });

/** GET /attestation/verify/:code (an authentic attestation; otherwise a 404 with `{authentic: false}`). */
export const VerificationSchema = z.strictObject({
  authentic: z.literal(true),
  code: z.string(),
  kind: z.enum(ATTESTATION_KINDS),
  learnerFirstName: z.string(),
  learnerLastName: z.string(),
  profession: z.string(),
  trainingName: z.string(),
  trainingType: z.string(),
  duration: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  organisationName: z.string(),
  organisationNumber: z.string(),
  programmeName: z.string().nullable(),
  actionNumber: z.string().nullable(),
  dpcOrganisationNumber: z.string().nullable(),
  sessionDates: z.string().nullable(),
  issuedOn: z.string(),
  /** What it attests, and what the PDF prints for it: the counted score and the passing score, or the knowledge gain. */
  attests: AttestsSchema,
  finalScore: z.number().nullable(),
  passScore: z.number().nullable(),
  knowledgePre: z.number().nullable(),
  knowledgePost: z.number().nullable(),
  knowledgeGain: z.number().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** GET /feedback/:token. */
export const FeedbackRequestSchema = z.strictObject({
  trainingId: z.number(),
  trainingName: z.string(),
  trainingType: z.string(),
  trainingSlug: z.string(),
  firstName: z.string(),
});

/** POST /feedback/:token. */
export const FeedbackSavedSchema = z.strictObject({ reviewId: z.number(), trainingId: z.number() });

/** GET /trainer/virtualClass/:token. */
export const TrainerVirtualClassSchema = z.strictObject({
  session: z.strictObject({
    id: z.number(),
    name: z.string(),
    trainingName: z.string(),
    trainingType: z.string(),
    startDate: z.string(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    joinUrl: z.string().nullable(),
  }),
  /** open: the day has come (Paris), so its attendance can be recorded. */
  days: z.array(z.strictObject({ day: z.string(), startTime: z.string().nullable(), endTime: z.string().nullable(), open: z.boolean() })),
  participants: z.array(
    z.strictObject({
      userId: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      attendance: z.record(z.string(), z.strictObject({ attended: z.boolean().nullable(), joined: z.boolean() })),
    }),
  ),
});
export type TrainerVirtualClass = z.infer<typeof TrainerVirtualClassSchema>;

/** POST /trainer/virtualClass/:token/attendance. */
export const AttendanceSavedSchema = z.strictObject({ marked: z.number() });
/** The feedback form (radio buttons post text): a rating from 1 to 5, and an optional comment. */
export const FeedbackFormSchema = z.strictObject({
  rating: z.preprocess(
    (value) => value ?? "",
    z
      .string()
      .regex(/^[1-5]$/, { message: "ratingRequired" })
      .transform(Number),
  ),
  comment: z.string().trim().max(2000).optional().default(""),
});

/**
 * The trainer's attendance form for one day: each participant's radio pair is `attended-{userId}` = "1" or "0"
 * (unmarked: left out). Read into the API's body (AttendanceSchema).
 */
export const AttendanceFormSchema = z
  .object({ day: z.string().max(10) })
  .catchall(z.union([z.string().max(10), z.array(z.string().max(10)).max(2)]))
  .transform(({ day, ...marks }) => ({
    day,
    attendance: Object.entries(marks).flatMap(([name, value]) => {
      const match = /^attended-(\d{1,9})$/.exec(name);
      return match && (value === "1" || value === "0") ? [{ userId: Number(match[1]), attended: value === "1" }] : [];
    }),
  }));
