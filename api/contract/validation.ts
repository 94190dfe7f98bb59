/**
 * Shared validation building blocks (spec §5). Messages are i18n keys of the "validation" namespace
 * (locales/<lng>/validation.json); `fieldErrors()` turns zod issues into translated field messages, on the
 * API (English) and in the web (the user's language) alike.
 */
import { z } from "zod";

export const V = {
  required: "validation.required",
  email: "validation.email",
  maxLength: "validation.maxLength",
  minLength: "validation.minLength",
  requiredIf: "validation.requiredIf",
  name: "validation.name",
  phone: "validation.phone",
  invalid: "validation.invalid",
} as const;

/** A required text: whitespace trimmed, then 'Value is required' when empty. */
export const requiredText = (max = 255) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.maxLength);
/** An optional text: trimmed; empty stays "". */
export const optionalText = (max = 255) => z.string().trim().max(max, V.maxLength).default("");
export const email = () =>
  z.string({ error: V.required }).trim().min(1, V.required).max(254, V.maxLength).pipe(z.email(V.email));
/** Names: only letters, spaces, dash and apostrophe (spec §5). */
export const NAME_PATTERN = /^[\p{L}\p{M} '’-]*$/u;
export const personName = (required: boolean) =>
  required ? requiredText(100).regex(NAME_PATTERN, V.name) : z.string().trim().max(100, V.maxLength).regex(NAME_PATTERN, V.name).default("");
/** US phone: 10 digits, optionally with country code 1; punctuation allowed when typing. */
export const PHONE_PATTERN = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const phone = () => z.string().trim().max(25, V.maxLength).regex(PHONE_PATTERN, V.phone);

export type Translate = (key: string, params?: Record<string, unknown>) => string;
export type FieldErrors = Record<string, string[]>;

/** Zod issues → { "field.path": [translated message] }; params {max}/{min} filled from the issue. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.join(".") || "form";
    const params: Record<string, unknown> = {};
    if (issue.code === "too_big") params.max = Number(issue.maximum);
    if (issue.code === "too_small") params.min = Number(issue.minimum);
    const message = issue.message.startsWith("validation.") ? t(issue.message, params) : issue.message;
    (out[key] ??= []).push(message);
  }
  return out;
}
