import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/profile-bookmarks";
import { ProfileLayout } from "~/components/account/profile-layout";
import { bookmarkAction } from "~/routes/catalogue/catalogue.server";
import { CataloguePagination } from "~/components/catalogue/catalogue-results";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatDuration } from "#core/domain/duration.ts";
import { displayTypeTitle } from "#core/domain/training-types.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { catalogueEndpoints } from "#core/contract/endpoints/catalogue.ts";

const PAGE_SIZE = 10;

/** "Mes favoris": the bookmarked trainings, a page at a time, from the catalogue API's `favourites` filter. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const raw = url.searchParams.get("page") ?? "";
  const page = /^[1-9][0-9]{0,5}$/.test(raw) ? raw : "1";
  const list = await back.call(catalogueEndpoints.list, { query: { favourites: "1", page, pageSize: PAGE_SIZE } });
  return { title: serverT(context, "account")("bookmarks.title"), list };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** Removing a bookmark: the catalogue's bookmark action, which redirects back here (works without JavaScript). */
export async function action({ request, url, context }: Route.ActionArgs) {
  return bookmarkAction({ request, url, context });
}

export default function ProfileBookmarks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { list } = loaderData;
  const root = useRootData();
  const path = usePagePath();
  const locale = root?.locale ?? "fr-FR";
  const contentLang = root?.brand.contentLang ?? "fr";
  return (
    <ProfileLayout title={t("bookmarks.title")}>
      {list.total === 0 ? (
        <div className="flex flex-col items-start gap-4" data-testid="bookmarks-empty">
          <p>{t("bookmarks.empty")}</p>
          <ButtonLink to={path("catalogue")}>{t("bookmarks.browse")}</ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <p role="status">{t("bookmarks.count", { count: list.total })}</p>
          <ul className="flex flex-col gap-3" data-testid="bookmarks-list">
            {list.items.map((course) => (
              <li
                key={course.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-300 p-4"
                data-testid="bookmark-item"
              >
                <div className="min-w-0">
                  <Link
                    to={pagePath("training", pathLangOf(locale), { trainingType: course.type, slug: course.slug }) ?? "/"}
                    className="font-semibold text-primary-dark underline underline-offset-2"
                  >
                    {course.name}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {displayTypeTitle(course.type_to_display, contentLang)} — {formatDuration(course.durations.total)}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="intent" value="bookmark" />
                  <input type="hidden" name="op" value="remove" />
                  <input type="hidden" name="trainingId" value={course.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="small"
                    aria-label={t("bookmarks.removeLabel", { name: course.name })}
                    data-testid="bookmark-remove"
                  >
                    {t("bookmarks.remove")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          <CataloguePagination view={{ filters: {}, page: list.page, pageSize: list.pageSize, total: list.total }} path={path("profile-bookmarks")} />
        </div>
      )}
    </ProfileLayout>
  );
}
