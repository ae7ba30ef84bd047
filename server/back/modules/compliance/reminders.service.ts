/**
 * Deadline reminders (issue 33, ADR 0126): once a day, each professional whose obligation deadline is 90 or 30 days
 * away with a gap left gets a platform notification and a mail, in their language, once per obligation, deadline and
 * notice. A notice missed (the job did not run that day) goes out on a later day, but only the notice of the current
 * window: within 30 days it is the 30-day one, so two notices never go out the same day for one deadline. Voluntary
 * obligations (Spain's RCF credits) get none. Sending is claimed by inserting the reminder's key (at most once: a
 * claim whose sending then fails is logged, not retried).
 */
import { BRAND_KEYS, BRANDS, isBrandKey, type Locale } from "#core/branding/brands.ts";
import type { ComplianceStatus } from "#core/domain/compliance.ts";
import { COMPLIANCE_OBLIGATIONS } from "#core/domain/compliance-obligations.ts";
import { gapsWords, numericDay } from "#core/domain/compliance-words.ts";
import { pagePath } from "#core/page-links.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { render } from "../../../mail/templates.ts";
import { translator } from "../../i18n/messages.ts";
import type { ServiceContext } from "../../service-context.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { complianceCountryOf, complianceOfUsers, complianceToday, type ProfessionalCompliance } from "./compliance.service.ts";
import { claimReminder, professionalIdsAfter } from "./reminders.repository.ts";

/** Days before the deadline, the earliest notice first. */
export const REMINDER_NOTICES = [90, 30] as const;

/** The obligations reminded: every one but the voluntary Spanish credits. */
const REMINDED = (["dpcTriennial", "certificationPeriodique", "belgiumCf"] as const).map((name) => COMPLIANCE_OBLIGATIONS[name]);
const REMINDED_COUNTRIES = new Set(REMINDED.map((rule) => rule.country));
const REMINDED_BRANDS = BRAND_KEYS.filter((key) => REMINDED_COUNTRIES.has(complianceCountryOf(key)));
const REMINDED_PROFESSIONS = [...new Set(REMINDED.flatMap((rule) => rule.professions))];

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The notice due with `daysLeft` days to the deadline: the nearest window it is in (30 within 30 days), or none. */
export function noticeFor(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const due = REMINDER_NOTICES.filter((days) => daysLeft <= days);
  return due.length ? Math.min(...due) : null;
}

/** A status that warrants a reminder today: a gap left, not voluntary, the deadline not passed, within a notice. */
function dueNotice(status: ComplianceStatus, today: string): number | null {
  if (status.state !== "in_progress" && status.state !== "at_risk") return null;
  return noticeFor(daysBetween(today, status.deadline));
}

/** The address of a brand's site, for the mail's link (the job has no request to read it from). */
export type OriginOf = (brand: string) => string;

const localeOf = (value: string): Locale => (value.startsWith("es") ? "es-ES" : value === "fr-BE" ? "fr-BE" : "fr-FR");

async function send(jobCtx: ServiceContext, originOf: OriginOf, p: ProfessionalCompliance, status: ComplianceStatus, today: string): Promise<void> {
  const brand = BRANDS[isBrandKey(p.brand) ? p.brand : "fr"];
  const locale = localeOf(p.locale);
  const ctx: ServiceContext = { ...jobCtx, brand, locale, t: translator(locale) };
  const t = fixedT(locale, "compliance-team");
  const words = (key: string, values?: Record<string, string | number>) => t(key, values ?? {});
  const values = {
    obligation: t(`obligations.${status.obligation}`),
    date: numericDay(status.deadline, locale),
    days: daysBetween(today, status.deadline),
    gaps: gapsWords(status.gaps, words, locale),
  };
  const link = pagePath("compliance-tracker", locale === "es-ES" ? "es" : "fr")!;
  await notifyUser(ctx, { userId: p.userId, title: t("reminder.title", values), body: t("reminder.body", values), link });
  const origin = originOf(brand.key);
  const mail = render(brand, [t("reminder.greeting", { name: p.firstName }), t("reminder.mailBody", values), t("reminder.mailHint")], {
    label: t("reminder.action"),
    url: `${origin}${link}`,
  });
  await ctx.mailer.send({ to: p.email, subject: t("reminder.subject", values), ...mail });
}

/**
 * The day's reminders, users taken `batchSize` at a time. Returns how many this run sent (another instance's run of
 * the same day sends the others, never the same).
 */
export async function remindProfessionals(ctx: ServiceContext, originOf: OriginOf, batchSize = 200): Promise<number> {
  const today = complianceToday(ctx);
  let sent = 0;
  let after = 0;
  for (;;) {
    const ids = await professionalIdsAfter(ctx.db, after, batchSize, REMINDED_BRANDS, REMINDED_PROFESSIONS);
    if (ids.length === 0) return sent;
    after = ids[ids.length - 1];
    for (const professional of await complianceOfUsers(ctx, ids, today)) {
      for (const status of professional.statuses) {
        const daysBefore = dueNotice(status, today);
        if (daysBefore === null) continue;
        const key = { userId: professional.userId, obligation: status.obligation, deadline: status.deadline, daysBefore };
        if (!(await claimReminder(ctx.db, key, ctx.now()))) continue;
        try {
          await send(ctx, originOf, professional, status, today);
          sent++;
        } catch (error) {
          ctx.logger.error({ err: error, reminder: key }, "compliance reminder not sent");
        }
      }
    }
  }
}
