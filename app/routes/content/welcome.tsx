import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/welcome";
import { CallsToAction } from "~/components/content/calls-to-action";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { RichText } from "~/components/content/rich-text";
import { existingPagePath } from "~/components/layout/nav-links";
import { pathLangOf } from "#core/locales.ts";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /bienvenue, /bienvenidos: the welcome page for new learners (system content page "_welcome"). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand, locale } = contentContext(context);
  const page = await loadContent(url, () => back.call(contentEndpoints.welcome));
  const lang = pathLangOf(locale);
  return {
    page,
    links: {
      login: existingPagePath("login", lang, brand.key),
      catalogue: existingPagePath("catalogue", lang, brand.key),
      faq: existingPagePath("faq", lang, brand.key),
      contact: existingPagePath("contact", lang, brand.key),
    },
    meta: { title: page.title, description: page.description },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const loggedIn = Boolean(useRootData()?.user.loggedIn);
  const { page, links } = loaderData;
  return (
    <ContentMain title={page.title} testId="welcome-page">
      <RichText html={page.body} testId="content-body" />
      <CallsToAction
        title={t("welcome.next")}
        items={[
          !loggedIn && links.login ? { to: links.login, label: t("welcome.login"), variant: "primary" } : null,
          links.catalogue ? { to: links.catalogue, label: t("welcome.catalogue"), variant: loggedIn ? "primary" : "secondary" } : null,
          links.faq ? { to: links.faq, label: t("welcome.faq") } : null,
          links.contact ? { to: links.contact, label: t("welcome.contact") } : null,
        ]}
      />
    </ContentMain>
  );
}
