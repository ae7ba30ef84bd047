import { randomBytes } from "node:crypto";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { pagePath } from "#core/page-links.ts";
import type { ServiceContext } from "../../service-context.ts";
import { feedbackRequestMail } from "../../../mail/feedback-templates.ts";
import { insertMailReceipt } from "../evidence-packs/evidence-packs.repository.ts";
import type { BackDeps } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { publicOrigin, type RequestHost } from "../../http/request-host.ts";
import { hashToken } from "../auth/tokens.ts";
import {
  consumeFeedbackRequest,
  findEnrolmentWithUserAndTraining,
  findFeedbackRequestOfEnrolment,
  findReviewerName,
  findUsableFeedbackRequest,
  insertReview,
  linkFeedbackRequestReview,
  refreshTrainingRating,
  saveFeedbackRequest,
} from "./attestations.repository.ts";

export const FEEDBACK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 200;

/** "Julie M.": the public author name of a review. */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** Stores a feedback request whose token hashes to `tokenHash` (the seed uses it with fixed demo tokens). */
export async function insertFeedbackRequest(
  ctx: ServiceContext,
  input: { rawToken: string; userId: number; trainingId: number; enrolmentId: number | null; expiresAt: Date; now: Date },
) {
  await saveFeedbackRequest(ctx.db, {
    tokenHash: hashToken(input.rawToken),
    userId: input.userId,
    trainingId: input.trainingId,
    enrolmentId: input.enrolmentId,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

/**
 * Asks the learner of a finished enrolment for a review: a single-use token (only its sha256 is stored),
 * valid 30 days, mailed as a link to /feedback/{token}. Once per enrolment: a second call does nothing and
 * returns null. A mail failure is logged, not thrown (the training is finished either way).
 */
export async function createFeedbackRequest(
  ctx: ServiceContext,
  enrolmentId: number,
  options: { hosts: Pick<BackDeps, "brandHosts" | "publicPort">; requestHost?: RequestHost | null },
): Promise<{ token: string; link: string } | null> {
  const row = await findEnrolmentWithUserAndTraining(ctx.db, enrolmentId);
  if (!row) throw new AppError("NOT_FOUND", "attestationsEnrolmentNotFound");
  const existing = await findFeedbackRequestOfEnrolment(ctx.db, enrolmentId);
  if (existing) return null;
  const now = ctx.now();
  const token = randomBytes(32).toString("base64url");
  await insertFeedbackRequest(ctx, {
    rawToken: token,
    userId: row.user.id,
    trainingId: row.training.id,
    enrolmentId,
    expiresAt: new Date(now.getTime() + FEEDBACK_TTL_MS),
    now,
  });
  const origin = publicOrigin({ env: ctx.env, ...options.hosts }, row.user.brand, options.requestHost) ?? "";
  const link = `${origin}${pagePath("feedback", row.user.locale.startsWith("es") ? "es" : "fr", { token })}`;
  const brand = isBrandKey(row.user.brand) ? BRANDS[row.user.brand] : BRANDS.fr;
  try {
    const sent = await ctx.mailer.send({
      to: row.user.email,
      ...feedbackRequestMail({ brand, locale: row.user.locale, firstName: row.user.firstName, trainingName: row.training.name, link }),
    });
    // When it went out, for the training's evidence pack (ADR 0127).
    await insertMailReceipt(ctx.db, {
      kind: "feedbackRequest",
      userId: row.user.id,
      trainingId: row.training.id,
      enrolmentId,
      recipient: row.user.email,
      messageId: sent.id,
      sentAt: ctx.now(),
    });
  } catch (error) {
    ctx.logger.error({ err: error }, "feedback request mail not sent");
  }
  return { token, link };
}

/** The training a valid token asks about; an unknown, used or expired token is a 404 with a clear message. */
export async function getFeedbackRequest(ctx: ServiceContext, raw: string, now: Date) {
  if (!raw || raw.length > MAX_TOKEN_LENGTH) throw new AppError("NOT_FOUND", "attestationsFeedbackInvalidToken");
  const row = await findUsableFeedbackRequest(ctx.db, hashToken(raw), now);
  if (!row) throw new AppError("NOT_FOUND", "attestationsFeedbackInvalidToken");
  return row;
}

/**
 * Stores the review and refreshes the training's cached rating in one transaction; the token is consumed by
 * the same atomic update that checks it, so of two concurrent submissions only one is stored.
 */
export async function submitFeedback(ctx: ServiceContext, raw: string, input: { rating: number; comment: string }, now: Date) {
  if (!raw || raw.length > MAX_TOKEN_LENGTH) throw new AppError("NOT_FOUND", "attestationsFeedbackInvalidToken");
  return ctx.db.transaction(async (tx) => {
    const request = await consumeFeedbackRequest(tx, hashToken(raw), now);
    if (!request) throw new AppError("NOT_FOUND", "attestationsFeedbackInvalidToken");
    const user = await findReviewerName(tx, request.userId);
    const review = await insertReview(tx, {
      trainingId: request.trainingId,
      userId: request.userId,
      authorName: reviewAuthorName(user?.firstName ?? "", user?.lastName ?? ""),
      rating: input.rating,
      comment: input.comment || null,
      createdAt: now,
    });
    await linkFeedbackRequestReview(tx, request.id, review!.id);
    await refreshTrainingRating(tx, request.trainingId);
    return { reviewId: review!.id, trainingId: request.trainingId };
  });
}
