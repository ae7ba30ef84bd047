import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { formatDuration } from "#core/domain/duration.ts";
import { formatMoney } from "#core/domain/money.ts";
import { displayTypeTitle, isTrainingType, trainingTypeColour, type TrainingType } from "#core/domain/training-types.ts";
import { Icon } from "~/components/ui/icon";
import { Rating } from "~/components/ui/rating";
import { pagePath } from "#core/pages.ts";
import { pathLangOf } from "#core/locales.ts";
import type { Locale } from "#core/branding/brands.ts";

/** What a card needs (the home's featured trainings and, later, the catalogue). */
export type TrainingCardData = {
  id: number;
  slug: string;
  type: string;
  effectiveType: string;
  displayType: string;
  name: string;
  durationMinutes: number;
  priceHtCents: number;
  currency: string;
  free: boolean;
  isNew: boolean;
  rating: { average: number; count: number } | null;
};

export type TrainingCardProps = {
  training: TrainingCardData;
  /** Language of the training content (type titles follow it). */
  contentLang: "fr" | "es";
  locale: Locale;
  showRating: boolean;
  headingLevel?: 2 | 3;
};

export function TrainingCard({ training, contentLang, locale, showRating, headingLevel = 3 }: TrainingCardProps) {
  const { t } = useTranslation("common");
  const type: TrainingType = isTrainingType(training.effectiveType) ? training.effectiveType : "formation";
  const colour = trainingTypeColour(type, { spanishDomain: contentLang === "es" });
  const typeTitle = displayTypeTitle(training.displayType, contentLang);
  const href = pagePath("training", pathLangOf(locale), { trainingType: training.effectiveType, slug: training.slug }) ?? "/";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = training.free ? t("card.free") : t("card.priceHt", { price: formatMoney(training.priceHtCents, training.currency, locale) });

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="training-card"
      data-type={training.type}
    >
      <div className="flex items-center justify-between gap-2 px-4 py-2 text-sm font-semibold text-white" style={{ backgroundColor: colour }}>
        <span data-testid="training-card-type">{typeTitle}</span>
        {training.isNew ? <span className="rounded bg-white px-2 py-0.5 text-xs font-bold uppercase" style={{ color: colour }}>{t("card.new")}</span> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Heading className="text-lg font-bold leading-snug">
          <Link to={href} className="rounded text-slate-900 after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {training.name}
          </Link>
        </Heading>
        <dl className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-800">
          <div className="flex items-center gap-1.5">
            <dt>
              <Icon name="clock" size={20} />
              <span className="sr-only">{t("card.duration")}</span>
            </dt>
            <dd data-testid="training-card-duration">{formatDuration(training.durationMinutes)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("card.price")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="training-card-price">
              {price}
            </dd>
          </div>
        </dl>
        {showRating && training.rating ? <Rating value={training.rating.average} count={training.rating.count} size={18} /> : null}
      </div>
    </article>
  );
}
