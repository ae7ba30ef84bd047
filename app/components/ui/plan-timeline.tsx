import type { ReactNode } from "react";
import { formatMonth } from "#core/domain/format.ts";
import { periodMonths, timelineRows, type TimelineActivity } from "#core/domain/training-plan.ts";

type Props<T extends TimelineActivity> = {
  startDate: string;
  endDate: string;
  activities: readonly T[];
  locale: string;
  /** The id the region is labelled by, and the caption's content. */
  captionId: string;
  caption: ReactNode;
  rowLabel: (row: number) => string;
  renderActivity: (activity: T) => ReactNode;
  /** data-testid of the table, its rows and its activity cells (tests find them). */
  testIds: { table: string; row?: string; activity: string };
};

/**
 * A plan timeline as an accessible table (the learner's plan and the pharmacy's collective plans): months are the
 * columns, each display row of the plan a table row, an activity one cell spanning its months. Plain HTML, so it
 * reads without JavaScript; it scrolls sideways on small screens, where the list beside it says the same thing.
 */
export function PlanTimeline<T extends TimelineActivity>({
  startDate,
  endDate,
  activities,
  locale,
  captionId,
  caption,
  rowLabel,
  renderActivity,
  testIds,
}: Props<T>) {
  const months = periodMonths(startDate, endDate);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-300" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="min-w-full border-collapse text-left text-sm" data-testid={testIds.table}>
        <caption id={captionId} className="p-3 text-left font-semibold">
          {caption}
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
          {timelineRows(months, activities).map(({ row, cells }) => (
            <tr key={row} data-testid={testIds.row} data-row={row}>
              <th scope="row" className="border border-slate-200 p-2 font-normal text-slate-700">
                {rowLabel(row)}
              </th>
              {cells.map(({ key, activity, span }) =>
                activity ? (
                  <td key={key} colSpan={span} className="border border-slate-200 p-1" data-testid={testIds.activity} data-activity={activity.id}>
                    {renderActivity(activity)}
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
