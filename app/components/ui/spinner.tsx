import { useTranslation } from "~/i18n/react";
import { cx } from "./cx";

/** Spec section 9: size 50 at a 16 px rem (3.125rem), white background, primary colour. */
export const SPINNER_SIZE_PX = 50;

export type SpinnerProps = {
  /** Size in px at a 16 px rem; rendered in rem so it follows the user's font size. */
  size?: number;
  /** Accessible text; defaults to "Loading…" in the page's language. */
  label?: string;
  className?: string;
};

export function Spinner({ size = SPINNER_SIZE_PX, label, className }: SpinnerProps) {
  const { t } = useTranslation("common");
  const rem = `${size / 16}rem`;
  return (
    <span role="status" className={cx("inline-flex items-center justify-center rounded-full bg-white", className)} style={{ width: rem, height: rem }}>
      <svg viewBox="0 0 50 50" className="spinner h-full w-full" aria-hidden="true" focusable="false">
        <circle cx="25" cy="25" r="20" fill="none" stroke="#e2e8f0" strokeWidth="5" />
        <circle cx="25" cy="25" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="5" strokeLinecap="round" strokeDasharray="90 150" />
      </svg>
      <span className="sr-only">{label ?? t("loading")}</span>
    </span>
  );
}
