import { Link } from "react-router";
import type { Locale } from "#core/branding/brands.ts";
import type { NewsSummary } from "#core/contract/content.ts";
import { formatDate, isoDay } from "#core/domain/format.ts";

/** A news item in a list: illustration, date, title (the link) and summary. */
export function NewsCard({ item, href, locale, headingLevel = 2 }: { item: NewsSummary; href: string; locale: Locale; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm focus-within:shadow-md hover:shadow-md"
      data-testid="news-card"
    >
      {item.illustration ? <img src={item.illustration} alt="" width={640} height={360} className="aspect-video w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {item.publishedAt ? (
          <p className="text-sm text-slate-700">
            <time dateTime={isoDay(item.publishedAt)}>{formatDate(item.publishedAt, locale, "long")}</time>
          </p>
        ) : null}
        <Heading className="text-lg font-bold leading-snug">
          <Link to={href} className="text-slate-900 after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {item.title}
          </Link>
        </Heading>
        {item.summary ? <p className="text-slate-800">{item.summary}</p> : null}
      </div>
    </article>
  );
}
