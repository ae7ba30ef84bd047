import type { Route } from "./+types/invoice-pdf";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pdfDownload } from "~/lib/pdf-download.server";
import { accountingEndpoints } from "#core/contract/endpoints/accounting.ts";

/** /admin/factureCompta/invoices/{invoiceId}/pdf: any invoice or credit note of the store as its PDF (ADR 0094). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.invoiceId, url);
  const { back } = context.get(requestStateContext);
  return pdfDownload(await back.file(accountingEndpoints.invoicePdf, { params: { id } }).catch(notFoundOn404(url.pathname, [404, 422])));
}
