import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "~/components/ui/form-fields";

/**
 * The destructive-action pattern (ADR 0061), without JavaScript: the first button is a link to the same page with
 * `?confirm=<key>`; the page then shows a panel that says what will happen, with the real POST form (its `intent`
 * and a `confirm=on` field) and a "Cancel" link back. The action refuses the intent without `confirm`, so a stray
 * or forged post does nothing. `key` names the action and its target ("cancel-12", "delete-course-3").
 */
export function ConfirmLink({ confirmKey, children, testId }: { confirmKey: string; children: ReactNode; testId?: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("confirm", confirmKey);
  return (
    <Link
      to={`${location.pathname}?${params.toString()}#confirm-${confirmKey}`}
      className="inline-flex min-h-9 items-center rounded-md border-2 border-red-700 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-800"
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

/** The confirmation panel: what will happen, the real form (intent + confirm + hidden fields), and Cancel. */
export function ConfirmPanel({
  confirmKey,
  title,
  children,
  intent,
  fields = {},
  submitLabel,
  action,
}: {
  confirmKey: string;
  title: string;
  children: ReactNode;
  intent: string;
  fields?: Record<string, string | number>;
  submitLabel: string;
  action?: string;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const back = `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;
  return (
    <section
      id={`confirm-${confirmKey}`}
      role="alertdialog"
      aria-labelledby={`confirm-${confirmKey}-title`}
      className="flex flex-col gap-3 rounded-md border-2 border-red-700 bg-red-50 p-4"
      data-testid="confirm-panel"
    >
      <h2 id={`confirm-${confirmKey}-title`} className="text-lg font-bold text-red-900">
        {title}
      </h2>
      <div className="text-red-950">{children}</div>
      <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="confirm" value="on" />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ))}
        <SubmitButton intent={intent} variant="danger">
          {submitLabel}
        </SubmitButton>
        <Link to={back} className="font-semibold underline">
          {t("confirm.cancel")}
        </Link>
      </Form>
    </section>
  );
}
