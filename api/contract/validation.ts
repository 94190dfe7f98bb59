/**
 * Shared validation building blocks (spec §5). Messages are i18n keys of the "validation" namespace
 * (locales/<lng>/validation.json); `fieldErrors()` turns zod issues into translated field messages, on the
 * API (English) and in the web (the user's language) alike.
 */
import { z } from "zod";
import { dateOfBirthProblem, isTimeZone, isUtcOffsetMinutes, parseCalendarDate } from "./profile-rules.ts";
import { NAME_PATTERN, PHONE_PATTERN, V } from "./rules.ts";
import type { FieldCodes } from "./codes.ts";

// The plain rules (message keys, patterns, dates of birth, time zones) the browser may import without zod.
export * from "./profile-rules.ts";
export * from "./rules.ts";


/** A required text: whitespace trimmed, then 'Value is required' when empty. */
export const requiredText = (max = 255) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.maxLength);
/** An optional text: trimmed; empty stays "". */
export const optionalText = (max = 255) => z.string().trim().max(max, V.maxLength).default("");
export const email = () =>
  z.string({ error: V.required }).trim().min(1, V.required).max(254, V.maxLength).pipe(z.email(V.email));
export const personName = (required: boolean) =>
  required ? requiredText(100).regex(NAME_PATTERN, V.name) : z.string().trim().max(100, V.maxLength).regex(NAME_PATTERN, V.name).default("");
export const phone = () => z.string().trim().max(25, V.maxLength).regex(PHONE_PATTERN, V.phone);
/**
 * A date of birth: "yyyy-MM-dd" or "MM/dd/yyyy" in, "yyyy-MM-dd" out; each rule of spec §5 has its own key
 * (invalid, future, tooOld = more than MAXIMUM_AGE years ago, underage = younger than MINIMUM_AGE).
 * "" means "clear it" and comes out as null.
 */
export const dateOfBirth = () =>
  z
    .string({ error: V.dobInvalid })
    .transform((v, ctx): string | null => {
      if (v.trim() === "") return null;
      const problem = dateOfBirthProblem(v);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem, input: v });
        return z.NEVER;
      }
      return parseCalendarDate(v);
    })
    .meta({ description: "Date of birth, yyyy-MM-dd (MM/dd/yyyy accepted); \"\" clears it" });

export const timeZoneName = () =>
  z
    .string({ error: V.timeZone })
    .trim()
    .max(64, V.timeZone)
    .refine((v) => v === "" || isTimeZone(v), V.timeZone)
    .meta({ description: "IANA time zone, e.g. America/Denver; \"\" clears it" });
/** UTC offset in minutes, -720 (UTC-12:00) … +840 (UTC+14:00), in steps of 15 minutes (`isUtcOffsetMinutes`). */
export const utcOffsetMinutes = () => z.coerce.number({ error: V.utcOffset }).refine(isUtcOffsetMinutes, V.utcOffset);

export type Translate = (key: string, params?: Record<string, unknown>) => string;
export type FieldErrors = Record<string, string[]>;

/** Zod issues → { "field.path": [{ code, params }] }: the message key (or the issue's own text) and {max}/{min}. */
export function fieldCodesOf(issues: readonly z.core.$ZodIssue[]): FieldCodes {
  const out: FieldCodes = {};
  for (const issue of issues) {
    const key = issue.path.join(".") || "form";
    const params: Record<string, number> = {};
    if (issue.code === "too_big") params.max = Number(issue.maximum);
    if (issue.code === "too_small") params.min = Number(issue.minimum);
    (out[key] ??= []).push(Object.keys(params).length ? { code: issue.message, params } : { code: issue.message });
  }
  return out;
}

/** Zod issues → { "field.path": [translated message] }; params {max}/{min} filled from the issue. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, codes] of Object.entries(fieldCodesOf(issues))) {
    out[key] = codes.map(({ code, params }) => (code.startsWith("validation.") ? t(code, params) : code));
  }
  return out;
}
