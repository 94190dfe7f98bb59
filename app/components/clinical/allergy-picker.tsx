import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

type Option = { id: string; name: string; kind?: string };

/**
 * The allergies picker of the record-visit form. Chosen allergens are checkboxes named `allergies` (with a hidden
 * `allergyLabel` "id|name" each, so a reload can name them). Without JavaScript: a search field and a Search button
 * (intent=searchAllergies) that posts the whole form; the page comes back with everything typed and the matches as
 * checkboxes. With JavaScript the field is also a combobox: matches as you type (debounced, spec §9 600 ms) from
 * /resources/allergies, ↑/↓ to move, Enter to add, Escape to close.
 */
export function AllergyPicker({ selected: initial, results, searched, error }: { selected: Option[]; results?: Option[]; searched: string; error?: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-list`;
  const [selected, setSelected] = useState<Option[]>(initial);
  const [query, setQuery] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const fetcher = useFetcher<{ q: string; allergies: Option[] }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const matches = (fetcher.data?.allergies ?? []).filter((a) => !selected.some((s) => s.id === a.id));

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    if (!value.trim()) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      fetcher.load(`/resources/allergies?q=${encodeURIComponent(value.trim())}`);
      setOpen(true);
      setActive(-1);
    }, 600);
  };
  const add = (option: Option) => {
    setSelected((list) => (list.some((s) => s.id === option.id) ? list : [...list, option]));
    setQuery("");
    setOpen(false);
    setActive(-1);
  };
  const expanded = hydrated && open && fetcher.data !== undefined;

  return (
    <div className="grid gap-3">
      <div>
        <p className="text-sm font-medium" id={`${id}-selected`}>
          {t("clinical:visit.selected")}
        </p>
        {selected.length === 0 ? <p className="text-sm text-muted-foreground">{t("clinical:visit.noneSelected")}</p> : null}
        <ul aria-labelledby={`${id}-selected`} className="mt-1 flex flex-wrap gap-2" data-testid="allergies-selected">
          {selected.map((a) => (
            <li key={a.id}>
              <label className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm">
                <input type="checkbox" name="allergies" value={a.id} defaultChecked className="size-4 accent-primary" />
                {a.name}
              </label>
              <input type="hidden" name="allergyLabel" value={`${a.id}|${a.name}`} />
            </li>
          ))}
        </ul>
      </div>
      <div className="relative grid gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          {t("clinical:visit.allergySearch")}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            name="allergyQuery"
            type="search"
            autoComplete="off"
            maxLength={60}
            value={query}
            onChange={(e) => search(e.target.value)}
            aria-describedby={`${id}-hint`}
            {...(hydrated
              ? {
                  role: "combobox",
                  "aria-autocomplete": "list" as const,
                  "aria-expanded": expanded,
                  "aria-controls": listId,
                  "aria-activedescendant": expanded && active >= 0 && matches[active] ? `${listId}-${matches[active].id}` : undefined,
                  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
                    if (e.key === "ArrowDown") {
                      e.preventDefault();
                      if (!expanded && query.trim()) {
                        fetcher.load(`/resources/allergies?q=${encodeURIComponent(query.trim())}`);
                        setOpen(true);
                      }
                      setActive((i) => Math.min(i + 1, matches.length - 1));
                    } else if (e.key === "ArrowUp") {
                      e.preventDefault();
                      setActive((i) => Math.max(i - 1, 0));
                    } else if (e.key === "Enter") {
                      // Enter adds the highlighted match; it never submits the visit from this field.
                      e.preventDefault();
                      const choice = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
                      if (choice) add(choice);
                    } else if (e.key === "Escape" && open) {
                      e.preventDefault();
                      setOpen(false);
                    }
                  },
                }
              : {})}
            className="h-11 w-full rounded-md border border-input bg-background px-3 text-base"
          />
          <Button type="submit" name="intent" value="searchAllergies" variant="outline" size="lg" formNoValidate>
            {t("clinical:visit.searchButton")}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t("clinical:visit.allergySearchHint")}
        </p>
        {hydrated ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t("clinical:visit.listLabel")}
            hidden={!expanded}
            className="absolute top-full z-20 mt-1 max-h-[250px] w-full overflow-auto rounded-md border bg-card shadow-lg"
            data-testid="allergies-listbox"
          >
            {matches.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-muted-foreground">
                {t("clinical:visit.noResults", { q: fetcher.data?.q ?? query })}
              </li>
            ) : (
              matches.map((a, i) => (
                <li
                  key={a.id}
                  id={`${listId}-${a.id}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => add(a)}
                  className={cn("cursor-pointer px-3 py-2 text-sm", i === active ? "bg-primary-subtle text-primary" : "hover:bg-muted")}
                >
                  {a.name}
                  {a.kind ? <span className="ms-2 text-muted-foreground">· {t(`clinical:visit.kind.${a.kind}`)}</span> : null}
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
      {results ? (
        <div data-testid="allergies-results">
          <p className="text-sm font-medium" id={`${id}-results`}>
            {results.length ? t("clinical:visit.results", { q: searched }) : t("clinical:visit.noResults", { q: searched })}
          </p>
          <ul aria-labelledby={`${id}-results`} className="mt-1 grid gap-1 sm:grid-cols-2">
            {results
              .filter((a) => !initial.some((s) => s.id === a.id))
              .map((a) => (
                <li key={a.id}>
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input type="checkbox" name="allergies" value={a.id} className="size-4 accent-primary" />
                    {a.name}
                  </label>
                  <input type="hidden" name="allergyLabel" value={`${a.id}|${a.name}`} />
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
