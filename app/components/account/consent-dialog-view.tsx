import { useEffect, useId, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useLocation, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";

const CONSENT_ACTION = "/consentement";

/** The consent dialog itself (see `ConsentDialog` in ./consent-dialog). */
export default function ConsentDialogView() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const submitting = navigation.state !== "idle" && navigation.formAction === CONSENT_ACTION;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    dialog.querySelector<HTMLElement>("input[type='checkbox']")?.focus();
    // Keep focus inside; Escape does nothing.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (event.key !== "Tab") return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type='hidden']):not([disabled])")];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid="consent-dialog"
        className="w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-6 text-slate-900 shadow-xl"
      >
        <h2 id={`${id}-title`} className="mb-3 text-xl font-bold">
          {t("accountConsent.title")}
        </h2>
        <p id={`${id}-text`} className="mb-4 text-slate-700">
          {t("accountConsent.text")}
        </p>
        <Form method="post" action={CONSENT_ACTION} className="flex flex-col gap-4" preventScrollReset>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <input type="hidden" name="hasGivenConsent" value="false" />
          <Checkbox name="hasGivenConsent" value="true" label={t("accountConsent.checkbox")} />
          <Button type="submit" busy={submitting}>
            {t("accountConsent.submit")}
          </Button>
        </Form>
      </div>
    </div>
  );
}
