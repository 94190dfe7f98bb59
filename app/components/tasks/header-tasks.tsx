import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { SpinnerIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { MyTask, MyTasksPage, MyTaskTab } from "~/lib/tasks.server";
import { cn } from "~/lib/utils";
import { StatusBadge } from "./labels";
import { withQuery } from "./task-model";

/** Spec §9: the header task list's tabs, in order. */
const TABS: readonly MyTaskTab[] = ["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed"];
/** Load the next page this close to the end of the list (the user picker's 10 px, spec §9). */
const LOAD_AHEAD_PX = 10;

type Loaded = { tab: MyTaskTab; items: MyTask[]; page: number; nextCursor: string | null };

/**
 * The header's "assigned tasks" dropdown (spec §2, §6, §9): the signed-in user's tasks (filter.staffIds =
 * own id) on the tabs todo, in_progress, waiting_for_client, to_verify_by_team, to_be_discussed, 20 per page
 * from page 1; rows show id, title, category and status and open the task modal; a link to all tasks and a
 * button to create a task; 'You have no active tasks' when a tab is empty. The list is at most 240 px high.
 *
 * Loading stays cheap: nothing is loaded with the page.
 * - With JavaScript the first page of a tab is fetched when the dropdown opens (/resources/tasks/mine),
 *   and the next pages by the API's cursor as the list is scrolled to its end.
 * - Without JavaScript the tabs are links to the current page with `?myTasks=<tab>`: the staff layout's
 *   loader then renders the dropdown open with that page, and "Load more" links to the next page
 *   (`myTasksCursor`).
 */
export function HeaderTasks({ tasksPath, initial }: { tasksPath: string; initial: MyTasksPage | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const fetcher = useFetcher<MyTasksPage>();
  const [open, setOpen] = useState(initial !== null);
  const [tab, setTab] = useState<MyTaskTab>(initial?.tab ?? "todo");
  const [loaded, setLoaded] = useState<Loaded | null>(initial);
  const first = useRef(true);

  // Close on navigation (a row or a link was followed), but not on the first render.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    detailsRef.current?.removeAttribute("open");
  }, [location.key]);

  const load = (which: MyTaskTab, cursor: string | null, page: number) => {
    const params = new URLSearchParams({ tab: which, page: String(page) });
    if (cursor) params.set("cursor", cursor);
    void fetcher.load(`/resources/tasks/mine?${params.toString()}`);
  };

  // A tab chosen while another tab's page is still loading loads at once (a fetcher's new load replaces the
  // one in flight, whose answer for the old tab would be ignored anyway).
  useEffect(() => {
    if (open && hydrated && loaded?.tab !== tab) load(tab, null, 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load() depends on the same state
  }, [open, tab, hydrated]);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || page.tab !== tab) return;
    setLoaded((current) =>
      page.page === 1 || !current || current.tab !== page.tab
        ? { tab: page.tab, items: page.items, page: page.page, nextCursor: page.nextCursor }
        : { tab: page.tab, items: [...current.items, ...page.items.filter((x) => !current.items.some((c) => c.id === x.id))], page: page.page, nextCursor: page.nextCursor },
    );
  }, [fetcher.data, tab]);

  const loading = fetcher.state === "loading";
  const current = loaded?.tab === tab ? loaded : null;

  const onScroll = () => {
    const el = listRef.current;
    if (!el || loading || !current?.nextCursor) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_AHEAD_PX) load(tab, current.nextCursor, current.page + 1);
  };

  /** The current page with the dropdown's no-JS state (other parameters kept). */
  const here = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["myTasks", "myTasksCursor", "myTasksPage"]) params.delete(key);
    for (const [key, value] of Object.entries(changes)) if (value !== null) params.set(key, value);
    return withQuery(location.pathname, params);
  };

  const tabClasses = (active: boolean) =>
    cn("whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium", active ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-secondary-hover hover:text-foreground");

  return (
    <details ref={detailsRef} open={initial ? true : undefined} onToggle={(event) => setOpen(event.currentTarget.open)} className="relative" data-testid="tasks-menu">
      <summary className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-muted-foreground hover:bg-secondary-hover hover:text-foreground [&::-webkit-details-marker]:hidden">
        <Icon name="tasks" />
        <span className="sr-only">{t("tasks:header.open")}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 grid w-[min(24rem,calc(100vw-2rem))] gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">{t("tasks:header.title")}</h2>
          <Link to={withQuery(tasksPath, new URLSearchParams({ task: "new" }))} className={buttonVariants({ size: "sm" })}>
            {t("tasks:create.open")}
          </Link>
        </div>
        <nav aria-label={t("tasks:header.tabs")}>
          <ul className="flex flex-wrap gap-1">
            {TABS.map((name) => (
              <li key={name}>
                {hydrated ? (
                  <button type="button" aria-pressed={tab === name} onClick={() => setTab(name)} className={tabClasses(tab === name)}>
                    {t(`tasks:status.${name}`)}
                  </button>
                ) : (
                  <a href={here({ myTasks: name })} aria-current={initial?.tab === name ? "page" : undefined} className={tabClasses(initial?.tab === name)}>
                    {t(`tasks:status.${name}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {current && current.items.length > 0 ? (
          <ul ref={listRef} onScroll={onScroll} className="-mx-1 grid max-h-[240px] gap-0.5 overflow-y-auto px-1" aria-busy={loading || undefined} data-testid="tasks-menu-list">
            {current.items.map((task) => (
              <li key={task.id}>
                <Link to={withQuery(tasksPath, new URLSearchParams({ task: String(task.id) }))} className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 rounded-md px-2 py-1.5 text-sm hover:bg-secondary-hover">
                  <span className="text-muted-foreground tabular-nums">#{task.id}</span>
                  <span className="truncate font-medium">{task.title}</span>
                  <span className="col-start-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {task.category !== null ? t(`tasks:category.${task.category}`) : null}
                    <StatusBadge status={task.statusKey} />
                  </span>
                </Link>
              </li>
            ))}
            {loading ? (
              <li className="flex items-center gap-2 px-2 py-1.5 text-xs text-muted-foreground">
                <SpinnerIcon className="size-4" />
                {t("tasks:picker.loading")}
              </li>
            ) : null}
          </ul>
        ) : current ? (
          <p className="px-2 py-3 text-sm text-muted-foreground" data-testid="tasks-menu-empty">
            {t("tasks:list.empty")}
          </p>
        ) : hydrated ? (
          <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground">
            <SpinnerIcon className="size-4" />
            {t("tasks:picker.loading")}
          </p>
        ) : (
          <p className="px-2 py-3 text-sm text-muted-foreground">{t("tasks:header.chooseTab")}</p>
        )}
        {!hydrated && current?.nextCursor ? (
          <a href={here({ myTasks: current.tab, myTasksCursor: current.nextCursor, myTasksPage: String(current.page + 1) })} className="px-2 text-sm font-medium text-primary underline">
            {t("tasks:picker.loadMore")}
          </a>
        ) : null}
        <Link to={tasksPath} className="border-t px-2 pt-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("tasks:header.all")}
        </Link>
      </div>
    </details>
  );
}
