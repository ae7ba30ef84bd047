import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { spriteRef } from "~/components/ui/icon";

/**
 * Bookmark toggle: a real form posting to the page's action (works without JavaScript: the action
 * redirects back). With JavaScript it posts through a fetcher and shows the new state at once.
 */
export function BookmarkToggle({ trainingId, name, bookmarked }: { trainingId: number; name: string; bookmarked: boolean }) {
  const { t } = useTranslation("catalogue");
  const fetcher = useFetcher<{ ok: boolean }>();
  const hydrated = useHydrated();
  const pendingOp = fetcher.formData?.get("op");
  // While the request runs, show the state asked for; afterwards the revalidated page says.
  const on = pendingOp ? pendingOp === "add" : bookmarked;
  return (
    <fetcher.Form method="post" data-testid="bookmark-form">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="trainingId" value={trainingId} />
      <input type="hidden" name="op" value={on ? "remove" : "add"} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" aria-pressed={on} title={on ? t("card.bookmarked") : t("card.notBookmarked")} className="icon-button" data-testid="bookmark-toggle">
        <svg aria-hidden="true" fill={on ? "currentColor" : "none"}>
          <use href={spriteRef("bookmark")} />
        </svg>
        <span className="sr-only">{t("card.bookmark", { name })}</span>
      </button>
    </fetcher.Form>
  );
}
