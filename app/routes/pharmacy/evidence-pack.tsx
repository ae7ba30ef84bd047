import { Link } from "react-router";
import type { Route } from "./+types/evidence-pack";
import { fillPath } from "#core/contract/endpoint.ts";
import { evidencePacksEndpoints as endpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { EvidencePackProgress } from "~/components/evidence-packs/evidence-pack-progress";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pageMeta } from "~/lib/meta";
import { serverT } from "~/lib/translate.server";

/** One of the pharmacy's evidence packs being built, then its file (ADR 0127); another pharmacy's is a 404. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.packId, url);
  const { back } = context.get(requestStateContext);
  const pack = await back.call(endpoints.referentPack, { params: { id } }).catch(notFoundOn404(url.pathname, [404, 422]));
  return { title: serverT(context, "evidence-pack")("progress.title", { id }), pack };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function PharmacyEvidencePackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("evidence-pack");
  const path = usePagePath();
  const { pack, title } = loaderData;
  return (
    <PharmacyPage title={title}>
      <p className="mb-4">
        <Link to={path("pharmacy-evidence-packs")} className="underline">
          {t("progress.back")}
        </Link>
      </p>
      <EvidencePackProgress
        pack={pack}
        selfPath={path("pharmacy-evidence-pack", { packId: pack.id })}
        downloadPath={`/back/api${fillPath(endpoints.referentFile.path, { id: pack.id })}`}
      />
    </PharmacyPage>
  );
}
