/** The back office's index figures (ADR 0064) and its live messages to open pages. Administrators only. */
import { z } from "zod";
import { DashboardSchema } from "../admin-dashboard.ts";
import { endpoint } from "../endpoint.ts";
import { Id } from "../ids.ts";
import { NotificationSchema } from "../notifications.ts";

export const adminEndpoints = {
  dashboard: endpoint({ method: "GET", path: "/admin/dashboard", reply: DashboardSchema, access: "admin" }),
  /** Asks open pages to reload (after a deployment or a content fix): everyone, or one user; audited. */
  reloadPages: endpoint({
    method: "POST",
    path: "/admin/realtime/reload",
    body: z.strictObject({ scope: z.enum(["platform", "user"]), userId: Id.optional() }),
    reply: z.strictObject({ channel: z.string() }),
    access: "admin",
  }),
  /** A message to one user, delivered live to their open pages; audited in the same transaction. */
  notifyUser: endpoint({
    method: "POST",
    path: "/admin/notifications",
    body: z.strictObject({
      userId: Id,
      title: z.string().trim().min(1).max(200),
      body: z.string().trim().max(2000).optional(),
      link: z.string().trim().max(500).startsWith("/").optional(),
    }),
    reply: NotificationSchema,
    access: "admin",
  }),
};
