import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { FieldHint, useFieldIds } from "./field";

export type SwitchProps = Omit<ComponentProps<"input">, "type" | "role" | "size"> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Label before (default) or after the switch. */
  labelPosition?: "start" | "end";
  size?: "sm" | "md";
  containerClassName?: string;
};

/**
 * An on/off switch: a native checkbox with role="switch", so it toggles with Space and submits
 * `value` (default "on") when on, with or without JavaScript. The visible track is a sibling
 * styled from the checkbox state (peer-checked).
 */
export function Switch({
  id,
  label,
  hint,
  labelPosition = "start",
  size = "md",
  className,
  containerClassName,
  disabled,
  ...props
}: SwitchProps) {
  const { controlId, hintId, describedBy } = useFieldIds(id, hint, undefined);
  return (
    <div className={cn("grid gap-1", containerClassName)}>
      <label
        htmlFor={controlId}
        className={cn(
          "inline-flex w-fit items-center gap-3 text-sm",
          labelPosition === "end" && "flex-row-reverse",
          disabled ? "cursor-not-allowed text-muted-foreground" : "cursor-pointer text-foreground",
        )}
      >
        <span>{label}</span>
        <span className="relative inline-flex shrink-0">
          <input
            id={controlId}
            type="checkbox"
            role="switch"
            disabled={disabled}
            aria-describedby={describedBy}
            className={cn("peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed", className)}
            {...props}
          />
          <span
            aria-hidden="true"
            className={cn(
              "relative inline-block rounded-full bg-input transition-colors",
              "peer-checked:bg-primary peer-disabled:opacity-60",
              "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
              "after:absolute after:left-0.5 after:top-0.5 after:rounded-full after:bg-white after:shadow after:transition-transform",
              size === "sm"
                ? "h-5 w-9 after:size-4 peer-checked:after:translate-x-4"
                : "h-6 w-11 after:size-5 peer-checked:after:translate-x-5",
            )}
          />
        </span>
      </label>
      {hint ? <FieldHint id={hintId} className="mt-0">{hint}</FieldHint> : null}
    </div>
  );
}
