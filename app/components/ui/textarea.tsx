import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { controlClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";

export type TextareaProps = ComponentProps<"textarea"> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  containerClassName?: string;
};

/** A labelled multi-line text field, 8 rows by default (spec §9). */
export function Textarea({
  id,
  label,
  hideLabel,
  hint,
  error,
  className,
  containerClassName,
  required,
  rows = 8,
  ...props
}: TextareaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn("grid content-start", containerClassName)}>
      <FieldLabel htmlFor={controlId} required={required} className={cn(hideLabel && "sr-only")}>
        {label}
      </FieldLabel>
      <textarea
        id={controlId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses, "min-h-20 resize-y", className)}
        {...props}
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
