import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { listAuditLog } from "./audit.service.ts";

export const auditRoutes = new Hono<BackEnv>();

register(auditRoutes, platformEndpoints.auditLog, async (c, { ctx, query }) => ok(await listAuditLog(ctx, query)));
