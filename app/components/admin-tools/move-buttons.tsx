import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";

/** Up and down buttons of an ordered list (one small form each, works without JavaScript). */
export function MoveButtons({ intent, targetId, label, first, last }: { intent: string; targetId: number; label: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("admin-tools");
  const button =
    "rounded border border-slate-500 px-2 py-0.5 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50 focus-visible:outline-3 focus-visible:outline-offset-2";
  return (
    <span className="inline-flex gap-1">
      {(["up", "down"] as const).map((direction) => (
        <Form method="post" key={direction}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="targetId" value={targetId} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className={button}
            disabled={direction === "up" ? first : last}
            aria-label={t(`move.${direction}`, { name: label })}
          >
            <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
          </button>
        </Form>
      ))}
    </span>
  );
}
