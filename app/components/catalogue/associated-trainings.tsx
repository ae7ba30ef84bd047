import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Brand, Locale } from "#core/branding/brands.ts";
import { formatDuration } from "#core/domain/duration.ts";
import { displayTypeTitle, trainingTypeColour } from "#core/domain/training-types.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import type { AssociatedCourse } from "~/routes/public/training-view.server";
import { priceText } from "./price";

/** The course page's related trainings: a compact list (type, name, duration, price). */
export function AssociatedTrainings({ courses, brand, locale }: { courses: AssociatedCourse[]; brand: Brand; locale: Locale }) {
  const { t } = useTranslation("catalogue");
  const lang = pathLangOf(locale);
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="associated-trainings">
      {courses.map((course) => {
        const colour = trainingTypeColour(course.type, { spanishDomain: brand.contentLang === "es" });
        const price = priceText(course, locale, t);
        return (
          <li key={course.id} className="flex flex-col gap-1 rounded-lg border border-slate-300 p-3" style={{ borderLeft: `6px solid ${colour}` }}>
            <span className="text-sm font-semibold text-slate-700">{displayTypeTitle(course.type_to_display, brand.contentLang)}</span>
            <Link
              to={pagePath("training", lang, { trainingType: course.type, slug: course.slug }) ?? "/"}
              className="rounded font-semibold text-primary-dark underline underline-offset-2 font-bold"
            >
              {course.name}
            </Link>
            <span className="text-sm text-slate-800">{`${formatDuration(course.total)} · ${price.main}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
