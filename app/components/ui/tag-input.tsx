import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { controlFrameClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";
import { XIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

/**
 * Server side: the tags a TagInput submitted. Every value under the field name is split on commas,
 * trimmed, and de-duplicated case-insensitively (first spelling kept):
 * `parseTags(formData.getAll("tags"))`.
 */
export function parseTags(values: Iterable<FormDataEntryValue | string | null | undefined>): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") continue;
    for (const part of value.split(",")) {
      const tag = part.trim();
      if (!tag || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

export type TagInputProps = {
  name: string;
  label: ReactNode;
  hideLabel?: boolean;
  defaultValue?: string[];
  /** Controlled tags (pair with onValueChange). */
  value?: string[];
  onValueChange?: (tags: string[]) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  maxTags?: number;
  /** Accessible name of a chip's remove button; gets the tag. */
  removeLabel?: (tag: string) => string;
  /** Announced (politely) after adding or removing a tag. */
  addedMessage?: (tag: string) => string;
  removedMessage?: (tag: string) => string;
  id?: string;
  className?: string;
};

/**
 * Tag input.
 *
 * Without JavaScript: the existing tags are checkboxes named `name` (checked, so they are submitted;
 * untick one to drop it), and a text input named `name` takes new tags separated by commas.
 * With JavaScript: Enter or a comma turns the text into a chip, Backspace in the empty input removes
 * the last chip, each chip has a remove button and a hidden input named `name`. The text input keeps
 * the name too, so text not yet turned into a chip is submitted as well. Read both with `parseTags`.
 */
export function TagInput({
  name,
  label,
  hideLabel,
  defaultValue = [],
  value: controlledValue,
  onValueChange,
  placeholder,
  hint,
  error,
  disabled,
  maxTags,
  removeLabel = (tag) => `Remove ${tag}`,
  addedMessage = (tag) => `${tag} added`,
  removedMessage = (tag) => `${tag} removed`,
  id,
  className,
}: TagInputProps) {
  const hydrated = useHydrated();
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const [uncontrolled, setUncontrolled] = useState<string[]>(() => parseTags(defaultValue));
  const tags = controlledValue ?? uncontrolled;
  const [text, setText] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  const setTags = (next: string[]) => {
    if (controlledValue === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  const full = maxTags !== undefined && tags.length >= maxTags;

  const commit = (raw: string) => {
    const added = parseTags([raw]).filter((tag) => !tags.some((t) => t.toLowerCase() === tag.toLowerCase()));
    const room = maxTags === undefined ? added.length : Math.max(0, maxTags - tags.length);
    const accepted = added.slice(0, room);
    if (accepted.length) {
      setTags([...tags, ...accepted]);
      setAnnouncement(accepted.map(addedMessage).join(". "));
    }
    setText("");
  };
  const remove = (tag: string) => {
    setTags(tags.filter((t) => t !== tag));
    setAnnouncement(removedMessage(tag));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      if (event.key === "Enter" && !text.trim()) return; // let Enter submit the form
      event.preventDefault();
      commit(text);
    } else if (event.key === "Backspace" && text === "" && tags.length > 0) {
      event.preventDefault();
      remove(tags[tags.length - 1]);
    }
  };

  const chip = "inline-flex items-center gap-1 rounded-full border bg-muted px-2.5 py-0.5 text-sm text-foreground";

  return (
    <div className={cn("grid content-start", className)}>
      <FieldLabel htmlFor={controlId} className={cn(hideLabel && "sr-only")}>
        {label}
      </FieldLabel>
      <div
        className={cn(
          controlFrameClasses,
          "flex min-h-10 flex-wrap items-center gap-1.5 py-1.5 focus-within:outline-2 focus-within:outline-ring",
          error ? "border-error" : "border-input",
          disabled ? "bg-muted" : "bg-background",
        )}
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
      >
        {hydrated ? (
          <ul className="flex flex-wrap gap-1.5 empty:hidden" aria-label={typeof label === "string" ? label : undefined}>
            {tags.map((tag) => (
              <li key={tag} className={chip}>
                <span>{tag}</span>
                <input type="hidden" name={name} value={tag} />
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={removeLabel(tag)}
                  onClick={() => {
                    remove(tag);
                    inputRef.current?.focus();
                  }}
                  className="-mr-1 inline-flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground"
                >
                  <XIcon className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          tags.map((tag, index) => (
            <label key={tag} className={cn(chip, "cursor-pointer")}>
              <input
                type="checkbox"
                name={name}
                value={tag}
                defaultChecked
                disabled={disabled}
                aria-describedby={index === 0 ? describedBy : undefined}
                className="size-3.5 accent-primary"
              />
              <span>{tag}</span>
            </label>
          ))
        )}
        <input
          ref={inputRef}
          id={controlId}
          type="text"
          name={name}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            if (next.includes(",")) {
              // Pasted or typed text with commas: everything before the last comma becomes chips.
              const cut = next.lastIndexOf(",");
              commit(next.slice(0, cut));
              setText(next.slice(cut + 1));
            } else {
              setText(next);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && commit(text)}
          placeholder={full ? undefined : placeholder}
          disabled={disabled || (hydrated && full)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-32 flex-1 border-0 bg-transparent p-0.5 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
