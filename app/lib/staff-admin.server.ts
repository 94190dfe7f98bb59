/**
 * Users and roles (issue 19; api/contract/staff-admin.ts): the manager's staff list with the invite form
 * (/manager/settings) and one user's page (/manager/settings/{userId}: edit, suspend, unsuspend, deactivate, resend
 * the invite). The only module of the web that calls these endpoints.
 *
 * Without JavaScript everything is a GET form or link (filters, sorts, cursor paging, the confirmation as a page
 * state `?confirm=suspend|deactivate`) or a plain POST; a failed form comes back with its errors beside the fields,
 * an error summary and what was typed; a refused change (409) shows the API's translated message; a success
 * redirects with the API's message as a toast.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { StaffUser } from "../../api/contract/staff-admin.ts";
import { isStaffUserSort, isStaffUserStatus, STAFF_USER_ACTIONS, type StaffUserAction } from "../../api/contract/staff-admin-rules.ts";
import { STAFF_ROLES, type StaffRole } from "../../api/contract/roles.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { inviteFormSchema, staffUserUpdateFormSchema } from "./schemas/staff-admin.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { StaffUser };

import { userPath } from "./staff-admin-paths.ts";

export type StaffFormResult = { intent: string; errors: Record<string, string[]>; values: Record<string, string> };

const isStaffRoleValue = (v: unknown): v is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(v);

/** The list's filters as the page's address holds them (unknown values dropped). */
export function staffListFilters(url: URL) {
  const p = url.searchParams;
  const role = p.get("role");
  const status = p.get("status");
  const sort = p.get("sort");
  const perPage = Number(p.get("perPage"));
  return {
    search: (p.get("search") ?? "").trim().slice(0, 100),
    role: isStaffRoleValue(role) ? role : "",
    status: isStaffUserStatus(status) ? status : "",
    sort: isStaffUserSort(sort) ? sort : "fullName_asc",
    cursor: p.get("cursor")?.slice(0, 300) || undefined,
    /** A page size other than the default (5–100), kept by the pager's links. */
    perPage: Number.isInteger(perPage) && perPage >= 5 && perPage <= 100 ? perPage : undefined,
  } as const;
}
export type StaffListFilters = ReturnType<typeof staffListFilters>;

function valuesOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (key !== "csrfToken" && typeof value === "string") out[key] = value;
  return out;
}

function flatten(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors ?? {})) if (list?.length) out[key] = list;
  return out;
}

function failureErrors(context: Context, error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const failure = formFailure(context, error, t);
  return { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
}

const statusOf = (error: unknown) => (error instanceof UpstreamError && error.status === 409 ? 409 : 400);

export async function staffListLoader(request: Request, context: Context) {
  const url = new URL(request.url);
  const filters = staffListFilters(url);
  const upstream = getUpstream(context);
  const read = (cursor: string | undefined) =>
    upstream.call("GET /api/v1/staff-users", {
      query: { search: filters.search || undefined, roles: filters.role ? [filters.role] : undefined, userStatus: filters.status || undefined, sort: filters.sort, cursor, perPage: filters.perPage },
    });
  // A stale or edited cursor: the first page.
  const list = await firstPageOnBadCursor(filters.cursor, read);
  return { users: list.data, nextCursor: list.pages?.nextCursor ?? null, filters, paged: Boolean(filters.cursor), toasts: takeToasts(context) };
}

/** The invite form of the list page. */
export async function staffListAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const submission = parseWithZod(form, { schema: inviteFormSchema });
  if (submission.status !== "success") return data<StaffFormResult>({ intent: "invite", errors: flatten(submission.reply().error), values }, { status: 400 });
  const { intent: _intent, ...body } = submission.value;
  try {
    const answer = await getUpstream(context).call("POST /api/v1/users/invite", { body });
    return redirectWithToast(context, userPath(answer.data.id), "success", successMessage(answer, t, t("staffAdmin:invite.sent", { email: body.email })));
  } catch (error) {
    return data<StaffFormResult>({ intent: "invite", errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
  }
}

async function readUser(context: Context, id: string): Promise<StaffUser> {
  try {
    return (await getUpstream(context).call("GET /api/v1/staff-users/:id", { params: { id } })).data;
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

export async function staffUserLoader(request: Request, context: Context, id: string) {
  const user = await readUser(context, id);
  const confirm = new URL(request.url).searchParams.get("confirm");
  const confirming: "suspend" | "deactivate" | null = (confirm === "suspend" || confirm === "deactivate") && user.actions.includes(confirm) ? confirm : null;
  return { user, confirming, toasts: takeToasts(context) };
}

const ACTION_ENDPOINTS = {
  suspend: "POST /api/v1/users/:id/suspend",
  unsuspend: "POST /api/v1/users/:id/unsuspend",
  deactivate: "POST /api/v1/users/:id/deactivate",
  resendInvite: "POST /api/v1/users/:id/resend-invite",
} as const satisfies Record<StaffUserAction, string>;

export async function staffUserAction(request: Request, context: Context, id: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const intent = String(form.get("intent") ?? "");
  const upstream = getUpstream(context);
  const back = userPath(Number(id));
  if ((STAFF_USER_ACTIONS as readonly string[]).includes(intent)) {
    try {
      const answer = await upstream.call(ACTION_ENDPOINTS[intent as StaffUserAction], { params: { id } });
      return redirectWithToast(context, back, "success", successMessage(answer, t, t(`staffAdmin:actions.done.${intent}`)));
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      return data<StaffFormResult>({ intent, errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
    }
  }
  if (intent !== "update") throw redirect(back);
  const submission = parseWithZod(form, { schema: staffUserUpdateFormSchema });
  if (submission.status !== "success") return data<StaffFormResult>({ intent: "update", errors: flatten(submission.reply().error), values }, { status: 400 });
  const { intent: _intent, ...body } = submission.value;
  try {
    const answer = await upstream.call("POST /api/v1/users/:id/update", { params: { id }, body });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("staffAdmin:edit.saved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<StaffFormResult>({ intent: "update", errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
  }
}
