import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { spriteRef } from "~/components/ui/icon";

export type BookmarkOp = "add" | "remove";
const formId = (op: BookmarkOp) => `bookmark-${op}`;

/** What a button does: remove a bookmark the training has, else add one. */
export const bookmarkOp = (bookmarked: boolean): BookmarkOp => (bookmarked ? "remove" : "add");

/**
 * The forms the page's bookmark buttons submit without JavaScript (HTML's `form` attribute): one adds, one removes,
 * and each button names its training. A list of ten cards then carries one form token, not ten forms with ten.
 * Rendered once per page, before the buttons (the catalogue's results, the course page), with the `ops` they use
 * (`bookmarkOp` of each button's state). They post to this page, whose action redirects back.
 */
export function BookmarkForms({ ops }: { ops: BookmarkOp[] }) {
  return (
    <>
      {(["add", "remove"] as const)
        .filter((op) => ops.includes(op))
        .map((op) => (
          <form key={op} id={formId(op)} method="post" hidden data-testid={`bookmark-form-${op}`}>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="intent" value="bookmark" />
            <input type="hidden" name="op" value={op} />
          </form>
        ))}
    </>
  );
}

/**
 * Bookmark toggle: a submit button of one of `BookmarkForms` (works without JavaScript). With JavaScript it posts
 * the same fields through its own fetcher and shows the new state at once.
 */
export function BookmarkToggle({ trainingId, name, bookmarked }: { trainingId: number; name: string; bookmarked: boolean }) {
  const { t } = useTranslation("catalogue");
  const fetcher = useFetcher<{ ok: boolean }>();
  const csrf = useAuthenticityToken();
  const pendingOp = fetcher.formData?.get("op");
  // While the request runs, show the state asked for; afterwards the revalidated page says.
  const on = pendingOp ? pendingOp === "add" : bookmarked;
  const op = bookmarkOp(on);
  return (
    <button
      type="submit"
      form={formId(op)}
      name="trainingId"
      value={trainingId}
      aria-pressed={on}
      title={on ? t("card.bookmarked") : t("card.notBookmarked")}
      className="icon-button"
      data-testid="bookmark-toggle"
      onClick={(event) => {
        event.preventDefault();
        void fetcher.submit({ csrf, intent: "bookmark", op, trainingId: String(trainingId), js: "1" }, { method: "post" });
      }}
    >
      <svg aria-hidden="true" fill={on ? "currentColor" : "none"}>
        <use href={spriteRef("bookmark")} />
      </svg>
      <span className="sr-only">{t("card.bookmark", { name })}</span>
    </button>
  );
}
