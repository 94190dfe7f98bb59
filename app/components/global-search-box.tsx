import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, useFetcher, useLocation, useNavigate } from "react-router";
import type { GlobalSearch } from "../../api/contract/global-search.ts";
import { GLOBAL_SEARCH_MAX_LENGTH } from "../../api/contract/global-search-rules.ts";
import { Icon } from "~/components/icons";
import { Highlight } from "~/components/search/highlight";
import { SEARCH_DEBOUNCE_MS } from "~/components/ui/search-input";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Area } from "~/lib/area";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

type Answer = GlobalSearch & { key: string };
type Option = { id: string; href: string; group: "treatments" | "tasks" | "providers" | "all"; main: React.ReactNode; detail?: React.ReactNode };

const LISTBOX = "global-search-listbox";

/**
 * The header's global search (spec §2, §5, §9).
 * - Without JavaScript: a GET form to /<tree>/search, which redirects to the results page /<tree>/search/{text}.
 * - With JavaScript: the same form, and the input is a combobox (ARIA 1.2: role combobox, aria-expanded,
 *   aria-controls, aria-activedescendant) whose listbox shows the groups treatments, tasks and providers (5 rows
 *   each, /resources/global-search) 600 ms after typing stops, or a no-results message. Arrow keys move through
 *   the options, Enter opens the active one (or, with none, submits the form: the results page), Escape closes,
 *   and clearing the text resets the results (§5: search runs only on non-empty text).
 */
export function GlobalSearchBox({ action, area, label, placeholder, submitLabel }: { action: string; area: Area; label: string; placeholder: string; submitLabel: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const fetcher = useFetcher<Answer>();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const asked = useRef("");
  const rootRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A followed result or a submitted search closes the dropdown.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  const answer = fetcher.data && fetcher.data.key === asked.current ? fetcher.data : null;
  const loading = fetcher.state === "loading" || (timer.current !== null && text.trim() !== "" && !answer);

  const onType = (value: string) => {
    setText(value);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const trimmed = value.trim();
    if (!trimmed) {
      asked.current = "";
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      asked.current = trimmed;
      void fetcher.load(`/resources/global-search?${new URLSearchParams({ search: trimmed, key: trimmed }).toString()}`);
    }, SEARCH_DEBOUNCE_MS);
  };

  const options: Option[] = [];
  if (answer) {
    for (const item of answer.treatments)
      options.push({
        id: `gs-t-${item.patient.id}`,
        href: `/${area}/patients/${item.patient.id}`,
        group: "treatments",
        main: <Highlight html={item.highlight.fullName} text={item.patient.fullName} />,
        detail: <Highlight html={item.highlight.email} text={item.patient.email} />,
      });
    for (const item of answer.tasks)
      options.push({ id: `gs-k-${item.id}`, href: `/${area}/tasks?task=${item.id}`, group: "tasks", main: <Highlight html={item.highlight.title} text={item.title} />, detail: `#${item.id}` });
    for (const item of answer.users)
      options.push({
        id: `gs-p-${item.id}`,
        href: `/${area}/tasks?assignee=${item.id}`,
        group: "providers",
        main: <Highlight html={item.highlight.fullName} text={item.fullName} />,
        detail: <Highlight html={item.highlight.email} text={item.email} />,
      });
    if (options.length) options.push({ id: "gs-all", href: `${action}/${encodeURIComponent(answer.key)}`, group: "all", main: t("search:box.all", { text: answer.key }) });
  }
  const expanded = hydrated && open && text.trim() !== "";

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the input itself; past either end wraps through it.
      setActive((i) => {
        const next = i + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === "Enter" && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      void navigate(options[active].href);
    }
  };

  const groups = ["treatments", "tasks", "providers"] as const;
  return (
    <Form
      ref={rootRef}
      method="get"
      action={action}
      role="search"
      className="relative flex min-w-0 flex-1 items-center gap-2"
      aria-label={label}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor="global-search" className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1 sm:max-w-md">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id="global-search"
          name="search"
          type="search"
          autoComplete="off"
          maxLength={GLOBAL_SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          className="h-10 w-full rounded-md border border-input bg-background pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          {...(hydrated
            ? {
                role: "combobox",
                "aria-expanded": expanded,
                "aria-controls": LISTBOX,
                "aria-autocomplete": "list" as const,
                "aria-activedescendant": expanded && active >= 0 && options[active] ? options[active].id : undefined,
                value: text,
                onChange: (e: React.ChangeEvent<HTMLInputElement>) => onType(e.target.value),
                onKeyDown,
                onFocus: () => text.trim() && setOpen(true),
              }
            : {})}
        />
        {hydrated ? (
          <div
            className={cn("absolute top-full right-0 left-0 z-40 mt-1 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg", !expanded && "hidden")}
            data-testid="global-search-dropdown"
          >
            <div id={LISTBOX} role="listbox" aria-label={t("search:box.results")}>
              {groups.map((g) => {
                const rows = options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g);
                if (!rows.length) return null;
                return (
                  <div key={g} role="group" aria-labelledby={`gs-group-${g}`} data-group={g}>
                    <div id={`gs-group-${g}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase">
                      {t(`search:groups.${g}`)}
                    </div>
                    {rows.map(({ o, i }) => (
                      <OptionRow key={o.id} option={o} active={i === active} onPick={() => void navigate(o.href)} />
                    ))}
                  </div>
                );
              })}
              {options.length ? <OptionRow option={options[options.length - 1]} active={active === options.length - 1} onPick={() => void navigate(options[options.length - 1].href)} /> : null}
            </div>
            <p role="status" className={cn("px-3 py-2 text-sm text-muted-foreground", options.length && !loading && "sr-only")}>
              {loading && !answer ? t("search:box.loading") : answer && !options.length ? t("search:box.noResults", { text: answer.key }) : answer ? t("search:box.count", { count: options.length - 1 }) : ""}
            </p>
          </div>
        ) : null}
      </div>
      <button type="submit" className="h-10 rounded-md bg-secondary px-3 text-sm font-medium text-secondary-foreground hover:bg-secondary-hover">
        {submitLabel}
      </button>
    </Form>
  );
}

function OptionRow({ option, active, onPick }: { option: Option; active: boolean; onPick: () => void }) {
  return (
    <div
      id={option.id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      className={cn("cursor-pointer rounded-md px-3 py-2 text-sm", active ? "bg-secondary-hover" : "hover:bg-secondary-hover", option.group === "all" && "font-medium text-primary")}
    >
      <span className="block truncate">{option.main}</span>
      {option.detail ? <span className="block truncate text-xs text-muted-foreground">{option.detail}</span> : null}
    </div>
  );
}
