import { Hono } from "hono";
import { AccountingExportQuerySchema, PendingChecksQuerySchema } from "#core/contract/accounting.ts";
import { EmptyBody, IdParam } from "#core/contract/ids.ts";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { confirmCheck, exportAccounting, listPendingChecks } from "./accounting.service.ts";

/** Back office, factureCompta: the accounting export and the checks waiting to be confirmed (admin only). */
export const accountingRoutes = new Hono<BackEnv>();

/** GET /back/api/admin/accounting/export?brand&from&to&format: the file itself (CSV or .xlsx), never cached. */
accountingRoutes.get("/admin/accounting/export", async (c) => {
  await requireAdmin(c);
  const query = parseInput(AccountingExportQuerySchema, c.req.query(), c.var.t);
  const file = await exportAccounting(c.var.deps.db, c.var.t, query);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "x-content-type-options": "nosniff",
  });
});

accountingRoutes.get("/admin/checks", async (c) => {
  await requireAdmin(c);
  return success(c, await listPendingChecks(c.var.deps.db, PendingChecksQuerySchema.parse(c.req.query())));
});

accountingRoutes.post("/admin/checks/:id/confirm", async (c) => {
  const session = await requireAdmin(c);
  const { id } = parseInput(z.strictObject({ id: IdParam }), { id: c.req.param("id") }, c.var.t);
  await parseBody(c, EmptyBody);
  return success(c, await confirmCheck(c.var.deps, session.userId, id), c.var.t("adminCheckConfirmed"));
});
