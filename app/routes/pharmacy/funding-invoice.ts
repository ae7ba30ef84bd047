import type { Route } from "./+types/funding-invoice";
import { requestStateContext } from "~/lib/context";
import { notFound, notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pdfDownload } from "~/lib/pdf-download.server";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

/** One payer's invoice of a funding request, as a PDF download (POST dpec/invoice). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const path = url.pathname;
  const id = requireIdParam(params.id, url);
  if (params.payer !== "funder" && params.payer !== "pharmacy") notFound(path);
  const { back } = context.get(requestStateContext);
  return pdfDownload(await back.file(fundingRequestsEndpoints.invoice, { body: { dpecId: id, payer: params.payer } }).catch(notFoundOn404(path)));
}
