import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { attestations, declaredActions, trainings, users } from "../../../db/schema/index.ts";

/** The facts the compliance rules need of each professional (country from the brand, ADR 0124). */
export async function findProfessionals(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profession: users.profession,
      professionalNumber: users.professionalNumber,
      brand: users.brand,
      locale: users.locale,
      registeredOn: users.registeredOn,
    })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The platform's training attestations of these users, with what their training counts for. */
export async function findAttestedActions(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      attestationId: attestations.id,
      code: attestations.code,
      userId: attestations.userId,
      facts: attestations.facts,
      issuedAt: attestations.issuedAt,
      trainingId: trainings.id,
      trainingSlug: trainings.slug,
      trainingName: trainings.name,
      trainingType: trainings.type,
      isVirtual: trainings.isVirtual,
      durationMinutes: trainings.durationMinutes,
      dpcActionTypes: trainings.dpcActionTypes,
      priorityOrientation: trainings.priorityOrientation,
      certificationAxes: trainings.certificationAxes,
      belgianCategory: trainings.belgianCategory,
      rcfCredits: trainings.rcfCredits,
    })
    .from(attestations)
    .innerJoin(trainings, eq(trainings.id, attestations.trainingId))
    .where(and(inArray(attestations.userId, userIds), eq(attestations.kind, "training")))
    .orderBy(asc(attestations.issuedAt), asc(attestations.id));
}

/** The actions these users declared, but those a referent rejected. */
export async function findDeclaredActions(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(declaredActions)
    .where(and(inArray(declaredActions.userId, userIds), ne(declaredActions.state, "rejected")))
    .orderBy(asc(declaredActions.endDate), asc(declaredActions.id));
}
