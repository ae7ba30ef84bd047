import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import type { Tx } from "../../../db/client.ts";
import { serverLocale } from "../../../i18n/i18n.ts";
import { seatPromotedMail, waitingRemovedMail } from "../../../mail/session-templates.ts";
import { accountChannelName } from "../../../realtime/app-channels.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { translator } from "../../i18n/messages.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import {
  addSeat,
  cancelEnrolment,
  findSeatNoticeData,
  findSessionEnrolmentForUpdate,
  firstInLine,
  lockSession,
  promoteEnrolment,
  shiftWaitingList,
} from "./enrolment.repository.ts";

/**
 * The seats of a session and its waiting list (ADR 0085). Every change runs inside the caller's transaction (the
 * context it passes is `{ ...ctx, db: tx }`), after the caller locked the session row (`select ... for update`): two
 * frees of the same session queue up on that lock, and each one gives only the seats the row still shows free, so a
 * session is never overbooked. The learners are
 * told (notification and mail, in their language) by `tellSeatChanges`, after the commit.
 */

export type SeatChange = { kind: "promoted" | "removed"; enrolmentId: number; userId: number; accountId: number | null; trainingId: number };

/** Gives the session's free seats to its waiting list, first in line first; returns who got one. */
export async function fillFreedSeats(ctx: ServiceContext & { db: Tx }, sessionId: number): Promise<SeatChange[]> {
  const changes: SeatChange[] = [];
  for (;;) {
    const seats = await lockSession(ctx.db, sessionId);
    if (!seats || seats.currentParticipants >= seats.maxParticipants) break;
    const next = await firstInLine(ctx.db, sessionId);
    if (!next) break;
    await promoteEnrolment(ctx.db, next.id);
    await shiftWaitingList(ctx.db, sessionId, next.waitingListPosition ?? 0);
    changes.push({ kind: "promoted", enrolmentId: next.id, userId: next.userId, accountId: next.accountId, trainingId: next.trainingId });
  }
  return changes;
}

/**
 * A booked seat has left the session (its enrolment cancelled or moved out, which the database already counted,
 * ADR 0111): the waiting list moves up.
 */
export async function releaseSeat(ctx: ServiceContext & { db: Tx }, sessionId: number): Promise<SeatChange[]> {
  await lockSession(ctx.db, sessionId);
  return fillFreedSeats(ctx, sessionId);
}

export type WaitingOutcome = {
  changed: boolean;
  change: SeatChange | null;
  before: { status: string; waitingListPosition: number | null; maxParticipants: number };
  after: { status: string; waitingListPosition: number | null; maxParticipants: number };
};

/**
 * An administrator gives a seat to one learner of the waiting list (any place in the line). A full session is
 * refused (409 on `addSeat`) unless `addSeat`: the session then gets one seat more for this learner. Promoting an
 * enrolment already booked in the session changes nothing (idempotent).
 */
export async function promoteWaiting(
  ctx: ServiceContext & { db: Tx },
  sessionId: number,
  enrolmentId: number,
  options: { addSeat: boolean },
): Promise<WaitingOutcome> {
  const seats = await lockSession(ctx.db, sessionId);
  if (!seats) throw new AppError("NOT_FOUND", "adminSessionNotFound");
  const row = await findSessionEnrolmentForUpdate(ctx.db, sessionId, enrolmentId);
  if (!row || row.status === "cancelled") throw new AppError("NOT_FOUND", "adminWaitingNotInList", { fields: { enrolmentId: ["adminWaitingNotInList"] } });
  const before = { status: row.status, waitingListPosition: row.waitingListPosition, maxParticipants: seats.maxParticipants };
  if (row.status !== "waiting_list") return { changed: false, change: null, before, after: before };
  let max = seats.maxParticipants;
  if (seats.currentParticipants >= seats.maxParticipants) {
    if (!options.addSeat) throw new AppError("CONFLICT", "adminWaitingSessionFull", { fields: { addSeat: ["adminWaitingSessionFull"] } });
    await addSeat(ctx.db, sessionId);
    max += 1;
  }
  await promoteEnrolment(ctx.db, row.id);
  await shiftWaitingList(ctx.db, sessionId, row.waitingListPosition ?? 0);
  return {
    changed: true,
    change: { kind: "promoted", enrolmentId: row.id, userId: row.userId, accountId: row.accountId, trainingId: row.trainingId },
    before,
    after: { status: "pending", waitingListPosition: null, maxParticipants: max },
  };
}

/** An administrator takes a learner off the waiting list (the enrolment is cancelled); a second call changes nothing. */
export async function removeWaiting(ctx: ServiceContext & { db: Tx }, sessionId: number, enrolmentId: number): Promise<WaitingOutcome> {
  const seats = await lockSession(ctx.db, sessionId);
  if (!seats) throw new AppError("NOT_FOUND", "adminSessionNotFound");
  const row = await findSessionEnrolmentForUpdate(ctx.db, sessionId, enrolmentId);
  const none = { status: "cancelled", waitingListPosition: null, maxParticipants: seats.maxParticipants };
  if (row?.status === "cancelled") return { changed: false, change: null, before: none, after: none };
  if (!row || row.status !== "waiting_list") throw new AppError("NOT_FOUND", "adminWaitingNotInList", { fields: { enrolmentId: ["adminWaitingNotInList"] } });
  await cancelEnrolment(ctx.db, row.id);
  await shiftWaitingList(ctx.db, sessionId, row.waitingListPosition ?? 0);
  return {
    changed: true,
    change: { kind: "removed", enrolmentId: row.id, userId: row.userId, accountId: row.accountId, trainingId: row.trainingId },
    before: { status: row.status, waitingListPosition: row.waitingListPosition, maxParticipants: seats.maxParticipants },
    after: none,
  };
}

/** Realtime: the account's open pages refetch the training plan. A broadcast failure never fails the request. */
export async function publishPlanUpdate(ctx: ServiceContext, accountId: number | null, payload: { userId: number; trainingId: number }) {
  if (accountId === null) return;
  try {
    await ctx.broadcaster.broadcast(accountChannelName(accountId), "TrainingPlanUpdate", payload);
  } catch (error) {
    ctx.logger.warn({ err: error }, "TrainingPlanUpdate broadcast failed");
  }
}

/**
 * Tells each learner of committed seat changes: a notification (delivered live) and a mail, in the learner's
 * language, and refreshes their training plan. The seat is theirs either way: a failure is logged, never thrown.
 */
export async function tellSeatChanges(ctx: ServiceContext, changes: SeatChange[]): Promise<void> {
  for (const change of changes) {
    try {
      const data = await findSeatNoticeData(ctx.db, change.enrolmentId);
      if (!data) continue;
      const locale = serverLocale(data.locale);
      const t = translator(locale);
      const date = formatCalendarDay(String(data.startDate), locale);
      const promoted = change.kind === "promoted";
      await notifyUser(ctx, {
        userId: data.userId,
        title: t(promoted ? "enrolmentPromotedTitle" : "adminWaitingRemovedTitle"),
        body: promoted
          ? t("enrolmentPromotedBody", { session: data.sessionName, training: data.trainingName })
          : t("adminWaitingRemovedBody", { session: data.sessionName, training: data.trainingName, date }),
      });
      const input = {
        brand: isBrandKey(data.brand) ? BRANDS[data.brand] : BRANDS.fr,
        locale,
        firstName: data.firstName,
        session: data.sessionName,
        training: data.trainingName,
        date,
      };
      await ctx.mailer.send({ to: data.email, ...(promoted ? seatPromotedMail(input) : waitingRemovedMail(input)) });
    } catch (error) {
      ctx.logger.error({ err: error, userId: change.userId, kind: change.kind }, "seat change notice failed");
    }
    await publishPlanUpdate(ctx, change.accountId, { userId: change.userId, trainingId: change.trainingId });
  }
}
