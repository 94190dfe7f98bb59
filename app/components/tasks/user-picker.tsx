import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { controlClasses, controlFrameClasses, FieldError } from "~/components/ui/field";
import { ChevronDownIcon, SearchIcon, SpinnerIcon, XIcon } from "~/components/ui/icons";
import { SEARCH_DEBOUNCE_MS } from "~/components/ui/search-input";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/utils";
import { PICKER_TEAMS, type PeoplePage, type Person, type PickerKind, type PickerState, type PickerTeam } from "./task-model";

/** Spec §9: the picker's list is 360 px high and loads the next page 10 px before its end. */
const LIST_HEIGHT = 360;
const LOAD_AHEAD_PX = 10;
/** Inputs of the JS picker's own controls point at this (absent) form, so they are never submitted. */
const NO_FORM = "user-picker-no-form";

export type PickerPurpose = "filter" | "assign" | "submit";

export type UserPickerProps = {
  /** The form field that carries the chosen id. */
  field: string;
  kind: PickerKind;
  /** Spec §2: the confirm button says "Select" for filters, "Assign" for assigning, else "Submit". */
  purpose: PickerPurpose;
  label: string;
  value: Person | null;
  /** Without JavaScript: the list the loader rendered (see tasksLoader). */
  state: PickerState;
  /** Without JavaScript, the picker's buttons submit the surrounding form as a GET to this path. */
  formAction: string;
  error?: ReactNode;
  required?: boolean;
  /** Called with JavaScript after a choice is confirmed or cleared. */
  onChange?: (person: Person | null) => void;
  /** The text of the "nothing chosen" state. */
  emptyLabel?: string;
  className?: string;
};

/**
 * The user picker of spec §2, for assignees (team tabs All / Medical / Nursing / Support) and patients
 * (role patients; searched by name, email, phone or ID). Only active users are listed, 20 at a time.
 * The chosen id is a hidden input named `field`; the choice can be cleared.
 *
 * - With JavaScript: a button opens a panel with a search box (debounced 600 ms), the team tabs, a radio
 *   list 360 px high that loads more 10 px before its end (/resources/tasks/users), and a confirm button
 *   that stays disabled until someone is chosen.
 * - Without JavaScript: a fieldset of radios named `field`. "Choose", "Search", the team buttons and
 *   "Load more" submit the surrounding form as a GET to `formAction`, so everything else typed into the
 *   form travels along in the URL and is rendered again (nothing typed is lost).
 */
export function UserPicker(props: UserPickerProps) {
  const hydrated = useHydrated();
  return hydrated ? <EnhancedPicker {...props} /> : <PlainPicker {...props} />;
}

function personDetail(person: Person, t: (key: string) => string): string | null {
  if (person.email) return `#${person.id} · ${person.email}`;
  if (person.profession) return t(`tasks:profession.${person.profession}`);
  return null;
}

function PersonLine({ person }: { person: Person }) {
  const { t } = useTranslation();
  const detail = personDetail(person, t);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar name={person.fullName} src={person.avatarUrl} size="xs" decorative />
      <span className="min-w-0">
        <span className="block truncate font-medium text-foreground">{person.fullName}</span>
        {detail ? <span className="block truncate text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </span>
  );
}

const confirmKey: Record<PickerPurpose, string> = { filter: "tasks:picker.select", assign: "tasks:picker.assign", submit: "tasks:picker.submit" };

// ---------------------------------------------------------------------------------------------------
// Without JavaScript

function PlainPicker({ field, kind, label, value, state, formAction, error, required, emptyLabel, className }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const errorId = error ? `${id}-error` : undefined;
  const items = state.items.filter((p) => p.id !== value?.id);
  const get = { type: "submit" as const, formMethod: "get" as const, formAction, formNoValidate: true };
  const controls = state.open ? (
    <div className="grid gap-2">
      {kind === "assignee" ? (
        <div role="group" aria-label={t("tasks:picker.teams")} className="flex flex-wrap gap-1">
          <input type="hidden" name={`${field}Team`} value={state.team} />
          {PICKER_TEAMS.map((team) => (
            <button
              key={team}
              {...get}
              name={`${field}SetTeam`}
              value={team}
              aria-pressed={state.team === team}
              className={buttonVariants({ variant: state.team === team ? "secondary" : "ghost", size: "sm" })}
            >
              {t(`tasks:picker.team.${team}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t(kind === "patient" ? "tasks:picker.searchPatients" : "tasks:picker.searchStaff")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          name={`${field}Search`}
          defaultValue={state.search}
          placeholder={t(kind === "patient" ? "tasks:picker.patientPlaceholder" : "tasks:picker.staffPlaceholder")}
          className={cn(controlClasses, "h-9 min-w-0")}
        />
        <button {...get} name="pick" value={field} className={buttonVariants({ variant: "secondary", size: "sm" })}>
          {t("tasks:picker.search")}
        </button>
      </div>
    </div>
  ) : null;
  return (
    <fieldset className={cn("grid min-w-0 content-start gap-2", className)} aria-describedby={errorId} data-picker={field}>
      <legend className="mb-1.5 text-sm font-medium text-foreground">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      {controls}
      <div className="grid max-h-[360px] content-start gap-1 overflow-y-auto rounded-md border p-2">
        <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
          <input type="radio" name={field} value="" defaultChecked={!value} className="accent-primary" />
          <span className="text-muted-foreground">{emptyLabel ?? t("tasks:picker.nobody")}</span>
        </label>
        {value ? (
          <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
            <input type="radio" name={field} value={value.id} defaultChecked className="accent-primary" />
            <PersonLine person={value} />
          </label>
        ) : null}
        {items.map((person) => (
          <label key={person.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
            <input type="radio" name={field} value={person.id} className="accent-primary" />
            <PersonLine person={person} />
          </label>
        ))}
        {state.open && state.items.length === 0 ? <p className="px-1 py-1 text-sm text-muted-foreground">{t("tasks:picker.noResults")}</p> : null}
        {state.open && state.hasMore ? (
          <button {...get} name={`${field}Page`} value={state.page + 1} className={buttonVariants({ variant: "link", align: "start" })}>
            {t("tasks:picker.loadMore")}
          </button>
        ) : null}
      </div>
      {error ? (
        <FieldError id={errorId} className="mt-0">
          {error}
        </FieldError>
      ) : null}
      {state.open ? null : (
        <button {...get} name="pick" value={field} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-self-start")}>
          {t(kind === "patient" ? "tasks:picker.choosePatient" : "tasks:picker.chooseStaff")}
        </button>
      )}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------
// With JavaScript

type Loaded = { key: string; items: Person[]; page: number; hasMore: boolean };

function EnhancedPicker({ field, kind, purpose, label, value, error, required, onChange, emptyLabel, className }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const [selected, setSelected] = useState<Person | null>(value);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Person | null>(null);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [team, setTeam] = useState<PickerTeam>("all");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const fetcher = useFetcher<PeoplePage & { key: string }>();
  const listRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = `${kind}|${team}|${search}`;

  // A new value from the server (after a save, another task) replaces the local one.
  useEffect(() => setSelected(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = (page: number) => {
    const params = new URLSearchParams({ kind, page: String(page), key });
    if (kind === "assignee") params.set("team", team);
    if (search) params.set("search", search);
    void fetcher.load(`/resources/tasks/users?${params.toString()}`);
  };

  // First page whenever the panel opens or the search/team changes.
  useEffect(() => {
    if (!open) return;
    if (loaded?.key === key) return;
    load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load() reads the same state as `key`
  }, [open, key]);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || page.key !== key) return;
    setLoaded((current) =>
      page.page === 1 || !current || current.key !== key
        ? { key, items: page.items, page: page.page, hasMore: page.hasMore }
        : { key, items: [...current.items, ...page.items.filter((p) => !current.items.some((c) => c.id === p.id))], page: page.page, hasMore: page.hasMore },
    );
  }, [fetcher.data, key]);

  const loading = fetcher.state === "loading";
  const items = loaded?.key === key ? loaded.items : [];

  const maybeLoadMore = () => {
    const el = listRef.current;
    if (!el || loading || !loaded || loaded.key !== key || !loaded.hasMore) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_AHEAD_PX) load(loaded.page + 1);
  };

  const openPanel = () => {
    setChoice(selected);
    setOpen(true);
    requestAnimationFrame(() => searchRef.current?.focus());
  };
  const closePanel = () => {
    setOpen(false);
    requestAnimationFrame(() => triggerRef.current?.focus());
  };
  const confirm = () => {
    if (!choice) return;
    setSelected(choice);
    closePanel();
    if (choice.id !== selected?.id) onChange?.(choice);
  };
  const clear = () => {
    setSelected(null);
    onChange?.(null);
    triggerRef.current?.focus();
  };

  const labelId = `${id}-label`;
  const panelId = `${id}-panel`;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className={cn("grid min-w-0 content-start", className)} data-picker={field}>
      <span id={labelId} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
        {required ? <RequiredMark /> : null}
      </span>
      <input type="hidden" name={field} value={selected ? String(selected.id) : ""} />
      <div className="relative">
        <button
          ref={triggerRef}
          type="button"
          aria-labelledby={`${labelId} ${id}-value`}
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={errorId}
          aria-invalid={error ? true : undefined}
          onClick={() => (open ? closePanel() : openPanel())}
          className={cn(
            controlFrameClasses,
            "flex h-10 items-center justify-between gap-2 bg-background py-2 pr-16 text-left",
            error ? "border-error" : "border-input",
          )}
        >
          <span id={`${id}-value`} className="min-w-0 truncate">
            {selected ? selected.fullName : <span className="text-muted-foreground">{emptyLabel ?? t("tasks:picker.nobody")}</span>}
          </span>
        </button>
        <ChevronDownIcon className={cn("pointer-events-none absolute inset-y-0 right-3 my-auto size-4 text-muted-foreground", open && "rotate-180")} />
        {selected ? (
          <button
            type="button"
            onClick={clear}
            aria-label={t("tasks:picker.clear", { label })}
            className="absolute inset-y-0 right-8 my-auto inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <XIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-labelledby={labelId}
          className="mt-2 grid gap-2 rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation(); // do not also close the modal around it
              closePanel();
            }
          }}
        >
          <div className="relative">
            <label htmlFor={`${id}-search`} className="sr-only">
              {t(kind === "patient" ? "tasks:picker.searchPatients" : "tasks:picker.searchStaff")}
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <input
              ref={searchRef}
              id={`${id}-search`}
              type="search"
              form={NO_FORM}
              value={searchText}
              autoComplete="off"
              placeholder={t(kind === "patient" ? "tasks:picker.patientPlaceholder" : "tasks:picker.staffPlaceholder")}
              onChange={(event) => {
                const text = event.target.value;
                setSearchText(text);
                clearTimeout(timer.current);
                // Spec §5: search runs on non-empty text, debounced; clearing resets at once.
                if (!text.trim()) setSearch("");
                else timer.current = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  clearTimeout(timer.current);
                  setSearch(searchText.trim());
                }
              }}
              className={cn(controlClasses, "h-9 pl-9")}
            />
          </div>
          {kind === "assignee" ? (
            <div role="group" aria-label={t("tasks:picker.teams")} className="flex flex-wrap gap-1">
              {PICKER_TEAMS.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={team === name}
                  onClick={() => setTeam(name)}
                  className={buttonVariants({ variant: team === name ? "secondary" : "ghost", size: "sm" })}
                >
                  {t(`tasks:picker.team.${name}`)}
                </button>
              ))}
            </div>
          ) : null}
          <div
            ref={listRef}
            role="radiogroup"
            aria-labelledby={labelId}
            aria-busy={loading || undefined}
            tabIndex={-1}
            onScroll={maybeLoadMore}
            style={{ height: LIST_HEIGHT }}
            className="overflow-y-auto rounded-md border p-1"
            data-testid="picker-list"
          >
            {items.map((person) => (
              <label key={person.id} className={cn("flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted", choice?.id === person.id && "bg-primary-subtle")}>
                <input
                  type="radio"
                  form={NO_FORM}
                  name={`${field}-choice-${id}`}
                  value={person.id}
                  checked={choice?.id === person.id}
                  onChange={() => setChoice(person)}
                  className="accent-primary"
                />
                <PersonLine person={person} />
              </label>
            ))}
            {loading ? (
              <p className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground">
                <SpinnerIcon className="size-4" />
                {t("tasks:picker.loading")}
              </p>
            ) : items.length === 0 && loaded?.key === key ? (
              <p role="status" className="px-2 py-2 text-sm text-muted-foreground">
                {t("tasks:picker.noResults")}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={closePanel}>
              {t("tasks:picker.cancel")}
            </Button>
            <Button size="sm" disabled={!choice} onClick={confirm}>
              {t(confirmKey[purpose])}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The "required" star of a picker's label, with its words for screen readers. */
function RequiredMark() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-error">
        *
      </span>
      <span className="sr-only"> ({t("tasks:form.required")})</span>
    </>
  );
}
