import { lazy, Suspense } from "react";
import { useMatches } from "react-router";
import { parseRouteId } from "#core/page-links.ts";
import { useRootData } from "~/lib/use-root-data";

const ConsentDialogView = lazy(() => import("./consent-dialog-view"));

/**
 * The consent a logged-in user must give (spec section 4): a modal that cannot be closed (no close
 * button, Escape does nothing), shown on every page but login. Server-rendered as an overlay with
 * role="dialog" so it works without JavaScript; with it, focus stays inside. Few users ever see it: its code
 * (./consent-dialog-view) is loaded only for them, and the server-rendered form works before it arrives.
 */
export function ConsentDialog() {
  const data = useRootData();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const onLogin = leaf ? parseRouteId(leaf.id).pageId === "login" : false;
  const user = data?.user;
  if (!user || !user.loggedIn || !user.mustGiveConsent || onLogin) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialogView />
    </Suspense>
  );
}
