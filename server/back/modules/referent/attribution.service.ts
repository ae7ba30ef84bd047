import { isBrandKey } from "#core/branding/brands.ts";
import type { AttributeApprenantsInput, AttributionOptions, BoughtProduct } from "#core/contract/referent.ts";
import { seatsAvailable } from "#core/domain/sessions.ts";
import { productSeats } from "#core/domain/team-figures.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { fitsAudience } from "#core/domain/user-state.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { afterEnrolment, enrolInTransaction, isUniqueViolation, requireTraining, resolveEnrolmentTarget } from "../enrolment/enrolment.service.ts";
import * as repo from "./attribution.repository.ts";
import { listMembers } from "./team.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";

const productKey = (trainingId: number, sessionId: number | null) => (sessionId === null ? String(trainingId) : `${trainingId}-${sessionId}`);

/**
 * GET attributeApprenants/options: the products the pharmacy bought (training and session, seats bought, used,
 * left, who already has it) and its active members. Sessions already started are not offered any more.
 */
export async function attributionOptions(ctx: ServiceContext, scope: ReferentScope): Promise<AttributionOptions> {
  const { db } = ctx;
  const today = toParisDate(ctx.now());
  const bought = await repo.listBoughtProducts(db, scope.accountId);
  const sessions = new Map(
    (await repo.listSessions(db, [...new Set(bought.flatMap((b) => (b.sessionId === null ? [] : [b.sessionId])))])).map((s) => [s.id, s]),
  );
  const enrolled = await repo.listEnrolmentsOfTrainings(db, scope.accountId, [...new Set(bought.map((b) => b.trainingId))]);
  const products: BoughtProduct[] = [];
  for (const b of bought) {
    const session = b.sessionId === null ? null : sessions.get(b.sessionId);
    if (b.sessionId !== null && (!session || session.startDate < today)) continue;
    const seats = productSeats(
      b.quantity,
      enrolled.filter((e) => e.trainingId === b.trainingId && e.accountId === scope.accountId && e.sessionId === b.sessionId).length,
    );
    products.push({
      key: productKey(b.trainingId, b.sessionId),
      trainingId: b.trainingId,
      name: b.name,
      trainingType: b.trainingType,
      session: session ? { id: session.id, name: session.name, startDate: session.startDate, seatsAvailable: seatsAvailable(session) } : null,
      quantity: seats.bought,
      used: seats.attributed,
      remaining: seats.remaining,
      enrolledContactIds: [...new Set(enrolled.filter((e) => e.trainingId === b.trainingId).map((e) => e.userId))].sort((x, y) => x - y),
    });
  }
  const members = (await listMembers(db, scope.accountId))
    .filter((m) => m.isActive)
    .map((m) => ({ contactId: m.userId, firstName: m.firstName, lastName: m.lastName, email: m.email, role: m.role as "holder" | "referent" | "learner" }));
  return { products, members, readOnly: scope.readOnly };
}

export type AttributionResult = {
  trainingId: number;
  sessionId: number | null;
  attributed: number[];
  alreadyEnrolled: number[];
  remaining: number;
  trainingName: string;
};

/**
 * POST attributeApprenants: the chosen members of the team get a product the pharmacy bought. In ONE transaction,
 * with the account row locked (one attribution of a pharmacy at a time): the members already enrolled in the
 * training are skipped (attributing twice enrols once), the others must fit in the seats bought and not used yet
 * (409 otherwise), and each is enrolled through the enrolment service's transactional part, booking a seat on the
 * product's session (409 when the session is full: nobody is enrolled then). Someone who is not a member of the
 * pharmacy makes the whole call a 404, a product it did not buy too; nothing is written.
 */
export async function attributeApprenants(ctx: ServiceContext, scope: ReferentScope, input: AttributeApprenantsInput): Promise<AttributionResult> {
  const { db } = ctx;
  const sessionId = input.sessionId ?? null;
  const ids = [...new Set(input.apprenants)];
  const members = await repo.findMembers(db, scope.accountId, ids);
  if (members.length !== ids.length) throw new AppError("NOT_FOUND", "teamMemberNotFound");
  const inactive = members.find((m) => !m.isActive);
  if (inactive) throw new AppError("CONFLICT", "attributionMemberInactive", { values: { name: `${inactive.firstName} ${inactive.lastName}` } });
  const quantity = await repo.boughtQuantity(db, scope.accountId, input.trainingId, sessionId);
  if (quantity === 0) throw new AppError("NOT_FOUND", "attributionProductNotFound");
  if (!isBrandKey(scope.account.brand)) throw new AppError("NOT_FOUND", "attributionProductNotFound");
  const training = await requireTraining(ctx, scope.account.brand, input.trainingId);
  const target = await resolveEnrolmentTarget(ctx, training, { sessionId });

  let outcome: { attributed: number[]; alreadyEnrolled: number[]; remaining: number };
  try {
    outcome = await db.transaction(async (tx) => {
      await repo.lockAccount(tx, scope.accountId);
      const already = await repo.enrolledUserIds(tx, training.id, ids);
      const fresh = members.filter((m) => !already.has(m.userId));
      const { remaining } = productSeats(quantity, await repo.usedQuantity(tx, scope.accountId, training.id, sessionId));
      if (fresh.length > remaining) throw new AppError("CONFLICT", "attributionQuantityUsedUp", { values: { count: remaining, asked: fresh.length } });
      for (const member of fresh) {
        const fit = fitsAudience(training, { isPharmacist: member.profession === "pharmacist", isHolder: member.role === "holder" });
        if (!fit.ok) throw new AppError("CONFLICT", "attributionAudience", { values: { name: `${member.firstName} ${member.lastName}` } });
        try {
          await enrolInTransaction(
            { ...ctx, db: tx },
            { userId: member.userId, trainingId: training.id, accountId: scope.accountId, ...target, waitingList: false },
          );
        } catch (error) {
          if (error instanceof AppError && error.messageKey === "enrolmentSessionFull") {
            throw new AppError("CONFLICT", "attributionNoSeats", { values: { session: target.session?.name ?? "" } });
          }
          throw error;
        }
      }
      return { attributed: fresh.map((m) => m.userId), alreadyEnrolled: ids.filter((id) => already.has(id)), remaining: remaining - fresh.length };
    });
  } catch (error) {
    // A member who subscribed in the same instant: the unique index refused the second enrolment, nothing was kept.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "enrolmentAlreadySubscribed");
    throw error;
  }
  for (const userId of outcome.attributed) await afterEnrolment(ctx, scope.accountId, { userId, trainingId: training.id });
  return { trainingId: training.id, sessionId, ...outcome, trainingName: training.name };
}
