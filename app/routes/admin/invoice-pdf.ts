import type { Route } from "./+types/invoice-pdf";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pdfDownload } from "~/lib/pdf-download.server";

/** /admin/factureCompta/invoices/{invoiceId}/pdf: any invoice or credit note of the store as its PDF (ADR 0094). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.invoiceId, url);
  const { back } = context.get(requestStateContext);
  return pdfDownload(await back.getFile(`/admin/invoices/${id}/pdf`).catch(notFoundOn404(url.pathname, [404, 422])));
}
