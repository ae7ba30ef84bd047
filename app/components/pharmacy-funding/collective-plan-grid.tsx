import type { CollectivePlan } from "#core/contract/training-plans.ts";
import { formatDate, isoDay } from "#core/domain/format.ts";
import { PlanTimeline } from "~/components/ui/plan-timeline";
import { useTranslation } from "~/i18n/react";

type Activity = CollectivePlan["activities"][number];

/** A collective plan's timeline (PlanTimeline), rendered on the server (ADR 0057), with who takes part. */
export function CollectivePlanGrid({ plan, locale }: { plan: CollectivePlan; locale: string }) {
  const { t } = useTranslation("pharmacy-funding");
  return (
    <PlanTimeline
      startDate={plan.period.startDate}
      endDate={plan.period.endDate}
      activities={plan.activities}
      locale={locale}
      captionId="collective-plan-caption"
      caption={t("plan.caption", {
        name: plan.name,
        start: formatDate(plan.period.startDate, locale, "long"),
        end: formatDate(plan.period.endDate, locale, "long"),
        count: plan.period.monthCount,
      })}
      rowLabel={(row) => t("plan.row", { row })}
      testIds={{ table: "collective-plan-grid", row: "collective-plan-row", activity: "collective-plan-activity" }}
      renderActivity={(activity) => (
        <div className="rounded border-l-4 border-sky-700 bg-sky-50 px-2 py-1">
          <span className="font-semibold">{activity.name}</span>
          <span className="block text-xs text-slate-800">
            <ActivityDates activity={activity} locale={locale} /> · {t("plan.people", { count: activity.userIds.length })}
          </span>
        </div>
      )}
    />
  );
}

function ActivityDates({ activity, locale }: { activity: Activity; locale: string }) {
  const { t } = useTranslation("pharmacy-funding");
  const text =
    !activity.finishDate || activity.finishDate === activity.startDate
      ? t("plan.on", { start: formatDate(activity.startDate, locale) })
      : t("plan.fromTo", { start: formatDate(activity.startDate, locale), end: formatDate(activity.finishDate, locale) });
  return <time dateTime={isoDay(activity.startDate)}>{text}</time>;
}

/** The same activities as a list in date order, with who takes part. */
export function CollectivePlanList({ plan, locale }: { plan: CollectivePlan; locale: string }) {
  const { t } = useTranslation("pharmacy-funding");
  const nameOf = (id: number) => plan.users[String(id)]?.name ?? "";
  return (
    <section aria-labelledby="collective-plan-list-title" className="mt-6">
      <h2 id="collective-plan-list-title" className="mb-3 text-xl font-bold">
        {t("plan.listTitle")}
      </h2>
      <ul className="grid gap-2" data-testid="collective-plan-list">
        {[...plan.activities]
          .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id))
          .map((a) => (
            <li key={a.id} className="rounded-md border-l-4 border-sky-700 bg-slate-50 p-3">
              <span className="font-semibold">{a.name}</span> · <ActivityDates activity={a} locale={locale} /> · {t("plan.rowLabel", { row: a.row })}
              <span className="block text-sm">{a.userIds.map(nameOf).filter(Boolean).join(", ")}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}
