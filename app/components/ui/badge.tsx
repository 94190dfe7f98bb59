import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium",
  {
    variants: {
      variant: {
        warning: "border-warning/30 bg-warning-subtle text-warning",
        lightBlue: "border-light-blue/30 bg-light-blue-subtle text-light-blue",
        success: "border-success/30 bg-success-subtle text-success",
        primary: "border-primary/30 bg-primary-subtle text-primary",
        purple: "border-purple/30 bg-purple-subtle text-purple",
        pink: "border-pink/30 bg-pink-subtle text-pink",
        error: "border-error/30 bg-error-subtle text-error",
        neutral: "border-border bg-muted text-muted-foreground",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export type BadgeProps = ComponentProps<"span"> &
  VariantProps<typeof badgeVariants> & {
    /** A coloured dot before the text. */
    dot?: boolean;
  };

export function Badge({ className, variant, dot = false, children, ...props }: BadgeProps) {
  return (
    <span className={cn(badgeVariants({ variant }), className)} {...props}>
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}

/** Task status string values (spec §4). */
export type TaskStatus =
  | "todo"
  | "in_progress"
  | "done"
  | "waiting_for_client"
  | "to_verify_by_team"
  | "to_be_discussed";

/** Badge colour per task status (spec §4). */
export const taskStatusBadgeVariant: Record<TaskStatus, BadgeVariant> = {
  todo: "warning",
  in_progress: "lightBlue",
  done: "success",
  waiting_for_client: "primary",
  to_verify_by_team: "purple",
  to_be_discussed: "pink",
};
