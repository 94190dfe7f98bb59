import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from "./icons";

export const alertVariants = cva("flex w-full gap-3 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0", {
  variants: {
    variant: {
      info: "border-light-blue/40 bg-light-blue-subtle text-foreground [&>svg]:text-light-blue",
      success: "border-success/40 bg-success-subtle text-foreground [&>svg]:text-success",
      warning: "border-warning/40 bg-warning-subtle text-foreground [&>svg]:text-warning",
      error: "border-error/40 bg-error-subtle text-foreground [&>svg]:text-error",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: AlertTriangleIcon, error: AlertCircleIcon };

export type AlertProps = Omit<ComponentProps<"div">, "title"> &
  VariantProps<typeof alertVariants> & {
    title?: ReactNode;
    /** Extra content after the text: links, buttons. */
    actions?: ReactNode;
    /**
     * Live-region politeness. Default: "alert" (assertive) for error and warning, "status" (polite)
     * for info and success. "none" for a static notice that should not be announced.
     */
    live?: "alert" | "status" | "none";
  };

/** A message box. Errors and warnings are announced at once (role=alert); info and success politely. */
export function Alert({ className, variant, title, actions, live, children, ...props }: AlertProps) {
  const v = variant ?? "info";
  const Icon = icons[v];
  const role = live ?? (v === "error" || v === "warning" ? "alert" : "status");
  return (
    <div role={role === "none" ? undefined : role} className={cn(alertVariants({ variant: v }), className)} {...props}>
      <Icon />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-foreground/90 [&_a]:font-medium [&_a]:underline">{children}</div> : null}
        {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
