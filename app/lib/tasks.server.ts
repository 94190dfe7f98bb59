/**
 * The tasks page of staff and managers (/staff/tasks, /manager/tasks; spec §2, §7): loader and action
 * shared by both routes, and the reads of the tasks resource routes (pickers, header dropdown).
 * URL state: app/components/tasks/task-model.ts. Upstream calls: api/contract/tasks.ts.
 *
 * Spec §8: task update, delete, comment, load and list failures stay silent (no toast), and a failed
 * create "does nothing visible" beyond keeping the form as it was; field errors of a 400 are shown beside
 * the fields (spec §5, ARCHITECTURE §4: a failed form post re-renders with the input and the errors).
 * Successful changes show the API's message as a toast (spec §7).
 */
import { parseWithZod } from "~/lib/parse-form.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import { taskQueryParams, type Task, type TaskListItem, type TaskPages } from "../../api/contract/tasks.ts";
import type { UserListItem } from "../../api/contract/users.ts";
import { TASK_MANAGER_ROLES } from "../../api/contract/roles.ts";
import {
  API_TO_FORM_FIELD,
  DRAFT_FIELDS,
  PAGE_SIZE,
  TEAM_ROLES,
  apiFilter,
  isPickerTeam,
  listHref,
  modalHref,
  pageReachable,
  parseListState,
  readDraft,
  statusKey,
  type Draft,
  type ListState,
  type Person,
  type PeoplePage,
  type PickerKind,
  type PickerState,
  type PickerTeam,
} from "../components/tasks/task-model.ts";
import type { Role } from "./access.ts";
import { getViewer } from "./auth.server.ts";
import { getT } from "./i18n.server.ts";
import { notify, redirectWithToast } from "./toast.server.ts";
import { translateSuccess, type UpstreamNotice } from "./upstream-messages.ts";
import { getUpstream, UpstreamError, upstreamFieldErrors, type Upstream } from "./upstream.server.ts";
import type { Area } from "./area.ts";
import { taskCommentFormSchema, taskCreateFormSchema, taskDetailsFormSchema, tasksMassFormSchema } from "./schemas/tasks.ts";
import { readForm } from "./csrf.server.ts";

type Context = Readonly<RouterContextProvider>;
export type TasksArea = Area;

/** Roles that may delete tasks and change many at once: the API's permission matrix says so. */
const MANAGER_ROLES: readonly Role[] = TASK_MANAGER_ROLES;
export const canManageTasks = (role: Role) => MANAGER_ROLES.includes(role);

export const tasksPath = (area: TasksArea) => `/${area}/tasks`;

const MAX_MASS = 100;

// ---------------------------------------------------------------------------------------------------
// People (pickers)

function toPerson(u: Pick<UserListItem, "id" | "fullName" | "avatarUrl" | "profession" | "email" | "roles">): Person {
  const patient = u.roles.some((r) => r.handle === "patients");
  return { id: u.id, fullName: u.fullName, avatarUrl: u.avatarUrl, profession: u.profession?.value ?? null, email: patient ? u.email : null };
}

/**
 * A page of active people for a picker (spec §2: only active users; page size 20, sorted by full name):
 * staff of a team for assignees, role patients for patients, optionally searched (name, email, phone, ID).
 */
export async function loadPeople(
  upstream: Upstream,
  kind: PickerKind,
  options: { search?: string; team?: PickerTeam; page?: number; perPage?: number },
): Promise<PeoplePage> {
  const page = options.page ?? 1;
  const perPage = options.perPage ?? PAGE_SIZE;
  const roles = kind === "patient" ? ["patients"] : TEAM_ROLES[options.team ?? "all"];
  const response = await upstream.call("GET /api/v1/users", {
    query: { search: options.search?.trim() || undefined, roles, userStatus: "active", sort: "fullName_asc", page, perPage },
  });
  const total = typeof response.pages?.totalCount === "number" ? response.pages.totalCount : null;
  const hasMore = total === null ? response.data.length >= perPage : page * perPage < total;
  return { items: response.data.map(toPerson), page, hasMore };
}

/** loadPeople for the picker's resource route (/resources/tasks/users), which reaches the upstream only through here. */
export function loadPickerPage(context: Context, kind: PickerKind, options: { search?: string; team?: PickerTeam; page?: number }): Promise<PeoplePage> {
  return loadPeople(getUpstream(context), kind, options);
}

/** One person by id (the chosen patient or assignee), or null when unknown. */
async function loadPerson(upstream: Upstream, id: number | string | null | undefined): Promise<Person | null> {
  const n = typeof id === "string" ? (/^\d{1,9}$/.test(id) ? Number(id) : null) : (id ?? null);
  if (!n) return null;
  try {
    const { data } = await upstream.call("GET /api/v1/users/:id", { params: { id: n } });
    return toPerson(data.user);
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * The no-JavaScript state of a picker whose form field is `field`: open when the URL asks for it
 * (pick=<field>, a search, a team or a page). "Load more" grows the list up to 100 rows in one request,
 * then continues page by page.
 */
export async function pickerState(upstream: Upstream, params: URLSearchParams, field: string, kind: PickerKind): Promise<PickerState> {
  const search = (params.get(`${field}Search`) ?? "").trim().slice(0, 100);
  // A team button (`<field>SetTeam`) wins over the team the form carried along (`<field>Team`).
  const teamParam = params.get(`${field}SetTeam`) ?? params.get(`${field}Team`);
  const team: PickerTeam = isPickerTeam(teamParam) ? teamParam : "all";
  const pageParam = Number(params.get(`${field}Page`) ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 500 ? pageParam : 1;
  const open = params.get("pick") === field || [`${field}Search`, `${field}Team`, `${field}SetTeam`, `${field}Page`].some((k) => params.has(k));
  const state: PickerState = { open, search, team, page, items: [], hasMore: false };
  if (!open) return state;
  try {
    const grow = page * PAGE_SIZE <= 100;
    const result = await loadPeople(upstream, kind, { search, team, page: grow ? 1 : page, perPage: grow ? page * PAGE_SIZE : PAGE_SIZE });
    return { ...state, items: result.items, hasMore: result.hasMore };
  } catch (error) {
    if (error instanceof UpstreamError) return state;
    throw error;
  }
}

/** One person by id for another page's picker (the patient access tab: app/lib/patient-access.server.ts). */
export const loadPersonById = loadPerson;

// ---------------------------------------------------------------------------------------------------
// Loader

export type TaskModal =
  | { kind: "new"; draft: Draft; patient: Person | null; assignee: Person | null; pickers: { patientId: PickerState; providerId: PickerState } }
  | {
      kind: "edit";
      task: Task;
      /** Side panel values (the task's, or the no-JS draft from the URL while a picker is in use). */
      panel: Draft;
      patient: Person | null;
      assignee: Person | null;
      pickers: { patientId: PickerState; providerId: PickerState };
      editing: boolean;
      confirmDelete: boolean;
    }
  | { kind: "missing"; id: number }
  | { kind: "mass"; confirm: "status" | "assign" | "delete"; ids: number[]; status: string; assignee: Person | null; picker: PickerState };

export type TasksPageData = {
  area: TasksArea;
  path: string;
  canManage: boolean;
  state: ListState;
  items: TaskListItem[];
  pages: TaskPages | null;
  /** People named by the filters (assignee, patient) and the filter pickers' no-JS state. */
  filterPeople: { assignee: Person | null; patient: Person | null };
  filterPickers: { assignee: PickerState; patient: PickerState };
  modal: TaskModal | null;
  /** The profile's time zone (dates and comment times are shown in it). */
  utcOffsetMinutes: number;
  /** Server time of the render, for relative times that hydrate identically. */
  now: string;
};

async function silently<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return fallback;
    throw error;
  }
}

function parseIds(values: FormDataEntryValue[] | string[]): number[] {
  const ids = values.map((v) => String(v)).filter((v) => /^\d{1,9}$/.test(v)).map(Number).filter((n) => n > 0);
  return [...new Set(ids)].slice(0, MAX_MASS);
}

function draftFromTask(task: Task): Draft {
  return {
    title: task.title,
    description: task.description,
    patientId: task.patientId === null ? "" : String(task.patientId),
    providerId: task.providerId === null ? "" : String(task.providerId),
    taskStatus: statusKey(task.status) ?? "",
    taskJourney: task.sectionType === null ? "" : String(task.sectionType),
    taskCategory: task.category === null ? "" : String(task.category),
    taskSource: task.source ?? "",
  };
}

async function loadModal(upstream: Upstream, params: URLSearchParams, canManage: boolean): Promise<TaskModal | null> {
  const task = params.get("task");
  if (task === "new") {
    const draft = readDraft(params);
    const [patient, assignee, patientPicker, providerPicker] = await Promise.all([
      loadPerson(upstream, draft.patientId),
      loadPerson(upstream, draft.providerId),
      pickerState(upstream, params, "patientId", "patient"),
      pickerState(upstream, params, "providerId", "assignee"),
    ]);
    return { kind: "new", draft, patient, assignee, pickers: { patientId: patientPicker, providerId: providerPicker } };
  }
  if (task && /^\d{1,9}$/.test(task)) {
    const id = Number(task);
    const [loaded, patientPicker, providerPicker] = await Promise.all([
      silently(upstream.call("GET /api/v1/tasks/:id", { params: { id } }).then((r) => r.data), null),
      pickerState(upstream, params, "patientId", "patient"),
      pickerState(upstream, params, "providerId", "assignee"),
    ]);
    if (!loaded) return { kind: "missing", id };
    // While a no-JS picker is in use, the side panel's unsaved values come back in the URL.
    const fromUrl = DRAFT_FIELDS.some((f) => f !== "title" && f !== "description" && params.has(f));
    const panel = fromUrl ? { ...readDraft(params), title: loaded.title, description: loaded.description } : draftFromTask(loaded);
    const samePatient = panel.patientId === String(loaded.patientId ?? "");
    const sameAssignee = panel.providerId === String(loaded.providerId ?? "");
    const [patient, assignee] = await Promise.all([
      samePatient
        ? loaded.patient && { id: loaded.patient.id, fullName: loaded.patient.fullName, avatarUrl: loaded.patient.avatar, profession: null, email: null }
        : loadPerson(upstream, panel.patientId),
      sameAssignee
        ? loaded.provider &&
          loaded.providerId !== null && {
            id: loaded.providerId,
            fullName: loaded.provider.fullName,
            avatarUrl: loaded.provider.avatarUrl ?? loaded.provider.avatar,
            profession: loaded.provider.profession?.value ?? null,
            email: null,
          }
        : loadPerson(upstream, panel.providerId),
    ]);
    return {
      kind: "edit",
      task: loaded,
      panel,
      patient: patient || null,
      assignee: assignee || null,
      pickers: { patientId: patientPicker, providerId: providerPicker },
      editing: params.get("edit") === "1",
      confirmDelete: canManage && params.get("confirm") === "delete",
    };
  }
  const confirm = params.get("confirm");
  if (canManage && (confirm === "status" || confirm === "assign" || confirm === "delete")) {
    const [assignee, picker] = await Promise.all([
      loadPerson(upstream, params.get("massProviderId")),
      confirm === "assign" ? pickerState(upstream, params, "massProviderId", "assignee") : Promise.resolve(null),
    ]);
    return {
      kind: "mass",
      confirm,
      ids: parseIds(params.getAll("ids")),
      status: params.get("massStatus") ?? "",
      assignee,
      picker: picker ?? { open: false, search: "", team: "all", page: 1, items: [], hasMore: false },
    };
  }
  return null;
}

export async function tasksLoader(request: Request, context: Context, area: TasksArea): Promise<TasksPageData> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const upstream = getUpstream(context);
  const canManage = canManageTasks(getViewer(context).role);
  const state = parseListState(params);
  // A page number deeper than the API serves without a cursor (a hand-made URL): back to the first page.
  if (!state.cursor && !pageReachable(state.page)) state.page = 1;
  const [list, assignee, patient, assigneePicker, patientPicker, modal, profile] = await Promise.all([
    silently(
      upstream.call("GET /api/v2/tasks", { query: taskQueryParams(apiFilter(state)) }).then((r) => ({ data: r.data, pages: r.pages ?? null })),
      null,
    ),
    state.assignee !== null ? loadPerson(upstream, state.assignee) : null,
    state.patient !== null ? loadPerson(upstream, state.patient) : null,
    pickerState(upstream, params, "assignee", "assignee"),
    pickerState(upstream, params, "patient", "patient"),
    loadModal(upstream, params, canManage),
    silently(upstream.call("GET /api/v1/profile").then((r) => r.data), null),
  ]);
  return {
    area,
    path: tasksPath(area),
    canManage,
    state,
    items: list?.data ?? [],
    pages: list?.pages ?? null,
    filterPeople: { assignee, patient },
    filterPickers: { assignee: assigneePicker, patient: patientPicker },
    modal,
    utcOffsetMinutes: profile?.utcOffsetMinutes ?? 0,
    now: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Action

export type FieldErrorMap = Partial<Record<string, string[]>>;
/** conform's answer to a form post (errors by field, the values sent), for the form to show (ARCHITECTURE §4). */
export type FormReply = SubmissionResult<string[]>;
export type TasksActionData =
  | { intent: "create"; draft: Draft; reply: FormReply; patient: Person | null; assignee: Person | null }
  | { intent: "details"; reply: FormReply; ok?: boolean }
  | { intent: "comment"; reply: FormReply; ok?: boolean }
  | { intent: "field" | "fields" | "complete"; ok: boolean; errors: FieldErrorMap }
  | { intent: "mass"; reply: FormReply };

const PANEL_FIELDS: Record<string, string> = {
  patientId: "patientId",
  providerId: "providerId",
  taskStatus: "status",
  taskJourney: "sectionType",
  taskCategory: "category",
  taskSource: "source",
};

/** A side-panel value as the API wants it ("" clears a clearable field). */
function panelValue(field: string, value: string): string | number | null {
  const v = value.trim();
  if (v === "") return null;
  if (field === "taskStatus" || field === "taskSource") return v;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** Field errors of an upstream 400 under the form's field names. */
function formErrors(error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(upstreamFieldErrors(error, t))) out[API_TO_FORM_FIELD[field] ?? field] = messages;
  return out;
}

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function tasksAction(request: Request, context: Context, area: TasksArea) {
  const url = new URL(request.url);
  const path = tasksPath(area);
  const state = parseListState(url.searchParams);
  const list = listHref(path, state);
  const t = getT(context);
  const upstream = getUpstream(context);
  const form = await readForm(request);
  const intent = str(form.get("intent"));
  const js = form.get("js") === "1";
  const id = /^\d{1,9}$/.test(str(form.get("id"))) ? Number(form.get("id")) : null;
  const taskUrl = id === null ? list : modalHref(path, state, { task: id });
  const success = (notice: UpstreamNotice, fallbackKey: string) => translateSuccess(notice, t, t(fallbackKey));
  const canManage = canManageTasks(getViewer(context).role);

  switch (intent) {
    case "create": {
      const draft = readDraft(form);
      const submission = parseWithZod(form, { schema: taskCreateFormSchema });
      // A failed post renders the form again with the people chosen in it (without JavaScript too).
      const chosen = async () => {
        const [patient, assignee] = await Promise.all([loadPerson(upstream, draft.patientId), loadPerson(upstream, draft.providerId)]);
        return { patient, assignee };
      };
      if (submission.status !== "success") return data({ intent, draft, reply: submission.reply(), ...(await chosen()) } satisfies TasksActionData, { status: 400 });
      const task = submission.value;
      try {
        const response = await upstream.call("POST /api/v1/tasks", {
          body: {
            title: task.title,
            description: task.description,
            patientId: task.patientId,
            providerId: task.providerId,
            status: task.taskStatus,
            sectionType: task.taskJourney,
            category: task.taskCategory ?? null,
            source: task.taskSource ?? null,
          },
        });
        return redirectWithToast(context, list, "success", success(response, "tasks:toast.created"));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return data({ intent, draft, reply: submission.reply({ fieldErrors: formErrors(error, t) }), ...(await chosen()) } satisfies TasksActionData, {
          status: error.status && error.status < 500 ? error.status : 502,
        });
      }
    }
    case "details": {
      const submission = parseWithZod(form, { schema: taskDetailsFormSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() } satisfies TasksActionData, { status: 400 });
      const { title, description } = submission.value;
      try {
        const response = await upstream.call("PUT /api/v1/tasks/:id", { params: { id: submission.value.id }, body: { title, description } });
        const message = success(response, "tasks:toast.updated");
        if (js) {
          notify(context, "success", message);
          return data({ intent, reply: submission.reply(), ok: true } satisfies TasksActionData);
        }
        return redirectWithToast(context, taskUrl, "success", message);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return data({ intent, reply: submission.reply({ fieldErrors: formErrors(error, t) }) } satisfies TasksActionData, { status: 400 });
      }
    }
    case "field":
    case "fields":
    case "complete": {
      if (id === null) return data({ intent, ok: false, errors: {} } satisfies TasksActionData, { status: 400 });
      const body: Record<string, string | number | null> = {};
      if (intent === "complete") body.status = "done";
      else if (intent === "field") {
        const field = str(form.get("field"));
        if (!PANEL_FIELDS[field]) return data({ intent, ok: false, errors: {} } satisfies TasksActionData, { status: 400 });
        body[PANEL_FIELDS[field]] = panelValue(field, str(form.get("value")));
      } else {
        for (const [field, apiField] of Object.entries(PANEL_FIELDS)) if (form.has(field)) body[apiField] = panelValue(field, str(form.get(field)));
      }
      try {
        const response = await upstream.call("PUT /api/v1/tasks/:id", { params: { id }, body });
        const message = success(response, "tasks:toast.updated");
        if (js) {
          notify(context, "success", message);
          return data({ intent, ok: true, errors: {} } satisfies TasksActionData);
        }
        return redirectWithToast(context, taskUrl, "success", message);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        // Spec §8: silent; field errors (an inactive assignee) are still shown beside the field.
        return data({ intent, ok: false, errors: formErrors(error, t) } satisfies TasksActionData, { status: 400 });
      }
    }
    case "comment": {
      // Spec §5: a comment is sent only when it is not empty.
      const submission = parseWithZod(form, { schema: taskCommentFormSchema });
      if (submission.status !== "success") return data({ intent, reply: submission.reply() } satisfies TasksActionData, { status: 400 });
      try {
        const response = await upstream.call("POST /api/v1/tasks/:id/comments", { params: { id: submission.value.id }, body: { description: submission.value.description } });
        const message = success(response, "tasks:toast.commented");
        if (js) {
          notify(context, "success", message);
          // A comment that was sent clears the field (spec §4: the comment draft resets).
          return data({ intent, reply: submission.reply({ resetForm: true }), ok: true } satisfies TasksActionData);
        }
        return redirectWithToast(context, taskUrl, "success", message);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return data({ intent, reply: submission.reply({ fieldErrors: formErrors(error, t) }) } satisfies TasksActionData, { status: 400 });
      }
    }
    case "delete": {
      if (id === null || !canManage) throw data(null, { status: 403 });
      try {
        const response = await upstream.call("DELETE /api/v1/tasks/:id", { params: { id } });
        return redirectWithToast(context, list, "success", success(response, "tasks:toast.deleted"));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return redirect(taskUrl); // spec §8: silent
      }
    }
    case "massStatus":
    case "massAssign":
    case "massDelete": {
      if (!canManage) throw data(null, { status: 403 });
      const submission = parseWithZod(form, { schema: tasksMassFormSchema });
      if (submission.status !== "success") return data({ intent: "mass", reply: submission.reply() } satisfies TasksActionData, { status: 400 });
      const change = submission.value;
      try {
        const notice =
          change.intent === "massDelete"
            ? await upstream.call("DELETE /api/v2/tasks/mass-delete", { body: { ids: change.ids } })
            : await upstream.call("POST /api/v2/tasks/mass-update", {
                body: change.intent === "massStatus" ? { ids: change.ids, status: change.massStatus } : { ids: change.ids, providerId: change.massProviderId },
              });
        return redirectWithToast(context, list, "success", success(notice, intent === "massDelete" ? "tasks:toast.massDeleted" : "tasks:toast.massUpdated"));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return data({ intent: "mass", reply: submission.reply({ fieldErrors: formErrors(error, t) }) } satisfies TasksActionData, { status: 400 });
      }
    }
    default:
      return data(null, { status: 400 });
  }
}

// ---------------------------------------------------------------------------------------------------
// The header's "assigned tasks" dropdown (spec §2, §6, §9)

export const MY_TASK_TABS = ["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed"] as const;
export type MyTaskTab = (typeof MY_TASK_TABS)[number];
export const isMyTaskTab = (v: unknown): v is MyTaskTab => (MY_TASK_TABS as readonly unknown[]).includes(v);

/** A row of the dropdown: id, title, category, status (and nothing else goes to the browser). */
export type MyTask = { id: number; title: string; category: number | null; statusKey: string };
export type MyTasksPage = { tab: MyTaskTab; page: number; items: MyTask[]; nextCursor: string | null };

/**
 * One page (20) of the signed-in user's tasks on a tab: GET /api/v2/tasks with filter.staffIds = own id,
 * from page 1, the next ones by the API's cursor. Failures are silent (spec §8): null.
 */
export async function loadMyTasks(context: Context, tab: MyTaskTab, cursor: string | null, page = 1): Promise<MyTasksPage | null> {
  const me = getViewer(context).id;
  if (me === null) return null;
  const query = taskQueryParams({ tab: [tab], "filter.staffIds": [me], page, perPage: PAGE_SIZE, cursor: cursor ?? undefined });
  try {
    const response = await getUpstream(context).call("GET /api/v2/tasks", { query });
    const pages = response.pages ?? null;
    return {
      tab,
      page,
      items: response.data.map((task) => ({ id: task.id, title: task.title, category: task.category, statusKey: task.statusKey })),
      nextCursor: pages?.nextCursor ?? null,
    };
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}
