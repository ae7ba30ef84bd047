import { z } from "zod";

/**
 * The site-wide forms of the web tier (language switcher, cookie banner, notification bell): posted by every page,
 * answered by a redirect. The fields other than these (csrf, redirectTo) are the form pipeline's own.
 */

/** The language switcher: a locale (an unknown one keeps the page as it is). */
export const SetLocaleFormSchema = z.object({ locale: z.string().max(20).optional() });

/** The cookie banner and panel: the two optional categories' checkboxes (the button is the `intent`). */
export const CookieConsentFormSchema = z.object({
  analytics: z.string().max(10).optional(),
  marketing: z.string().max(10).optional(),
});

/** The notification bell's "mark as read": the ids shown (anything not an id is left out, as the API would refuse it). */
export const NotificationsReadFormSchema = z.object({
  ids: z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(20)).max(500))
    .transform((list) => list.map(Number).filter((id) => Number.isInteger(id) && id > 0)),
});
