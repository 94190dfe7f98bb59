/**
 * Shared validation building blocks (spec §5). Messages are i18n keys of the "validation" namespace
 * (locales/<lng>/validation.json); `fieldErrors()` turns zod issues into translated field messages, on the
 * API (English) and in the web (the user's language) alike.
 */
import { z } from "zod";
import { dateOfBirthProblem, isTimeZone, isUtcOffsetMinutes, parseCalendarDate } from "./profile-rules.ts";
import { NAME_PATTERN, PHONE_PATTERN, V, messageWithParams, splitMessage } from "./rules.ts";
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

/** One zod issue's message key (or its own text) and its values: {max}/{min} of a length, and any the message carries. */
export function issueCode(issue: z.core.$ZodIssue): { code: string; params?: Record<string, string | number> } {
  const { key, params } = splitMessage(issue.message);
  if (issue.code === "too_big") params.max = Number(issue.maximum);
  if (issue.code === "too_small") params.min = Number(issue.minimum);
  return Object.keys(params).length ? { code: key, params } : { code: key };
}

/**
 * One zod issue as a form's field error: the message key with the values it says (`validation.maxLength?max=100`;
 * 'Value is required' of a `.min(1)` stays the bare key), so that the page says the number (app/lib/parse-form.server.ts, translated by app/lib/i18n.ts translateMessage).
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const { key, params } = splitMessage(issue.message);
  if (issue.code === "too_big" && key === V.maxLength) params.max = Number(issue.maximum);
  if (issue.code === "too_small" && key === V.minLength) params.min = Number(issue.minimum);
  return messageWithParams(key, params);
}

/** Zod issues → { "field.path": [{ code, params }] }: the message key (or the issue's own text) and {max}/{min}. */
export function fieldCodesOf(issues: readonly z.core.$ZodIssue[]): FieldCodes {
  const out: FieldCodes = {};
  for (const issue of issues) (out[issue.path.join(".") || "form"] ??= []).push(issueCode(issue));
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
