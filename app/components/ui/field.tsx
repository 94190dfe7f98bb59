import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { AlertCircleIcon } from "./icons";

/** Ids that tie a control to its label, hint and error text (aria-describedby). */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const generated = useId();
  const controlId = id ?? `f${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/**
 * The look of text-like controls without their display, vertical padding, border colour and background: for a
 * control made of several elements (the tag input's box, the task picker's trigger) that sets those itself.
 */
export const controlFrameClasses = cn(
  "w-full rounded-md border px-3 text-base text-foreground sm:text-sm",
  "placeholder:text-muted-foreground",
  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-ring",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground",
  "aria-invalid:border-error aria-invalid:focus-visible:outline-error",
);

/**
 * Shared look of text-like controls (input, textarea, select, combobox). `cn()` does not resolve conflicting
 * utilities (app/lib/utils.ts): add only classes for what this leaves out (the height, an inner padding on one
 * side…), or build on controlFrameClasses.
 */
export const controlClasses = cn("block border-input bg-background py-2", controlFrameClasses);

export function FieldLabel({
  className,
  required,
  requiredLabel = "required",
  children,
  ...props
}: ComponentProps<"label"> & { required?: boolean; requiredLabel?: string }) {
  return (
    <label className={cn("mb-1.5 block text-sm font-medium text-foreground", className)} {...props}>
      {children}
      {required ? (
        <>
          <span aria-hidden="true" className="ml-0.5 text-error">
            *
          </span>
          <span className="sr-only"> ({requiredLabel})</span>
        </>
      ) : null}
    </label>
  );
}

/** `className` places the hint (its top margin, a grid column) and replaces the default top margin, mt-1.5. */
export function FieldHint({ className = "mt-1.5", ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** `className` places the error (its top margin, a grid column) and replaces the default top margin, mt-1.5. */
export function FieldError({ className = "mt-1.5", children, ...props }: ComponentProps<"p">) {
  return (
    <p className={cn("flex items-start gap-1 text-sm text-error", className)} {...props}>
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
