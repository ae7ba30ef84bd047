import { z } from "zod";

// ------------------------------------------------------------------ responses (the `data` of each reply)

export const NotificationSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readedDate: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationPayload = z.infer<typeof NotificationSchema>;

/** GET /user/notification: the newest notifications and how many are unread. */
export const NotificationListSchema = z.strictObject({ notifications: z.array(NotificationSchema), unread: z.number() });

/** POST /user/notification/read. */
export const NotificationsMarkedSchema = z.strictObject({ marked: z.number() });
