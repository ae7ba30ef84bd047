import type { CourseView } from "~/routes/public/training-view.server";

/**
 * The course page's description and schema.org Course (JSON-LD), built from the fields the page shows: the server
 * render and the hydration read the same route data, so the JSON-LD text and the description travel once, not again
 * as ready-made strings in the route data (issue 34).
 */

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

type Described = Pick<CourseView, "seoDescription" | "description">;

/** The page's description (meta and og:description): the SEO description, else the start of the description. */
export function metaDescription(training: Described): string {
  return training.seoDescription || plainText(training.description).slice(0, 160);
}

/** schema.org Course of the page, as the text of a JSON-LD script (`<` escaped). `url` is the canonical URL. */
export function courseJsonLd(training: CourseView, providerFallback: string, url: string): string {
  const origin = new URL(url).origin;
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
    provider: { "@type": "Organization", name: training.providerName ?? providerFallback, url: origin },
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
