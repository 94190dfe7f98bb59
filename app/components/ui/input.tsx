import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { controlClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";

export type InputProps = Omit<ComponentProps<"input">, "size"> & {
  label: ReactNode;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Error text: sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** Decoration inside the field on the left (an icon). */
  leading?: ReactNode;
  containerClassName?: string;
};

/** A labelled text input with optional hint and error message. */
export function Input({
  id,
  label,
  hideLabel,
  hint,
  error,
  leading,
  className,
  containerClassName,
  required,
  type = "text",
  ...props
}: InputProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn("grid content-start", containerClassName)}>
      <FieldLabel htmlFor={controlId} required={required} className={cn(hideLabel && "sr-only")}>
        {label}
      </FieldLabel>
      <div className="relative">
        {leading ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground [&_svg]:size-4">
            {leading}
          </span>
        ) : null}
        <input
          id={controlId}
          type={type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // A file input keeps its own height (the browser's button decides it); the others are 40 px high.
          className={cn(controlClasses, type !== "file" && "h-10", leading && "pl-9", className)}
          {...props}
        />
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
