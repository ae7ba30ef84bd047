import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/funding-faq";
import { BackLink } from "~/components/content/back-link";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { FaqSections } from "~/components/content/faq-sections";
import type { LanguageSwitchHandle } from "~/components/layout/language-switcher";
import { existingPagePath } from "~/components/layout/nav-links";
import { pathLangOf } from "#core/locales.ts";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** Switching to French from this Spanish-only page goes to the FAQ (where French funding questions are). */
export const handle: LanguageSwitchHandle = { switchLanguageVia: "faq" };

/** /bonificacion (Spanish only): the funding FAQ, i.e. the brand's funding sections. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand, locale, t } = contentContext(context);
  const lang = pathLangOf(locale);
  const faq = await loadContent(url, () => back.call(contentEndpoints.faq, { query: { type: "funding" } }));
  return {
    sections: faq.sections,
    faqPath: existingPagePath("faq", lang, brand.key) ?? "/faq",
    contactPath: existingPagePath("contact", lang, brand.key),
    meta: { title: t("fundingFaq.title"), description: t("fundingFaq.description") },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function FundingFaq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { sections, faqPath, contactPath, meta } = loaderData;
  return (
    <ContentMain
      title={meta.title}
      lead={<p>{t("fundingFaq.lead")}</p>}
      before={<BackLink to={faqPath}>{t("fundingFaq.back")}</BackLink>}
      testId="funding-faq-page"
    >
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
