import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { FieldError, FieldHint, useFieldIds } from "./field";

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export type RadioGroupProps = Omit<ComponentProps<"fieldset">, "onChange" | "defaultValue"> & {
  name: string;
  legend: ReactNode;
  hideLegend?: boolean;
  options: RadioOption[];
  defaultValue?: string;
  /** Controlled value (pair with onValueChange). */
  value?: string;
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  orientation?: "vertical" | "horizontal";
};

/**
 * A group of native radio buttons in a fieldset. Arrow keys move and select within the group, and
 * Tab enters and leaves it, natively (no JavaScript needed).
 */
export function RadioGroup({
  id,
  name,
  legend,
  hideLegend,
  options,
  defaultValue,
  value,
  onValueChange,
  hint,
  error,
  required,
  disabled,
  orientation = "vertical",
  className,
  ...props
}: RadioGroupProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <fieldset
      id={controlId}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={cn("min-w-0", className)}
      {...props}
    >
      <legend className={cn("mb-2 text-sm font-medium text-foreground", hideLegend && "sr-only")}>
        {legend}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-error">
            *
          </span>
        ) : null}
      </legend>
      <div className={cn("flex gap-3", orientation === "vertical" ? "flex-col" : "flex-row flex-wrap gap-x-6")}>
        {options.map((option) => {
          const optionId = `${controlId}-${option.value.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
          const optionHintId = option.hint ? `${optionId}-hint` : undefined;
          return (
            <div key={option.value} className="grid grid-cols-[auto_1fr] gap-x-3">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                required={required}
                disabled={option.disabled}
                aria-describedby={optionHintId}
                {...(value !== undefined
                  ? { checked: value === option.value, onChange: () => onValueChange?.(option.value) }
                  : { defaultChecked: defaultValue === option.value, onChange: () => onValueChange?.(option.value) })}
                className={cn(
                  "mt-0.5 size-4 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-60",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                )}
              />
              <label
                htmlFor={optionId}
                className={cn("text-sm", disabled || option.disabled ? "text-muted-foreground" : "text-foreground")}
              >
                {option.label}
              </label>
              {option.hint ? (
                <p id={optionHintId} className="col-start-2 text-sm text-muted-foreground">
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </fieldset>
  );
}
