/**
 * Schedules and availability (issue 19 part B; contract and decisions api/contract/schedule.ts, calendar in
 * api/domain/schedule.ts): the staff-schedule-* calls of spec §7. A change and its audit row are one transaction.
 */
import { Router, type Request } from "express";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  availabilityRequestSchema,
  calendarQuerySchema,
  isScheduleManager,
  rangesProblem,
  scheduleSettingsRequestSchema,
  setDayBulkRequestSchema,
  SCHEDULE_TIME_ZONE,
  WEEKDAYS,
  type ScheduleSettings,
} from "../contract/schedule.ts";
import { idParam } from "../contract/common.ts";
import { V } from "../contract/validation.ts";
import { auditEvents, staffScheduleDays, staffScheduleRanges, users } from "../db/schema.ts";
import { buildCalendar, toMinutes, type DaysSet, type WeeklyRanges } from "../domain/schedule.ts";
import { formatTime } from "../contract/schedule-rules.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";

/**
 * The staff member of the path: the caller themself, or (a manager role) any staff member; anything else —
 * another id for a non-manager, a patient, an unknown id — answers 404 `schedule.staffNotFound`.
 */
export async function scheduleTarget(req: Request, raw: unknown): Promise<number> {
  const me = req.auth.user;
  if (!me) throw unauthorized();
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("schedule.staffNotFound");
  const id = parsed.data;
  if (id === me.id) return id;
  if (!isScheduleManager(req.auth.role)) throw notFound("schedule.staffNotFound");
  const [row] = await req.deps.db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!row || row.role === "patients") throw notFound("schedule.staffNotFound");
  return id;
}

function changeAudit(req: Request, action: string, staffId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType: "user", entityId: String(staffId), ip: clientIp(req), outcome: "success", meta };
}

async function loadWeekly(req: Request, staffId: number): Promise<WeeklyRanges> {
  const rows = await req.deps.db
    .select({ weekday: staffScheduleRanges.weekday, start: staffScheduleRanges.startMinute, end: staffScheduleRanges.endMinute })
    .from(staffScheduleRanges)
    .where(eq(staffScheduleRanges.staffId, staffId))
    .orderBy(asc(staffScheduleRanges.weekday), asc(staffScheduleRanges.startMinute));
  const weekly: WeeklyRanges = new Map();
  for (const r of rows) weekly.set(r.weekday, [...(weekly.get(r.weekday) ?? []), { start: r.start, end: r.end }]);
  return weekly;
}

async function settingsOf(req: Request, staffId: number): Promise<ScheduleSettings> {
  const weekly = await loadWeekly(req, staffId);
  return {
    staffId,
    timeZone: SCHEDULE_TIME_ZONE,
    weekly: WEEKDAYS.map((weekday) => ({ weekday, ranges: (weekly.get(weekday) ?? []).map((r) => ({ start: formatTime(r.start), end: formatTime(r.end) })) })),
  };
}

async function availabilityOf(req: Request, staffId: number) {
  const [row] = await req.deps.db.select({ availability: users.availability }).from(users).where(eq(users.id, staffId)).limit(1);
  if (!row) throw notFound("schedule.staffNotFound");
  return { staffId, availability: row.availability };
}

export function scheduleRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/staff-schedule-settings/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.id);
    ok(res, await settingsOf(req, staffId));
  });

  endpoint(router, "POST /api/v1/staff-schedule-settings/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.id);
    const input = parseBody(req, scheduleSettingsRequestSchema);
    const seen = new Set<number>();
    for (const [i, day] of input.weekly.entries()) {
      if (seen.has(day.weekday)) throw badRequest("common.invalidFields", fieldCode(`weekly.${i}.weekday`, V.invalid));
      seen.add(day.weekday);
      const problem = rangesProblem(day.ranges);
      if (problem) throw badRequest(problem.code === "validation.schedule.overlap" ? "schedule.overlap" : "common.invalidFields", fieldCode(`weekly.${i}.ranges.${problem.index}`, problem.code));
    }
    // The weekdays named are replaced; a weekday left out keeps its ranges.
    await req.deps.db.transaction(async (tx) => {
      if (seen.size > 0) await tx.delete(staffScheduleRanges).where(and(eq(staffScheduleRanges.staffId, staffId), inArray(staffScheduleRanges.weekday, [...seen])));
      const values = input.weekly.flatMap((day) => toMinutes(day.ranges).map((r) => ({ staffId, weekday: day.weekday, startMinute: r.start, endMinute: r.end })));
      if (values.length > 0) await tx.insert(staffScheduleRanges).values(values);
      await tx.insert(auditEvents).values(changeAudit(req, "schedule.settings", staffId, { weekdays: [...seen].join(","), ranges: values.length }));
    });
    ok(res, await settingsOf(req, staffId), "schedule.saved");
  });

  endpoint(router, "POST /api/v1/staff-schedule-set-day-bulk/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.id);
    const input = parseBody(req, setDayBulkRequestSchema);
    const dates = [...new Set(input.dates)];
    if (input.mode === "hours") {
      if (input.ranges.length === 0) throw badRequest("common.invalidFields", fieldCode("ranges.0", V.required));
      const problem = rangesProblem(input.ranges);
      if (problem) throw badRequest(problem.code === "validation.schedule.overlap" ? "schedule.overlap" : "common.invalidFields", fieldCode(`ranges.${problem.index}`, problem.code));
    }
    const ranges = input.mode === "hours" ? toMinutes(input.ranges) : [];
    await req.deps.db.transaction(async (tx) => {
      if (input.mode === "weekly") {
        await tx.delete(staffScheduleDays).where(and(eq(staffScheduleDays.staffId, staffId), inArray(staffScheduleDays.day, dates)));
      } else {
        await tx
          .insert(staffScheduleDays)
          .values(dates.map((day) => ({ staffId, day, ranges })))
          .onConflictDoUpdate({ target: [staffScheduleDays.staffId, staffScheduleDays.day], set: { ranges: sql`excluded.ranges`, updatedAt: sql`now()` } });
      }
      await tx.insert(auditEvents).values(changeAudit(req, "schedule.days", staffId, { days: dates.length, mode: input.mode }));
    });
    ok(res, { staffId, updated: dates.length }, { code: "schedule.daysSaved", params: { count: dates.length } });
  });

  endpoint(router, "GET /api/v1/staff-schedule-calendar/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.id);
    const { yearMonth } = parseWith(calendarQuerySchema, req.query);
    const weekly = await loadWeekly(req, staffId);
    // The weeks shown reach at most 6 days into the months before and after.
    const rows = await req.deps.db
      .select({ day: staffScheduleDays.day, ranges: staffScheduleDays.ranges })
      .from(staffScheduleDays)
      .where(
        and(
          eq(staffScheduleDays.staffId, staffId),
          sql`${staffScheduleDays.day} between (${`${yearMonth}-01`}::date - 6) and ((${`${yearMonth}-01`}::date + interval '1 month')::date + 6)`,
        ),
      );
    const days: DaysSet = new Map(rows.map((r) => [r.day, r.ranges]));
    ok(res, buildCalendar(staffId, yearMonth, weekly, days));
  });

  endpoint(router, "GET /api/v1/staff-schedule-availability", async (req, res) => {
    const me = req.auth.user;
    if (!me) throw unauthorized();
    ok(res, await availabilityOf(req, me.id));
  });

  endpoint(router, "GET /api/v1/staff-schedule-availability/:staffId", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    ok(res, await availabilityOf(req, staffId));
  });

  endpoint(router, "POST /api/v1/staff-schedule-availability/:staffId", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    const input = parseBody(req, availabilityRequestSchema);
    if (input.staffId !== undefined && input.staffId !== staffId) throw badRequest("common.invalidFields", fieldCode("staffId", V.invalid));
    await req.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ availability: input.availability, updatedAt: new Date() }).where(eq(users.id, staffId));
      await tx.insert(auditEvents).values(changeAudit(req, "schedule.availability", staffId, { availability: input.availability }));
    });
    ok(res, { staffId, availability: input.availability }, "schedule.availabilitySaved");
  });

  return router;
}
