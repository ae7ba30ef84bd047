import type { Locale } from "#core/branding/brands.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import type { TrainingDetail } from "#core/contract/catalogue.ts";

/** The course page's canonical path (the description and JSON-LD are built from the page's fields: course-seo.ts). */
export function canonicalPath(training: Pick<TrainingDetail, "effectiveType" | "slug">, locale: Locale): string {
  return pagePath("training", pathLangOf(locale), { trainingType: training.effectiveType, slug: training.slug }) ?? "/";
}
