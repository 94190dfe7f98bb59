/**
 * Schedules and availability (issue 19 part B; spec §3 Availability, schedule settings and calendar keyed by staff
 * id; §7 staff-schedule-* calls; §9 schedule in Pacific time, week starts Sunday, 12-hour times). Plain constants
 * and functions, no zod: the browser imports them (the schedule forms' checks), the contract (./schedule.ts) too.
 */
import { AVAILABILITIES, type Availability } from "./enums.ts";
import type { Role } from "./roles.ts";

export { AVAILABILITIES, type Availability };

/** The schedule's zone (spec §9: "Schedule shown in Pacific Daylight Time"; kept in Pacific time, DST included). */
export const SCHEDULE_TIME_ZONE = "America/Los_Angeles";
/** 0 = Sunday … 6 = Saturday: the week starts on Sunday (spec §9). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Ranges per day at most (a split shift or two is plenty; bounds the forms). */
export const MAX_RANGES_PER_DAY = 4;
/** Days one set-day-bulk call may set (a month and a half). */
export const MAX_BULK_DAYS = 45;

/**
 * Who sets another staff member's schedule and availability by staffId (spec §2 "managers set others'"): the
 * provider managers and both support manager roles. Everyone else reaches only their own (another id: 404).
 */
export const SCHEDULE_MANAGER_ROLES = ["providers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
export const isScheduleManager = (role: Role) => (SCHEDULE_MANAGER_ROLES as readonly Role[]).includes(role);

/** Field codes of the schedule forms (validation namespace keys). */
export const SCHEDULE_V = {
  time: "validation.schedule.time",
  order: "validation.schedule.order",
  overlap: "validation.schedule.overlap",
  tooMany: "validation.schedule.tooMany",
  dates: "validation.schedule.dates",
  yearMonth: "validation.schedule.yearMonth",
} as const;

/** "HH:MM" (24-hour, 00:00–24:00) → minutes after midnight, or null. */
export function parseTime(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** Minutes after midnight → "HH:MM". */
export const formatTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** 12-hour form of "HH:MM" for display (spec §9): "9:00 am", "12:30 pm", "12:00 am" for 24:00 (the next midnight). */
export function twelveHour(time: string): string {
  const minutes = parseTime(time) ?? 0;
  const h24 = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const h = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h}:${String(m).padStart(2, "0")} ${h24 < 12 ? "am" : "pm"}`;
}

export type TimeRange = { start: string; end: string };

/**
 * The problem of one day's ranges, or null: each start before its end, no two ranges overlapping (touching is
 * fine: 09:00–12:00 and 12:00–17:00), at most MAX_RANGES_PER_DAY. `index` is the range the problem is about.
 */
export function rangesProblem(ranges: readonly TimeRange[]): { index: number; code: (typeof SCHEDULE_V)[keyof typeof SCHEDULE_V] } | null {
  if (ranges.length > MAX_RANGES_PER_DAY) return { index: MAX_RANGES_PER_DAY, code: SCHEDULE_V.tooMany };
  const parsed: Array<{ index: number; start: number; end: number }> = [];
  for (const [index, r] of ranges.entries()) {
    const start = parseTime(r.start);
    const end = parseTime(r.end);
    if (start === null || end === null || start === 1440) return { index, code: SCHEDULE_V.time };
    if (start >= end) return { index, code: SCHEDULE_V.order };
    parsed.push({ index, start, end });
  }
  const sorted = [...parsed].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) return { index: Math.max(sorted[i]!.index, sorted[i - 1]!.index), code: SCHEDULE_V.overlap };
  }
  return null;
}

/** "yyyy-MM" of a real month (years 2000–2100). */
export function isYearMonth(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return !!m && Number(m[1]) >= 2000 && Number(m[1]) <= 2100 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** "yyyy-MM-dd" of a real date. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
