import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const featuredIconVariants = cva("inline-flex shrink-0 items-center justify-center rounded-full", {
  variants: {
    color: {
      primary: "bg-primary-subtle text-primary ring-primary-subtle/60",
      success: "bg-success-subtle text-success ring-success-subtle/60",
      warning: "bg-warning-subtle text-warning ring-warning-subtle/60",
      error: "bg-error-subtle text-error ring-error-subtle/60",
      neutral: "bg-muted text-muted-foreground ring-muted/60",
      purple: "bg-purple-subtle text-purple ring-purple-subtle/60",
    },
    size: {
      sm: "size-8 [&_svg]:size-4",
      md: "size-10 [&_svg]:size-5",
      lg: "size-12 [&_svg]:size-6",
      xl: "size-14 [&_svg]:size-7",
    },
    /** "ring" adds the soft outer halo of a featured icon; "solid" is a plain disc. */
    appearance: {
      solid: "",
      ring: "ring-8",
    },
  },
  defaultVariants: { color: "primary", size: "md", appearance: "ring" },
});

export type FeaturedIconProps = Omit<ComponentProps<"span">, "color"> &
  VariantProps<typeof featuredIconVariants> & {
    /** When the icon carries meaning on its own, its text alternative; otherwise it is decorative. */
    label?: string;
  };

/** An icon in a tinted disc, used at the top of modals, empty states and alerts. */
export function FeaturedIcon({ className, color, size, appearance, label, children, ...props }: FeaturedIconProps) {
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(featuredIconVariants({ color, size, appearance }), className)}
      {...props}
    >
      {children}
    </span>
  );
}
