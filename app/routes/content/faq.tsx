import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { FaqSections } from "~/components/content/faq-sections";
import { existingPagePath } from "~/components/layout/nav-links";
import { Icon } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/**
 * /faq: the FAQ by sections. Where the funding FAQ has its own page (/bonificacion, in Spanish),
 * the funding sections are there and this page links to it; elsewhere they are shown here.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand, locale, t } = contentContext(context);
  const lang = pathLangOf(locale);
  const fundingPath = existingPagePath("funding-faq", lang, brand.key);
  const types = fundingPath ? "general,account,shop" : "general,account,shop,funding";
  const [faq, funding] = await Promise.all([
    loadContent(url, () => back.call(contentEndpoints.faq, { query: { type: types } })),
    fundingPath ? loadContent(url, () => back.call(contentEndpoints.faq, { query: { type: "funding" } })) : Promise.resolve(null),
  ]);
  return {
    sections: faq.sections,
    fundingPath: funding?.sections.length ? fundingPath : null,
    contactPath: existingPagePath("contact", lang, brand.key),
    meta: { title: t("faq.title"), description: t("faq.description") },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { sections, fundingPath, contactPath, meta } = loaderData;
  return (
    <ContentMain title={meta.title} lead={<p>{t("faq.lead")}</p>} testId="faq-page">
      {fundingPath ? (
        <p className="mb-8 rounded-lg border-l-4 border-primary bg-slate-50 p-4">
          <Link
            to={fundingPath}
            className="inline-flex items-center gap-1 font-semibold text-primary-dark underline underline-offset-2 hover:no-underline"
            data-testid="funding-faq-link"
          >
            {t("faq.fundingLink")}
            <Icon name="arrow-right" size={20} />
          </Link>
        </p>
      ) : null}
      {sections.length ? <FaqSections sections={sections} /> : <p className="rounded border border-slate-200 bg-slate-50 p-4">{t("faq.empty")}</p>}
      {contactPath ? (
        <p className="mt-10 text-slate-800">
          {t("faq.more")}{" "}
          <Link to={contactPath} className="font-semibold text-primary-dark underline underline-offset-2 hover:no-underline">
            {t("faq.contact")}
          </Link>
        </p>
      ) : null}
    </ContentMain>
  );
}
