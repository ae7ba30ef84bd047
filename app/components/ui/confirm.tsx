import { lazy, Suspense, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cx } from "~/components/ui/cx";

/**
 * The one confirmation step of the platform (ADR 0061, 0081), the same with JavaScript on or off: the first
 * button is a link to the same page with `?confirm=<key>` (`ConfirmLink`, the other query parameters kept); the page
 * then shows `ConfirmPanel`, which says what will happen, holds the real POST form (its `intent`, hidden target
 * fields and, unless told otherwise, `confirm=on`) with its button focused, and a "Cancel" link back. Used by the
 * back office's destructive actions, the pharmacy team's (de)activation and the learner's unsubscription.
 * `confirmKey` names the action and its target ("cancel-12", "course-3").
 */

const LINK_LOOKS = {
  /** A red outlined button (the back office's destructive actions). */
  button: "inline-flex min-h-9 items-center rounded-md border-2 border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50",
  /** An underlined link in a table row or a side panel. */
  link: "rounded font-semibold text-[var(--color-primary-dark)] underline underline-offset-2",
  /** An underlined red link (leaving something). */
  danger: "rounded font-semibold text-red-800 underline underline-offset-2",
} as const;

export const CONFIRM_FOCUS = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-primary-dark)]";

/** This page's address with some query parameters replaced (undefined removes one), and an optional anchor. */
export function useSamePageHref() {
  const location = useLocation();
  return (changes: Record<string, string | undefined>, hash?: string) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) params.delete(key);
      else params.set(key, value);
    }
    return `${location.pathname}${params.size ? `?${params.toString()}` : ""}${hash ? `#${hash}` : ""}`;
  };
}

/**
 * The link that opens the confirmation step: this page with `?confirm=<key>#confirm-<key>`, or `to` when the page
 * names its step otherwise (the course page's `?unsubscribe=confirm`).
 */
export function ConfirmLink({
  confirmKey,
  to,
  look = "button",
  children,
  testId,
}: {
  confirmKey: string;
  to?: string;
  look?: keyof typeof LINK_LOOKS;
  children: ReactNode;
  testId?: string;
}) {
  const href = useSamePageHref();
  return (
    <Link
      to={to ?? href({ confirm: confirmKey }, `confirm-${confirmKey}`)}
      preventScrollReset
      className={cx(LINK_LOOKS[look], CONFIRM_FOCUS)}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}

/** Whether the page was asked to confirm `key`. */
export function useConfirming(confirmKey: string): boolean {
  const location = useLocation();
  return new URLSearchParams(location.search).get("confirm") === confirmKey;
}

export type ConfirmPanelProps = {
  confirmKey?: string;
  title: string;
  children?: ReactNode;
  intent: string;
  fields?: Record<string, string | number>;
  submitLabel: string;
  action?: string;
  cancelTo?: string;
  cancelLabel?: string;
  formKey?: string;
  sendsConfirm?: boolean;
  /** "danger" (red, the default) or "caution": a step that undoes nothing (reactivating a member), amber. */
  tone?: "danger" | "caution";
  /** The title's heading level in the page's outline. */
  level?: 2 | 3;
  testId?: string;
  submitTestId?: string;
  cancelTestId?: string;
};

const ConfirmPanelView = lazy(() => import("./confirm-panel"));

/**
 * The confirmation panel (role `alertdialog`, labelled by its title): `title` (the question), `children` (what will
 * happen), the real form with its submit button focused (`autoFocus`: the page opened by the link lands on it, with
 * or without JavaScript), and Cancel (`cancelTo`, by default this page without `confirm`; `cancelLabel`, by default
 * `common:actions.cancel`). A refusal of the action (a 409 "already used"...) is shown in the panel when the reply's
 * `form` is `formKey`. `sendsConfirm={false}` for actions whose API takes no `confirm`.
 *
 * Its code (./confirm-panel) is loaded when a page shows a panel, so it is no part of a page's first load. The server
 * renders it with the page: its form works before that code arrives, and the rest of the page hydrates meanwhile.
 */
export function ConfirmPanel(props: ConfirmPanelProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmPanelView {...props} />
    </Suspense>
  );
}
