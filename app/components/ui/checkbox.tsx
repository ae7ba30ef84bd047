import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> & {
  label: ReactNode;
  /** Help shown under the label and announced with the field (aria-describedby). */
  assistiveText?: ReactNode;
  /** Error shown under the label; also sets aria-invalid. */
  errorMessage?: ReactNode;
  /** Bold label. */
  bold?: boolean;
  /**
   * The value can be read and focused but not changed. Browsers ignore `readonly` on checkboxes,
   * so the visible box has no name (a change would not be submitted) and a hidden input carries
   * the value; with JavaScript, clicks and the space key are also ignored.
   */
  readOnly?: boolean;
  invalid?: boolean;
};

export function Checkbox({
  label,
  assistiveText,
  errorMessage,
  bold = false,
  readOnly = false,
  invalid = false,
  id,
  name,
  value = "on",
  className,
  disabled,
  checked,
  defaultChecked,
  onClick,
  onKeyDown,
  ...rest
}: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `checkbox-${autoId}`;
  const helpId = assistiveText ? `${inputId}-help` : undefined;
  const errorId = errorMessage ? `${inputId}-error` : undefined;
  const isInvalid = invalid || Boolean(errorMessage);
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const isChecked = checked ?? defaultChecked ?? false;

  return (
    <div className={cx("check-row", className)}>
      <input
        id={inputId}
        type="checkbox"
        name={readOnly ? undefined : name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        aria-readonly={readOnly || undefined}
        readOnly={readOnly || undefined}
        className={cx("checkbox", isInvalid && "border-red-700 outline-red-700", readOnly && "cursor-default", disabled && "cursor-not-allowed")}
        onClick={(event) => {
          if (readOnly) event.preventDefault();
          onClick?.(event);
        }}
        onKeyDown={(event) => {
          if (readOnly && event.key === " ") event.preventDefault();
          onKeyDown?.(event);
        }}
        {...rest}
      />
      {readOnly && name && isChecked ? <input type="hidden" name={name} value={String(value)} /> : null}
      <div className="check-text">
        <label htmlFor={inputId} className={cx("check-label", bold && "font-bold", disabled && "text-slate-600", readOnly && "cursor-default")}>
          {label}
        </label>
        {assistiveText ? (
          <p id={helpId} className="text-sm text-slate-700">
            {assistiveText}
          </p>
        ) : null}
        {errorMessage ? (
          <p id={errorId} className="text-sm font-semibold text-red-700">
            {errorMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}
