import { Link } from "react-router";
import { CataloguePageSchema, TrainingDetailSchema } from "#core/contract/catalogue.ts";
import { hasFaceToFace } from "#core/domain/training-types.ts";
import type { Route } from "./+types/shop";
import { CourseCard } from "~/components/catalogue/course-card";
import { AddToCartForm } from "~/components/shop/shop-forms";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { brandPageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { loadCart, shopAction } from "./shop.server";

const PAGE_SIZE = 24;

/** /boutique | /tienda: the trainings sold on the store (price HT, type, duration, sessions and seats, fundings). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 1000 ? pageParam : 1;
  const [listing, cart] = await Promise.all([back.get("/catalogue", CataloguePageSchema, { page, pageSize: PAGE_SIZE }), loadCart(context)]);
  // Only trainings with a price: a free training is not sold.
  const items = listing.items.filter((course) => !course.free && course.priceHT > 0);
  // Sessions and seats of the trainings that have face-to-face or virtual class groups.
  const sessions = await Promise.all(
    items.map(async (course) => {
      if (!hasFaceToFace(course.type) && course.type !== "dpc") return [course.id, []] as const;
      const detail = await back.get(`/training/${encodeURIComponent(course.slug)}`, TrainingDetailSchema).catch((error: unknown) => {
        if (error instanceof BackError) return null;
        throw error;
      });
      const list = (detail?.faceToFaces ?? []).flatMap((group) =>
        group.sessions.map((s) => ({ id: s.id, city: s.marketingCity ?? s.city, startDate: s.startDate, seatsAvailable: s.seatsAvailable, virtual: group.virtualClass })),
      );
      return [course.id, list] as const;
    }),
  );
  return {
    items,
    sessions: Object.fromEntries(sessions) as Record<number, { id: number; city: string | null; startDate: string; seatsAvailable: number; virtual: boolean }[]>,
    inCart: cart?.products.map((p) => p.productId) ?? [],
    page: listing.page,
    pageCount: listing.pageCount,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return shopAction({ request, context, returnTo: url.pathname + url.search });
}

export const meta: Route.MetaFunction = ({ matches }) => brandPageMeta(matches, { titleKey: "shop:meta.title", descriptionKey: "shop:meta.description" });

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("shop");
  const root = useRootData();
  const path = usePagePath();
  if (!root) return null;
  const shopPath = path("shop");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "Europe/Paris" });
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 outline-none sm:py-8" data-testid="shop-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{t("heading")}</h1>
          <p className="mt-2 max-w-3xl text-slate-800">{t("intro")}</p>
        </div>
        <Link to={path("cart")} className="font-semibold text-blue-800 underline" data-testid="shop-cart-link">
          {t("cart.link", { count: loaderData.inCart.length })}
        </Link>
      </div>
      {loaderData.items.length === 0 ? (
        <p data-testid="shop-empty">{t("empty")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="shop-list">
          {loaderData.items.map((course) => {
            const sessions = loaderData.sessions[course.id] ?? [];
            return (
              <li key={course.id} data-testid="shop-item" data-product-id={course.id}>
                <CourseCard course={course} brand={root.brand} locale={root.locale}>
                  {sessions.length ? (
                    <details className="mb-3 text-sm" data-testid="shop-sessions">
                      <summary className="cursor-pointer font-semibold">{t("sessions.summary", { count: sessions.length })}</summary>
                      <ul className="mt-2 flex flex-col gap-1">
                        {sessions.map((s) => (
                          <li key={s.id}>
                            {dateFormat.format(new Date(`${s.startDate}T12:00:00Z`))} · {s.virtual ? t("sessions.virtual") : (s.city ?? "")} ·{" "}
                            {s.seatsAvailable > 0 ? t("sessions.seats", { count: s.seatsAvailable }) : t("sessions.full")}
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
      )}
      {loaderData.pageCount > 1 ? (
        <nav aria-label={t("pagination")} className="flex flex-wrap gap-2">
          {Array.from({ length: loaderData.pageCount }, (_, i) => i + 1).map((n) => (
            <Link key={n} to={`${shopPath}?page=${n}`} aria-current={n === loaderData.page ? "page" : undefined} className="rounded border px-3 py-1">
              {n}
            </Link>
          ))}
        </nav>
      ) : null}
    </main>
  );
}
