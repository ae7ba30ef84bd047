import { Link, useLocation } from "react-router";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import { SHOP_CARDS_PER_PAGE } from "#core/contract/shop.ts";
import type { Route } from "./+types/shop";
import { useCataloguePaginationLabels } from "~/components/catalogue/catalogue-results";
import { CourseCard, cardCourseOf } from "~/components/catalogue/course-card";
import { AddToCartForm, sessionLabel } from "~/components/shop/shop-forms";
import { SharedFragment } from "~/components/layout/shared-fragment";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { loadCart, shopAction } from "./shop.server";

/**
 * /boutique | /tienda: the trainings sold on the store (available on the store, with a price), with price HT, type,
 * duration, fundings, and their sessions with seats left: one back call for the page (GET shop/products), and the
 * cart (shared with the header badge).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 1000 ? pageParam : 1;
  const [listing, cart] = await Promise.all([back.call(shopEndpoints.products, { query: { page, pageSize: SHOP_CARDS_PER_PAGE } }), loadCart(context)]);
  // The cards' fields only, and of each session what its line shows (the group's name only stands in for a missing city).
  return {
    items: listing.items.map(({ course, sessions }) => ({
      course: cardCourseOf(course),
      sessions: sessions.map((s) => ({
        sessionId: s.sessionId,
        startDate: s.startDate,
        virtualClass: s.virtualClass,
        city: s.city,
        ...(s.city === null && !s.virtualClass ? { groupName: s.groupName } : {}),
        seatsAvailable: s.seatsAvailable,
        isFull: s.isFull,
      })),
    })),
    inCart: cart?.products.map((p) => p.productId) ?? [],
    paging: { page: listing.page, pageSize: listing.pageSize, total: listing.total },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return shopAction({ request, context, returnTo: url.pathname + url.search });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "shop:meta.title", descriptionKey: "shop:meta.description" });

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const paginationLabels = useCataloguePaginationLabels(t("pagination"));
  const root = useRootData();
  const path = usePagePath();
  const here = useLocation();
  if (!root) return null;
  const shopPath = path("shop");
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 outline-none sm:py-8" data-testid="shop-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{t("heading")}</h1>
          <p className="mt-2 max-w-3xl text-slate-800">{t("intro")}</p>
        </div>
        <Link to={path("cart")} className="font-semibold text-[var(--color-primary-dark)] underline" data-testid="shop-cart-link">
          {t("cart.link", { count: loaderData.inCart.length })}
        </Link>
      </div>
      {loaderData.items.length === 0 ? (
        <p data-testid="shop-empty">{t("empty")}</p>
      ) : (
        // The cards are the same for every customer with the same page of offers and the same cart lines (ADR 0140).
        <SharedFragment
          name="shop-offers"
          inputs={[
            root.brand.key,
            root.locale,
            here.pathname + here.search,
            loaderData.items,
            loaderData.items.map(({ course }) => loaderData.inCart.includes(course.id)),
          ]}
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="shop-list">
            {loaderData.items.map(({ course, sessions }) => {
              return (
                <li key={course.id} data-testid="shop-item" data-product-id={course.id}>
                  <CourseCard course={course} brand={root.brand} locale={root.locale}>
                    {sessions.length ? (
                      <details className="mb-3 text-sm" data-testid="shop-sessions">
                        <summary className="cursor-pointer font-semibold">{t("sessions.summary", { count: sessions.length })}</summary>
                        <ul className="mt-2 flex flex-col gap-1">
                          {sessions.map((s) => (
                            <li key={s.sessionId}>
                              {`${sessionLabel(t, s, root.locale)} · ${s.isFull ? t("sessions.full") : t("sessions.seats", { count: s.seatsAvailable })}`}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                    {loaderData.inCart.includes(course.id) ? (
                      <p className="text-sm font-semibold text-green-800" data-testid="shop-in-cart">
                        {t("add.inCart")}
                      </p>
                    ) : (
                      <AddToCartForm productId={course.id} name={course.name} />
                    )}
                  </CourseCard>
                </li>
              );
            })}
          </ul>
        </SharedFragment>
      )}
      <Pager paging={loaderData.paging} hrefFor={(n) => `${shopPath}?page=${n}`} labels={paginationLabels} />
    </main>
  );
}
