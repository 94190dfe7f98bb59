import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export type ButtonGroupProps = ComponentProps<"div"> & {
  /** Names the group for assistive technology (role="group"). */
  "aria-label"?: string;
  orientation?: "horizontal" | "vertical";
  /** Join the buttons into one segmented control (shared borders) instead of spacing them. */
  attached?: boolean;
};

/** A row (or column) of related buttons or links, announced as a group. */
export function ButtonGroup({ className, orientation = "horizontal", attached = false, ...props }: ButtonGroupProps) {
  return (
    <div
      role="group"
      data-orientation={orientation}
      className={cn(
        "inline-flex",
        orientation === "vertical" ? "flex-col items-stretch" : "flex-row items-center",
        // A segmented control stays on one line; spaced buttons wrap.
        orientation === "horizontal" && (attached ? "flex-nowrap" : "flex-wrap"),
        attached
          ? orientation === "vertical"
            ? "[&>*]:rounded-none [&>*:first-child]:rounded-t-md [&>*:last-child]:rounded-b-md [&>*:not(:first-child)]:-mt-px [&>*:focus-visible]:z-10"
            : "[&>*]:rounded-none [&>*:first-child]:rounded-l-md [&>*:last-child]:rounded-r-md [&>*:not(:first-child)]:-ml-px [&>*:focus-visible]:z-10"
          : "gap-2",
        className,
      )}
      {...props}
    />
  );
}
