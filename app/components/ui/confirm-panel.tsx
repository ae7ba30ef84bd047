import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { FormMessage } from "~/components/ui/form-message";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { CONFIRM_FOCUS, useSamePageHref, type ConfirmPanelProps } from "./confirm";

const TONES: Record<NonNullable<ConfirmPanelProps["tone"]>, { panel: string; title: string; text: string; button: "danger" | "primary" }> = {
  danger: { panel: "border-red-700 bg-red-50", title: "text-red-900", text: "text-red-950", button: "danger" },
  /** A step that undoes nothing (reactivating a member): amber panel, primary button. */
  caution: { panel: "border-amber-600 bg-amber-50", title: "text-slate-900", text: "text-slate-900", button: "primary" },
};

/** The panel itself (see `ConfirmPanel` in ./confirm). */
export default function ConfirmPanelView({
  confirmKey = "action",
  title,
  children,
  intent,
  fields = {},
  submitLabel,
  action,
  cancelTo,
  cancelLabel,
  formKey,
  sendsConfirm = true,
  tone = "danger",
  level = 2,
  testId = "confirm-panel",
  submitTestId,
  cancelTestId,
}: ConfirmPanelProps) {
  const { t } = useTranslation("common");
  const href = useSamePageHref();
  const navigation = useNavigation();
  const reply = useActionData<FormReply>();
  const refusal = formKey && reply?.form === formKey ? replyMessage(reply) : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const colours = TONES[tone];
  const Heading = level === 2 ? "h2" : "h3";
  const titleId = `confirm-${confirmKey}-title`;
  return (
    <section
      id={`confirm-${confirmKey}`}
      role="alertdialog"
      aria-labelledby={titleId}
      className={cx("flex flex-col gap-3 rounded-md border-2 p-4", colours.panel)}
      data-testid={testId}
    >
      <Heading id={titleId} className={cx("text-lg font-bold", colours.title)}>
        {title}
      </Heading>
      {children ? <div className={colours.text}>{children}</div> : null}
      <FormMessage message={refusal} />
      <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-center gap-3">
        <AuthenticityTokenInput name="csrf" />
        {sendsConfirm ? <input type="hidden" name="confirm" value="on" /> : null}
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ))}
        <Button type="submit" name="intent" value={intent} variant={colours.button} busy={busy} autoFocus data-testid={submitTestId}>
          {submitLabel}
        </Button>
        <Link
          to={cancelTo ?? href({ confirm: undefined })}
          preventScrollReset
          className={cx("font-semibold underline underline-offset-2", CONFIRM_FOCUS)}
          data-testid={cancelTestId}
        >
          {cancelLabel ?? t("actions.cancel")}
        </Link>
      </Form>
    </section>
  );
}
