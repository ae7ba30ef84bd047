import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Brand, Locale } from "#core/branding/brands.ts";
import { formatDuration } from "#core/domain/duration.ts";
import { displayTypeTitle, trainingTypeColour } from "#core/domain/training-types.ts";
import { Icon } from "~/components/ui/icon";
import { Rating } from "~/components/ui/rating";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import type { CatalogCourse } from "#core/contract/catalogue.ts";
import type { FeaturedTraining } from "#core/contract/home.ts";
import { BookmarkToggle } from "./bookmark-toggle";
import { fundingLabels, priceText } from "./price";

/** What the one training card shows: a catalogue item, or a featured training of the home and expert pages. */
export type CardCourse = Pick<
  CatalogCourse,
  | "id"
  | "name"
  | "slug"
  | "type"
  | "type_to_display"
  | "durations"
  | "fundings"
  | "priceHT"
  | "currency"
  | "free"
  | "credits"
  | "is_new"
  | "rating"
  | "rating_count"
  | "highlight"
>;

/**
 * Exactly the fields the card reads, picked from a catalogue item: the loaders send the page only these (the API's
 * item also carries the illustration, provider, tags, audience... that no card shows).
 */
export function cardCourseOf(course: CardCourse): CardCourse {
  const card: CardCourse = {
    id: course.id,
    name: course.name,
    slug: course.slug,
    type: course.type,
    type_to_display: course.type_to_display,
    durations: course.durations,
    fundings: course.fundings,
    priceHT: course.priceHT,
    currency: course.currency,
    free: course.free,
    credits: course.credits,
    is_new: course.is_new,
    rating: course.rating,
    rating_count: course.rating_count,
  };
  if (course.highlight) card.highlight = course.highlight;
  return card;
}

/** A featured training (home, expert page) as the card shows it: the same price rule and labels as the catalogue. */
export function cardCourseOfFeatured(training: FeaturedTraining): CardCourse {
  return {
    id: training.id,
    name: training.name,
    slug: training.slug,
    type: training.effectiveType,
    type_to_display: training.displayType,
    durations: { total: training.durationMinutes, faceToFace: null },
    fundings: training.fundings,
    priceHT: training.priceHtCents,
    currency: training.currency,
    free: training.free,
    credits: training.credits,
    is_new: training.isNew,
    rating: training.rating?.average ?? null,
    rating_count: training.rating?.count ?? 0,
  };
}

export type CourseCardProps = {
  course: CardCourse;
  brand: Brand;
  locale: Locale;
  /** Logged-in visitors get the bookmark toggle. */
  bookmark?: { bookmarked: boolean } | null;
  /** Show funding names as stored (BONIFICABLE stays BONIFICABLE). */
  originalFundingNames?: boolean;
  headingLevel?: 2 | 3;
  /** Below the facts, above the card's link layer (the shop's sessions and add-to-cart form). */
  children?: ReactNode;
};

export function CourseCard({ course, brand, locale, bookmark, originalFundingNames = false, headingLevel = 2, children }: CourseCardProps) {
  const { t } = useTranslation("catalogue");
  const colour = trainingTypeColour(course.type, { spanishDomain: brand.contentLang === "es" });
  const typeTitle = displayTypeTitle(course.type_to_display, brand.contentLang);
  const href = pagePath("training", pathLangOf(locale), { trainingType: course.type, slug: course.slug }) ?? "/";
  const price = priceText(course, locale, t);
  const fundings = fundingLabels(course, originalFundingNames);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="card" data-testid="course-card" data-type={course.type}>
      <div className="card-head" style={{ backgroundColor: colour }}>
        <span data-testid="course-card-type">{typeTitle}</span>
        {course.is_new ? (
          <span className="card-new" style={{ color: colour }} data-testid="course-card-new">
            {t("card.new")}
          </span>
        ) : null}
      </div>
      <div className="card-body">
        <Heading className="card-title">
          <Link to={href} className="card-link" data-testid="course-card-link">
            {course.highlight ? <span dangerouslySetInnerHTML={{ __html: course.highlight.name }} /> : course.name}
          </Link>
        </Heading>
        {course.highlight?.excerpt ? (
          <p className="text-sm text-slate-700" data-testid="course-card-excerpt">
            <span className="sr-only">{t("search.excerpt")} </span>
            <span dangerouslySetInnerHTML={{ __html: course.highlight.excerpt }} />
          </p>
        ) : null}
        <dl className="card-facts">
          <div className="card-fact">
            <dt>
              <Icon name="clock" size={20} />
              <span className="sr-only">{t("card.duration")}</span>
            </dt>
            <dd data-testid="course-card-duration">{formatDuration(course.durations.total)}</dd>
          </div>
          <div className="card-price">
            <dt className="sr-only">{t("card.price")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="course-card-price">
              {price.main}
              {price.detail ? <span className="ml-1.5 font-normal text-slate-700">{`(${price.detail})`}</span> : null}
            </dd>
          </div>
          {fundings.length ? (
            <div className="card-badges">
              <dt className="sr-only">{t("card.fundings")}</dt>
              {fundings.map((label) => (
                <dd key={label} className="badge" data-testid="course-card-funding">
                  {label}
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
        {brand.catalog.showRatingOnCards && course.rating !== null ? (
          <Rating value={course.rating} count={course.rating_count} size={18} className="relative" />
        ) : null}
        {children ? <div className="relative z-10">{children}</div> : null}
      </div>
      {bookmark ? (
        <div className="card-corner">
          <BookmarkToggle trainingId={course.id} name={course.name} bookmarked={bookmark.bookmarked} />
        </div>
      ) : null}
    </article>
  );
}
