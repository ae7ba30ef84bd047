import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";

/** The tools of the back office part B, in the order of their sub-navigation. */
const TOOLS = [
  { id: "admin-editor", key: "nav.editor" },
  { id: "admin-faq", key: "nav.faq" },
  { id: "admin-login-image", key: "nav.loginImage" },
  { id: "admin-facture-compta", key: "nav.factureCompta" },
  { id: "admin-discount-codes", key: "nav.discountCodes" },
  { id: "admin-users", key: "nav.users" },
] as const;

/** A back-office page: the main landmark, the tools' navigation (current one marked), a title. */
export function AdminToolsMain({ current, title, children, testId }: { current: (typeof TOOLS)[number]["id"]; title: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 outline-none" data-testid={testId}>
      <nav aria-label={t("nav.label")}>
        <ul className="flex flex-wrap gap-2">
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link
                to={path(tool.id)}
                aria-current={tool.id === current ? "page" : undefined}
                className={cx(
                  "inline-block rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2",
                  tool.id === current ? "border-slate-900 bg-slate-900 text-white" : "border-slate-400 text-slate-900 hover:bg-slate-100",
                )}
              >
                {t(tool.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      {children}
    </main>
  );
}

/**
 * The confirmation of a destructive action, without JavaScript: the action's link opens this panel (a `confirm`
 * query), whose form posts the action itself; "Cancel" goes back without changing anything.
 */
export function ConfirmPanel({ message, intent, fields, confirmLabel, cancelTo }: { message: string; intent: string; fields: Record<string, string | number>; confirmLabel: string; cancelTo: string }) {
  const { t } = useTranslation("admin-tools");
  return (
    <section role="alertdialog" aria-labelledby="confirm-message" className="rounded-md border-2 border-red-700 bg-red-50 p-4" data-testid="confirm-panel">
      <p id="confirm-message" className="font-semibold text-red-900">
        {message}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <AuthenticityTokenInput name="csrf" />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" name="intent" value={intent} variant="danger" autoFocus>
          {confirmLabel}
        </Button>
        <Link to={cancelTo} className={buttonClasses({ variant: "secondary" })}>
          {t("confirm.cancel")}
        </Link>
      </Form>
    </section>
  );
}

/** A small status label (published, draft, active...). */
export function StatusBadge({ tone, children }: { tone: "ok" | "warn" | "off"; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-block rounded px-2 py-0.5 text-xs font-bold",
        tone === "ok" ? "bg-green-100 text-green-900" : tone === "warn" ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {children}
    </span>
  );
}

/** A table of the back office: a caption for screen readers, headers in scope. */
export function AdminTable({ caption, headers, children, testId }: { caption: string; headers: ReactNode[]; children: ReactNode; testId?: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">
            {headers.map((header, i) => (
              <th key={i} scope="col" className="px-2 py-2 font-bold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const CELL = "border-b border-slate-200 px-2 py-2 align-top";
