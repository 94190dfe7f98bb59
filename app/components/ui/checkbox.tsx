import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { FieldError, FieldHint, useFieldIds } from "./field";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Mixed state (shown as a dash); the DOM property is set on mount, so it needs JavaScript. */
  indeterminate?: boolean;
  containerClassName?: string;
};

/** A native checkbox with its label, hint and error. Submits `value` (default "on") when checked. */
export function Checkbox({
  id,
  label,
  hint,
  error,
  indeterminate,
  className,
  containerClassName,
  ref,
  ...props
}: CheckboxProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={cn("grid grid-cols-[auto_1fr] gap-x-3", containerClassName)}>
      <input
        id={controlId}
        type="checkbox"
        ref={(node) => {
          if (node) node.indeterminate = !!indeterminate;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "mt-0.5 size-4 cursor-pointer rounded border-input accent-primary",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:outline-2 aria-invalid:outline-error",
          className,
        )}
        {...props}
      />
      <label htmlFor={controlId} className={cn("text-sm", props.disabled ? "text-muted-foreground" : "text-foreground")}>
        {label}
      </label>
      {error ? (
        <FieldError id={errorId} className="col-start-2 mt-1">
          {error}
        </FieldError>
      ) : null}
      {hint ? (
        <FieldHint id={hintId} className="col-start-2 mt-0.5">
          {hint}
        </FieldHint>
      ) : null}
    </div>
  );
}
