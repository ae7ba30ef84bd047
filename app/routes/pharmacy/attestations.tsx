import { Link } from "react-router";
import type { Route } from "./+types/attestations";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { formatInstant } from "#core/domain/format.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/** The team's attestations (GET referent/attestations), each with its public verification page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const list = await back.call(referent.attestations);
  return { title: serverT(context, "pharmacy")("tabs.attestations"), attestations: list.attestations, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function TeamAttestations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const { attestations, locale } = loaderData;
  return (
    <PharmacyPage title={t("tabs.attestations")}>
      {attestations.length === 0 ? (
        <p data-testid="attestations-empty">{t("attestations.empty")}</p>
      ) : (
        <DataTable
          caption={t("attestations.caption")}
          captionHidden
          columns={[
            { label: t("attestations.learner") },
            { label: t("attestations.training") },
            { label: t("attestations.kind") },
            { label: t("attestations.issuedAt") },
            { label: t("attestations.verify") },
          ]}
          density="flush"
          testId="team-attestations"
        >
          {attestations.map((a) => (
            <tr key={a.id} className="border-b border-slate-200">
              <td className="py-2 pr-4">{a.learner}</td>
              <td className="py-2 pr-4">{a.trainingName}</td>
              <td className="py-2 pr-4">{t(`attestations.kinds.${a.kind}`)}</td>
              <td className="py-2 pr-4">{formatInstant(a.issuedAt, locale, { dateStyle: "long" })}</td>
              <td className="py-2 pr-4">
                <Link to={path("attestation-verify", { code: a.code })} className="underline">
                  {t("attestations.verifyLink")}
                  <span className="sr-only">
                    {" "}
                    {a.trainingName}, {a.learner}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </PharmacyPage>
  );
}
