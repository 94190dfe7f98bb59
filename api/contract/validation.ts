/**
 * Shared validation building blocks (spec §5). Messages are i18n keys of the "validation" namespace
 * (locales/<lng>/validation.json); `fieldErrors()` turns zod issues into translated field messages, on the
 * API (English) and in the web (the user's language) alike.
 */
import { z } from "zod";
import { NAME_PATTERN, PHONE_PATTERN, V } from "./rules.ts";

export { NAME_PATTERN, PHONE_PATTERN, V } from "./rules.ts";


/** A required text: whitespace trimmed, then 'Value is required' when empty. */
export const requiredText = (max = 255) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.maxLength);
/** An optional text: trimmed; empty stays "". */
export const optionalText = (max = 255) => z.string().trim().max(max, V.maxLength).default("");
export const email = () =>
  z.string({ error: V.required }).trim().min(1, V.required).max(254, V.maxLength).pipe(z.email(V.email));
export const personName = (required: boolean) =>
  required ? requiredText(100).regex(NAME_PATTERN, V.name) : z.string().trim().max(100, V.maxLength).regex(NAME_PATTERN, V.name).default("");
export const phone = () => z.string().trim().max(25, V.maxLength).regex(PHONE_PATTERN, V.phone);
/** A valid US phone number (PHONE_PATTERN) as stored: "+1" and the ten digits, e.g. "+15551234567". */
export function phoneE164(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

/* Date of birth (spec §5: valid, not in the future, not too far in the past, 18 or older; §9 minimum age 18). */
export const MINIMUM_AGE = 18;
/** "Not too far in the past": at most this many years before today. */
export const MAXIMUM_AGE = 120;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** "yyyy-MM-dd" or "MM/dd/yyyy" (spec §9 date format) → "yyyy-MM-dd", or null when it is not a real date. */
export function parseCalendarDate(raw: string): string | null {
  const s = raw.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(s);
  const us = iso ? null : US_DATE.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1000) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Today's date (UTC) as "yyyy-MM-dd". */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Whole years between a "yyyy-MM-dd" birth date and a "yyyy-MM-dd" day (a birthday on 29 February counts from 1 March). */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = day.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The message key of what is wrong with a date of birth, or null when it is acceptable. Dates are compared in UTC. */
export function dateOfBirthProblem(raw: string, now: Date = new Date()): string | null {
  const iso = parseCalendarDate(raw);
  if (!iso) return V.dobInvalid;
  const today = todayIso(now);
  if (iso > today) return V.dobFuture;
  // More than MAXIMUM_AGE years back: before the same day MAXIMUM_AGE years ago (ISO dates compare as strings).
  const limit = `${String(Number(today.slice(0, 4)) - MAXIMUM_AGE).padStart(4, "0")}${today.slice(4)}`;
  if (iso < limit) return V.dobTooOld;
  if (ageOn(iso, today) < MINIMUM_AGE) return V.dobUnderage;
  return null;
}

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

/* Time zone: the UTC offset of spec §3, and optionally an IANA zone name that keeps it right across DST. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
/** The offset from UTC, in minutes, of an IANA zone at a moment (e.g. America/Denver in July: -360). */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}
export const timeZoneName = () =>
  z
    .string({ error: V.timeZone })
    .trim()
    .max(64, V.timeZone)
    .refine((v) => v === "" || isTimeZone(v), V.timeZone)
    .meta({ description: "IANA time zone, e.g. America/Denver; \"\" clears it" });
/** UTC offset in minutes, -720 (UTC-12:00) … +840 (UTC+14:00), in steps of 15 minutes. */
export const utcOffsetMinutes = () =>
  z.coerce
    .number({ error: V.utcOffset })
    .int(V.utcOffset)
    .min(-720, V.utcOffset)
    .max(840, V.utcOffset)
    .refine((v) => v % 15 === 0, V.utcOffset);

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
