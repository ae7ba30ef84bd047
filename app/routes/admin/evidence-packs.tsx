import type { Route } from "./+types/evidence-packs";
import { evidencePacksEndpoints as endpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { EvidencePackListQuerySchema } from "#core/contract/evidence-packs.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { EvidencePackList } from "~/components/evidence-packs/evidence-pack-panel";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { serverT } from "~/lib/translate.server";

/** /admin/evidence-packs: every administrator's evidence pack, or those of one session or training, newest first, paged. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = EvidencePackListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { back } = context.get(requestStateContext);
  const list = await back.call(endpoints.adminList, { query });
  return { title: serverT(context, "evidence-pack")("title"), list, query };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function AdminEvidencePacksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("evidence-pack");
  const path = usePagePath();
  const { list, query, title } = loaderData;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.trainingId) params.set("trainingId", String(query.trainingId));
    if (query.sessionId) params.set("sessionId", String(query.sessionId));
    params.set("page", String(page));
    return `${path("admin-evidence-packs")}?${params.toString()}`;
  };
  return (
    <AdminPage title={title} testId="admin-evidence-packs">
      <EvidencePackList packs={list.items} packPath={(id) => path("admin-evidence-pack", { packId: id })} />
      <Pager
        paging={list.paging}
        hrefFor={hrefFor}
        labels={{ nav: t("title"), previous: t("list.previous"), next: t("list.next"), page: (page) => t("list.page", { page, count: list.paging.pageCount }) }}
      />
    </AdminPage>
  );
}
