/** Shapes of the attestations back API replies (server/back/modules/attestations). */
export type AttestationItem = {
  id: number;
  code: string;
  kind: "training" | "dpc";
  trainingId: number;
  enrolmentId: number | null;
  trainingName: string;
  trainingType: string;
  programmeName: string | null;
  actionNumber: string | null;
  duration: string;
  startDate: string;
  endDate: string;
  issuedAt: string;
  issuedOn: string;
  fileName: string;
  verificationUrl: string;
};

export type DpcEnrolment = {
  enrolmentId: number;
  status: string;
  trainingId: number;
  trainingName: string;
  programmeName: string;
  actionNumber: string;
  attestation: AttestationItem | null;
  practiceCertificate: { CertificateUploadedDate: string; originalName: string } | null;
};

export type DpcAttestations = { attestations: AttestationItem[]; enrolments: DpcEnrolment[] };

export type Verification = {
  authentic: true;
  code: string;
  kind: "training" | "dpc";
  learnerFirstName: string;
  learnerLastName: string;
  profession: string;
  trainingName: string;
  trainingType: string;
  duration: string;
  startDate: string;
  endDate: string;
  organisationName: string;
  organisationNumber: string;
  programmeName: string | null;
  actionNumber: string | null;
  dpcOrganisationNumber: string | null;
  sessionDates: string | null;
  issuedOn: string;
};

export type FeedbackRequest = { trainingId: number; trainingName: string; trainingType: string; trainingSlug: string; firstName: string };

export type TrainerVirtualClass = {
  session: {
    id: number;
    name: string;
    trainingName: string;
    trainingType: string;
    startDate: string;
    startTime: string | null;
    endTime: string | null;
    joinUrl: string | null;
  };
  /** open: the day has come (Paris), so its attendance can be recorded. */
  days: { day: string; startTime: string | null; endTime: string | null; open: boolean }[];
  participants: {
    userId: number;
    firstName: string;
    lastName: string;
    attendance: Record<string, { attended: boolean | null; joined: boolean }>;
  }[];
};

/** 'yyyy-mm-dd' -> 'dd/mm/yyyy', as printed on attestations. */
export function printDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? "");
}
