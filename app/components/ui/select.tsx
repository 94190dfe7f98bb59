import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { controlClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";
import { CheckIcon, ChevronDownIcon, XIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = {
  name: string;
  label: ReactNode;
  hideLabel?: boolean;
  options: SelectOption[];
  defaultValue?: string;
  /** Controlled value (pair with onValueChange). "" means nothing selected. */
  value?: string;
  onValueChange?: (value: string) => void;
  /** Text shown while nothing is selected (an empty first option). */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Allow going back to "nothing selected" (choosing the selected option again, or the clear button). */
  deselectable?: boolean;
  /** With JavaScript, replace the native control by a filterable listbox (default true). */
  enhance?: boolean;
  /** Shown when the filter matches nothing (spec §8: select empty list shows a no-results label). */
  noResultsLabel?: string;
  clearLabel?: string;
  id?: string;
  className?: string;
  form?: string;
};

/**
 * Select. A native <select name> is always in the form, so the value is submitted with or without
 * JavaScript. Without JavaScript it is the visible control (styled). With JavaScript (and `enhance`)
 * it is hidden and driven by an editable combobox (WAI-ARIA APG "combobox with listbox popup"):
 * type to filter, ArrowDown/ArrowUp to open and move, Enter to choose, Escape to close, list at most
 * 250px high (spec §9), a no-results label, and deselection only when `deselectable`.
 */
export function Select({
  name,
  label,
  hideLabel,
  options,
  defaultValue,
  value: controlledValue,
  onValueChange,
  placeholder,
  hint,
  error,
  disabled,
  required,
  deselectable = false,
  enhance = true,
  noResultsLabel = "No results",
  clearLabel = "Clear selection",
  id,
  className,
  form,
}: SelectProps) {
  const hydrated = useHydrated();
  const enhanced = hydrated && enhance;
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const comboId = `${controlId}-combobox`;
  const listId = `${controlId}-listbox`;
  const optionIdBase = useId().replace(/[^a-zA-Z0-9_-]/g, "");

  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? "");
  const value = controlledValue ?? uncontrolled;
  const setValue = (next: string) => {
    if (controlledValue === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = options.find((o) => o.value === value);
  const needle = (query ?? "").trim().toLowerCase();
  const filtered = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const active = open ? filtered[activeIndex] : undefined;
  const showEmptyOption = placeholder !== undefined || deselectable || !selected;

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    el?.scrollIntoView?.({ block: "nearest" });
  }, [open, activeIndex]);

  const enabledIndex = (list: SelectOption[], from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < list.length; i += step) if (!list[i].disabled) return i;
    return -1;
  };
  const openList = (direction: 1 | -1 = 1) => {
    setQuery(null);
    setOpen(true);
    const selectedIndex = options.findIndex((o) => o.value === value && !o.disabled);
    setActiveIndex(
      selectedIndex >= 0 ? selectedIndex : enabledIndex(options, direction === 1 ? 0 : options.length - 1, direction),
    );
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  };
  const choose = (option: SelectOption) => {
    if (option.disabled) return;
    setValue(option.value === value && deselectable ? "" : option.value);
    close();
  };
  const move = (step: 1 | -1) => {
    if (filtered.length === 0) return;
    let next = enabledIndex(filtered, activeIndex + step, step);
    if (next === -1) next = enabledIndex(filtered, step === 1 ? 0 : filtered.length - 1, step); // wrap
    setActiveIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open || event.altKey) openList(1);
        else move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList(-1);
        else move(-1);
        break;
      case "Enter":
        if (!open) return; // submits the form, like a native select would not; harmless
        event.preventDefault();
        if (active) choose(active);
        else close();
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation(); // do not also close a surrounding modal
          close();
        }
        break;
      case "Tab":
        if (open) close();
        break;
    }
  };

  const nativeSelect = (
    <select
      id={enhanced ? `${controlId}-native` : controlId}
      name={name}
      form={form}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      disabled={disabled}
      // A hidden required control would block submission with no visible message; the combobox
      // carries aria-required instead and the server validates.
      required={enhanced ? undefined : required}
      aria-invalid={error ? true : undefined}
      aria-describedby={enhanced ? undefined : describedBy}
      hidden={enhanced || undefined}
      tabIndex={enhanced ? -1 : undefined}
      className={cn(controlClasses, "h-10 cursor-pointer appearance-none pr-10", className)}
    >
      {showEmptyOption ? (
        <option value="" disabled={!deselectable && !!selected}>
          {placeholder ?? ""}
        </option>
      ) : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );

  return (
    <div className="grid content-start">
      <FieldLabel
        id={`${controlId}-label`}
        htmlFor={enhanced ? comboId : controlId}
        required={required} className={cn(hideLabel && "sr-only")}>
        {label}
      </FieldLabel>
      <div className="relative">
        {nativeSelect}
        {enhanced ? (
          <>
            <input
              ref={inputRef}
              id={comboId}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={active ? `${optionIdBase}-${filtered.indexOf(active)}` : undefined}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              disabled={disabled}
              placeholder={placeholder}
              value={open && query !== null ? query : (selected?.label ?? "")}
              onChange={(event) => {
                setQuery(event.target.value);
                setOpen(true);
                const text = event.target.value.trim().toLowerCase();
                const list = text ? options.filter((o) => o.label.toLowerCase().includes(text)) : options;
                setActiveIndex(enabledIndex(list, 0, 1));
              }}
              onClick={() => (open ? close() : openList(1))}
              onKeyDown={onKeyDown}
              onBlur={close}
              className={cn(controlClasses, "h-10 cursor-pointer pr-16", className)}
            />
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground">
              <ChevronDownIcon className={cn("size-4 transition-transform", open && "rotate-180")} />
            </span>
            {deselectable && value && !disabled ? (
              <button
                type="button"
                aria-label={clearLabel}
                onClick={() => {
                  setValue("");
                  inputRef.current?.focus();
                }}
                className="absolute inset-y-0 right-8 my-auto inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <XIcon className="size-4" />
              </button>
            ) : null}
            <div
              hidden={!open}
              // Keep focus in the input while clicking in the popup.
              onMouseDown={(event) => event.preventDefault()}
              className="absolute z-50 mt-1 w-full overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg"
            >
              <ul
                ref={listRef}
                id={listId}
                role="listbox"
                aria-labelledby={`${controlId}-label`}
                hidden={filtered.length === 0}
                className="max-h-[250px] overflow-y-auto py-1"
              >
                {filtered.map((option, index) => {
                  const isSelected = option.value === value;
                  return (
                    <li
                      key={option.value}
                      id={`${optionIdBase}-${index}`}
                      data-index={index}
                      role="option"
                      aria-selected={isSelected}
                      aria-disabled={option.disabled || undefined}
                      onClick={() => choose(option)}
                      onMouseMove={() => !option.disabled && setActiveIndex(index)}
                      className={cn(
                        "flex items-center justify-between gap-2 px-3 py-2 text-sm",
                        index === activeIndex && "bg-muted",
                        isSelected && "font-medium",
                        option.disabled ? "cursor-not-allowed text-muted-foreground" : "cursor-pointer",
                      )}
                    >
                      <span>{option.label}</span>
                      {isSelected ? <CheckIcon className="size-4 text-primary" /> : null}
                    </li>
                  );
                })}
              </ul>
              <p role="status" className={filtered.length === 0 ? "px-3 py-2 text-sm text-muted-foreground" : "sr-only"}>
                {filtered.length === 0 ? noResultsLabel : ""}
              </p>
            </div>
          </>
        ) : (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground">
            <ChevronDownIcon className="size-4" />
          </span>
        )}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
