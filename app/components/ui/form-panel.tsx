import type { FormEventHandler, ReactNode, Ref } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormMessage } from "~/components/ui/form-message";

/**
 * A form of a management page in its own framed section: the section is named by its heading, the form posts to the
 * page's action with its CSRF token, and the reply's message comes first.
 */
export function FormPanel({
  id,
  title,
  heading = "h2",
  form,
  formRef,
  message,
  testId,
  className = "",
  children,
}: {
  /** The section's id stem: the heading is `<id>-title`. */
  id: string;
  title: string;
  heading?: "h2" | "h3";
  form: { id: string; onSubmit: FormEventHandler<HTMLFormElement> };
  formRef: Ref<HTMLFormElement>;
  message: string | null | undefined;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const Heading = heading;
  return (
    <section aria-labelledby={`${id}-title`} className={`max-w-xl rounded-lg border border-slate-300 p-5 ${className}`.trim()}>
      <Heading id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </Heading>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} noValidate className="flex flex-col gap-4" data-testid={testId}>
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        {children}
      </Form>
    </section>
  );
}
