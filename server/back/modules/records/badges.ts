import { BADGE_CODES, newBadges, type BadgeCode, type BadgeFacts } from "#core/domain/badges.ts";
import type { Db } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { translator, type MessageKey, type ServerLocale, type Translate, SERVER_LOCALES } from "../../i18n/messages.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { findUserById } from "../user/user.repository.ts";
import { bestPostTestScore, insertBadges, listAwardedBadges } from "./records.repository.ts";
import { enrolmentsOf, historyOf, type RecordsReader } from "./records-reads.ts";
import { entryPoints } from "./records.service.ts";
import { userPointsAccess } from "./points-access.ts";
import type { Badge as BadgePayload } from "#core/contract/records.ts";

const LABEL_KEYS: Record<BadgeCode, { label: MessageKey; description: MessageKey }> = {
  firstTraining: { label: "recordsBadgeFirstTrainingLabel", description: "recordsBadgeFirstTrainingDescription" },
  fiveTrainings: { label: "recordsBadgeFiveTrainingsLabel", description: "recordsBadgeFiveTrainingsDescription" },
  hundredPoints: { label: "recordsBadgeHundredPointsLabel", description: "recordsBadgeHundredPointsDescription" },
  perfectScore: { label: "recordsBadgePerfectScoreLabel", description: "recordsBadgePerfectScoreDescription" },
  dpcCompleted: { label: "recordsBadgeDpcCompletedLabel", description: "recordsBadgeDpcCompletedDescription" },
  threeInAMonth: { label: "recordsBadgeThreeInAMonthLabel", description: "recordsBadgeThreeInAMonthDescription" },
};

/**
 * What the award rules look at. A training counts as finished when its enrolment is finished or its history
 * entry has an end date (older history predates enrolments), unless it ended on a failure (ADR 0107): a failed
 * training earns neither points nor badges. Points count only with points access.
 */
export async function gatherBadgeFacts(db: Db, reader: RecordsReader, pointsAccess: boolean): Promise<BadgeFacts> {
  const [enrolmentRows, history, bestPostTest] = await Promise.all([enrolmentsOf(db, reader), historyOf(db, reader), bestPostTestScore(db, reader.userId)]);
  const failed = new Set(history.filter((h) => h.outcome === "failed").map((h) => h.trainingId));
  const finished = new Map<number, Date>();
  let dpcFinished = 0;
  for (const e of enrolmentRows) {
    if (e.status !== "finished" || failed.has(e.trainingId)) continue;
    finished.set(e.trainingId, e.finishedAt ?? e.startedAt ?? e.createdAt);
    if (e.dpcProgrammeId !== null || e.training.type === "dpc") dpcFinished += 1;
  }
  for (const h of history) {
    if (h.endDate && h.outcome !== "failed" && !finished.has(h.trainingId)) finished.set(h.trainingId, h.endDate);
  }
  const historyBest = history.reduce<number | null>((best, h) => (h.endDate && h.finalScore !== null ? Math.max(best ?? 0, h.finalScore) : best), null);
  const totalPoints = pointsAccess ? history.reduce((sum, h) => sum + entryPoints(h), 0) : 0;
  const best = [bestPostTest, historyBest].filter((s): s is number => s !== null);
  return {
    finishedAt: [...finished.values()],
    totalPoints,
    bestPostTestScore: best.length ? Math.max(...best) : null,
    dpcFinished,
  };
}

function localeOf(value: string): ServerLocale {
  return (SERVER_LOCALES as readonly string[]).includes(value) ? (value as ServerLocale) : "fr-FR";
}

export function badgeText(t: Translate, code: BadgeCode): { label: string; description: string } {
  return { label: t(LABEL_KEYS[code].label), description: t(LABEL_KEYS[code].description) };
}

/**
 * Awards the badges the learner's records now earn and notifies each new one (in the learner's locale).
 * Idempotent: a badge is stored once (primary key user+code), and only the call that stored it notifies.
 * Called when a training is finished; safe to call any time. Returns the newly awarded codes.
 * `notify: false` stores without notifying (catch-up of records that predate the rules, see listBadges).
 */
export async function awardBadges(ctx: ServiceContext, userId: number, options: { notify?: boolean } = {}): Promise<BadgeCode[]> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return [];
  const pointsAccess = await userPointsAccess(ctx.db, userId, user.currentAccountId);
  const notifyIn = options.notify === false ? null : localeOf(user.locale);
  return (await awardAndRead(ctx, { userId, session: null, pointsAccess }, notifyIn)).added;
}

/** Whose badges, with their points access (points count toward a badge only with it). */
type BadgeReader = RecordsReader & { pointsAccess: boolean };

/**
 * awardBadges for a known points access, and the badges stored before it ran (listBadges reads them again only when
 * one was added).
 */
async function awardAndRead(
  ctx: ServiceContext,
  reader: BadgeReader,
  notifyIn: ServerLocale | null,
): Promise<{ added: BadgeCode[]; awarded: { code: string; awardedAt: Date }[] }> {
  const { db } = ctx;
  const { userId } = reader;
  const [facts, awarded] = await Promise.all([gatherBadgeFacts(db, reader, reader.pointsAccess), listAwardedBadges(db, userId)]);
  const candidates = newBadges(
    facts,
    awarded.map((b) => b.code),
  );
  if (candidates.length === 0) return { added: [], awarded };
  const now = ctx.now();
  const inserted = new Set(await insertBadges(db, userId, candidates, now));
  const added = BADGE_CODES.filter((code) => inserted.has(code));
  if (notifyIn === null) return { added, awarded };
  const t = translator(notifyIn);
  for (const code of added) {
    const { label, description } = badgeText(t, code);
    try {
      await notifyUser(ctx, {
        userId,
        title: t("recordsBadgeEarnedTitle", { badge: label }),
        body: t("recordsBadgeEarnedBody", { description }),
        link: null,
      });
    } catch (error) {
      // The badge is stored; a failed notification must not undo the caller's work.
      ctx.logger.warn({ err: error, userId, code }, "badge notification failed");
    }
  }
  return { added, awarded };
}

/**
 * Every badge, earned or not, with its translated label and description. Badges the records already earn but
 * that were never awarded (records older than the rules, imported or seeded) are stored first, silently: the
 * learner was not notified of a badge for a training finished long ago. The points access is the viewer's session's,
 * as the page shows their points.
 */
export async function listBadges(ctx: ServiceContext, reader: BadgeReader, t: Translate): Promise<BadgePayload[]> {
  const { db } = ctx;
  const { userId } = reader;
  const caughtUp = await awardAndRead(ctx, reader, null);
  // One read of the stored badges when the catch-up added none (the usual case), two otherwise.
  const awarded = new Map((caughtUp.added.length ? await listAwardedBadges(db, userId) : caughtUp.awarded).map((b) => [b.code, b.awardedAt]));
  return BADGE_CODES.map((code) => {
    const awardedAt = awarded.get(code) ?? null;
    return { code, ...badgeText(t, code), earned: awardedAt !== null, awardedAt: awardedAt?.toISOString() ?? null };
  });
}
