import { Slot } from "@radix-ui/react-slot";
import { useId, useState, type ReactElement, type ReactNode } from "react";
import { cn } from "~/lib/utils";

export type TooltipProps = {
  /** The tooltip text (short, no interactive content). */
  content: ReactNode;
  /** One focusable element (a button, a link); it gets aria-describedby pointing at the tooltip. */
  children: ReactElement;
  side?: "top" | "bottom" | "left" | "right";
  className?: string;
};

const sides = {
  // Padding, not margin, towards the trigger: the gap stays part of the hover area.
  top: "bottom-full left-1/2 -translate-x-1/2 pb-2",
  bottom: "top-full left-1/2 -translate-x-1/2 pt-2",
  left: "right-full top-1/2 -translate-y-1/2 pr-2",
  right: "left-full top-1/2 -translate-y-1/2 pl-2",
};

/**
 * Tooltip shown on hover and on keyboard focus by CSS alone (.ui-tooltip-root:hover / :focus-within in
 * app.css), so it works without JavaScript. The text is always in the DOM and linked to the trigger by
 * aria-describedby. With JavaScript, Escape hides it until the pointer or focus leaves (WCAG 1.4.13).
 * The pointer can move onto the tooltip without it disappearing (it sits inside the hover area).
 */
export function Tooltip({ content, children, side = "top", className }: TooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={cn("ui-tooltip-root relative inline-flex", dismissed && "ui-tooltip-dismissed")}
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      <Slot aria-describedby={id}>{children}</Slot>
      <span
        role="tooltip"
        id={id}
        className={cn("ui-tooltip-content invisible absolute z-50 w-max max-w-64 opacity-0 transition-opacity", sides[side])}
      >
        <span
          className={cn(
            "block rounded-md bg-foreground px-3 py-1.5 text-xs font-medium text-background shadow-md",
            className,
          )}
        >
          {content}
        </span>
      </span>
    </span>
  );
}
