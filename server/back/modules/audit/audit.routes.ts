import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { AuditListQuerySchema } from "#core/contract/audit.ts";
import { success } from "../../http/envelope.ts";
import { listAuditLog } from "./audit.service.ts";

export const auditRoutes = new Hono<BackEnv>();

/** The audit log, read in the back office (`/admin/audit`): ?q=&entityType=&entityId=&from=&to=&sort=&dir=&page=. */
auditRoutes.get("/admin/audit", async (c) => {
  const query = AuditListQuerySchema.parse(c.req.query());
  return success(c, await listAuditLog(c.var.deps.db, query));
});
