import { useSyncExternalStore } from "react";
import { SYSTEM_PATHS } from "#core/page-links.ts";
import { useTranslation } from "~/i18n/react";
import { Form, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useRootData } from "~/lib/use-root-data";
import { getLiveNotifications, getServerLiveNotifications, mergeNotifications, subscribeLiveNotifications } from "~/realtime/notification-store";

/** Header bell: unread count and the latest notifications, live ones included without a reload. */
export function NotificationBell() {
  const { t } = useTranslation("common");
  const data = useRootData();
  const location = useLocation();
  const live = useSyncExternalStore(subscribeLiveNotifications, getLiveNotifications, getServerLiveNotifications);
  if (!data?.user.loggedIn || !data.notifications) return null;
  const list = mergeNotifications(data.notifications.notifications, live);
  const liveUnread = live.filter((n) => !n.readedDate && !data.notifications!.notifications.some((s) => s.id === n.id)).length;
  const unread = data.notifications.unread + liveUnread;
  const unreadIds = list.filter((n) => !n.read).map((n) => n.id);

  return (
    <details className="relative" data-testid="notification-bell">
      <summary className="bell-button">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        <span className="sr-only">{t("notifications.title")}</span>
        <span data-testid="notification-count" className={unread ? "bell-count" : "sr-only"} aria-label={t("notifications.unread", { count: unread })}>
          {unread}
        </span>
      </summary>
      <div className="bell-panel">
        {list.length === 0 ? (
          <p className="text-sm text-slate-700">{t("notifications.empty")}</p>
        ) : (
          <ul className="bell-list" data-testid="notification-list">
            {list.map((n) => (
              <li key={n.id} className={n.read ? "bell-item" : "bell-item-unread"}>
                {n.link ? (
                  <a href={n.link} className="underline">
                    {n.title}
                  </a>
                ) : (
                  n.title
                )}
                {n.body ? <p className="bell-item-body">{n.body}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {unreadIds.length > 0 ? (
          <Form method="post" action={SYSTEM_PATHS.notificationsRead} className="mt-3">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            {unreadIds.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <button type="submit" className="bell-mark-read">
              {t("notifications.markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
