import { Link } from "react-router";
import type { Locale } from "#core/branding/brands.ts";
import { periodMonths } from "#core/domain/training-plan.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formatDate, formatMonth, isoDay } from "#core/domain/format.ts";
import type { PlanActivity, TrainingPlan } from "./types";

const STATUS_STYLE: Record<string, string> = {
  finished: "border-emerald-700 bg-emerald-50",
  in_progress: "border-sky-700 bg-sky-50",
  waiting_list: "border-amber-700 bg-amber-50",
  pending: "border-slate-600 bg-white",
};

/**
 * The plan as an accessible table: months are the columns, each display row of the plan a table row, and an
 * activity one cell spanning its months. Plain HTML: readable without JavaScript; scrolls sideways on small
 * screens (the list below says the same thing in a linear form).
 */
export function PlanGrid({ plan, locale }: { plan: TrainingPlan; locale: Locale }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  const months = periodMonths(plan.startDate, plan.endDate);
  const rowCount = Math.max(0, ...plan.activities.map((a) => a.row));
  const rows = Array.from({ length: rowCount }, (_, i) => i + 1);
  const monthOf = (day: string) => day.slice(0, 7);

  const cellsOf = (row: number) => {
    const inRow = plan.activities.filter((a) => a.row === row);
    const cells: { key: string; activity: PlanActivity | null; span: number }[] = [];
    for (let index = 0; index < months.length; ) {
      const month = months[index];
      const activity = inRow.find((a) => monthOf(a.fromDate) <= month && month <= monthOf(a.toDate));
      if (!activity) {
        cells.push({ key: month, activity: null, span: 1 });
        index += 1;
        continue;
      }
      const last = months.findIndex((m) => m === monthOf(activity.toDate));
      const span = (last === -1 ? months.length - 1 : last) - index + 1;
      cells.push({ key: `${month}-${activity.id}`, activity, span });
      index += span;
    }
    return cells;
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-300" role="region" aria-labelledby="plan-caption" tabIndex={0}>
      <table className="min-w-full border-collapse text-left text-sm" data-testid="plan-grid">
        <caption id="plan-caption" className="p-3 text-left font-semibold">
          {t("plan.caption", { start: formatDate(plan.startDate, locale, "long"), end: formatDate(plan.endDate, locale, "long") })}
          <span className="block text-sm font-normal text-slate-700">{t("plan.scrollHint")}</span>
        </caption>
        <thead>
          <tr className="bg-slate-100">
            <td className="border border-slate-200 p-2" />
            {months.map((month) => (
              <th key={month} scope="col" className="min-w-24 border border-slate-200 p-2 font-semibold capitalize">
                <abbr title={formatMonth(month, locale)} className="no-underline">
                  {formatMonth(month, locale, "short")}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th scope="row" className="border border-slate-200 p-2 font-normal text-slate-700">
                {t("plan.row", { row })}
              </th>
              {cellsOf(row).map(({ key, activity, span }) =>
                activity ? (
                  <td key={key} colSpan={span} className="border border-slate-200 p-1" data-testid="plan-activity">
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
                  </td>
                ) : (
                  <td key={key} className="border border-slate-200 p-1" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
            <Link to={path("training", { trainingType: activity.type, slug: activity.slug })} className="font-semibold text-[var(--color-primary-dark)] underline">
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
