import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { SpinnerIcon } from "./icons";

/** The variants drawn as a box: a size gives them their height and side padding (a link has neither). */
const BOXED = ["primary", "secondary", "outline", "ghost", "destructive", "destructiveGhost"] as const;

/**
 * `cn()` does not resolve conflicting utilities (app/lib/utils.ts), so each property comes from one place: the
 * height and side padding from the size, for the boxed variants only; the colours from the variant; the
 * alignment of the content from `align`. A caller adds only what these leave out (a margin, self-alignment…).
 */
export const buttonVariants = cva(
  [
    "inline-flex shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md font-medium",
    "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary-hover",
        outline: "border border-input bg-background text-foreground hover:bg-muted",
        ghost: "bg-transparent text-foreground hover:bg-muted",
        destructive: "bg-error text-error-foreground hover:bg-error/90",
        /** A quiet destructive action (a ghost button in the error colour), e.g. "Delete" beside "Cancel". */
        destructiveGhost: "bg-transparent text-error hover:bg-muted",
        link: "h-auto px-0 text-primary underline underline-offset-4 hover:no-underline",
      },
      size: {
        sm: "text-sm [&_svg]:size-4",
        md: "text-sm [&_svg]:size-4",
        lg: "text-base [&_svg]:size-5",
        icon: "size-10 p-0 [&_svg]:size-5",
      },
      /** Where the content sits when the button is wider than it (stretched in a grid). */
      align: {
        center: "justify-center",
        start: "justify-start",
      },
    },
    compoundVariants: [
      { variant: [...BOXED], size: "sm", className: "h-8 px-3" },
      { variant: [...BOXED], size: "md", className: "h-10 px-4" },
      { variant: [...BOXED], size: "lg", className: "h-12 px-6" },
    ],
    defaultVariants: { variant: "primary", size: "md", align: "center" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, a React Router <Link>…) with the button's look. */
    asChild?: boolean;
    /** Busy state: spinner, aria-busy, and disabled so a form is not submitted twice. */
    loading?: boolean;
    /** Text read by screen readers next to the label while loading (e.g. "Saving"). */
    loadingLabel?: string;
  };

/**
 * Button. A native <button> (type="button" unless you say otherwise, so it never submits a form by
 * accident; pass type="submit" for form buttons). `size="icon"` needs an aria-label.
 */
export function Button({
  className,
  variant,
  size,
  align,
  asChild = false,
  loading = false,
  loadingLabel,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, align }), className);
  if (asChild) {
    return (
      <Slot className={classes} aria-busy={loading || undefined} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <SpinnerIcon data-testid="button-spinner" /> : null}
      {children}
      {loading && loadingLabel ? <span className="sr-only">{loadingLabel}</span> : null}
    </button>
  );
}
