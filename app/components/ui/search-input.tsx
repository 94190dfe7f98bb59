import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { Form, useLocation, useNavigate, useSubmit } from "react-router";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button";
import { controlClasses } from "./field";
import { SearchIcon } from "./icons";

/** Spec §9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 600;

export type SearchInputProps = Omit<ComponentProps<"form">, "onSubmit" | "method" | "children" | "action" | "encType"> & {
  /** Results page URL (default: the current page). */
  action?: string;
  /** Accessible name of the field (visually hidden unless showLabel). */
  label: string;
  showLabel?: boolean;
  /** Query parameter name (default "q"). */
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  /** Submit button text (the no-JavaScript path). */
  submitLabel: string;
  /**
   * With JavaScript: called 600 ms after typing stops, only for non-empty text, and at once with ""
   * when the field is cleared. Without it, the form itself is submitted (a GET navigation, replacing
   * the history entry) after the debounce, and clearing removes the parameter from the URL.
   */
  onSearch?: (text: string) => void;
  /** Extra hidden fields to keep in the query (filters, tabs). */
  hiddenFields?: Record<string, string>;
  inputProps?: Omit<ComponentProps<"input">, "name" | "type" | "defaultValue">;
  /** Content under the field, e.g. a results dropdown fed by onSearch. */
  children?: ReactNode;
};

/**
 * Search box: a GET form (role="search") with an input type=search and a submit button, so it works
 * without JavaScript (the results page reads `?q=`). With JavaScript the search runs as you type,
 * debounced 600 ms.
 */
export function SearchInput({
  label,
  showLabel = false,
  name = "q",
  defaultValue = "",
  placeholder,
  submitLabel,
  onSearch,
  hiddenFields,
  inputProps,
  action,
  className,
  children,
  ...props
}: SearchInputProps) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (text: string) => {
    clearTimeout(timer.current);
    const trimmed = text.trim();
    if (!trimmed) {
      // Cleared: reset at once.
      if (onSearch) onSearch("");
      else {
        const params = new URLSearchParams(location.search);
        params.delete(name);
        const search = params.toString();
        navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
      }
      return;
    }
    timer.current = setTimeout(() => {
      if (onSearch) onSearch(trimmed);
      else if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      className={cn("relative grid gap-1.5", className)}
      onSubmit={(event) => {
        clearTimeout(timer.current);
        if (onSearch) {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get(name);
          onSearch(typeof value === "string" ? value.trim() : "");
        }
      }}
      {...props}
    >
      <label htmlFor={inputId} className={cn(showLabel ? "text-sm font-medium text-foreground" : "sr-only")}>
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            id={inputId}
            type="search"
            name={name}
            defaultValue={defaultValue}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            {...inputProps}
            onChange={(event) => {
              inputProps?.onChange?.(event);
              run(event.target.value);
            }}
            className={cn(controlClasses, "h-10 pl-9", inputProps?.className)}
          />
        </div>
        {hiddenFields
          ? Object.entries(hiddenFields).map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />)
          : null}
        <button
          type="submit"
          className={buttonVariants({ variant: "secondary" })}
        >
          {submitLabel}
        </button>
      </div>
      {children}
    </Form>
  );
}
