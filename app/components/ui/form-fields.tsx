import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";

const INPUT =
  "w-full rounded-md border-2 px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-[var(--color-primary-dark)]";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "children"> & {
  name: string;
  label: ReactNode;
  /** Messages from the server for this field. */
  errors?: string[];
  hint?: ReactNode;
};

/** A labelled input; errors are linked with aria-describedby and set aria-invalid. */
export function TextField({ name, label, errors, hint, id, className, "aria-describedby": extraDescribedBy, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${name}-${autoId}`;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const describedBy = [extraDescribedBy, hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={cx(INPUT, errorId ? "border-red-700" : "border-slate-500")}
        {...rest}
      />
      {errorId ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children"> & {
  name: string;
  label: ReactNode;
  errors?: string[];
};

export function TextAreaField({ name, label, errors, id, className, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${name}-${autoId}`;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      <textarea
        id={inputId}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={cx(INPUT, errorId ? "border-red-700" : "border-slate-500")}
        {...rest}
      />
      {errorId ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export type SelectFieldProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  name: string;
  label: ReactNode;
  errors?: string[];
  options: { value: string; label: string }[];
};

export function SelectField({ name, label, errors, options, id, className, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${name}-${autoId}`;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      <select
        id={inputId}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={cx(INPUT, "bg-white", errorId ? "border-red-700" : "border-slate-500")}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorId ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A group of checkboxes under one name (the people a form enrols, for instance): a fieldset with its legend, the boxes
 * in two columns, and the field's errors below, which the fieldset names as its description.
 */
export function CheckboxGroupField({
  name,
  legend,
  options,
  checked,
  errors,
}: {
  name: string;
  legend: ReactNode;
  options: { value: string | number; label: string }[];
  /** The values ticked when the form is shown again. */
  checked: ReadonlySet<string>;
  errors?: string[];
}) {
  const errorId = errors ? `${name}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="font-semibold">{legend}</legend>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <li key={option.value}>
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name={name} value={option.value} defaultChecked={checked.has(String(option.value))} className="h-5 w-5" />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
      {errors ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Moves focus to the first invalid field of the form (or its error message) when an answer with
 * errors arrives. Without JavaScript the server-rendered page puts `autoFocus` on it instead.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(result: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!result || !ref.current) return;
    const target = ref.current.querySelector<HTMLElement>("[aria-invalid='true']") ?? ref.current.querySelector<HTMLElement>("[data-form-message='error']");
    target?.focus();
  }, [result]);
  return ref;
}

/** The first field name with an error, in the form's order (for `autoFocus`). */
export function firstErrorField(fieldErrors: Record<string, string[]> | undefined, order: string[]): string | undefined {
  if (!fieldErrors) return undefined;
  return order.find((name) => fieldErrors[name]?.length);
}

/** A submit button that shows itself busy while its form is submitting. */
export function SubmitButton({
  children,
  intent,
  formAction,
  fullWidth,
  variant,
}: {
  children: ReactNode;
  intent?: string;
  formAction?: string;
  fullWidth?: boolean;
  variant?: "primary" | "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent) &&
    (formAction === undefined || navigation.formAction === formAction);
  return (
    <Button type="submit" name={intent ? "intent" : undefined} value={intent} busy={busy} fullWidth={fullWidth} variant={variant}>
      {children}
    </Button>
  );
}

/** A person's first and last name, as the forms that ask them show them (account creation, profile). */
export function NameFields({
  labels,
  defaults,
  errors,
  first,
}: {
  labels: { firstName: string; lastName: string };
  defaults: { firstName: string; lastName: string };
  errors: Record<string, string[] | undefined>;
  first: string | undefined;
}) {
  return (
    <>
      <TextField
        name="firstName"
        label={labels.firstName}
        autoComplete="given-name"
        required
        defaultValue={defaults.firstName}
        errors={errors.firstName}
        autoFocus={first === "firstName" || undefined}
      />
      <TextField
        name="lastName"
        label={labels.lastName}
        autoComplete="family-name"
        required
        defaultValue={defaults.lastName}
        errors={errors.lastName}
        autoFocus={first === "lastName" || undefined}
      />
    </>
  );
}

/**
 * The new password and its confirmation, as every password form asks them (edit, reset, account creation).
 * `policyId` is the id of the element that states the password rules; the new password field points at it.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmationLabel,
  policyId,
  errors,
  first,
}: {
  passwordLabel: string;
  confirmationLabel: string;
  policyId: string;
  errors: Record<string, string[] | undefined>;
  first: string | undefined;
}) {
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={passwordLabel}
        autoComplete="new-password"
        required
        aria-describedby={policyId}
        errors={errors.password}
        autoFocus={first === "password" || undefined}
      />
      <TextField
        name="passwordConfirmation"
        type="password"
        label={confirmationLabel}
        autoComplete="new-password"
        required
        errors={errors.passwordConfirmation}
        autoFocus={first === "passwordConfirmation" || undefined}
      />
    </>
  );
}
