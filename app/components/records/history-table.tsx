import { Link } from "react-router";
import type { Locale } from "#core/branding/brands.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formatDate, formatScore, isoDay } from "#core/domain/format.ts";
import type { HistoryEntry } from "./types";

const CELL = "border-b border-slate-200 px-3 py-2 align-top";

/** How a training ended (ADR 0107): passed, followed, or not passed and why; its attempts at the final assessment. */
function Outcome({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation("records");
  if (entry.outcome === null) return <>{entry.endDate ? t("history.noScore") : t("history.inProgress")}</>;
  const attempts = entry.attempts && entry.attempts > 1 ? ` · ${t("history.attempts", { count: entry.attempts })}` : "";
  if (entry.outcome !== "failed") return <>{`${t(`history.outcome.${entry.outcome}`)}${attempts}`}</>;
  return (
    <>
      <span className="font-semibold text-red-800">{t("history.outcome.failed")}</span>
      {entry.passScore !== null && entry.attempts !== null ? (
        <span className="block text-sm" data-testid="failed-why">
          {t("history.failedWhy", { pass: entry.passScore, count: entry.attempts })}
        </span>
      ) : null}
    </>
  );
}

/** The learner's history as a table; points only with points access. */
export function HistoryTable({ entries, locale, showPoints }: { entries: HistoryEntry[]; locale: Locale; showPoints: boolean }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  const score = (value: number | null) => {
    const text = formatScore(value, locale);
    return text === null ? <span aria-label={t("history.noScore")}>{t("history.noScore")}</span> : t("history.percent", { value: text });
  };
  return (
    <div className="overflow-x-auto" role="region" aria-labelledby="history-caption" tabIndex={0}>
      <table className="w-full min-w-[40rem] border-collapse text-left" data-testid="history-table">
        <caption id="history-caption" className="sr-only">
          {t("history.caption")}
        </caption>
        <thead>
          <tr className="bg-slate-100">
            <th scope="col" className={CELL}>
              {t("history.training")}
            </th>
            <th scope="col" className={CELL}>
              {t("history.startDate")}
            </th>
            <th scope="col" className={CELL}>
              {t("history.endDate")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("history.initialScore")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("history.finalScore")}
            </th>
            <th scope="col" className={CELL}>
              {t("history.result")}
            </th>
            {showPoints ? (
              <th scope="col" className={`${CELL} text-right`}>
                {t("history.points")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const formation = entry.formations[0] ?? { initialScore: null, finalScore: null };
            return (
              <tr key={entry.id} data-testid="history-row" data-outcome={entry.outcome ?? undefined}>
                <th scope="row" className={`${CELL} font-semibold`}>
                  <Link
                    to={path("training", { trainingType: entry.course.type, slug: entry.course.slug })}
                    className="text-[var(--color-primary-dark)] underline"
                  >
                    {entry.course.name}
                  </Link>
                </th>
                <td className={CELL}>
                  <time dateTime={isoDay(entry.startDate)}>{formatDate(entry.startDate, locale)}</time>
                </td>
                <td className={CELL}>
                  {entry.endDate ? <time dateTime={isoDay(entry.endDate)}>{formatDate(entry.endDate, locale)}</time> : t("history.inProgress")}
                </td>
                <td className={`${CELL} text-right`} data-testid="initial-score">
                  {score(formation.initialScore)}
                </td>
                <td className={`${CELL} text-right`} data-testid="final-score">
                  {score(formation.finalScore)}
                </td>
                <td className={CELL} data-testid="entry-outcome" data-outcome={entry.outcome ?? undefined}>
                  <Outcome entry={entry} />
                </td>
                {showPoints ? (
                  <td className={`${CELL} text-right font-semibold`} data-testid="entry-points">
                    {entry.points ?? 0}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
