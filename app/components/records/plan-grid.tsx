import { Link } from "react-router";
import type { Locale } from "#core/branding/brands.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formatDate, isoDay } from "#core/domain/format.ts";
import { PlanTimeline } from "~/components/ui/plan-timeline";
import type { PlanActivity, TrainingPlan } from "./types";

const STATUS_STYLE: Record<string, string> = {
  finished: "border-emerald-700 bg-emerald-50",
  in_progress: "border-sky-700 bg-sky-50",
  waiting_list: "border-amber-700 bg-amber-50",
  pending: "border-slate-600 bg-white",
};

/** The learner's plan as a timeline table (PlanTimeline), each activity linking to its training. */
export function PlanGrid({ plan, locale }: { plan: TrainingPlan; locale: Locale }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  return (
    <PlanTimeline
      startDate={plan.startDate}
      endDate={plan.endDate}
      activities={plan.activities}
      locale={locale}
      captionId="plan-caption"
      caption={
        <>
          {t("plan.caption", { start: formatDate(plan.startDate, locale, "long"), end: formatDate(plan.endDate, locale, "long") })}
          <span className="block text-sm font-normal text-slate-700">{t("plan.scrollHint")}</span>
        </>
      }
      rowLabel={(row) => t("plan.row", { row })}
      testIds={{ table: "plan-grid", activity: "plan-activity" }}
      renderActivity={(activity) => (
        <div className={`rounded border-l-4 px-2 py-1 ${STATUS_STYLE[activity.status] ?? STATUS_STYLE.pending}`}>
          <Link
            to={path("training", { trainingType: activity.type, slug: activity.slug })}
            className="font-semibold text-[var(--color-primary-dark)] underline"
          >
            {activity.name}
          </Link>
          <span className="block text-xs text-slate-800">
            {t(`status.${activity.status}`, { defaultValue: activity.status })} · <ActivityDates activity={activity} locale={locale} />
          </span>
        </div>
      )}
    />
  );
}

function ActivityDates({ activity, locale }: { activity: PlanActivity; locale: Locale }) {
  const { t } = useTranslation("records");
  const text =
    !activity.finishDate || activity.finishDate === activity.startDate
      ? t("plan.from", { start: formatDate(activity.startDate, locale) })
      : t("plan.fromTo", { start: formatDate(activity.startDate, locale), end: formatDate(activity.finishDate, locale) });
  return <time dateTime={isoDay(activity.startDate)}>{text}</time>;
}

/** The same activities as a list, in date order (small screens, screen readers, printing). */
export function PlanList({ plan, locale }: { plan: TrainingPlan; locale: Locale }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  const sorted = [...plan.activities].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
  return (
    <section aria-labelledby="plan-list-title" className="mt-8">
      <h3 id="plan-list-title" className="mb-3 text-xl font-bold">
        {t("plan.listTitle")}
      </h3>
      <ul className="grid gap-3" data-testid="plan-list">
        {sorted.map((activity) => (
          <li key={activity.id} className={`rounded-md border-l-4 p-3 ${STATUS_STYLE[activity.status] ?? STATUS_STYLE.pending}`}>
            <Link
              to={path("training", { trainingType: activity.type, slug: activity.slug })}
              className="font-semibold text-[var(--color-primary-dark)] underline"
            >
              {activity.name}
            </Link>
            <p className="text-sm">
              {t(`status.${activity.status}`, { defaultValue: activity.status })} · <ActivityDates activity={activity} locale={locale} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
