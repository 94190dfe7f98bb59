/**
 * The dashboard figures (issue 19; contract api/contract/staff-dashboard.ts, decisions staff-dashboard-rules.ts).
 * No figure scans a big table: every count reads one index range and stops after CAP + 1 entries ("1,000+"),
 * or reads a maintained column (the chats' unread counters). What each counts:
 *   tasks             the caller's tasks per open status (tasks_provider_status_id_idx; done is not open)
 *   chats             chats assigned to the caller with unread patient messages, and those messages (the counters of
 *                     chats, partial index chats_assigned_unread_idx), over at most CAP + 1 chats (the messages then a lower bound)
 *   reviews           pending reviews of ready-to-review patients (list tab review_ready), oldest first with their
 *                     48-hour clock: a provider's own (treatments_provider_tab_id_idx), the clinic's for the manager
 *                     (treatments_list_tab_id_idx)
 *   pastDue           pending reviews older than 48 hours (treatments_pending_created_idx / _provider_pending_created_idx),
 *                     as the past-due page counts them
 *   renewalsBlocked   active subscriptions of a weight-loss treatment whose charge is due within 7 days (or overdue)
 *                     without a check-in approved since the last shipment (or the start): the renewal waits for it
 *                     (api/domain/check-ins.ts renewalMayProceed). Range of subscriptions_status_charge_idx
 *   shipmentsOnHold   orders with status On hold (3) (orders_status_idx)
 *   uploadsToReview   uploads with status for_review (uploads_status_idx)
 *   workload          open reviews per active clinician (api/domain/provider-list.ts workloadSql, capped per provider)
 *   turnaround        median and 90th percentile of reviewed_at − created_at (the intake submitted: a treatment is
 *                     created when its intake is submitted) over the reviews of this week and of last week, weeks
 *                     starting Sunday 00:00 Pacific (treatments_reviewed_at_idx, index-only); last week's figures are
 *                     kept in memory for 10 minutes (the week is over), this week's read live
 * For a provider (providerUsers) shipments, uploads and renewals are those of the patients they may see: shipments and
 * uploads are their kept sums (staff_queue_counts, one primary-key read; a dependent of a supervisor: the union over the
 * visibility rows with something to count),
 * renewals one range of their rows of staff_renewal_watch (with their supervisors': the distinct subscriptions).
 * renewalsBlocked reads the kept flag subscriptions.renewal_awaits_check_in (partial index subscriptions_renewal_blocked_idx).
 */
import { sql, type SQL } from "drizzle-orm";
import type { StaffRole } from "../contract/roles.ts";
import { ACTIVE_TASK_STATUS_STRINGS, taskStatusFromString } from "../contract/enums.ts";
import type { StaffDashboard } from "../contract/staff-dashboard.ts";
import {
  DASHBOARD_COUNT_CAP as CAP,
  DASHBOARD_REVIEWS_SHOWN,
  DASHBOARD_TIME_ZONE,
  RENEWAL_BLOCK_WINDOW_DAYS,
  REVIEW_PROMISE_HOURS,
  dashboardPanelsFor,
} from "../contract/staff-dashboard-rules.ts";
import { rows, type Db } from "../db/client.ts";
import { scopedAccessIds } from "./patient-access.ts";
import { workloadSql, unassignedSql } from "./provider-list.ts";

const capped = (n: number) => ({ count: Math.min(n, CAP), capped: n > CAP });

async function cappedCount(db: Db, from: SQL): Promise<{ count: number; capped: boolean }> {
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT ${CAP + 1}) x`);
  return capped(r?.n ?? 0);
}

/** The wall-clock parts of an instant in a time zone. */
function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", weekday: "short" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { y: +get("year"), m: +get("month"), d: +get("day"), h: +get("hour"), min: +get("minute"), s: +get("second"), weekday: get("weekday") };
}

/** The instant of a wall-clock midnight in a time zone (the zone's offset at that moment, across DST changes). */
function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  let guess = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    const diff = wall - Date.UTC(y, m - 1, d);
    if (diff === 0) break;
    guess -= diff;
  }
  return new Date(guess);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Sunday 00:00 Pacific of the week holding `now`, and of the week before (spec §9: weeks start Sunday). */
export function weekStarts(now: Date, timeZone = DASHBOARD_TIME_ZONE): { thisWeek: Date; lastWeek: Date } {
  const p = zonedParts(now, timeZone);
  const back = WEEKDAYS.indexOf(p.weekday);
  const day = new Date(Date.UTC(p.y, p.m - 1, p.d - back));
  const thisWeek = zonedMidnight(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), timeZone);
  const prev = new Date(Date.UTC(p.y, p.m - 1, p.d - back - 7));
  const lastWeek = zonedMidnight(prev.getUTCFullYear(), prev.getUTCMonth() + 1, prev.getUTCDate(), timeZone);
  return { thisWeek, lastWeek };
}

type WeekFigures = { count: number; medianHours: number | null; p90Hours: number | null };
const LAST_WEEK_TTL_MS = 10 * 60_000;
const lastWeekCache = new Map<string, { at: number; value: WeekFigures }>();

const hours = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

export async function staffDashboard(db: Db, viewer: { id: number; role: StaffRole }, now = new Date()): Promise<StaffDashboard> {
  const panels = new Set(dashboardPanelsFor(viewer.role));
  const own = viewer.role === "providerUsers";
  // A provider reads kept figures (migrations 0032, 0033): with no supervisor (the usual case) their sums in
  // staff_queue_counts; a dependent sees the union of their own and their supervisors' patients, which sums cannot
  // give: any one sum over the cap makes the union "1,000+", else the union is summed over the visibility rows with
  // something to count (each patient once; at most CAP per id, partial indexes of migration 0035).
  const accessIds = own ? await scopedAccessIds(db, viewer) : undefined;
  const idList = accessIds ? sql.join(accessIds.map((id) => sql`${id}`), sql`, `) : undefined;
  const keptFigure = async (column: "orders_on_hold" | "uploads_for_review"): Promise<{ count: number; capped: boolean }> => {
    const col = sql.raw(column);
    const sums = await rows<{ n: number }>(db, sql`SELECT ${col} AS n FROM staff_queue_counts WHERE staff_id IN (${idList})`);
    if (accessIds!.length === 1) return capped(sums[0]?.n ?? 0);
    if (sums.some((r) => r.n > CAP)) return capped(CAP + 1);
    const [r] = await rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(n), 0)::int AS n FROM (SELECT DISTINCT ON (patient_id) ${col} AS n FROM staff_patient_visibility
        WHERE staff_id IN (${idList}) AND ${col} > 0 ORDER BY patient_id) x`,
    );
    return capped(r?.n ?? 0);
  };
  const out: StaffDashboard = { generatedAt: now.toISOString() };
  const work: Promise<void>[] = [];

  if (panels.has("tasks")) {
    work.push(
      (async () => {
        // One statement of capped counts, one per open status (one round trip instead of five).
        const parts = ACTIVE_TASK_STATUS_STRINGS.map(
          (status, i) =>
            sql`(SELECT count(*) FROM (SELECT 1 FROM tasks WHERE provider_id = ${viewer.id} AND status = ${taskStatusFromString(status)!} LIMIT ${CAP + 1}) x)::int AS ${sql.raw(`s${i}`)}`,
        );
        const [r] = await rows<Record<string, number>>(db, sql`SELECT ${sql.join(parts, sql`, `)}`);
        out.tasks = { byStatus: ACTIVE_TASK_STATUS_STRINGS.map((status, i) => ({ status, ...capped(r?.[`s${i}`] ?? 0) })) };
      })(),
    );
  }
  if (panels.has("chats")) {
    work.push(
      (async () => {
        // Capped like the other counts: a manager of the scaled seed holds 12,800 unread assigned chats (116 ms summed).
        const [r] = await rows<{ chats: number; messages: number }>(
          db,
          sql`SELECT count(*)::int AS chats, coalesce(sum(n), 0)::int AS messages
            FROM (SELECT staff_unread_count AS n FROM chats WHERE assigned_provider_id = ${viewer.id} AND staff_unread_count > 0 LIMIT ${CAP + 1}) x`,
        );
        const n = r?.chats ?? 0;
        out.chats = { chats: Math.min(n, CAP), messages: r?.messages ?? 0, capped: n > CAP };
      })(),
    );
  }
  if (panels.has("reviews")) {
    const mine = own ? sql` AND provider_id = ${viewer.id}` : sql``;
    work.push(
      (async () => {
        const [count, oldest] = await Promise.all([
          cappedCount(db, sql`treatments WHERE list_tab = 'review_ready'${mine}`),
          rows<{ treatmentId: number; patientId: number; patientName: string; sectionType: number; submittedAt: string }>(
            db,
            sql`SELECT id AS "treatmentId", patient_id AS "patientId", patient_name AS "patientName", section_type AS "sectionType", created_at AS "submittedAt"
              FROM treatments WHERE list_tab = 'review_ready'${mine} ORDER BY id LIMIT ${DASHBOARD_REVIEWS_SHOWN}`,
          ),
        ]);
        out.reviews = {
          ...count,
          oldest: oldest.map((r) => {
            const submitted = new Date(r.submittedAt);
            return { ...r, submittedAt: submitted.toISOString(), dueAt: new Date(submitted.getTime() + REVIEW_PROMISE_HOURS * 3_600_000).toISOString() };
          }),
        };
      })(),
    );
  }
  if (panels.has("pastDue")) {
    const mine = own ? sql` AND provider_id = ${viewer.id}` : sql``;
    work.push(
      (async () => {
        out.pastDue = await cappedCount(db, sql`treatments WHERE review_status = 'pending' AND created_at < now() - make_interval(hours => ${REVIEW_PROMISE_HOURS})${mine}`);
      })(),
    );
  }
  if (panels.has("renewalsBlocked")) {
    work.push(
      (async () => {
        // The kept flag (migration 0032) holds the rule's part that does not move with time; the window is the range:
        // of the partial index for the clinic, of the viewer's (and supervisors') staff_renewal_watch rows for a provider.
        const due = sql`next_charge_at < now() + make_interval(days => ${RENEWAL_BLOCK_WINDOW_DAYS})`;
        out.renewalsBlocked = await cappedCount(
          db,
          accessIds
            ? sql`(SELECT DISTINCT subscription_id FROM staff_renewal_watch WHERE staff_id IN (${idList}) AND ${due}) w`
            : sql`subscriptions WHERE status = 1 AND renewal_awaits_check_in AND ${due}`,
        );
      })(),
    );
  }
  if (panels.has("shipmentsOnHold")) {
    work.push((async () => void (out.shipmentsOnHold = accessIds ? await keptFigure("orders_on_hold") : await cappedCount(db, sql`orders WHERE status = 3`)))());
  }
  if (panels.has("uploadsToReview")) {
    work.push(
      (async () =>
        void (out.uploadsToReview = accessIds ? await keptFigure("uploads_for_review") : await cappedCount(db, sql`uploads WHERE status = 'for_review'`)))(),
    );
  }
  if (panels.has("workload")) {
    work.push(
      (async () => {
        const [list, [unassigned]] = await Promise.all([
          rows<{ id: number; fullName: string; open: number; pastDue: number }>(db, workloadSql()),
          rows<{ n: number }>(db, unassignedSql()),
        ]);
        out.workload = {
          providers: list.map((r) => ({ id: r.id, fullName: r.fullName, openReviews: Math.min(r.open, CAP), pastDue: Math.min(r.pastDue, CAP), capped: r.open > CAP })),
          unassigned: capped(unassigned?.n ?? 0),
        };
      })(),
    );
  }
  if (panels.has("turnaround")) {
    work.push(
      (async () => {
        const { thisWeek, lastWeek } = weekStarts(now);
        const week = async (from: Date, to: Date) => {
          // Sorted as intervals (numeric epochs sort about three times slower: 17,500 reviews a week at scale).
          const [r] = await rows<{ n: number; median: number | null; p90: number | null }>(
            db,
            sql`SELECT count(*)::int AS n,
                (extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY reviewed_at - created_at)) / 3600)::float8 AS median,
                (extract(epoch FROM percentile_cont(0.9) WITHIN GROUP (ORDER BY reviewed_at - created_at)) / 3600)::float8 AS p90
              FROM treatments WHERE reviewed_at IS NOT NULL AND reviewed_at >= ${from.toISOString()}::timestamptz AND reviewed_at < ${to.toISOString()}::timestamptz`,
          );
          return { count: r?.n ?? 0, medianHours: hours(r?.median ?? null), p90Hours: hours(r?.p90 ?? null) };
        };
        // Last week is over: its figures are kept per instance for LAST_WEEK_TTL_MS (a review changed afterwards shows
        // within that time); this week's are read live.
        const key = lastWeek.toISOString();
        const cachedLast = lastWeekCache.get(key);
        const lastWeekFigures = cachedLast && now.getTime() - cachedLast.at < LAST_WEEK_TTL_MS ? Promise.resolve(cachedLast.value) : week(lastWeek, thisWeek);
        const [a, b] = await Promise.all([week(thisWeek, new Date(now.getTime() + 1000)), lastWeekFigures]);
        if (!cachedLast || cachedLast.value !== b) {
          lastWeekCache.clear();
          lastWeekCache.set(key, { at: now.getTime(), value: b });
        }
        out.turnaround = { weekStart: thisWeek.toISOString(), thisWeek: a, lastWeek: b };
      })(),
    );
  }
  await Promise.all(work);
  return out;
}
