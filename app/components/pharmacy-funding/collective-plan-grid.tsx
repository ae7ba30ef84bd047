import type { CollectivePlan } from "#core/contract/training-plans.ts";
import { formatDate, formatMonth, isoDay } from "#core/domain/format.ts";
import { periodMonths } from "#core/domain/training-plan.ts";
import { useTranslation } from "~/i18n/react";

type Activity = CollectivePlan["activities"][number];

const monthOf = (day: string) => day.slice(0, 7);

/**
 * A collective plan's timeline, rendered on the server (ADR 0057): months are the columns, each display row a table
 * row, an activity one cell spanning its months (overlapping months are on different rows). The list below says the
 * same thing in a linear form (screen readers, small screens, printing).
 */
export function CollectivePlanGrid({ plan, locale }: { plan: CollectivePlan; locale: string }) {
  const { t } = useTranslation("pharmacy-funding");
  const months = periodMonths(plan.period.startDate, plan.period.endDate);
  const rowCount = Math.max(0, ...plan.activities.map((a) => a.row));
  const rows = Array.from({ length: rowCount }, (_, i) => i + 1);
  const cellsOf = (row: number) => {
    const inRow = plan.activities.filter((a) => a.row === row);
    const cells: { key: string; activity: Activity | null; span: number }[] = [];
    for (let index = 0; index < months.length; ) {
      const month = months[index];
      const activity = inRow.find((a) => monthOf(a.fromDate) <= month && month <= monthOf(a.toDate));
      if (!activity) {
        cells.push({ key: month, activity: null, span: 1 });
        index += 1;
        continue;
      }
      const last = months.indexOf(monthOf(activity.toDate));
      const span = (last === -1 ? months.length - 1 : last) - index + 1;
      cells.push({ key: `${month}-${activity.id}`, activity, span });
      index += span;
    }
    return cells;
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-300" role="region" aria-labelledby="collective-plan-caption" tabIndex={0}>
      <table className="min-w-full border-collapse text-left text-sm" data-testid="collective-plan-grid">
        <caption id="collective-plan-caption" className="p-3 text-left font-semibold">
          {t("plan.caption", { name: plan.name, start: formatDate(plan.period.startDate, locale, "long"), end: formatDate(plan.period.endDate, locale, "long"), count: plan.period.monthCount })}
        </caption>
        <thead>
          <tr className="bg-slate-100">
            <td className="border border-slate-200 p-2" />
            {months.map((month) => (
              <th key={month} scope="col" className="min-w-20 border border-slate-200 p-2 font-semibold capitalize">
                <abbr title={formatMonth(month, locale)} className="no-underline">
                  {formatMonth(month, locale, "short")}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} data-testid="collective-plan-row" data-row={row}>
              <th scope="row" className="border border-slate-200 p-2 font-normal text-slate-700">
                {t("plan.row", { row })}
              </th>
              {cellsOf(row).map(({ key, activity, span }) =>
                activity ? (
                  <td key={key} colSpan={span} className="border border-slate-200 p-1" data-testid="collective-plan-activity" data-activity={activity.id}>
                    <div className="rounded border-l-4 border-sky-700 bg-sky-50 px-2 py-1">
                      <span className="font-semibold">{activity.name}</span>
                      <span className="block text-xs text-slate-800">
                        <ActivityDates activity={activity} locale={locale} /> · {t("plan.people", { count: activity.userIds.length })}
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
