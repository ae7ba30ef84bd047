import { CoursePage } from "~/components/training/course-page";
import { badRequest, notFound, notFoundOn404, on404 } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { redirect } from "react-router";
import type { SeoHandle } from "~/lib/seo";
import type { Route } from "./+types/training";
import { bookmarkBranch } from "~/routes/catalogue/catalogue.server";
import { canonicalPath } from "~/routes/public/training-seo.server";
import { courseView } from "~/routes/public/training-view.server";
import { metaDescription } from "~/components/training/course-seo";
import { enrolmentBranches } from "~/routes/public/training-enrolment.server";
import { shopBranches } from "~/routes/shop/shop.server";
import { canShop } from "#core/domain/permissions.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { isTrainingType } from "#core/domain/training-types.ts";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { requestStateContext } from "~/lib/context";
import { getUser } from "~/lib/current-user.server";
import { loginPath, pathOf } from "~/lib/paths.server";
import { pageMeta } from "~/lib/meta";
import { enrolmentEndpoints } from "#core/contract/endpoints/enrolment.ts";
import { catalogueEndpoints } from "#core/contract/endpoints/catalogue.ts";
import type { EnrolmentView } from "~/components/enrolment/enrolment-panel";

/**
 * /{trainingType}/{slug}: the course page. A first segment outside the ten types is
 * "Page Not Found: {path}"; an unknown or unpublished training "Page not found: {path}" (administrators
 * see unpublished ones); a type other than the training's effective type redirects (301) to the right URL.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  if (!isTrainingType(params.trainingType)) notFound(pathname, "training-type");
  const { back, locale } = context.get(requestStateContext);
  const [training, user] = await Promise.all([
    back.call(catalogueEndpoints.training, { params: { slug: params.slug } }).catch(notFoundOn404(pathname)),
    getUser(context),
  ]);
  if (training.effectiveType !== params.trainingType) {
    const target = pagePath("training", pathLangOf(locale), { trainingType: training.effectiveType, slug: training.slug });
    throw redirect(`${target}${url.search}`, 301);
  }
  const [bookmarks, enrolmentReply] = user.loggedIn
    ? await Promise.all([
        back.call(catalogueEndpoints.bookmarks).catch(on404([] as number[])),
        back.call(enrolmentEndpoints.userEnrolment, { params: { id: training.id } }).catch(on404(null)),
      ])
    : [[] as number[], null];
  const eligibility = enrolmentReply?.eligibility;
  /** A guest or shop customer may buy it (on the store, with a price): the actions offer "add to cart". */
  const shop = canShop(user) && training.availableOnStore && !training.free && training.priceHT > 0;
  const refusal = eligibility && !eligibility.allowed ? eligibility.reason : null;
  // Only what the page shows or hydrates from (courseView): this object is in the HTML a second time as route data.
  return {
    training: courseView(training, { allReviews: url.searchParams.get("reviews") === "all" }),
    loggedIn: user.loggedIn,
    shop,
    bookmarked: bookmarks.includes(training.id),
    enrolment: {
      // A shop customer is told to buy only what the shop sells; otherwise they subscribe or read why not (issue 29).
      viewer: !user.loggedIn ? ("guest" as const) : user.contractType === "shop" && shop ? ("shop" as const) : ("learner" as const),
      current: enrolmentReply?.enrolment ? pick(enrolmentReply.enrolment) : null,
      refusal,
      refusalLinks: refusal
        ? {
            advisor: pathOf(context, "advisor-contact"),
            offer: pathOf(context, "offer"),
            forMe: `${pathOf(context, "catalogue")}?audience=mine`,
          }
        : NO_LINKS,
      confirming: url.searchParams.get("unsubscribe") === "confirm",
      loginHref: user.loggedIn ? "" : loginPath(context, pathname),
      pathname,
      today: toParisDate(new Date()),
    },
    canonical: `${url.origin}${canonicalPath(training, locale)}`,
  };
}

const NO_LINKS = { advisor: "", offer: "", forMe: "" };

/** The enrolment as the page reads it (status, session, waiting-list position). */
function pick({ id, status, sessionId, waitingListPosition }: EnrolmentView) {
  return { id, status, sessionId, waitingListPosition };
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const trainingId = async () => (await back.call(catalogueEndpoints.training, { params: { slug: params.slug ?? "" } }).catch(notFoundOn404(url.pathname))).id;
  return intentAction(
    request,
    context,
    {
      ...enrolmentBranches({ url, context, trainingId }),
      add: shopBranches({ context, returnTo: url.pathname }).add,
      bookmark: bookmarkBranch({ url, context }),
    },
    { unknownIntent: () => badRequest(context) },
  );
}

export const handle: SeoHandle = { ownCanonical: true };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches);
  const { training, canonical } = loaderData;
  const description = metaDescription(training);
  const tags = [
    ...pageMeta(matches, { title: training.seoTitle || training.name }).filter((tag) => !("name" in tag && tag.name === "description")),
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:title", content: training.seoTitle || training.name },
    { property: "og:description", content: description },
  ];
  if (!training.isPublished) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export default function TrainingPage({ loaderData }: Route.ComponentProps) {
  return <CoursePage loaderData={loaderData} />;
}
