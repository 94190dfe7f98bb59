import { V } from "./rules.ts";

/**
 * The profile's rules of spec §5 as plain functions, no zod: dates of birth and time zones. The API's schemas
 * (./validation.ts re-exports all of this) and the profile page's browser checks
 * (app/lib/profile-form-checks.ts) use the same ones.
 */

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

/* Time zone: the UTC offset of spec §3, and optionally an IANA zone name that keeps it right across DST. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/.test(name)) return false;
  return zoneFormatter(name) !== null;
}

/**
 * One formatter per zone name, made once: building an Intl.DateTimeFormat costs about a tenth of a millisecond,
 * and the profile page lists ten named zones on every render (the API works out a zone's offset on every
 * profile read). Bounded, since names come from users: past MAX_FORMATTERS a name is formatted without keeping.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1000;
function zoneFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter) return formatter;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    return null; // not a zone this runtime knows
  }
  if (formatters.size < MAX_FORMATTERS) formatters.set(zone, formatter);
  return formatter;
}
/** A UTC offset in minutes: -720 (UTC-12:00) … +840 (UTC+14:00), in steps of 15 minutes. */
export function isUtcOffsetMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= -720 && minutes <= 840 && minutes % 15 === 0;
}

/** The offset from UTC, in minutes, of an IANA zone at a moment (e.g. America/Denver in July: -360). */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const formatter = zoneFormatter(zone);
  if (!formatter) throw new RangeError(`Invalid time zone specified: ${zone}`);
  const parts = formatter.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}
