/**
 * Schedules and availability (issue 19 part B; spec §3, §7, §9). The spec names the calls, not their shapes:
 *
 * | call | who | request | answer |
 * |---|---|---|---|
 * | GET  /api/v1/staff-schedule-settings/{id} | staff: own; managers: any staff | | { staffId, timeZone, weekly: 7 days × ranges } |
 * | POST /api/v1/staff-schedule-settings/{id} | same | { weekly: [{ weekday, ranges: [{ start, end }] }] } | the settings |
 * | POST /api/v1/staff-schedule-set-day-bulk/{id} | same | { dates: yyyy-MM-dd[], mode: hours / off / weekly, ranges } | { updated } |
 * | GET  /api/v1/staff-schedule-calendar/{id}/?yearMonth= | same | yearMonth yyyy-MM | the month in weeks (Sunday first) |
 * | GET  /api/v1/staff-schedule-availability | any staff | | { staffId, availability } (own) |
 * | GET  /api/v1/staff-schedule-availability/{staffId} | same as settings | | { staffId, availability } |
 * | POST /api/v1/staff-schedule-availability/{staffId} | same as settings | { staffId?, availability } | { staffId, availability } |
 *
 * - Times are "HH:MM" in Pacific time (America/Los_Angeles, daylight saving included, spec §9); the calendar also
 *   gives each range's instants in UTC (`startsAt`, `endsAt`), so a day across a daylight-saving change says the
 *   hours it really has.
 * - Overlapping ranges of one day are refused (400, field code validation.schedule.overlap on that range), nothing
 *   changed. A bulk set replaces the days named: `hours` (the ranges given), `off` (no work that day) or `weekly`
 *   (back to the weekly schedule).
 * - Object level: a staff member reaches their own id; the manager roles (SCHEDULE_MANAGER_ROLES) any staff
 *   member's; any other id, a patient's or an unknown one answers 404 `schedule.staffNotFound`.
 * - The availability payload of spec §7 carries `staffId`; when given it must be the path's.
 */
import { z } from "zod";
import { V } from "./validation.ts";
import { AVAILABILITIES, MAX_BULK_DAYS, SCHEDULE_TIME_ZONE, SCHEDULE_V, WEEKDAYS, isIsoDate, isYearMonth, parseTime } from "./schedule-rules.ts";

export * from "./schedule-rules.ts";

const time = z.string({ error: V.required }).trim().refine((v) => parseTime(v) !== null, SCHEDULE_V.time);
export const timeRangeSchema = z.object({ start: time, end: time });
const weekday = z.coerce.number({ error: V.invalid }).int(V.invalid).refine((v) => (WEEKDAYS as readonly number[]).includes(v), V.invalid);

export const scheduleSettingsRequestSchema = z
  .object({
    weekly: z.array(z.object({ weekday, ranges: z.array(timeRangeSchema).max(10, SCHEDULE_V.tooMany) })).max(7, V.invalid),
  })
  .strict();
export type ScheduleSettingsRequest = z.infer<typeof scheduleSettingsRequestSchema>;

export const scheduleSettingsSchema = z.object({
  staffId: z.number().int(),
  timeZone: z.literal(SCHEDULE_TIME_ZONE),
  weekly: z.array(z.object({ weekday: z.number().int(), ranges: z.array(timeRangeSchema) })).meta({ description: "Seven days, Sunday first" }),
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;

export const setDayBulkRequestSchema = z
  .object({
    dates: z
      .array(z.string().trim().refine(isIsoDate, SCHEDULE_V.dates))
      .min(1, SCHEDULE_V.dates)
      .max(MAX_BULK_DAYS, SCHEDULE_V.dates),
    mode: z.enum(["hours", "off", "weekly"], { error: V.invalid }),
    ranges: z.array(timeRangeSchema).max(10, SCHEDULE_V.tooMany).default([]),
  })
  .strict();
export type SetDayBulkRequest = z.infer<typeof setDayBulkRequestSchema>;
export const setDayBulkSchema = z.object({ staffId: z.number().int(), updated: z.number().int() });

export const calendarQuerySchema = z.object({
  yearMonth: z.string({ error: SCHEDULE_V.yearMonth }).trim().refine(isYearMonth, SCHEDULE_V.yearMonth),
});

export const calendarRangeSchema = timeRangeSchema.extend({
  startsAt: z.string().meta({ description: "The range's start in UTC (ISO 8601)" }),
  endsAt: z.string().meta({ description: "The range's end in UTC (ISO 8601)" }),
});
export const calendarDaySchema = z.object({
  date: z.string(),
  inMonth: z.boolean(),
  source: z.enum(["weekly", "day"]).meta({ description: "weekly: from the weekly schedule; day: set for this day (set-day-bulk)" }),
  ranges: z.array(calendarRangeSchema),
  /** Minutes of work that day (a range across a daylight-saving change counts the hours it really has). */
  minutes: z.number().int(),
  /** The day's UTC offset in minutes at noon Pacific (-420 in daylight time, -480 in standard time). */
  utcOffsetMinutes: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarSchema = z.object({
  staffId: z.number().int(),
  yearMonth: z.string(),
  timeZone: z.literal(SCHEDULE_TIME_ZONE),
  weekStartsOn: z.literal(0),
  weeks: z.array(z.array(calendarDaySchema)).meta({ description: "Whole weeks, Sunday to Saturday, covering the month" }),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const availabilitySchema = z.object({ staffId: z.number().int(), availability: z.enum(AVAILABILITIES) });
export type StaffAvailability = z.infer<typeof availabilitySchema>;
export const availabilityRequestSchema = z
  .object({
    staffId: z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).optional(),
    availability: z.enum(AVAILABILITIES, { error: V.invalid }),
  })
  .strict();
