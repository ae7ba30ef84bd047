import type { ReactNode } from "react";
import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { formView, useSchemaForm, type SchemaLoader } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";

export type FormViewOf = ReturnType<typeof formView>;

/**
 * One of several forms of a page (ADR 0022 intents): posts its `intent` (and hidden fields), validates with its
 * schema in the browser when JavaScript runs, and shows the server's reply only when the reply is this form's
 * (`formKey`: the intent, or intent-target for a form repeated per course or quiz). Works without JavaScript.
 */
export function IntentForm({
  intent,
  formKey = intent,
  schema,
  hidden = {},
  submitLabel,
  children,
  className,
  omit = [],
  encType,
  testId,
}: {
  intent: string;
  formKey?: string;
  schema: SchemaLoader | null;
  hidden?: Record<string, string | number>;
  submitLabel: string;
  children: (view: FormViewOf) => ReactNode;
  className?: string;
  omit?: string[];
  encType?: "multipart/form-data";
  testId?: string;
}) {
  const reply = useActionData<FormReply>();
  const mine = reply?.form === formKey ? reply : undefined;
  const [form] = useSchemaForm(schema, mine, { id: `form-${formKey}`, omit });
  // Without a schema the view is the server's reply alone: the browser has nothing to check.
  const view = formView(form);
  const ref = useFocusFirstError(mine);
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      ref={ref}
      noValidate
      encType={encType}
      className={className ?? "flex flex-col gap-3"}
      data-testid={testId ?? `form-${formKey}`}
    >
      <AuthenticityTokenInput name="csrf" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <FormMessage message={view.message} />
      {children(view)}
      <div>
        <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
