import type { ReactNode } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-fields";
import { replyMessage, type FormReply } from "~/lib/forms";

/**
 * The destructive-action pattern (ADR 0061), the back office's only one (ADR 0081), without JavaScript: the first
 * button is a link to the same page with `?confirm=<key>`; the page then shows a panel that says what will happen,
 * with the real POST form (its `intent`, hidden target fields and, unless told otherwise, `confirm=on`) and a
 * "Cancel" link back. The action refuses the intent without `confirm`, so a stray or forged post does nothing.
 * `key` names the action and its target ("cancel-12", "course-3").
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

/**
 * The confirmation panel: what will happen (`title`, and `children` for details), the real form (intent, hidden
 * fields, `confirm=on`) with its button focused, and Cancel (`cancelTo`, by default this page without `confirm`).
 * A refusal of the action (a 409 "already used"...) is shown in the panel when the reply's `form` is `formKey`
 * (given by pages whose action answers with that key). `sendsConfirm={false}` for actions whose API takes no `confirm`.
 */
export function ConfirmPanel({
  confirmKey = "action",
  title,
  children,
  intent,
  fields = {},
  submitLabel,
  action,
  cancelTo,
  formKey,
  sendsConfirm = true,
}: {
  confirmKey?: string;
  title: string;
  children?: ReactNode;
  intent: string;
  fields?: Record<string, string | number>;
  submitLabel: string;
  action?: string;
  cancelTo?: string;
  formKey?: string;
  sendsConfirm?: boolean;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigation = useNavigation();
  const reply = useActionData<FormReply>();
  const refusal = formKey && reply?.form === formKey ? replyMessage(reply) : undefined;
  const params = new URLSearchParams(location.search);
  params.delete("confirm");
  const back = cancelTo ?? `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
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
      {children ? <div className="text-red-950">{children}</div> : null}
      <FormMessage message={refusal} />
      <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
        <AuthenticityTokenInput name="csrf" />
        {sendsConfirm ? <input type="hidden" name="confirm" value="on" /> : null}
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ))}
        <Button type="submit" name="intent" value={intent} variant="danger" busy={busy} autoFocus>
          {submitLabel}
        </Button>
        <Link to={back} className="font-semibold underline">
          {t("confirm.cancel")}
        </Link>
      </Form>
    </section>
  );
}
