import { useTranslation } from "~/i18n/react";
import { formatKilobytes } from "#core/domain/format.ts";
import type { Route } from "./+types/docs";
import { contentContext } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { documentHref } from "~/components/content/documents";
import { listDocuments } from "~/routes/content/docs.server";
import { Icon } from "~/components/ui/icon";
import { pagePath } from "#core/page-links.ts";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";

/** /docs: the documents of the brand's content language (content/docs/documents.json). */
export async function loader({ context }: Route.LoaderArgs) {
  const { brand, t } = contentContext(context);
  const documents = await listDocuments(brand.contentLang);
  return { documents, docsPath: pagePath("docs", "fr") ?? "/docs", meta: { title: t("docs.title"), description: t("docs.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const locale = useRootData()?.locale ?? "fr-FR";
  const { documents, docsPath, meta } = loaderData;
  return (
    <ContentMain title={meta.title} lead={<p>{t("docs.lead")}</p>} testId="docs-page">
      {documents.length ? (
        <ul className="flex flex-col gap-4" data-testid="documents">
          {documents.map((doc) => (
            <li key={doc.file} className="flex items-start gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="document">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded bg-primary text-white">
                <Icon name="book" size={24} />
              </span>
              <div className="flex flex-col gap-1">
                <h2 className="text-lg font-bold">
                  {/* A plain link: the file is served as it is, not by the router. */}
                  <a href={documentHref(docsPath, doc.file)} className="text-primary-dark underline underline-offset-2 hover:no-underline">
                    {doc.title}
                  </a>
                </h2>
                {doc.description ? <p className="text-slate-800">{doc.description}</p> : null}
                <p className="text-sm text-slate-700">
                  {t(`docs.types.${doc.type}`, { defaultValue: doc.type.toUpperCase() })} · {formatKilobytes(doc.size, locale)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded border border-slate-200 bg-slate-50 p-4">{t("docs.empty")}</p>
      )}
    </ContentMain>
  );
}
