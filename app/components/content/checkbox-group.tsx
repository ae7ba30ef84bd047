import { useId, type ReactNode } from "react";
import { Checkbox } from "~/components/ui/checkbox";

/**
 * Several checkboxes posting the same name, in a fieldset whose legend names the group. An error
 * is announced with each box (aria-describedby) and marks them invalid.
 */
export function CheckboxGroup({
  name,
  legend,
  options,
  selected,
  errors,
  autoFocus,
}: {
  name: string;
  legend: ReactNode;
  options: { value: string; label: string }[];
  selected: readonly string[];
  errors?: string[];
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`group-${name}`}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {errorId ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option, index) => (
          <Checkbox
            key={option.value}
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            label={option.label}
            defaultChecked={selected.includes(option.value)}
            invalid={Boolean(errorId)}
            aria-describedby={errorId}
            autoFocus={autoFocus && index === 0 ? true : undefined}
          />
        ))}
      </div>
    </fieldset>
  );
}
