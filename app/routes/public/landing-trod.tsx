import { useTranslation } from "react-i18next";
import type { Route } from "./+types/landing-trod";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { brand?: import("~/branding/brands").Brand } | undefined;
  return [{ title: pageTitle("Formations TROD cystite et angine", root?.brand, "") }];
};

export default function LandingTrod() {
  const { t } = useTranslation("landing");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-4">{t("intro")}</p>
    </main>
  );
}
