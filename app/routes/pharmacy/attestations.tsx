import type { Route } from "./+types/attestations";
import { accountMeta } from "~/components/account/meta";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { serverT } from "~/lib/translate.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context, "pharmacy")("tabs.attestations") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

export default function Placeholder() {
  const { t } = useTranslation("pharmacy");
  return (
    <PharmacyPage title={t("tabs.attestations")}>
      <p data-testid="pharmacy-coming">{t("area.coming")}</p>
    </PharmacyPage>
  );
}
