/**
 * The schedule's calendar in Pacific time (issue 19 part B; contract api/contract/schedule.ts): pure functions
 * (unit-tested across both daylight-saving changes) that turn a month, the weekly ranges and the days set apart
 * into whole weeks (Sunday first) with each range's UTC instants.
 */
import { SCHEDULE_TIME_ZONE, formatTime, parseTime, type TimeRange } from "../contract/schedule-rules.ts";
import type { Calendar, CalendarDay } from "../contract/schedule.ts";

const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SCHEDULE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The Pacific offset from UTC in minutes at the instant `ms` (-420 in daylight time, -480 in standard time). */
export function pacificOffsetAt(ms: number): number {
  const parts = Object.fromEntries(offsetFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The UTC instant of a Pacific wall time: `date` (yyyy-MM-dd) plus `minutes` after its midnight (1440 = the next
 * midnight). A wall time that does not exist (02:30 on the spring change) is read in the offset before the change
 * (so it lands an hour later); one that exists twice (01:30 on the fall change) is its first occurrence.
 */
export function pacificToUtc(date: string, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const before = pacificOffsetAt(wall - 12 * 3_600_000 + 8 * 3_600_000);
  const guess = wall - before * 60_000;
  const offset = pacificOffsetAt(guess);
  if (offset === before) return new Date(guess);
  // The change happens between the guess and the wall time: try the other offset, keep what round-trips.
  const other = wall - offset * 60_000;
  return pacificOffsetAt(other) === offset ? new Date(Math.min(guess, other)) : new Date(guess);
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export type WeeklyRanges = Map<number, Array<{ start: number; end: number }>>;
export type DaysSet = Map<string, Array<{ start: number; end: number }>>;

/** The month `yearMonth` (yyyy-MM) as whole weeks, Sunday to Saturday, each day with its ranges in Pacific time and UTC. */
export function buildCalendar(staffId: number, yearMonth: string, weekly: WeeklyRanges, days: DaysSet): Calendar {
  const first = `${yearMonth}-01`;
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const last = iso(Date.UTC(y, m, 0));
  const start = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const weeks: CalendarDay[][] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (weekdayOf(date) === 0) weeks.push([]);
    const own = days.get(date);
    const ranges = (own ?? weekly.get(weekdayOf(date)) ?? []).map((r) => {
      const startsAt = pacificToUtc(date, r.start);
      const endsAt = pacificToUtc(date, r.end);
      return { start: formatTime(r.start), end: formatTime(r.end), startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), ms: endsAt.getTime() - startsAt.getTime() };
    });
    weeks[weeks.length - 1]!.push({
      date,
      inMonth: date.startsWith(yearMonth),
      source: own ? "day" : "weekly",
      ranges: ranges.map(({ ms: _ms, ...r }) => r),
      minutes: Math.round(ranges.reduce((sum, r) => sum + r.ms, 0) / 60_000),
      utcOffsetMinutes: pacificOffsetAt(pacificToUtc(date, 720).getTime()),
    });
  }
  return { staffId, yearMonth, timeZone: SCHEDULE_TIME_ZONE, weekStartsOn: 0, weeks };
}

/** Ranges of the contract ("HH:MM") as minutes, sorted by start (the caller checked them with rangesProblem). */
export function toMinutes(ranges: readonly TimeRange[]): Array<{ start: number; end: number }> {
  return ranges.map((r) => ({ start: parseTime(r.start)!, end: parseTime(r.end)! })).sort((a, b) => a.start - b.start);
}
