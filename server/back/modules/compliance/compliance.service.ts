import {
  complianceOf,
  type AttestationOutcome,
  type BelgianCategory,
  type ComplianceAction,
  type ComplianceCountry,
  type ComplianceStatus,
  type DpcActionType,
  type Profession,
} from "#core/domain/compliance.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { hasFaceToFace, isTrainingType } from "#core/domain/training-types.ts";
import type { ServiceContext } from "../../service-context.ts";
import * as repo from "./compliance.repository.ts";

/** An action as the tracker lists it: what the rules read, plus where it comes from. */
export type TrackedAction = ComplianceAction & {
  title: string;
  /** Who gave it: the training organisation named on the attestation, or the one the professional declared. */
  organisation: string | null;
  origin: { kind: "attestation"; attestationId: number; code: string; trainingSlug: string } | { kind: "declared"; declaredActionId: number };
};

export type ProfessionalCompliance = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  profession: Profession;
  professionalNumber: string | null;
  brand: string;
  locale: string;
  country: ComplianceCountry;
  registeredOn: string | null;
  statuses: ComplianceStatus[];
  actions: TrackedAction[];
};

const PROFESSIONS: readonly Profession[] = ["pharmacist", "preparer", "assistant", "student", "other"];

/** The country whose obligations apply: the brand's (ADR 0124). */
export function complianceCountryOf(brand: string): ComplianceCountry {
  if (brand === "be") return "BE";
  if (brand === "es" || brand === "es-campus") return "ES";
  return "FR";
}

/** Someone who gave no registration day is taken as registered before the first cycle (the longer first cycle). */
const REGISTERED_BEFORE_FIRST_CYCLE = "2000-01-01";

/** Today, as a Paris calendar day: the day the rules and deadlines are read against. */
export function complianceToday(ctx: ServiceContext): string {
  return toParisDate(ctx.now());
}

const isDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Outcome an attestation records (ADR 0107); one issued before the pass rules reads as a participation. */
function outcomeOf(facts: Record<string, unknown>): AttestationOutcome {
  return facts.attests === "achievement" ? "achievement" : "participation";
}

function isElearning(type: string, isVirtual: boolean): boolean {
  if (!isTrainingType(type)) return true;
  return !isVirtual && !hasFaceToFace(type) && type !== "webinar";
}

/** Where each of these users stands against every obligation that applies to them, with the actions that count. */
export async function complianceOfUsers(ctx: ServiceContext, userIds: number[], today = complianceToday(ctx)): Promise<ProfessionalCompliance[]> {
  const [professionals, attested, declared] = await Promise.all([
    repo.findProfessionals(ctx.db, userIds),
    repo.findAttestedActions(ctx.db, userIds),
    repo.findDeclaredActions(ctx.db, userIds),
  ]);
  const actionsByUser = new Map<number, TrackedAction[]>();
  const add = (userId: number, action: TrackedAction) => actionsByUser.set(userId, [...(actionsByUser.get(userId) ?? []), action]);
  for (const row of attested) {
    const facts = row.facts as Record<string, unknown>;
    const issuedOn = toParisDate(row.issuedAt);
    const endDate = isDate(facts.endDate) ? facts.endDate : issuedOn;
    const startDate = isDate(facts.startDate) && facts.startDate <= endDate ? facts.startDate : endDate;
    add(row.userId, {
      title: row.trainingName,
      organisation: typeof facts.organisationName === "string" ? facts.organisationName : null,
      origin: { kind: "attestation", attestationId: row.attestationId, code: row.code, trainingSlug: row.trainingSlug },
      startDate,
      endDate,
      outcome: outcomeOf(facts),
      source: "platform",
      hours: row.durationMinutes / 60,
      elearning: isElearning(row.trainingType, row.isVirtual),
      dpcTypes: row.dpcActionTypes as DpcActionType[],
      priorityOrientation: row.priorityOrientation,
      axes: row.certificationAxes,
      belgianCategory: (row.belgianCategory ?? undefined) as BelgianCategory | undefined,
      rcfCredits: row.rcfCredits ?? undefined,
    });
  }
  for (const row of declared) {
    add(row.userId, {
      title: row.title,
      organisation: row.organisation,
      origin: { kind: "declared", declaredActionId: row.id },
      startDate: row.startDate,
      endDate: row.endDate,
      outcome: "achievement",
      source: row.state === "confirmed" ? "confirmed" : "declared",
      hours: row.hours,
      elearning: row.elearning,
      dpcTypes: row.dpcActionTypes as DpcActionType[],
      priorityOrientation: row.priorityOrientation,
      axes: row.certificationAxes,
      belgianCategory: (row.belgianCategory ?? undefined) as BelgianCategory | undefined,
      rcfCredits: row.rcfCredits ?? undefined,
    });
  }
  return professionals.map((p) => {
    const profession = (PROFESSIONS as readonly string[]).includes(p.profession) ? (p.profession as Profession) : "other";
    const country = complianceCountryOf(p.brand);
    const actions = (actionsByUser.get(p.userId) ?? []).sort((a, b) => (a.endDate < b.endDate ? 1 : a.endDate > b.endDate ? -1 : 0));
    return {
      userId: p.userId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      profession,
      professionalNumber: p.professionalNumber,
      brand: p.brand,
      locale: p.locale,
      country,
      registeredOn: p.registeredOn,
      statuses: complianceOf({ country, profession, registeredOn: p.registeredOn ?? REGISTERED_BEFORE_FIRST_CYCLE }, actions, today),
      actions,
    };
  });
}
