/**
 * Check-ins (issue 14/15; api/contract/check-ins.ts): the patient's answer page, the record's check-ins section (list,
 * request, review) and the pending queue of the ready-for-review page. The only module of the web that calls the
 * check-in endpoints.
 *
 * Forms post with and without JavaScript: a failed form comes back with its errors beside the fields (and an error
 * summary) and everything typed kept; a refused transition (409) shows the API's translated message; a success
 * redirects with the API's message as a toast. A check-in the upstream will not show is the not-found page.
 */
import { data, type RouterContextProvider } from "react-router";
import type { CheckIn } from "../../api/contract/check-ins.ts";
import { CHECK_IN_REVIEWER_ROLES, WEIGHT_LOSS_CHECK_IN } from "../../api/contract/check-in-rules.ts";
import { formFailure, successMessage } from "./account.server.ts";
import type { Role } from "./access.ts";
import { getViewer } from "./auth.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { viewerUtcOffset } from "./profile.server.ts";
import { checkInAnswerFormSchema, checkInRequestFormSchema, checkInReviewFormSchema } from "./schemas/check-ins.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { CheckIn };

/** What a failed form sends back: its errors (field → messages; "" the form's own) and the values typed. */
export type CheckInFormResult = { intent: string; checkInId?: number; errors: Record<string, string[]>; values: Record<string, string | string[]> };

export const canReviewCheckIns = (role: Role) => (CHECK_IN_REVIEWER_ROLES as readonly string[]).includes(role);
const MULTI = new Set(WEIGHT_LOSS_CHECK_IN.filter((q) => q.type === "multiChoice").map((q) => q.key));

function valuesOf(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === "csrfToken" || key === "intent") continue;
    const all = form.getAll(key).map(String);
    out[key] = MULTI.has(key) ? all : (all[0] ?? "");
  }
  return out;
}

function flatten(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors ?? {})) if (list?.length) out[key.replace(/\[\d+\]$/, "")] = list;
  return out;
}

function failureErrors(context: Context, error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const failure = formFailure(context, error, t);
  return { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
}

const statusOf = (error: unknown) => (error instanceof UpstreamError && error.status === 409 ? 409 : 400);


// ── The patient's page ─────────────────────────────────────────────────────────────────────────────

export async function patientCheckInLoader(context: Context, id: string) {
  try {
    const [answer, utcOffsetMinutes] = await Promise.all([getUpstream(context).call("GET /api/v1/patient/check-ins/:id", { params: { id } }), viewerUtcOffset(context)]);
    return { checkIn: answer.data.checkIn, utcOffsetMinutes, toasts: takeToasts(context) };
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

export async function patientCheckInAction(request: Request, context: Context, id: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const submission = parseWithZod(form, { schema: checkInAnswerFormSchema });
  if (submission.status !== "success") return data<CheckInFormResult>({ intent: "answer", errors: flatten(submission.reply().error), values }, { status: 400 });
  const { intent: _intent, ...answers } = submission.value;
  try {
    const answer = await getUpstream(context).call("POST /api/v1/patient/check-ins/:id/answer", { params: { id }, body: answers });
    return redirectWithToast(context, `/patient/check-ins/${id}`, "success", successMessage(answer, t, t("checkIns:patient.sent")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<CheckInFormResult>({ intent: "answer", errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
  }
}

// ── The patient record's check-ins section (intakes tab) ───────────────────────────────────────────

export async function recordCheckInsLoader(request: Request, context: Context, patientId: string) {
  const cursor = new URL(request.url).searchParams.get("checkInsCursor")?.slice(0, 300) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/patient/:patientId/check-ins", { params: { patientId }, query: { cursor: c } });
  const list = await firstPageOnBadCursor(cursor, read).catch((error: unknown) => {
    throw error instanceof UpstreamError && error.status === 404 ? notFound() : error;
  });
  return { checkIns: list.data, checkInsNextCursor: list.pages?.nextCursor ?? null, checkInsPaged: Boolean(cursor), canReview: canReviewCheckIns(getViewer(context).role) };
}

export async function recordCheckInsAction(request: Request, context: Context, patientId: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const upstream = getUpstream(context);
  if (form.get("intent") === "requestCheckIn") {
    const submission = parseWithZod(form, { schema: checkInRequestFormSchema });
    if (submission.status !== "success") return data<CheckInFormResult>({ intent: "requestCheckIn", errors: flatten(submission.reply().error), values }, { status: 400 });
    try {
      const answer = await upstream.call("POST /api/v1/patient/:patientId/check-ins", { params: { patientId }, body: { dueOn: submission.value.dueOn } });
      return redirectWithToast(context, back, "success", successMessage(answer, t, t("checkIns:record.requested")));
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      return data<CheckInFormResult>({ intent: "requestCheckIn", errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
    }
  }
  const checkInId = Number(form.get("checkInId"));
  const submission = parseWithZod(form, { schema: checkInReviewFormSchema });
  if (submission.status !== "success") return data<CheckInFormResult>({ intent: "reviewCheckIn", checkInId, errors: flatten(submission.reply().error), values }, { status: 400 });
  try {
    const answer = await upstream.call("PUT /api/v1/check-ins/:id/review", { params: { id: submission.value.checkInId }, body: { approval: submission.value.approval, note: submission.value.note } });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("checkIns:record.reviewed")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<CheckInFormResult>({ intent: "reviewCheckIn", checkInId, errors: failureErrors(context, error, t), values }, { status: statusOf(error) });
  }
}

// ── The pending queue (a section of the ready-for-review page) ─────────────────────────────────────

export async function pendingCheckInsLoader(request: Request, context: Context) {
  const cursor = new URL(request.url).searchParams.get("checkInsCursor")?.slice(0, 300) || undefined;
  const upstream = getUpstream(context);
  const read = (c: string | undefined) => upstream.call("GET /api/v1/check-ins/pending", { query: { cursor: c } });
  const list = await firstPageOnBadCursor(cursor, read);
  return { pendingCheckIns: list.data, checkInsNextCursor: list.pages?.nextCursor ?? null, checkInsPaged: Boolean(cursor) };
}
