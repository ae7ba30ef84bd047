import type { Route } from "./+types/fundae-report";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { FUNDAE_REPORT_COLUMNS, fundaeReportCsv } from "#core/domain/fundae-report.ts";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

/** The FUNDAE report file (dpec/informes) as a download: the same CSV rule as the API's `?format=csv`. */
export async function loader({ context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const rows = await back.call(fundingRequestsEndpoints.fundaeReport);
  const t = serverT(context, "pharmacy-funding");
  const headers = Object.fromEntries(FUNDAE_REPORT_COLUMNS.map((c) => [c, t(`csv.${c}`)])) as Record<(typeof FUNDAE_REPORT_COLUMNS)[number], string>;
  const csv = fundaeReportCsv(rows, headers, (state) => t(`states.${state}`));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="fundae-informe.csv"',
      "cache-control": "no-store",
    },
  });
}
