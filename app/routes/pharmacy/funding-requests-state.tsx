import type { Route } from "./+types/funding-requests-state";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { FundingRequestTable } from "~/components/pharmacy-funding/request-table";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { serverT } from "~/lib/translate.server";
import { loadFundingList, STATE_OF_PAGE } from "./funding.server";
import { matchPage } from "#core/page-links.ts";
import { pageMeta } from "~/lib/meta";

/** One state's requests (en-cours, financement, rapport, remboursement): the four pages share this route file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = STATE_OF_PAGE[matchPage(url.pathname)?.page.id ?? ""];
  if (!state) notFound(url.pathname);
  const { locale } = context.get(requestStateContext);
  const t = serverT(context, "pharmacy-funding");
  const list = await loadFundingList(context, state);
  return { title: t("stateList.title", { state: t(`states.${state}`) }), locale, state, requests: list.requests };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function FundingRequestsState({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const { title, locale, state, requests } = loaderData;
  return (
    <FundingFrame title={title} states>
      <FundingRequestTable requests={requests} locale={locale} caption={t("stateList.caption", { state: t(`states.${state}`), count: requests.length })} />
    </FundingFrame>
  );
}
