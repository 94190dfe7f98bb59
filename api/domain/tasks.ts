/**
 * Task rules that are not HTTP (spec §3, §4): the activity sentences written for every change, the list's
 * sort orders, keyset cursors, date bounds, and the SQL of the list and of one task.
 *
 * The list at scale (ARCHITECTURE §8: p95 ≤ 20 ms at 1,000,000 tasks)
 * -----------------------------------------------------------------------
 * The existing indexes are tasks_status_id_idx (status, id), tasks_provider_status_id_idx
 * (provider_id, status, id), tasks_patient_idx (patient_id, id) and the title trigram index.
 *
 * - Sorting by id or by status, the page is a merge of one ordered index range per status (or per
 *   assignee × status when filter.staffIds is given): each branch reads at most `offset + perPage + 1` index
 *   entries, whatever the size of the table, and never sorts the whole match. A single
 *   `status IN (…) ORDER BY id DESC` would let the planner walk the primary key and filter, which is fast for
 *   common statuses but reads the whole table for a rare status or for an assignee with few tasks.
 * - With patientId the match is small (patient index), so one plain query is used.
 * - Other filters (category, source, journey, onlyAuto, dates, title search) are applied inside each branch.
 *   A filter that matches a fair share of the rows costs little (the branch stops after perPage + 1 matches);
 *   one that matches few or no rows of a tab makes the branch, and the count, read the whole tab: there is no
 *   index on those columns (see the report for the measured cost and the proposed indexes).
 * - Sorting by dateAssigned has no index; see the report / README for the measured cost and the index
 *   that would fix it.
 * - Paging: page numbers use a bounded OFFSET (TASKS_MAX_OFFSET); `cursor` (keyset) pages at any depth
 *   for the cost of the first page.
 * - totalCount is counted over at most TASKS_COUNT_CAP + 1 rows (a LIMITed subquery); with residual filters,
 *   among at most TASKS_COUNT_SCAN_BUDGET rows of the indexed range (a lower bound beyond it).
 * Only the ids of the page come out of the index scans; the page's rows and the three users are joined
 * afterwards for those ids only.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  TASK_CATEGORY_LABELS,
  TASK_SOURCE_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUS_VALUES,
  SERVICE_SECTION_LABELS,
  isServiceSection,
  isTaskCategory,
  isTaskSource,
  isTaskStatus,
  taskStatusToString,
  type TaskStatus,
} from "../contract/enums.ts";
import { PROFESSION_LABELS, type Profession } from "../contract/roles.ts";
import {
  TASKS_COUNT_CAP,
  TASKS_COUNT_SCAN_BUDGET,
  TASK_ACTIVITY_TEMPLATES,
  type DescriptionUpdate,
  type Task,
  type TaskListItem,
  type TaskSort,
  type TasksQuery,
} from "../contract/tasks.ts";

// ---------------------------------------------------------------------------------------------------
// Status order

/** The workflow order of statuses used by the status sort: todo … to be discussed, then done. */
export const STATUS_WORKFLOW_ORDER: readonly TaskStatus[] = [1, 2, 4, 5, 6, 3];
export const statusRank = (s: TaskStatus): number => STATUS_WORKFLOW_ORDER.indexOf(s) + 1;
const RANK_SQL = sql.raw(`ARRAY[${STATUS_WORKFLOW_ORDER.join(",")}]::int[]`);

// ---------------------------------------------------------------------------------------------------
// Activity entries

/** The fields of a task a change can touch, as stored. */
export type TaskFields = {
  title: string;
  description: string;
  status: number;
  patientId: number | null;
  providerId: number | null;
  sectionType: number | null;
  source: string | null;
  category: number | null;
};
export type TaskPatch = Partial<TaskFields>;
export const TASK_FIELDS = ["title", "description", "status", "patientId", "providerId", "sectionType", "source", "category"] as const satisfies readonly (keyof TaskFields)[];

/** The fields of `patch` whose value differs from `before` (undefined means "not given"). */
export function changedFields(before: TaskFields, patch: TaskPatch): (keyof TaskFields)[] {
  return TASK_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== before[f]);
}

const fill = (template: string, from: string, to: string) => template.replace("{from}", from).replace("{to}", to);
const label = {
  status: (v: number | null) => (v !== null && isTaskStatus(v) ? TASK_STATUS_LABELS[v] : "None"),
  journey: (v: number | null) => (v !== null && isServiceSection(v) ? SERVICE_SECTION_LABELS[v] : "None"),
  category: (v: number | null) => (v !== null && isTaskCategory(v) ? TASK_CATEGORY_LABELS[v] : "None"),
  source: (v: string | null) => (v !== null && isTaskSource(v) ? TASK_SOURCE_LABELS[v] : "None"),
};

/**
 * The activity sentences for a change, one per changed field, in the fixed field order
 * (TASK_ACTIVITY_TEMPLATES). `names` maps user ids to full names for the assignee and patient sentences.
 */
export function activitySentences(before: TaskFields, patch: TaskPatch, names: ReadonlyMap<number, string>): string[] {
  const person = (id: number | null | undefined, none: string) => (id === null || id === undefined ? none : (names.get(id) ?? `#${id}`));
  const out: string[] = [];
  for (const field of changedFields(before, patch)) {
    const after = patch[field];
    switch (field) {
      case "title":
        out.push(TASK_ACTIVITY_TEMPLATES.title);
        break;
      case "description":
        out.push(TASK_ACTIVITY_TEMPLATES.description);
        break;
      case "status":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.status, label.status(before.status), label.status(after as number)));
        break;
      case "providerId":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.assignee, person(before.providerId, "Nobody"), person(after as number | null, "Nobody")));
        break;
      case "patientId":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.patient, person(before.patientId, "No patient"), person(after as number | null, "No patient")));
        break;
      case "sectionType":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.journey, label.journey(before.sectionType), label.journey(after as number | null)));
        break;
      case "category":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.category, label.category(before.category), label.category(after as number | null)));
        break;
      case "source":
        out.push(fill(TASK_ACTIVITY_TEMPLATES.source, label.source(before.source), label.source(after as string | null)));
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Cursors and dates

/** PostgreSQL's text form of a timestamptz ("2025-05-01 10:00:00.123456+00"), or ISO 8601. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2}){0,2})?$/;

/** A keyset position: the last row of a page under a sort. */
export type TaskCursor = { s: TaskSort; id: number; r?: number; d?: string };

export function encodeCursor(c: TaskCursor): string {
  return Buffer.from(JSON.stringify(c), "utf8").toString("base64url");
}

/** The cursor if it is well formed and made for this sort; otherwise null. */
export function decodeCursor(text: string, sort: TaskSort): TaskCursor | null {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!c || typeof c !== "object") return null;
  const { s, id, r, d } = c as Record<string, unknown>;
  if (s !== sort || !Number.isInteger(id) || (id as number) < 0 || (id as number) > 2147483647) return null;
  if (sort.startsWith("status_") && !(Number.isInteger(r) && (r as number) >= 1 && (r as number) <= 6)) return null;
  if (sort.startsWith("dateAssigned_") && !(typeof d === "string" && TIMESTAMP_TEXT.test(d))) return null;
  return { s: sort, id: id as number, ...(r !== undefined ? { r: r as number } : {}), ...(d !== undefined ? { d: d as string } : {}) };
}

/**
 * The instants bounding days yyyy-MM-dd in a time zone given as a UTC offset (minutes east of UTC):
 * `from` is the start of dateFrom, `to` the start of the day after dateTo (exclusive).
 */
export function dayBounds(dateFrom: string | undefined, dateTo: string | undefined, utcOffsetMinutes: number): { from?: Date; to?: Date } {
  const start = (ymd: string, plusDays: number) => {
    const [y, m, d] = ymd.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d + plusDays) - utcOffsetMinutes * 60_000);
  };
  return { ...(dateFrom ? { from: start(dateFrom, 0) } : {}), ...(dateTo ? { to: start(dateTo, 1) } : {}) };
}

// ---------------------------------------------------------------------------------------------------
// The list SQL

/** Above this many index branches (statuses × assignees) one plain query is used instead. */
export const MAX_BRANCHES = 48;

export type ListPlan = {
  /** The page: perPage + 1 rows (the extra one says whether another page follows), joined with users. */
  page: SQL;
  /** The capped count: one row { n, scanned } (see countResult). */
  count: SQL;
  mode: "branches" | "single";
  branches: number;
};

const ints = (xs: readonly number[]) => sql.raw(xs.map((x) => String(Math.trunc(x))).join(", "));
const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

const TASK_COLUMNS = sql`t.id, t.title, t.description, t.html_description AS "htmlDescription", t.status,
  t.patient_id AS "patientId", t.provider_id AS "providerId", t.section_type AS "sectionType", t.source, t.category,
  t.auto, t.date_assigned AS "dateAssigned", t.created_by_id AS "createdById",
  cb.full_name AS "createdByFullName", cb.avatar_url AS "createdByAvatarUrl", cb.profession AS "createdByProfession",
  pu.full_name AS "patientFullName", pu.avatar_url AS "patientAvatar",
  pr.full_name AS "providerFullName", pr.avatar_url AS "providerAvatarUrl", pr.profession AS "providerProfession"`;
const TASK_JOINS = sql`LEFT JOIN users cb ON cb.id = t.created_by_id
  LEFT JOIN users pu ON pu.id = t.patient_id
  LEFT JOIN users pr ON pr.id = t.provider_id`;

export type ListInput = {
  q: TasksQuery;
  /** dateFrom/dateTo resolved to instants (dayBounds). */
  range: { from?: Date; to?: Date };
  cursor: TaskCursor | null;
  offset: number;
};

/** Builds the page and count queries of GET /api/v2/tasks. Pure: renders SQL, runs nothing. */
export function buildListPlan({ q, range, cursor, offset }: ListInput): ListPlan {
  const statuses = q.tab?.length ? [...new Set(q.tab)] : null;
  const staff = q.staffIds?.length ? [...new Set(q.staffIds)] : null;
  const take = q.perPage + 1;

  // Filters on columns without an index ("residual"): applied row by row inside the scans.
  const residual: SQL[] = [];
  if (q.category?.length) residual.push(sql`category IN (${ints(q.category)})`);
  if (q.source?.length) residual.push(sql`source IN (${sql.join(q.source.map((s) => sql`${s}`), sql`, `)})`);
  if (q.sectionType?.length) residual.push(sql`section_type IN (${ints(q.sectionType)})`);
  if (q.onlyAuto) residual.push(sql`auto`);
  if (range.from) residual.push(sql`date_assigned >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) residual.push(sql`date_assigned < ${range.to.toISOString()}::timestamptz`);
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    residual.push(/^\d{1,9}$/.test(q.search) ? sql`(title ILIKE ${like} OR id = ${Number(q.search)})` : sql`title ILIKE ${like}`);
  }
  const statusCond = statuses ? [sql`status IN (${ints(statuses)})`] : [];
  const staffCond = staff ? [sql`provider_id IN (${ints(staff)})`] : [];
  const patientCond = q.patientId !== undefined ? [sql`patient_id = ${q.patientId}`] : [];
  // What every scan of the page applies besides its status / assignee.
  const common = [...patientCond, ...residual];
  // Conditions an index answers (status, assignee, patient).
  const indexed = [...statusCond, ...staffCond, ...patientCond];

  // The count: at most TASKS_COUNT_CAP + 1 matches. With residual filters, matches are looked for among at most
  // TASKS_COUNT_SCAN_BUDGET rows of the indexed range; `scanned` (the range size, capped at the budget, from an
  // index-only scan) says whether that was the whole range.
  const count = residual.length
    ? sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM (SELECT (${and(residual)}) AS m FROM tasks WHERE ${and(indexed)} LIMIT ${TASKS_COUNT_SCAN_BUDGET}) s WHERE m LIMIT ${TASKS_COUNT_CAP + 1}) c)::int AS n,
        (SELECT count(*) FROM (SELECT 1 FROM tasks WHERE ${and(indexed)} LIMIT ${TASKS_COUNT_SCAN_BUDGET}) r)::int AS scanned`
    : sql`SELECT count(*)::int AS n, 0 AS scanned FROM (SELECT 1 FROM tasks WHERE ${and(indexed)} LIMIT ${TASKS_COUNT_CAP + 1}) c`;

  const sort = q.sort;
  const byStatus = sort === "status_asc" || sort === "status_desc";
  const branchStatuses = statuses ?? [...TASK_STATUS_VALUES];
  const branchCount = branchStatuses.length * (staff?.length ?? 1);
  // A title search stays in the branches: per branch the planner picks the ordered index with the search as a
  // filter (a common word) or the trigram index and a small sort (a rare one), from the statistics of the title.
  const useBranches = (sort.startsWith("id_") || byStatus) && q.patientId === undefined && branchCount <= MAX_BRANCHES;
  const limit = sql`LIMIT ${take} OFFSET ${offset}`;

  let ids: SQL;
  if (useBranches) {
    const idDir = sort === "id_asc" ? sql`ASC` : sql`DESC`;
    const branches: SQL[] = [];
    for (const status of branchStatuses) {
      const rank = statusRank(status);
      const keyset: SQL[] = [];
      if (cursor) {
        if (sort === "id_desc") keyset.push(sql`id < ${cursor.id}`);
        else if (sort === "id_asc") keyset.push(sql`id > ${cursor.id}`);
        else {
          const r = cursor.r!;
          const passed = sort === "status_asc" ? rank < r : rank > r;
          if (passed) continue;
          if (rank === r) keyset.push(sql`id < ${cursor.id}`);
        }
      }
      for (const provider of staff ?? [null]) {
        const where = [sql`status = ${sql.raw(String(status))}`, ...(provider === null ? [] : [sql`provider_id = ${sql.raw(String(provider))}`]), ...common, ...keyset];
        branches.push(sql`(SELECT id, ${sql.raw(String(rank))} AS rank FROM tasks WHERE ${and(where)} ORDER BY id ${idDir} LIMIT ${offset + take})`);
      }
    }
    const order = byStatus ? sql`rank ${sort === "status_asc" ? sql`ASC` : sql`DESC`}, id DESC` : sql`id ${idDir}`;
    ids = branches.length
      ? sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) u ORDER BY ${order} ${limit}`
      : sql`SELECT id FROM tasks WHERE FALSE`;
  } else {
    const rankExpr = sql`array_position(${RANK_SQL}, status::int)`;
    const keyset: SQL[] = [];
    if (cursor) {
      if (sort === "id_desc") keyset.push(sql`id < ${cursor.id}`);
      else if (sort === "id_asc") keyset.push(sql`id > ${cursor.id}`);
      else if (sort === "status_asc") keyset.push(sql`(${rankExpr} > ${cursor.r!} OR (${rankExpr} = ${cursor.r!} AND id < ${cursor.id}))`);
      else if (sort === "status_desc") keyset.push(sql`(${rankExpr} < ${cursor.r!} OR (${rankExpr} = ${cursor.r!} AND id < ${cursor.id}))`);
      else if (sort === "dateAssigned_desc") keyset.push(sql`(date_assigned, id) < (${cursor.d!}::timestamptz, ${cursor.id})`);
      else keyset.push(sql`(date_assigned, id) > (${cursor.d!}::timestamptz, ${cursor.id})`);
    }
    const order = {
      id_desc: sql`id DESC`,
      id_asc: sql`id ASC`,
      status_asc: sql`${rankExpr} ASC, id DESC`,
      status_desc: sql`${rankExpr} DESC, id DESC`,
      dateAssigned_desc: sql`date_assigned DESC, id DESC`,
      dateAssigned_asc: sql`date_assigned ASC, id ASC`,
    }[sort];
    ids = sql`SELECT id FROM tasks WHERE ${and([...statusCond, ...staffCond, ...common, ...keyset])} ORDER BY ${order} ${limit}`;
  }

  const tRank = sql`array_position(${RANK_SQL}, t.status::int)`;
  const finalOrder = {
    id_desc: sql`t.id DESC`,
    id_asc: sql`t.id ASC`,
    status_asc: sql`${tRank} ASC, t.id DESC`,
    status_desc: sql`${tRank} DESC, t.id DESC`,
    dateAssigned_desc: sql`t.date_assigned DESC, t.id DESC`,
    dateAssigned_asc: sql`t.date_assigned ASC, t.id ASC`,
  }[sort];
  const page = sql`SELECT ${TASK_COLUMNS}, ${tRank} AS "rank", t.date_assigned::text AS "dateKey"
  FROM (${ids}) page JOIN tasks t ON t.id = page.id ${TASK_JOINS}
  ORDER BY ${finalOrder}`;
  return { page, count, mode: useBranches ? "branches" : "single", branches: useBranches ? branchCount : 0 };
}

/**
 * totalCount and totalCountCapped from the count row { n, scanned } and what the page itself showed:
 * - a page read by number that is not full (and not past the end) ends the list: the count is exact;
 * - otherwise n, exact below the cap when the whole indexed range was looked at (scanned below the budget),
 *   else a lower bound (at least the rows the pages so far have shown).
 */
export function countResult(
  row: { n: number | string; scanned: number | string },
  seen: { offset: number; rows: number; hasMore: boolean; byCursor: boolean },
): { totalCount: number; totalCountCapped: boolean } {
  if (!seen.byCursor && !seen.hasMore && (seen.rows > 0 || seen.offset === 0)) {
    const exact = seen.offset + seen.rows;
    return { totalCount: Math.min(exact, TASKS_COUNT_CAP), totalCountCapped: exact > TASKS_COUNT_CAP };
  }
  const n = Number(row.n);
  const scanned = Number(row.scanned);
  const atLeast = Math.max(n, (seen.byCursor ? 0 : seen.offset) + seen.rows + (seen.hasMore ? 1 : 0));
  return { totalCount: Math.min(atLeast, TASKS_COUNT_CAP), totalCountCapped: atLeast > TASKS_COUNT_CAP || scanned >= TASKS_COUNT_SCAN_BUDGET };
}

/** One task with its users (for GET one, create and update). */
export const oneTaskSql = (id: number) => sql`SELECT ${TASK_COLUMNS} FROM tasks t ${TASK_JOINS} WHERE t.id = ${id}`;

/** Comments and activity of a task, oldest first. */
export const descriptionUpdatesSql = (taskId: number) =>
  sql`SELECT c.id, c.kind, c.description, c.created_at AS "createdAt", u.full_name AS "fullName", u.avatar_url AS "avatar"
  FROM task_comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.task_id = ${taskId} ORDER BY c.id`;

// ---------------------------------------------------------------------------------------------------
// Rows → contract

export type TaskRow = {
  id: number;
  title: string;
  description: string;
  htmlDescription: string;
  status: number;
  patientId: number | null;
  providerId: number | null;
  sectionType: number | null;
  source: string | null;
  category: number | null;
  auto: boolean;
  dateAssigned: Date | string;
  createdById: number | null;
  createdByFullName: string | null;
  createdByAvatarUrl: string | null;
  createdByProfession: string | null;
  patientFullName: string | null;
  patientAvatar: string | null;
  providerFullName: string | null;
  providerAvatarUrl: string | null;
  providerProfession: string | null;
  rank?: number;
  dateKey?: string;
};

export type CommentRow = { id: number; kind: "comment" | "activity"; description: string; createdAt: Date | string; fullName: string | null; avatar: string | null };

export const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const profession = (p: string | null) => (p && p in PROFESSION_LABELS ? { value: p as Profession, label: PROFESSION_LABELS[p as Profession] } : null);

export function toTaskListItem(r: TaskRow): TaskListItem {
  const status = r.status as TaskStatus;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    htmlDescription: r.htmlDescription,
    status,
    statusKey: taskStatusToString(status),
    patientId: r.patientId,
    providerId: r.providerId,
    sectionType: r.sectionType,
    source: r.source as TaskListItem["source"],
    category: r.category,
    auto: r.auto,
    dateAssigned: toIso(r.dateAssigned),
    createdBy:
      r.createdById !== null && r.createdByFullName !== null
        ? { id: r.createdById, fullName: r.createdByFullName, avatarUrl: r.createdByAvatarUrl, profession: profession(r.createdByProfession) }
        : null,
    patient: r.patientId !== null && r.patientFullName !== null ? { id: r.patientId, fullName: r.patientFullName, avatar: r.patientAvatar } : null,
    provider:
      r.providerId !== null && r.providerFullName !== null
        ? { fullName: r.providerFullName, avatar: r.providerAvatarUrl, avatarUrl: r.providerAvatarUrl, profession: profession(r.providerProfession) }
        : null,
  };
}

export function toDescriptionUpdate(c: CommentRow): DescriptionUpdate {
  return {
    id: c.id,
    user: c.fullName !== null ? { fullName: c.fullName, avatar: c.avatar } : null,
    dateCreatedTz: toIso(c.createdAt),
    description: c.description,
    kind: c.kind,
  };
}

export function toTask(r: TaskRow, comments: readonly CommentRow[]): Task {
  return { ...toTaskListItem(r), descriptionUpdates: comments.map(toDescriptionUpdate) };
}

/** The cursor after a row of a page under a sort. */
export function cursorAfter(r: TaskRow, sort: TaskSort): string {
  if (sort.startsWith("status_")) return encodeCursor({ s: sort, id: r.id, r: r.rank ?? statusRank(r.status as TaskStatus) });
  if (sort.startsWith("dateAssigned_")) return encodeCursor({ s: sort, id: r.id, d: r.dateKey ?? toIso(r.dateAssigned) });
  return encodeCursor({ s: sort, id: r.id });
}
