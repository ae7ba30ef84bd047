import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { addLiveNotification, clearLiveNotifications, type LiveNotification } from "./notification-store";
import { guardedReload } from "./reload-guard";
import type { Island, RealtimeSettings } from "./island.client";

/** How long an idle tab waits before refreshing on a live update (the acting tab reads its flash toast first). */
const LIVE_REFRESH_DELAY_MS = 800;

type Props = {
  settings: RealtimeSettings | null;
  locale: string;
  user: { id: number; accountId: number | null } | null;
  /** The shop customer's cart channel (root data), else null. */
  cartChannel?: string | null;
};

/**
 * Loads the realtime client (laravel-echo + pusher-js) after hydration, for logged-in
 * users and for guests with a cart (their cart's channel only), so it never weighs on the first load. It follows the
 * user: on logout it leaves the private channels and disconnects.
 */
export function RealtimeIsland({ settings, locale, user, cartChannel = null }: Props) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  const deferred = useRef(false);
  const revalidateNow = useRef(revalidator.revalidate);
  // Declared first, so the effects below see this render's values.
  useEffect(() => {
    busy.current = navigation.state !== "idle";
    revalidateNow.current = revalidator.revalidate;
  });
  // A revalidation started while a form submission or navigation is under way would interrupt it, and its flash
  // toast (read once by the loader) could be lost: the tab that made the change would not say so. Wait for idle.
  // An idle tab waits a moment too: the tabs share the flash cookie, and the acting tab should read its own toast.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revalidate = useRef(() => {
    if (busy.current) {
      deferred.current = true;
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      if (busy.current) deferred.current = true;
      else void revalidateNow.current();
    }, LIVE_REFRESH_DELAY_MS);
  });
  const island = useRef<Island | null>(null);
  const loggedIn = Boolean(user && settings);
  // A guest's tabs follow their cart (the channel is authorised by the cart cookie).
  const active = Boolean(settings && (user || cartChannel));
  const userKey = user ? `${user.id}:${user.accountId ?? ""}` : "";

  useEffect(() => {
    if (!active || !settings) return;
    let cancelled = false;
    void import("./island.client").then(({ startIsland }) => {
      if (cancelled) return;
      island.current = startIsland(settings, locale, {
        onContactUpdate: () => revalidate.current(),
        onTrainingPlanUpdate: () => revalidate.current(),
        onCartUpdate: () => revalidate.current(),
        onReload: () => guardedReload(window.sessionStorage, () => window.location.reload()),
        onNotification: (payload) => {
          const notification = (payload as { notification?: LiveNotification }).notification;
          if (notification) addLiveNotification(notification);
        },
      });
      island.current.setUser(user);
      island.current.setCart(cartChannel);
      (window as unknown as { __realtime?: Island }).__realtime = island.current;
    });
    return () => {
      cancelled = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      island.current?.close();
      island.current = null;
      clearLiveNotifications();
    };
    // The island restarts only when logging in or out (or a guest's first cart); user changes go through setUser.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as said above
  }, [loggedIn, active]);

  useEffect(() => {
    island.current?.setUser(user);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- userKey is what of the user the island follows
  }, [userKey]);

  useEffect(() => {
    island.current?.setCart(cartChannel);
  }, [cartChannel]);

  useEffect(() => {
    if (navigation.state !== "idle" || !deferred.current) return;
    deferred.current = false;
    void revalidateNow.current();
  }, [navigation.state]);

  return null;
}
