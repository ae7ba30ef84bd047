/** The small read endpoints of every page: health, the current user, the home page, notifications, the audit log. */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { AuditListQuerySchema, AuditListSchema } from "../audit.ts";
import { HealthSchema } from "../health.ts";
import { FeaturedPayloadSchema } from "../home.ts";
import { Id } from "../ids.ts";
import { NotificationListSchema, NotificationsMarkedSchema } from "../notifications.ts";
import { CurrentUserSchema, IsLoggedSchema } from "../user.ts";

export const platformEndpoints = {
  /** The process and its database (503 with the same data when the database does not answer). */
  health: endpoint({ method: "GET", path: "/health", reply: HealthSchema, access: "public" }),
  currentUser: endpoint({ method: "GET", path: "/user", reply: CurrentUserSchema, access: "public" }),
  isLogged: endpoint({ method: "GET", path: "/user/isLogged", reply: IsLoggedSchema, access: "public" }),
  /** The trainings the home page shows, for the brand of the host. */
  featured: endpoint({ method: "GET", path: "/home/featured", reply: FeaturedPayloadSchema, access: "public" }),
  notifications: endpoint({ method: "GET", path: "/user/notification", reply: NotificationListSchema, access: "session" }),
  /** A read-only contract may mark its own notifications read: it records what was read (ADR 0104). */
  markNotificationsRead: endpoint({
    method: "POST",
    path: "/user/notification/read",
    body: z.strictObject({ ids: z.array(Id).max(500) }),
    reply: NotificationsMarkedSchema,
    access: "session",
  }),
  /** The audit log of the back office: ?q=&entityType=&entityId=&from=&to=&sort=&dir=&page=. */
  auditLog: endpoint({ method: "GET", path: "/admin/audit", query: AuditListQuerySchema, reply: AuditListSchema, access: "admin" }),
};
