import { formatDuration } from "#core/domain/duration.ts";
import { knowledgeGain } from "#core/domain/knowledge-gain.ts";
import { attestationAttests, outcomeFrom } from "#core/domain/pass-rules.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { generateCode, isSignatureValid, normaliseCode, signAttestation, type Facts } from "./attestation-code.ts";
import {
  findAttestationByCode,
  findAttestationsOfEnrolment,
  findEnrolmentForAttestation,
  insertAttestation,
  type AttestationRow,
} from "./attestations.repository.ts";

/** The ANDPC action number is OOOO YY NNNNN: its first four digits are the organisation's DPC number (ADR 0014). */
function dpcOrganisationNumber(actionNumber: string): string {
  return actionNumber.slice(0, 4);
}

export type AttestationKind = "training" | "dpc";

type Loaded = NonNullable<Awaited<ReturnType<typeof findEnrolmentForAttestation>>>;

/** The snapshot printed on the PDF and signed; the PDF is rebuilt from it, never from live rows. */
export function buildFacts(kind: AttestationKind, loaded: Loaded, issuedAt: Date): Facts {
  const { user, training, enrolment, programme, session, sessionDays } = loaded;
  // The training body is the brand's one legal identity (ADR 0102): its declared number is the training declaration
  // where the country has one, else its VAT number (NIF in Spain); the kind says which, for the PDF's label.
  const identity = legalIdentityOf(training.brand);
  const lang = user.locale.startsWith("es") ? "es" : "fr";
  const start = enrolment.startedAt ?? enrolment.createdAt;
  const end = enrolment.finishedAt ?? issuedAt;
  const facts: Facts = {
    kind,
    learnerFirstName: user.firstName,
    learnerLastName: user.lastName,
    profession: user.profession,
    professionalNumber: user.professionalNumber,
    trainingName: training.name,
    trainingType: training.type,
    duration: formatDuration(kind === "dpc" && programme?.durationMinutes ? programme.durationMinutes : training.durationMinutes),
    startDate: toParisDate(start),
    endDate: toParisDate(end),
    organisationName: identity.legalName,
    organisationNumber: identity.trainingDeclaration?.number ?? identity.vatNumber,
    organisationNumberKind: identity.trainingDeclaration ? "trainingDeclaration" : "vatNumber",
    signatoryName: identity.signatory.name,
    signatoryTitle: identity.signatory.title[lang],
    issuedOn: toParisDate(issuedAt),
  };
  Object.assign(facts, attestsFacts(loaded.history));
  if (kind === "dpc" && programme) {
    const days = sessionDays.length > 0 ? sessionDays : session ? [session.startDate] : [];
    Object.assign(facts, {
      programmeName: programme.name,
      actionNumber: programme.actionNumber,
      dpcOrganisationNumber: dpcOrganisationNumber(programme.actionNumber),
      sessionDates: days.length > 0 ? days.join(", ") : null,
    });
  }
  return facts;
}

/**
 * What the attestation attests (ADR 0107), printed and signed with the other facts: a pass, with the counted score
 * and the passing score; or a participation, with the knowledge gain when both tests were taken. Nothing for an
 * enrolment finished before the pass rules (its attestation reads as before).
 */
function attestsFacts(history: Loaded["history"]): Facts {
  const attests = attestationAttests(outcomeFrom(history?.outcome));
  if (!attests || !history) return {};
  if (attests === "achievement") return { attests, finalScore: history.finalScore, passScore: history.passScore };
  const gain = knowledgeGain([{ initialScore: history.initialScore, finalScore: history.finalScore }]);
  return { attests, knowledgePre: gain?.meanPre ?? null, knowledgePost: gain?.meanPost ?? null, knowledgeGain: gain?.gain ?? null };
}

/**
 * Issues the attestations of a finished enrolment: always a 'training' one, plus a 'dpc' one when the
 * enrolment has a DPC programme; none when the training ended on a failure (409). Idempotent (unique enrolment +
 * kind): calling it again returns the same rows.
 */
export async function issueAttestations(ctx: ServiceContext, enrolmentId: number): Promise<AttestationRow[]> {
  const loaded = await findEnrolmentForAttestation(ctx.db, enrolmentId);
  if (!loaded) throw new AppError("NOT_FOUND", "attestationsEnrolmentNotFound");
  if (loaded.enrolment.status !== "finished") throw new AppError("CONFLICT", "attestationsNotFinished");
  // A graded quiz failed with no attempt left ends the training without any attestation (ADR 0107).
  if (outcomeFrom(loaded.history?.outcome) === "failed") throw new AppError("CONFLICT", "attestationsNotEarned");
  const kinds: AttestationKind[] = loaded.enrolment.dpcProgrammeId && loaded.programme ? ["training", "dpc"] : ["training"];
  const existing = await findAttestationsOfEnrolment(ctx.db, enrolmentId);
  for (const kind of kinds) {
    if (existing.some((row) => row.kind === kind)) continue;
    const issuedAt = ctx.now();
    const facts = buildFacts(kind, loaded, issuedAt);
    // A code collision is astronomically unlikely; the unique index turns it into a retry, not a duplicate.
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateCode();
      const row = await insertAttestation(ctx.db, {
        code,
        kind,
        userId: loaded.user.id,
        trainingId: loaded.training.id,
        enrolmentId,
        facts,
        signature: signAttestation(ctx.env.APP_SECRET, code, facts),
        issuedAt,
      });
      if (row) break;
      // Another request issued the same kind meanwhile: keep its row.
      if ((await findAttestationsOfEnrolment(ctx.db, enrolmentId)).some((r) => r.kind === kind)) break;
    }
  }
  return findAttestationsOfEnrolment(ctx.db, enrolmentId);
}

export type Verification = { valid: true; attestation: AttestationRow } | { valid: false };

/** Authentic only when the code exists and the signature recomputed from the stored facts matches. */
export async function verifyAttestation(ctx: ServiceContext, input: string): Promise<Verification> {
  const code = normaliseCode(input);
  if (!code) return { valid: false };
  const row = await findAttestationByCode(ctx.db, code);
  if (!row || !isSignatureValid(ctx.env.APP_SECRET, row.code, row.facts, row.signature)) return { valid: false };
  return { valid: true, attestation: row };
}
