import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/content-page";
import { ContentPagePayloadSchema } from "#core/contract/content.ts";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { formatDate, isoDay } from "#core/domain/format.ts";
import { contentMeta } from "~/components/content/meta";
import { RichText } from "~/components/content/rich-text";
import { LegalIdentityBlock } from "~/components/content/legal-identity";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { useRootData } from "~/lib/use-root-data";

/**
 * /pages/{pageSlug}: a content page of the brand (about, legal notice, terms, privacy...). The legal notice opens
 * with the brand's legal identity, read from its one source (ADR 0102), never from the page's stored text.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { back, brand } = contentContext(context);
  const page = await loadContent(url, () => back.get(`/content/pages/${encodeURIComponent(params.pageSlug)}`, ContentPagePayloadSchema));
  const legalIdentity = params.pageSlug === brand.legalPages.legalNotice ? legalIdentityOf(brand.key) : null;
  return { page, legalIdentity, meta: { title: page.title, description: page.description } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => contentMeta(matches, loaderData, error);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const locale = useRootData()?.locale ?? "fr-FR";
  const { page, legalIdentity } = loaderData;
  return (
    <ContentMain title={page.title} testId="content-page">
      {legalIdentity ? <LegalIdentityBlock identity={legalIdentity} /> : null}
      <RichText html={page.body} testId="content-body" />
      {page.updatedAt ? (
        <p className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-700">
          {t("page.updatedOn")} <time dateTime={isoDay(page.updatedAt)}>{formatDate(page.updatedAt, locale, "long")}</time>
        </p>
      ) : null}
    </ContentMain>
  );
}
