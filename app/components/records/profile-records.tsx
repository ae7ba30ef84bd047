import { Link } from "react-router";
import type { Locale } from "#core/branding/brands.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formatDate, isoDay } from "#core/domain/format.ts";
import type { Badge, CurrentFormations, Suggestion, UserTraining } from "./types";

const CARD = "rounded-lg border border-slate-300 p-5";
const LINK = "font-semibold text-[var(--color-primary-dark)] underline";

/** The current training (spec section 4 rule) with a link to continue, then the other current and upcoming ones. */
export function CurrentTrainings({ formations, locale, showPoints }: { formations: CurrentFormations; locale: Locale; showPoints: boolean }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  const current = formations.currentTraining;
  const others = [...formations.current, ...formations.upcoming].filter((item) => item.enrolmentId !== current?.enrolmentId);
  return (
    <section aria-labelledby="current-training-title" className={`${CARD} md:col-span-2`} data-testid="current-training">
      <h2 id="current-training-title" className="mb-3 text-xl font-bold">
        {t("current.title")}
      </h2>
      {current ? (
        <div>
          <p className="text-lg font-semibold" data-testid="current-training-name">
            {current.course.name}
          </p>
          <TrainingFacts training={current} locale={locale} showPoints={showPoints} />
          <p className="mt-3">
            <Link
              to={path("learn", { trainingType: current.course.type, slug: current.course.slug })}
              className="inline-flex min-h-11 items-center rounded-md bg-[var(--color-primary-dark)] px-4 font-semibold text-white hover:opacity-90"
              data-testid="continue-training"
            >
              {t("current.continue")}
            </Link>
          </p>
        </div>
      ) : (
        <p>
          {t("current.none")}{" "}
          <Link to={path("catalogue")} className={LINK}>
            {t("current.browseCatalogue")}
          </Link>
        </p>
      )}
      {others.length > 0 ? (
        <>
          <h3 className="mt-5 mb-2 font-bold">{t("current.others")}</h3>
          <ul className="grid gap-2">
            {others.map((item) => (
              <li key={item.enrolmentId}>
                <Link to={path("training", { trainingType: item.course.type, slug: item.course.slug })} className={LINK}>
                  {item.course.name}
                </Link>{" "}
                <span className="text-sm text-slate-800">
                  ({t(`status.${item.status}`, { defaultValue: item.status })}
                  {item.sessions[0] ? `, ${t("current.sessionOn", { date: formatDate(item.sessions[0].startDate, locale) })}` : ""})
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function TrainingFacts({ training, locale, showPoints }: { training: UserTraining; locale: Locale; showPoints: boolean }) {
  const { t } = useTranslation("records");
  const session = training.sessions[0];
  return (
    <ul className="mt-1 text-sm text-slate-800">
      <li>{t(`status.${training.status}`, { defaultValue: training.status })}</li>
      <li>
        <label htmlFor={`progress-${training.enrolmentId}`}>{t("current.progress", { value: training.progressPercent })}</label>{" "}
        <progress id={`progress-${training.enrolmentId}`} max={100} value={training.progressPercent} className="align-middle" />
      </li>
      {session ? (
        <li>
          <time dateTime={isoDay(session.startDate)}>{t("current.sessionOn", { date: formatDate(session.startDate, locale) })}</time>
        </li>
      ) : null}
      {showPoints && training.course.points !== null ? <li>{`${training.course.points} ${t("history.points").toLowerCase()}`}</li> : null}
    </ul>
  );
}

/** Every badge, earned ones first in the list order of the server, locked ones greyed. */
export function BadgeList({ badges, locale }: { badges: Badge[]; locale: Locale }) {
  const { t } = useTranslation("records");
  const earned = badges.filter((b) => b.earned).length;
  return (
    <section aria-labelledby="badges-title" className={CARD} data-testid="badges">
      <h2 id="badges-title" className="mb-1 text-xl font-bold">
        {t("badges.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-800">{t("badges.summary", { count: earned, total: badges.length })}</p>
      <ul className="grid gap-2">
        {badges.map((badge) => (
          <li
            key={badge.code}
            data-testid={`badge-${badge.code}`}
            data-earned={badge.earned}
            className={
              badge.earned ? "rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2" : "rounded-md border-l-4 border-slate-300 px-3 py-2 text-slate-700"
            }
          >
            <span className="font-semibold">{badge.label}</span>
            <span className="block text-sm">{badge.description}</span>
            <span className="block text-xs">
              {badge.earned && badge.awardedAt ? t("badges.earned", { date: formatDate(badge.awardedAt, locale) }) : t("badges.locked")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SuggestionList({ suggestions }: { suggestions: Suggestion[] }) {
  const { t } = useTranslation("records");
  const path = usePagePath();
  return (
    <section aria-labelledby="suggestions-title" className={CARD} data-testid="suggestions">
      <h2 id="suggestions-title" className="mb-3 text-xl font-bold">
        {t("suggestions.title")}
      </h2>
      {suggestions.length === 0 ? (
        <p>{t("suggestions.empty")}</p>
      ) : (
        <ul className="grid gap-2">
          {suggestions.map((s) => (
            <li key={s.id}>
              <Link to={path("training", { trainingType: s.type, slug: s.slug })} className={LINK}>
                {s.name}
              </Link>
              {s.isNew ? (
                <span className="ml-2 rounded bg-[var(--color-primary-dark)] px-1.5 py-0.5 text-xs font-semibold text-white">{t("suggestions.new")}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
