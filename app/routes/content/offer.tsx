import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/offer";
import { ContentPagePayloadSchema } from "#core/contract/content.ts";
import { CallsToAction } from "~/components/content/calls-to-action";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { contentMeta } from "~/components/content/meta";
import { RichText } from "~/components/content/rich-text";
import { existingPagePath } from "~/components/layout/nav-links";
import { pathLangOf } from "#core/locales.ts";

/** /offre, /oferta: the brand's offer (system content page "_offer"). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand, locale } = contentContext(context);
  const page = await loadContent(url, () => back.get("/content/offer", ContentPagePayloadSchema));
  const lang = pathLangOf(locale);
  return {
    page,
    links: {
      contact: existingPagePath("contact", lang, brand.key),
      survey: existingPagePath("custom-survey", lang, brand.key),
      catalogue: existingPagePath("catalogue", lang, brand.key),
      shop: existingPagePath("shop", lang, brand.key),
    },
    meta: { title: page.title, description: page.description },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => contentMeta(matches, loaderData, error);

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { page, links } = loaderData;
  return (
    <ContentMain title={page.title} testId="offer-page">
      <RichText html={page.body} testId="content-body" />
      <CallsToAction
        title={t("offer.next")}
        items={[
          links.contact ? { to: links.contact, label: t("offer.contact"), variant: "primary" } : null,
          links.survey ? { to: links.survey, label: t("offer.survey") } : null,
          links.catalogue ? { to: links.catalogue, label: t("offer.catalogue") } : null,
          links.shop ? { to: links.shop, label: t("offer.shop") } : null,
        ]}
      />
    </ContentMain>
  );
}
