import { useId, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/utils";
import { useHydrated } from "./use-hydrated";

export interface TabItem {
  /** Used in the URL: `?tab=id` or `#id` (also the panel's element id in hash mode). */
  id: string;
  label: ReactNode;
  /** The panel. In query mode only the active one is rendered; in hash mode all are, one shown. */
  content?: ReactNode;
  /** A count or badge after the label. */
  badge?: ReactNode;
}

export type TabsProps = {
  /** Accessible name of the tab navigation. */
  label: string;
  items: TabItem[];
  /**
   * "query": links `?tab=id` (other query values kept), the server renders the active panel;
   * "hash": links `#id` to in-page panels, switched without reload.
   */
  mode?: "query" | "hash";
  /** Query parameter name in query mode (default "tab"). */
  param?: string;
  /** Query mode: parameters a tab switch drops (a list's cursor: another tab starts at its first page). */
  resetParams?: readonly string[];
  /** The active tab in query mode, as read by the route (default: the first). */
  value?: string;
  /** The tab shown when the URL names none (default: the first). */
  defaultValue?: string;
  className?: string;
};

/**
 * Tabs as links (spec §2: selection synced to a `tab` query parameter or the URL hash), so they work
 * without JavaScript: query tabs are plain navigations, hash tabs show the :target panel by CSS.
 * The active link has aria-current="page". With JavaScript, hash tabs switch without reload or
 * scroll, and the arrow keys (plus Home/End) move focus between the tabs.
 */
export function Tabs({ label, items, mode = "query", param = "tab", resetParams = [], value, defaultValue, className }: TabsProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const fallback = defaultValue ?? items[0]?.id;

  // The hash is unknown to the server: until hydration the default tab is active (as rendered).
  const hashId = hydrated ? decodeURIComponent(location.hash.replace(/^#/, "")) : "";
  const hashActive = items.some((item) => item.id === hashId) ? hashId : undefined;

  const active =
    mode === "query"
      ? (value && items.some((item) => item.id === value) ? value : fallback)
      : (hashActive ?? fallback);

  const hrefFor = (id: string) => {
    if (mode === "hash") return `#${encodeURIComponent(id)}`;
    const params = new URLSearchParams(location.search);
    for (const name of resetParams) params.delete(name);
    params.set(param, id);
    return `?${params.toString()}`;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-tab]"));
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    let next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % links.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + links.length) % links.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = links.length - 1;
    if (next === -1) return;
    event.preventDefault();
    links[next].focus();
  };

  const linkClasses = (isActive: boolean) =>
    cn(
      "-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-1 pb-3 pt-1 text-sm font-medium",
      "rounded-t-sm transition-colors",
      isActive
        ? "border-primary text-primary"
        : "border-transparent text-muted-foreground hover:border-input hover:text-foreground",
    );

  return (
    <div className={cn("grid gap-4", className)}>
      <nav aria-label={label} className="overflow-x-auto border-b">
        <ul className="flex gap-6" onKeyDown={onKeyDown}>
          {items.map((item) => {
            const isActive = item.id === active;
            return (
              <li key={item.id} className="flex">
                {mode === "hash" ? (
                  <a
                    data-tab={item.id}
                    id={`${baseId}-tab-${item.id}`}
                    href={hrefFor(item.id)}
                    aria-current={isActive ? "page" : undefined}
                    aria-controls={item.id}
                    className={linkClasses(isActive)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                      event.preventDefault();
                      navigate({ search: location.search, hash: item.id }, { replace: true, preventScrollReset: true });
                    }}
                  >
                    {item.label}
                    {item.badge}
                  </a>
                ) : (
                  <Link
                    data-tab={item.id}
                    to={hrefFor(item.id)}
                    preventScrollReset
                    aria-current={isActive ? "page" : undefined}
                    className={linkClasses(isActive)}
                  >
                    {item.label}
                    {item.badge}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {mode === "hash" ? (
        <div className="ui-tabpanels" data-enhanced={hydrated ? "" : undefined}>
          {items.map((item) => (
            <section
              key={item.id}
              // The element id is the hash, so a #id link targets it without JavaScript (:target).
              id={item.id}
              aria-labelledby={`${baseId}-tab-${item.id}`}
              data-default={item.id === fallback ? "" : undefined}
              hidden={hydrated ? item.id !== active : undefined}
              className="scroll-mt-4"
            >
              {item.content}
            </section>
          ))}
        </div>
      ) : (
        items
          .filter((item) => item.id === active && item.content !== undefined)
          .map((item) => (
            <section key={item.id} aria-label={typeof item.label === "string" ? item.label : undefined}>
              {item.content}
            </section>
          ))
      )}
    </div>
  );
}
