import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Button } from "~/components/ui/button";
import type { ButtonSize, ButtonVariant } from "~/components/ui/button";

/**
 * A real form posting an enrolment intent to the course page's action: it works without JavaScript (the action
 * redirects back with a toast) and with it (navigation, then the page revalidates).
 */
export function EnrolmentForm({
  intent,
  sessionId,
  label,
  ariaLabel,
  variant = "primary",
  size = "normal",
  fullWidth,
  testId,
}: {
  intent: "subscribe" | "unsubscribe";
  sessionId?: number;
  label: string;
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  testId: string;
}) {
  return (
    <Form method="post" preventScrollReset data-testid={`${testId}-form`}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      {sessionId ? <input type="hidden" name="sessionId" value={sessionId} /> : null}
      <Button type="submit" variant={variant} size={size} fullWidth={fullWidth} aria-label={ariaLabel} data-testid={testId}>
        {label}
      </Button>
    </Form>
  );
}
