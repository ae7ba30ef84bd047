import { Link } from "react-router";
import type { Route } from "./+types/evidence-pack";
import { evidencePacksEndpoints as endpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { fillPath } from "#core/contract/endpoint.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { EvidencePackProgress } from "~/components/evidence-packs/evidence-pack-progress";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pageMeta } from "~/lib/meta";
import { serverT } from "~/lib/translate.server";

/** /admin/evidence-packs/{id}: one evidence pack being built, then its file (ADR 0127). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.packId, url);
  const { back } = context.get(requestStateContext);
  const pack = await back.call(endpoints.adminPack, { params: { id } }).catch(notFoundOn404(url.pathname, [404, 422]));
  return { title: serverT(context, "evidence-pack")("progress.title", { id }), pack };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function AdminEvidencePackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("evidence-pack");
  const path = usePagePath();
  const { pack, title } = loaderData;
  const back =
    pack.sessionId !== null
      ? path("admin-face-to-face-session", { sessionId: pack.sessionId })
      : path("admin-catalog-training", { trainingId: pack.trainingId });
  return (
    <AdminPage
      title={title}
      testId="admin-evidence-pack"
      actions={
        <Link to={back} className="self-center font-semibold underline">
          {t("progress.back")}
        </Link>
      }
    >
      <EvidencePackProgress
        pack={pack}
        selfPath={path("admin-evidence-pack", { packId: pack.id })}
        downloadPath={`/back/api${fillPath(endpoints.adminFile.path, { id: pack.id })}`}
      />
    </AdminPage>
  );
}
