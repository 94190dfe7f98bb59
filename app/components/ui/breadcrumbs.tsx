import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { ChevronRightIcon } from "./icons";

export interface BreadcrumbItem {
  label: ReactNode;
  /** Omit for the current page (the last item). */
  href?: string;
}

export type BreadcrumbsProps = Omit<ComponentProps<"nav">, "children"> & {
  items: BreadcrumbItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
};

/** Breadcrumb trail: nav landmark, ordered list, the last item marked aria-current="page". */
export function Breadcrumbs({ items, label = "Breadcrumb", className, ...props }: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={cn("text-sm", className)} {...props}>
      <ol className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index} className="inline-flex items-center gap-1.5">
              {item.href && !last ? (
                <Link
                  to={item.href}
                  className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={cn(last && "font-medium text-foreground")}>
                  {item.label}
                </span>
              )}
              {!last ? <ChevronRightIcon className="size-3.5" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
