/**
 * The task pages' URL state and labels, shared by the server (app/lib/tasks.server.ts) and the browser.
 * Pure: no I/O.
 *
 * URL design (spec §2 "Create a task modal", "Task edit modal"; ARCHITECTURE §3 "modal: a route rendered
 * as a dialog over its parent"): the tasks page (/staff/tasks, /manager/tasks) keeps every piece of its
 * state in the query string, so that each state can be linked, reloaded and reached without JavaScript.
 *
 *   list     tab, search, assignee, patient, category, source, journey, from, to, auto, sort, page, cursor
 *   modals   task=new (create; a patient page links to ?task=new&patientId=<id>) | task=<id> (edit);
 *            edit=1 (title/description edit mode), confirm=delete (delete confirmation)
 *   draft    title, description, patientId, providerId, taskStatus, taskJourney, taskCategory, taskSource:
 *            the create form's fields (and the edit modal's side panel). Without JavaScript the pickers are
 *            GET submissions of the form itself, so whatever was typed travels in the URL and is never lost.
 *   pickers  pick=<field> (which picker lists its people), <field>Search, <field>Team, <field>Page
 *   mass     ids (selected rows), confirm=status|assign|delete (the confirmation step), massStatus,
 *            massProviderId
 *
 * Closing a modal is a link to the list's own state (listHref), so the list behind it stays as it was.
 */
import { TASK_ACTIVITY_TEMPLATES } from "../../../api/contract/task-activity.ts";
import {
  ACTIVE_TASK_STATUS_STRINGS,
  SERVICE_SECTION_LABELS,
  TASK_CATEGORY_DISPLAY_ORDER,
  TASK_CATEGORY_LABELS,
  TASK_JOURNEY_VALUES,
  TASK_SOURCES,
  TASK_SOURCE_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUS_STRINGS,
  TASK_STATUS_VALUES,
  type TaskStatusString,
} from "../../../api/contract/enums.ts";
import { TEAMS } from "../../../api/contract/roles.ts";
import { maxLengthMessage } from "../../../api/contract/rules.ts";

export { ACTIVE_TASK_STATUS_STRINGS, TASK_CATEGORY_DISPLAY_ORDER, TASK_JOURNEY_VALUES, TASK_SOURCES, TASK_STATUS_STRINGS, TASK_STATUS_VALUES };
export type { TaskStatusString };

/** Rows per page of the list, the header dropdown and the pickers (spec §9). */
export const PAGE_SIZE = 20;
/** The API serves page numbers up to this offset; deeper pages follow the cursor (api/contract/tasks.ts). */
export const MAX_OFFSET = 5000;

// ---------------------------------------------------------------------------------------------------
// List state

/** The list's tabs: the five active statuses together (default), each status, done, everything. */
export const LIST_TABS = ["active", "todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed", "done", "all"] as const;
export type ListTab = (typeof LIST_TABS)[number];

export const LIST_SORTS = ["id_desc", "id_asc", "dateAssigned_desc", "dateAssigned_asc", "status_asc", "status_desc"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export type ListState = {
  tab: ListTab;
  search: string;
  assignee: number | null;
  patient: number | null;
  category: number | null;
  source: string | null;
  journey: number | null;
  from: string | null;
  to: string | null;
  auto: boolean;
  sort: ListSort;
  page: number;
  cursor: string | null;
};

export const DEFAULT_LIST_STATE: ListState = {
  tab: "active",
  search: "",
  assignee: null,
  patient: null,
  category: null,
  source: null,
  journey: null,
  from: null,
  to: null,
  auto: false,
  sort: "id_desc",
  page: 1,
  cursor: null,
};

/** Query parameters that make up the list state (kept under every modal). */
export const LIST_PARAMS = ["tab", "search", "assignee", "patient", "category", "source", "journey", "from", "to", "auto", "sort", "page", "cursor"] as const;

const positiveId = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null => ((list as readonly string[]).includes(v ?? "") ? (v as T) : null);

/** A real calendar date written yyyy-MM-dd (what <input type=date> submits). */
export function isIsoDate(s: string | null): s is string {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Reads the list state from a query string; anything unknown or malformed falls back to the default. */
export function parseListState(params: URLSearchParams): ListState {
  const category = positiveId(params.get("category"));
  const journey = positiveId(params.get("journey"));
  const page = positiveId(params.get("page"));
  const cursor = params.get("cursor")?.trim() ?? "";
  return {
    tab: oneOf(LIST_TABS, params.get("tab")) ?? DEFAULT_LIST_STATE.tab,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    assignee: positiveId(params.get("assignee")),
    patient: positiveId(params.get("patient")),
    category: category !== null && category <= 11 ? category : null,
    source: oneOf(TASK_SOURCES, params.get("source")),
    journey: journey !== null && journey <= 4 ? journey : null,
    from: isIsoDate(params.get("from")) ? params.get("from") : null,
    to: isIsoDate(params.get("to")) ? params.get("to") : null,
    auto: params.get("auto") === "1" || params.get("auto") === "on" || params.get("auto") === "true",
    sort: oneOf(LIST_SORTS, params.get("sort")) ?? DEFAULT_LIST_STATE.sort,
    page: page !== null && page <= 100_000 ? page : 1,
    cursor: cursor && cursor.length <= 300 ? cursor : null,
  };
}

/** The list state as query parameters, defaults left out. */
export function listParams(state: ListState): URLSearchParams {
  const out = new URLSearchParams();
  const d = DEFAULT_LIST_STATE;
  if (state.tab !== d.tab) out.set("tab", state.tab);
  if (state.search) out.set("search", state.search);
  if (state.assignee !== null) out.set("assignee", String(state.assignee));
  if (state.patient !== null) out.set("patient", String(state.patient));
  if (state.category !== null) out.set("category", String(state.category));
  if (state.source !== null) out.set("source", state.source);
  if (state.journey !== null) out.set("journey", String(state.journey));
  if (state.from) out.set("from", state.from);
  if (state.to) out.set("to", state.to);
  if (state.auto) out.set("auto", "1");
  if (state.sort !== d.sort) out.set("sort", state.sort);
  if (state.page !== 1) out.set("page", String(state.page));
  if (state.cursor) out.set("cursor", state.cursor);
  return out;
}

/** `path?query` (no trailing "?" when the query is empty). */
export function withQuery(path: string, params: URLSearchParams): string {
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** The list with changes (filters reset the paging unless it is given). */
export function listHref(path: string, state: ListState, changes: Partial<ListState> = {}): string {
  const resetsPaging = Object.keys(changes).some((k) => k !== "page" && k !== "cursor");
  const next = { ...state, ...(resetsPaging ? { page: 1, cursor: null } : {}), ...changes };
  return withQuery(path, listParams(next));
}

/** The list state plus extra parameters (a modal over the list). */
export function modalHref(path: string, state: ListState, extra: Record<string, string | number | null | undefined>): string {
  const params = listParams(state);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
  return withQuery(path, params);
}

/** The statuses the list asks for on a tab (undefined: all). */
export function tabStatuses(tab: ListTab): TaskStatusString[] | undefined {
  if (tab === "all") return undefined;
  if (tab === "active") return [...ACTIVE_TASK_STATUS_STRINGS];
  return [tab];
}

/**
 * The filter object of GET /api/v2/tasks for a list state (turned into the query string by the contract's
 * taskQueryParams: empty values dropped, arrays as key[]). Page numbers past the API's offset bound are
 * only reachable with a cursor, which is then sent instead.
 */
export function apiFilter(state: ListState, perPage = PAGE_SIZE): Record<string, unknown> {
  return {
    tab: tabStatuses(state.tab),
    "filter.staffIds": state.assignee !== null ? [state.assignee] : undefined,
    patientId: state.patient ?? undefined,
    category: state.category !== null ? [state.category] : undefined,
    source: state.source !== null ? [state.source] : undefined,
    sectionType: state.journey !== null ? [state.journey] : undefined,
    dateFrom: state.from ?? undefined,
    dateTo: state.to ?? undefined,
    onlyAuto: state.auto ? "true" : undefined,
    search: state.search || undefined,
    sort: state.sort,
    page: state.page,
    perPage,
    cursor: state.cursor ?? undefined,
  };
}

/** Can page `n` be asked for by number (without a cursor)? */
export const pageReachable = (n: number, perPage = PAGE_SIZE) => n >= 1 && (n - 1) * perPage <= MAX_OFFSET;

// ---------------------------------------------------------------------------------------------------
// Labels (i18n keys of the "tasks" namespace) and colours

export const statusKey = (status: number): TaskStatusString | null => (TASK_STATUS_STRINGS as Record<number, TaskStatusString>)[status] ?? null;
export const statusLabelKey = (s: TaskStatusString) => `tasks:status.${s}`;
export const categoryLabelKey = (c: number) => `tasks:category.${c}`;
export const sourceLabelKey = (s: string) => `tasks:source.${s}`;
export const journeyLabelKey = (j: number) => `tasks:journey.${j}`;

/** Task categories in the select's order (spec §4: Other last). */
export const CATEGORY_OPTIONS = TASK_CATEGORY_DISPLAY_ORDER;

// ---------------------------------------------------------------------------------------------------
// Pickers

/** The user picker's team tabs (spec §2). */
export const PICKER_TEAMS = ["all", "medical", "nursing", "support"] as const;
export type PickerTeam = (typeof PICKER_TEAMS)[number];
export const TEAM_ROLES: Record<PickerTeam, readonly string[]> = TEAMS;
export const isPickerTeam = (v: unknown): v is PickerTeam => (PICKER_TEAMS as readonly unknown[]).includes(v);

/** Who a picker lists: staff (assignees) or patients. */
export type PickerKind = "assignee" | "patient";

/** One person in a picker or a chosen value: staff show their profession, patients their email. */
export type Person = { id: number; fullName: string; avatarUrl: string | null; profession: string | null; email: string | null };

/** A page of people for a picker (the resource route /resources/tasks/users and the no-JS state). */
export type PeoplePage = { items: Person[]; page: number; hasMore: boolean };

/** Without JavaScript: the picker's list as the loader rendered it (open when the user asked for it). */
export type PickerState = {
  open: boolean;
  search: string;
  team: PickerTeam;
  page: number;
  items: Person[];
  hasMore: boolean;
};

// ---------------------------------------------------------------------------------------------------
// Activity entries

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ENGLISH_TO_KEY: Record<string, Record<string, string>> = {
  status: Object.fromEntries(TASK_STATUS_VALUES.map((v) => [TASK_STATUS_LABELS[v], `tasks:status.${TASK_STATUS_STRINGS[v]}`])),
  journey: Object.fromEntries(Object.entries(SERVICE_SECTION_LABELS).map(([v, label]) => [label, `tasks:journey.${v}`])),
  category: Object.fromEntries(Object.entries(TASK_CATEGORY_LABELS).map(([v, label]) => [label, `tasks:category.${v}`])),
  source: Object.fromEntries(Object.entries(TASK_SOURCE_LABELS).map(([v, label]) => [label, `tasks:source.${v}`])),
};
const EMPTY_WORDS: Record<string, string> = { None: "tasks:activity.none", Nobody: "tasks:activity.nobody", "No patient": "tasks:activity.noPatient" };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATTERNS = Object.entries(TASK_ACTIVITY_TEMPLATES).map(([key, template]) => ({
  key,
  regex: new RegExp(`^${escapeRegExp(template).replace("\\{from\\}", "(.+)").replace("\\{to\\}", "(.+)")}$`),
}));

/**
 * An activity entry in the user's language. The API stores English sentences made from
 * TASK_ACTIVITY_TEMPLATES; the sentence is matched against them and its {from}/{to} values translated
 * (labels of statuses, journeys, categories, sources; "Nobody"/"No patient"/"None"). Full names stay as
 * they are. A sentence that matches no template is shown verbatim.
 */
export function activityText(sentence: string, t: Translate): string {
  for (const { key, regex } of PATTERNS) {
    const m = regex.exec(sentence);
    if (!m) continue;
    const kind = key === "assignee" || key === "patient" ? "person" : key;
    const value = (v: string | undefined) => {
      if (v === undefined) return "";
      if (EMPTY_WORDS[v]) return t(EMPTY_WORDS[v]);
      const labelKey = ENGLISH_TO_KEY[kind]?.[v];
      return labelKey ? t(labelKey) : v;
    };
    return t(`tasks:activity.${key}`, { from: value(m[1]), to: value(m[2]) });
  }
  return sentence;
}

// ---------------------------------------------------------------------------------------------------
// The create form (spec §5) on the browser: is the draft complete? (The API validates it again.)

export type Draft = {
  title: string;
  description: string;
  patientId: string;
  providerId: string;
  taskStatus: string;
  taskJourney: string;
  taskCategory: string;
  taskSource: string;
};
export const DRAFT_FIELDS = ["title", "description", "patientId", "providerId", "taskStatus", "taskJourney", "taskCategory", "taskSource"] as const satisfies readonly (keyof Draft)[];
export const EMPTY_DRAFT: Draft = { title: "", description: "", patientId: "", providerId: "", taskStatus: "todo", taskJourney: "", taskCategory: "", taskSource: "" };

/** The API's field names → the form's. */
export const API_TO_FORM_FIELD: Record<string, keyof Draft> = {
  title: "title",
  description: "description",
  patientId: "patientId",
  providerId: "providerId",
  status: "taskStatus",
  sectionType: "taskJourney",
  category: "taskCategory",
  source: "taskSource",
};

/** Field errors of a draft as i18n keys of the validation namespace (spec §5 create task). */
export function draftErrors(d: Draft): Partial<Record<keyof Draft, string[]>> {
  const errors: Partial<Record<keyof Draft, string[]>> = {};
  const required = (k: keyof Draft) => {
    if (!d[k].trim()) errors[k] = ["validation.required"];
  };
  required("title");
  if (d.title.trim().length > 255) errors.title = [maxLengthMessage(255)];
  required("description");
  if (d.description.trim().length > 10_000) errors.description = [maxLengthMessage(10_000)];
  required("patientId");
  if (d.patientId && !/^\d+$/.test(d.patientId)) errors.patientId = ["validation.taskPatient"];
  required("providerId");
  if (d.providerId && !/^\d+$/.test(d.providerId)) errors.providerId = ["validation.taskAssignee"];
  required("taskStatus");
  if (d.taskStatus && !(Object.values(TASK_STATUS_STRINGS) as string[]).includes(d.taskStatus)) errors.taskStatus = ["validation.taskStatus"];
  required("taskJourney");
  if (d.taskJourney && !TASK_JOURNEY_VALUES.map(String).includes(d.taskJourney)) errors.taskJourney = ["validation.taskJourney"];
  if (d.taskCategory && !CATEGORY_OPTIONS.map(String).includes(d.taskCategory)) errors.taskCategory = ["validation.taskCategory"];
  if (d.taskSource && !(TASK_SOURCES as readonly string[]).includes(d.taskSource)) errors.taskSource = ["validation.taskSource"];
  return errors;
}

/** A draft from form data or a query string (missing fields empty; the status defaults to todo). */
export function readDraft(source: URLSearchParams | FormData): Draft {
  const get = (k: string) => {
    const v = source.get(k);
    return typeof v === "string" ? v : "";
  };
  const draft = { ...EMPTY_DRAFT };
  for (const k of DRAFT_FIELDS) draft[k] = get(k);
  if (!source.has("taskStatus")) draft.taskStatus = EMPTY_DRAFT.taskStatus;
  return draft;
}
