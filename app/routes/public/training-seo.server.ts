import type { Brand, Locale } from "#core/branding/brands.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/pages.ts";
import type { TrainingDetail } from "#core/contract/catalogue.ts";

/** SEO of the course page, computed on the server (keeps this code out of the page's JavaScript). */

export function canonicalPath(training: Pick<TrainingDetail, "effectiveType" | "slug">, locale: Locale): string {
  return pagePath("training", pathLangOf(locale), { trainingType: training.effectiveType, slug: training.slug }) ?? "/";
}

export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's description: the SEO description, else the start of the description. */
export function metaDescription(training: TrainingDetail): string {
  return training.seoDescription || plainText(training.description).slice(0, 160);
}

/** schema.org Course of the page, as the text of a JSON-LD script (`<` escaped). */
export function courseJsonLd(training: TrainingDetail, brand: Brand, origin: string, locale: Locale): string {
  const url = `${origin}${canonicalPath(training, locale)}`;
  const minutes = training.durations.total;
  const sessions = training.faceToFaces.flatMap((group) => group.sessions.map((session) => ({ group, session })));
  const course = {
    "@context": "https://schema.org",
    "@type": "Course",
    name: training.name,
    description: training.seoDescription || plainText(training.description).slice(0, 300),
    url,
    courseCode: training.slug,
    inLanguage: training.lang,
    ...(training.mainIllustration ? { image: `${origin}${training.mainIllustration}` } : {}),
    provider: { "@type": "Organization", name: training.providerName ?? brand.title, url: origin },
    ...(minutes ? { timeRequired: `PT${Math.floor(minutes / 60)}H${minutes % 60}M` } : {}),
    ...(training.tags.length ? { keywords: training.tags.join(", ") } : {}),
    ...(training.authors.length ? { author: training.authors.map((person) => ({ "@type": "Person", name: person.name })) } : {}),
    offers: {
      "@type": "Offer",
      category: training.free ? "Free" : "Paid",
      price: training.free ? "0" : (training.priceHT / 100).toFixed(2),
      priceCurrency: training.currency,
      url,
    },
    ...(training.ratings
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: training.ratings.average,
            ratingCount: training.ratings.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    hasCourseInstance: sessions.length
      ? sessions.map(({ group, session }) => ({
          "@type": "CourseInstance",
          courseMode: group.virtualClass || !session.city ? "online" : "onsite",
          startDate: session.startDate,
          ...(session.city
            ? {
                location: {
                  "@type": "Place",
                  name: session.marketingCity || session.city,
                  address: [session.address, session.postalCode, session.city].filter(Boolean).join(", "),
                },
              }
            : {}),
          ...(training.trainers.length ? { instructor: training.trainers.map((person) => ({ "@type": "Person", name: person.name })) } : {}),
        }))
      : [{ "@type": "CourseInstance", courseMode: training.isLive ? "blended" : "online" }],
  };
  return JSON.stringify(course).replace(/</g, "\\u003c");
}
