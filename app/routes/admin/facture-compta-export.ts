import { redirect } from "react-router";
import { AccountingExportQuerySchema } from "#core/contract/accounting.ts";
import type { Route } from "./+types/facture-compta-export";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { accountingEndpoints } from "#core/contract/endpoints/accounting.ts";

/**
 * /admin/factureCompta/export?brand&from&to&format: the accounting file, streamed from the back API as a download.
 * Bad input goes back to the form with what was typed (`invalid=1`: the page shows the messages).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(["brand", "from", "to", "format"].map((name) => [name, url.searchParams.get(name) ?? ""]));
  const back = () => {
    const search = new URLSearchParams({ ...query, invalid: "1" });
    return redirect(`${pathOf(context, "admin-facture-compta")}?${search.toString()}`);
  };
  const parsed = AccountingExportQuerySchema.safeParse(query);
  if (!parsed.success) return back();
  try {
    const file = await context.get(requestStateContext).back.file(accountingEndpoints.export, { query: parsed.data });
    const headers = new Headers();
    for (const name of ["content-type", "content-disposition", "content-length"]) {
      const value = file.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set("cache-control", "no-store");
    headers.set("x-content-type-options", "nosniff");
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof BackError && error.status === 422) return back();
    throw error;
  }
}
