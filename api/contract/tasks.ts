/**
 * Contract of the staff task calls (spec §3 Task, §4 statuses/categories/sources, §5 create-task rules,
 * §7 Tasks, §9 page sizes). The API routes are api/routes/tasks.ts.
 *
 * | call                               | body / query                                  | data                         |
 * |------------------------------------|-----------------------------------------------|------------------------------|
 * | GET    /api/v2/tasks               | tasksQuery (below)                            | TaskListItem[] + pages       |
 * | GET    /api/v1/tasks/{id}          |                                               | Task                         |
 * | POST   /api/v1/tasks               | taskCreate ("not shown" in the spec: ours)    | Task, message "Task created."|
 * | PUT    /api/v1/tasks/{id}          | taskUpdate (only the given fields change)     | Task, message "Task updated."|
 * | DELETE /api/v1/tasks/{id}          |                                               | { id }, "Task deleted."      |
 * | POST   /api/v2/tasks/mass-update   | { ids, status?, providerId? }                 | { ids, count }               |
 * | DELETE /api/v2/tasks/mass-delete   | { ids } (JSON body; `ids[]` query accepted)   | { ids, count }               |
 * | POST   /api/v1/tasks/{id}/comments | { description }                               | DescriptionUpdate            |
 *
 * Statuses are accepted as their number (1–6) or their string (todo, in_progress, done,
 * waiting_for_client, to_verify_by_team, to_be_discussed); responses carry both (`status`, `statusKey`).
 *
 * Errors: 400 with data.errors (field → messages) for invalid input, 401 guest, 403 role or CSRF, 404 an
 * unknown task id (or a non-numeric one). The web keeps the task failures silent (spec §8).
 *
 * The assignee (providerId) may be any ACTIVE user of one of the six staff roles, not only role providers:
 * every staff member has the header's "assigned tasks" list (spec §2, §6: header lists filtered to the
 * current user), and the demo assigns tasks across all staff. The create modal's picker may default to the
 * Medical team tab. The patient (patientId) must be an existing user of role patients.
 *
 * Activity entries (descriptionUpdates of kind "activity") are stored as English sentences, exactly these
 * templates ({from}/{to} are English labels or full names, "Nobody"/"No patient"/"None" when empty), so that the
 * web can translate them by pattern and show them verbatim as a fallback: see TASK_ACTIVITY_TEMPLATES.
 */
import { z } from "zod";
import {
  TASK_CATEGORY_VALUES,
  TASK_JOURNEY_VALUES,
  TASK_SOURCES,
  TASK_STATUS_STRING_VALUES,
  isServiceSection,
  isTaskCategory,
  isTaskStatus,
  taskStatusFromString,
  type TaskCategory,
  type TaskStatus,
  type TaskStatusString,
  type ServiceSection,
  type TaskSource,
} from "./enums.ts";
import { pagesSchema } from "./common.ts";
import { ID_MAX, TASK_COMMENT_MAX, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, TV } from "./task-rules.ts";
import { professionSchema } from "./users.ts";
import { requiredText, V } from "./validation.ts";

export { TV };

/** Page size (spec §9: header tasks page size 20) and its maximum. */
export const TASKS_DEFAULT_PER_PAGE = 20;
export const TASKS_MAX_PER_PAGE = 100;
/**
 * totalCount is exact up to this many tasks; above it the API counts no further, answers totalCount = this
 * value and totalCountCapped = true (the web shows "1,000+"). Counting a million matching rows costs 30–60 ms
 * on PostgreSQL; counting at most 1,001 costs well under a millisecond.
 */
export const TASKS_COUNT_CAP = 1000;
/**
 * With filters that no index answers (category, source, sectionType, onlyAuto, dateFrom/dateTo, search), the
 * count looks for matches among at most this many tasks of the range the indexes select (the tabs, the
 * assignees, the patient). When that range is larger and fewer than TASKS_COUNT_CAP + 1 matches were found in
 * it, totalCount is what was found, a lower bound, and totalCountCapped is true ("at least").
 */
export const TASKS_COUNT_SCAN_BUDGET = 2000;
/**
 * Page numbers are served with a bounded OFFSET: (page - 1) × perPage may not exceed this. Beyond it,
 * follow `pages.nextCursor` (keyset paging: cost independent of depth), which is also the better way to
 * load the next page of an infinite list at any depth.
 */
export const TASKS_MAX_OFFSET = 5000;
/** Most assignees one list may filter by. */
export const TASKS_MAX_STAFF_FILTER = 50;

const required = (iss: { input?: unknown }) => iss.input === undefined || iss.input === null;

/** A numeric code given as a number or a numeric string (form posts); strings of `fromString` allowed. */
function codeField<T extends number>(is: (x: unknown) => x is T, message: string, fromString?: (s: string) => T | undefined) {
  return z
    .union([z.number(), z.string()], { error: (iss) => (required(iss) ? V.required : message) })
    .transform((v): number | undefined => {
      if (typeof v === "number") return v;
      const s = v.trim();
      if (s === "") return undefined;
      const named = fromString?.(s);
      if (named !== undefined) return named;
      return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
    })
    .pipe(z.number({ error: (iss) => (required(iss) ? V.required : message) }).refine(is, message))
    .transform((v) => v as T);
}

/** A positive id, as a number or a numeric string. */
export const idField = (message: string = V.invalid) =>
  z
    .union([z.number(), z.string()], { error: (iss) => (required(iss) ? V.required : message) })
    .transform((v): number | undefined => (typeof v === "number" ? v : v.trim() === "" ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN))
    .pipe(z.number({ error: (iss) => (required(iss) ? V.required : message) }).int(message).positive(message).max(ID_MAX, message));

const isJourney = (x: unknown): x is ServiceSection => (TASK_JOURNEY_VALUES as readonly unknown[]).includes(x);
const isSource = (x: unknown): x is TaskSource => (TASK_SOURCES as readonly unknown[]).includes(x);

export const taskStatusField = () =>
  codeField<TaskStatus>(isTaskStatus, TV.status, taskStatusFromString).meta({
    description: "Status: 1–6 or todo, in_progress, done, waiting_for_client, to_verify_by_team, to_be_discussed",
  });
/** Journey of a task: weight loss 1, sexual wellness 2, pharmacy purchase 3 (spec §5). */
export const taskJourneyField = () => codeField<ServiceSection>(isJourney, TV.journey).meta({ description: "Journey (sectionType): 1 weight loss, 2 sexual wellness, 3 pharmacy purchase" });
export const taskCategoryField = () => codeField<TaskCategory>(isTaskCategory, TV.category).meta({ description: "Task category 1–11 (spec §3)" });
export const taskSourceField = () =>
  z
    .string({ error: (iss) => (required(iss) ? V.required : TV.source) })
    .trim()
    .refine(isSource, TV.source)
    .transform((v) => v as TaskSource)
    .meta({ description: "Source: provider, email, chat or phone" });

/** "" and null mean "none" for the optional fields of a task. */
const clearable = <T extends z.ZodType>(field: T, message: string) =>
  z.union([z.null(), z.literal(""), field], { error: message }).transform((v) => (v === "" || v === null ? null : (v as z.output<T>)));

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Is this a real calendar date written yyyy-MM-dd? */
export function isIsoDate(s: string): boolean {
  const m = DATE_PATTERN.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
/** A date of the query string: yyyy-MM-dd (spec §7). */
export const isoDate = () => z.string().trim().refine(isIsoDate, TV.date).meta({ description: "yyyy-MM-dd" });

/** dateAssigned of a new task: yyyy-MM-dd (midnight UTC) or an ISO 8601 date-time; defaults to now. */
const dateAssignedField = () =>
  z
    .string()
    .trim()
    .refine((s) => isIsoDate(s) || (/^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))), TV.date)
    .transform((s) => new Date(isIsoDate(s) ? s + "T00:00:00Z" : s))
    .meta({ description: "yyyy-MM-dd or an ISO 8601 date-time; defaults to now" });

// ---------------------------------------------------------------------------------------------------
// Requests

/** POST /api/v1/tasks (spec §5 create task; §7 payload). */
export const taskCreateSchema = z.object({
  title: requiredText(TASK_TITLE_MAX),
  description: requiredText(TASK_DESCRIPTION_MAX),
  patientId: idField(TV.patient),
  providerId: idField(TV.assignee),
  status: taskStatusField(),
  sectionType: taskJourneyField(),
  source: clearable(taskSourceField(), TV.source).optional(),
  category: clearable(taskCategoryField(), TV.category).optional(),
  dateAssigned: dateAssignedField().optional(),
});
export type TaskCreate = z.output<typeof taskCreateSchema>;

/**
 * PUT /api/v1/tasks/{id}: any of these fields; only the given ones change. patientId, providerId, source
 * and category may be cleared with null (or ""); title, description, status and sectionType may not.
 */
export const taskUpdateSchema = z
  .object({
    title: requiredText(TASK_TITLE_MAX).optional(),
    description: requiredText(TASK_DESCRIPTION_MAX).optional(),
    status: taskStatusField().optional(),
    patientId: clearable(idField(TV.patient), TV.patient).optional(),
    providerId: clearable(idField(TV.assignee), TV.assignee).optional(),
    sectionType: taskJourneyField().optional(),
    source: clearable(taskSourceField(), TV.source).optional(),
    category: clearable(taskCategoryField(), TV.category).optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined)) ctx.addIssue({ code: "custom", path: ["form"], message: TV.noChanges });
  });
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

const idList = () =>
  z
    .array(idField(), { error: (iss) => (required(iss) ? V.required : V.invalid) })
    .min(1, TV.atLeastOne)
    .max(TASKS_MAX_PER_PAGE, V.maxLength)
    .transform((ids) => [...new Set(ids)])
    .meta({ description: `Task ids, 1–${TASKS_MAX_PER_PAGE}` });

/** POST /api/v2/tasks/mass-update: a new status and/or assignee (null unassigns) for up to 100 tasks. */
export const tasksMassUpdateSchema = z
  .object({
    ids: idList(),
    status: taskStatusField().optional(),
    providerId: clearable(idField(TV.assignee), TV.assignee).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === undefined && v.providerId === undefined) ctx.addIssue({ code: "custom", path: ["status"], message: V.requiredIf });
  });
export type TasksMassUpdate = z.output<typeof tasksMassUpdateSchema>;

/** DELETE /api/v2/tasks/mass-delete. */
export const tasksMassDeleteSchema = z.object({ ids: idList() });

/** POST /api/v1/tasks/{id}/comments: plain text, non-empty after trimming (spec §5). */
export const taskCommentCreateSchema = z.object({ description: requiredText(TASK_COMMENT_MAX) });

// ---------------------------------------------------------------------------------------------------
// The list query (GET /api/v2/tasks)

export const TASK_SORTS = ["id_desc", "id_asc", "dateAssigned_desc", "dateAssigned_asc", "status_asc", "status_desc"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/** A list parameter: `key[]=a&key[]=b`, `key=a,b`, or the JSON array inside a `filter` object. */
const listOf = <T extends z.ZodType>(item: T, max: number, description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter((s) => s !== ""))
    .pipe(z.array(item).max(max, V.maxLength) as unknown as z.ZodType<z.output<T>[], string[]>)
    .meta({ description });

const bool = () =>
  z
    .enum(["true", "false", "1", "0"], { error: V.invalid })
    .transform((v) => v === "true" || v === "1")
    .meta({ description: "true/false (or 1/0)" });

/**
 * The query of GET /api/v2/tasks after normalizeTaskQuery() (spec §7 rules):
 * - empty values are dropped; dates are yyyy-MM-dd; arrays are `key[]` entries (a comma list works too);
 *   objects are JSON strings: `filter={"staffIds":[5],"category":[1]}` or `dateAssigned={"from":…,"to":…}`.
 * - every filter may also be written with the `filter.` prefix (`filter.staffIds[]=5`, the header dropdown's
 *   form) or in brackets (`filter[staffIds][]=5`).
 * - tab[]: statuses shown (the list's tabs; the header sends the five active ones). Absent: all statuses.
 * - dateFrom/dateTo bound dateAssigned, inclusive, in the signed-in user's time zone (profile UTC offset).
 * - search: in the title (substring, case-insensitive), or the task id when it is a number.
 * - sort: id_desc (default, newest first), id_asc, dateAssigned_desc/asc, status_asc/desc. Status order is
 *   the workflow: todo, in progress, waiting for client, to verify by team, to be discussed, done (status_asc),
 *   or its reverse; newest first within a status.
 * - page/perPage (20, at most 100), or cursor (pages.nextCursor of the previous page: keyset paging).
 */
export const tasksQuerySchema = z.object({
  tab: listOf(taskStatusField(), 6, "tab[]: statuses to include (todo, in_progress, …); all when absent").optional(),
  onlyAuto: bool().optional(),
  page: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(TASKS_MAX_PER_PAGE, V.invalid).default(TASKS_DEFAULT_PER_PAGE),
  sort: z.enum(TASK_SORTS, { error: V.invalid }).default("id_desc"),
  cursor: z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" }),
  staffIds: listOf(idField(), TASKS_MAX_STAFF_FILTER, "staffIds[] (or filter.staffIds[]): assignees").optional(),
  patientId: idField().optional(),
  category: listOf(taskCategoryField(), 11, "category[]: task categories 1–11").optional(),
  source: listOf(taskSourceField(), 4, "source[]: provider, email, chat, phone").optional(),
  sectionType: listOf(codeField<ServiceSection>(isServiceSection, TV.journey), 4, "sectionType[]: journeys 1–4").optional(),
  dateFrom: isoDate().optional(),
  dateTo: isoDate().optional(),
  search: z.string().trim().max(100, V.maxLength).optional(),
});
export type TasksQuery = z.output<typeof tasksQuerySchema>;

/** Parameters that hold a JSON object (spec §7: "other objects as JSON"). */
const OBJECT_PARAMS = new Set(["filter", "dateAssigned"]);
const ALIASES: Record<string, string> = {
  "dateAssigned.from": "dateFrom",
  "dateAssigned.to": "dateTo",
  tabs: "tab",
};
type Normalised = Record<string, string | string[]>;

function normaliseKey(raw: string): string {
  let key = raw.trim();
  if (key.endsWith("[]")) key = key.slice(0, -2);
  key = key.replace(/\[([^\]]*)\]/g, ".$1").replace(/\.$/, "");
  if (key.startsWith("filter.")) key = key.slice("filter.".length);
  return ALIASES[key] ?? key;
}

function put(out: Normalised, key: string, value: string, list: boolean): void {
  const prev = out[key];
  if (prev === undefined) out[key] = list ? [value] : value;
  else out[key] = [...(Array.isArray(prev) ? prev : [prev]), value];
}

function walk(out: Normalised, rawKey: string, value: unknown, list: boolean): void {
  if (value === undefined || value === null) return;
  const key = normaliseKey(rawKey);
  const isList = list || rawKey.trim().endsWith("[]");
  if (Array.isArray(value)) {
    for (const v of value) walk(out, key, v, true);
    return;
  }
  if (typeof value === "object") {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(out, key === "filter" ? k : `${key}.${k}`, v, false);
    return;
  }
  const text = String(value).trim();
  if (text === "") return; // empty values are dropped
  if (OBJECT_PARAMS.has(key) && text.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      put(out, key, text, false); // left under its own name: parseTasksQuery() reports it
      return;
    }
    walk(out, key, parsed, false);
    return;
  }
  put(out, key, text, isList);
}

/**
 * Turns a raw query (Express "simple" parser: string | string[] values, keys such as `tab[]`,
 * `filter.staffIds[]`, `filter[staffIds][]`, `filter={json}`) into the flat object tasksQuerySchema reads.
 * A `filter` or `dateAssigned` value that is not valid JSON is reported as an invalid field.
 */
export function normalizeTaskQuery(raw: Record<string, unknown>): Normalised {
  const out: Normalised = {};
  for (const [key, value] of Object.entries(raw)) walk(out, key, value, false);
  return out;
}

/** Validates a raw GET /api/v2/tasks query: normalizeTaskQuery() then tasksQuerySchema. */
export function parseTasksQuery(raw: Record<string, unknown>): z.ZodSafeParseResult<TasksQuery> {
  const normalised = normalizeTaskQuery(raw);
  const result = tasksQuerySchema.safeParse(normalised);
  // A `filter` / `dateAssigned` left over is one whose JSON did not parse.
  const leftovers = [...OBJECT_PARAMS].filter((k) => k in normalised);
  if (!leftovers.length) return result;
  const issues: z.core.$ZodIssue[] = leftovers.map((k) => ({ code: "custom", path: [k], message: V.invalid, input: normalised[k] }));
  return { success: false, error: new z.ZodError([...issues, ...(result.success ? [] : result.error.issues)]) as z.ZodError<TasksQuery> };
}

/**
 * The other direction, for the web's upstream client: a filter object → URLSearchParams following the
 * rules of spec §7 (empty dropped, Date → yyyy-MM-dd, arrays as key[] entries, other objects as JSON).
 */
export function taskQueryParams(filter: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === "") continue;
    if (value instanceof Date) params.append(key, ymd(value));
    else if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null && item !== "") params.append(`${key}[]`, item instanceof Date ? ymd(item) : String(item));
    } else if (typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0));
      if (entries.length) params.append(key, JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, v instanceof Date ? ymd(v) : v]))));
    } else params.append(key, String(value));
  }
  return params;
}

// ---------------------------------------------------------------------------------------------------
// Responses

export const taskStatusKeySchema = z.enum(TASK_STATUS_STRING_VALUES as [TaskStatusString, ...TaskStatusString[]]);

export const descriptionUpdateSchema = z.object({
  id: z.number().int(),
  user: z.object({ fullName: z.string(), avatar: z.string().nullable() }).nullable(),
  /** When it was written: ISO 8601 in UTC (the web shows it in the profile's time zone). */
  dateCreatedTz: z.string(),
  /** A comment's plain text, or an activity sentence (TASK_ACTIVITY_TEMPLATES). */
  description: z.string(),
  kind: z.enum(["comment", "activity"]),
});
export type DescriptionUpdate = z.infer<typeof descriptionUpdateSchema>;

/** The Task of spec §3 as a list item (no descriptionUpdates). */
export const taskListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** As typed; shown as text only. */
  description: z.string(),
  /** Sanitised to the message allow-list (p, b, i, u, strong, em, br, a with a safe href). */
  htmlDescription: z.string(),
  status: z.number().int(),
  statusKey: taskStatusKeySchema,
  patientId: z.number().int().nullable(),
  /** The assignee. */
  providerId: z.number().int().nullable(),
  /** The journey: 1 weight loss, 2 sexual wellness, 3 pharmacy purchase (4 haircare on older tasks). */
  sectionType: z.number().int().nullable(),
  source: z.enum(TASK_SOURCES).nullable(),
  category: z.number().int().nullable(),
  /** Created by the system rather than by a person. */
  auto: z.boolean(),
  /** ISO 8601 (UTC). */
  dateAssigned: z.string(),
  createdBy: z.object({ id: z.number().int(), fullName: z.string(), avatarUrl: z.string().nullable(), profession: professionSchema }).nullable(),
  patient: z.object({ id: z.number().int(), fullName: z.string(), avatar: z.string().nullable() }).nullable(),
  provider: z
    .object({ fullName: z.string(), avatar: z.string().nullable(), avatarUrl: z.string().nullable(), profession: professionSchema })
    .nullable(),
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

/** The Task of spec §3 (GET one, create, update): with its comments and activity, oldest first. */
export const taskSchema = taskListItemSchema.extend({ descriptionUpdates: z.array(descriptionUpdateSchema) });
export type Task = z.infer<typeof taskSchema>;

/** `pages` of GET /api/v2/tasks: the common { totalCount, page, perPage } plus the paging aids. */
export const taskPagesSchema = pagesSchema.extend({
  /** Counting stopped (TASKS_COUNT_CAP, or TASKS_COUNT_SCAN_BUDGET with residual filters): totalCount is a lower bound. */
  totalCountCapped: z.boolean(),
  /** Another page follows this one. */
  hasMore: z.boolean(),
  /** Pass as `cursor` to get the page after this one (keyset paging); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TaskPages = z.infer<typeof taskPagesSchema>;

export const tasksMassResultSchema = z.object({ ids: z.array(z.number().int()), count: z.number().int() });
export const taskDeleteResultSchema = z.object({ id: z.number().int() });

/** The English sentences of activity entries: plain constants the browser may import (./task-activity.ts). */
export { TASK_ACTIVITY_TEMPLATES } from "./task-activity.ts";

export type { TaskCategory, TaskSource, TaskStatus };
export { TASK_CATEGORY_VALUES };
