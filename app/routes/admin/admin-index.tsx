import { Link } from "react-router";
import type { Route } from "./+types/admin-index";
import { AdminPage, availableAdminTools } from "~/components/admin/admin-nav";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { brandPageMeta } from "~/lib/meta";

/** /admin: the back office's home, a link to each tool (the area layout checks the administrator). */
export async function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => brandPageMeta(matches, { titleKey: "admin:index.title" });

export default function AdminIndex() {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  return (
    <AdminPage title={t("index.title")} lead={t("index.lead")} testId="admin-index">
      <section aria-labelledby="admin-tools" className="flex flex-col gap-3">
        <h2 id="admin-tools" className="text-xl font-bold">
          {t("index.tools")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {availableAdminTools()
            .filter((tool) => tool.id !== "admin")
            .map((tool) => (
              <li key={tool.id} className="rounded-md border border-slate-300 bg-white p-3">
                <Link to={path(tool.id)} className="font-semibold underline">
                  {t(tool.label)}
                </Link>
                <p className="text-sm text-slate-700">{t(`${tool.label}Hint`)}</p>
              </li>
            ))}
        </ul>
      </section>
    </AdminPage>
  );
}
