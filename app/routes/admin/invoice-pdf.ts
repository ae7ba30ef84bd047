import type { Route } from "./+types/invoice-pdf";
import { IdParam } from "#core/contract/ids.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";

/** /admin/factureCompta/invoices/{invoiceId}/pdf: any invoice or credit note of the store as its PDF (ADR 0094). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = IdParam.safeParse(params.invoiceId ?? "");
  if (!id.success) notFound(url.pathname);
  const { back } = context.get(requestStateContext);
  const file = await back.getFile(`/admin/invoices/${id.data}/pdf`).catch((error: unknown) => {
    if (error instanceof BackError && (error.status === 404 || error.status === 422)) notFound(url.pathname);
    throw error;
  });
  return new Response(file.body, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": file.headers.get("content-disposition") ?? "attachment",
      "cache-control": "private, no-store",
    },
  });
}
