/**
 * The patient record of staff and managers (/staff/patients/{id}, /manager/patients/{id} and their tabs; spec §2,
 * §3, §7): the loaders and actions of the record's layout and tabs, and the image resource route's read. The only
 * module of the web that calls the record's endpoints (api/contract/patients.ts, treatments.ts).
 *
 * A patient the upstream will not show (unknown, or outside the viewer's access: api/domain/patient-access.ts)
 * is the not-found page. Changes are form posts (with and without JavaScript): field errors come back beside the
 * fields with the input kept (nothing is half-saved: the API takes all or nothing), successes redirect to the
 * tab with the API's message as a toast.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { PatientOverview, PatientOrder, PatientRecord, PatientUpload, WeightEntry } from "../../api/contract/patients.ts";
import type { TreatmentDetail } from "../../api/contract/treatments.ts";
import type { TaskListItem } from "../../api/contract/tasks.ts";
import { TREATMENT_EDITOR_ROLES } from "../../api/contract/patient-record-rules.ts";
import { ACTIVE_TASK_STATUS_STRINGS } from "../../api/contract/enums.ts";
import { formFailure, successMessage } from "./account.server.ts";
import type { Area } from "./area.ts";
import type { Role } from "./access.ts";
import { getViewer } from "./auth.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { assignProviderFormSchema, patientProfileFormSchema, patientStatusFormSchema, treatmentStatusFormSchema } from "./schemas/patients.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound, readOr404 } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;

export type { PatientOverview, PatientOrder, PatientRecord, PatientUpload, TreatmentDetail, WeightEntry };


const read = readOr404;

export const recordPath = (area: Area, patientId: number | string, tab?: string) => `/${area}/patients/${patientId}${tab ? `/${tab}` : ""}`;

export const canEditTreatments = (role: Role) => (TREATMENT_EDITOR_ROLES as readonly string[]).includes(role);

/** The record's layout: the overview call (name, status, key facts), also read by the overview tab. */
export async function recordLayoutLoader(context: Context, patientId: string) {
  const upstream = getUpstream(context);
  const { data: answer } = await read(() => upstream.call("GET /api/v1/patient/:patientId", { params: { patientId } }));
  return { patient: answer.patient, toasts: takeToasts(context) };
}

/** Overview tab: treatments (with displayed state and subscription), the latest order and the open tasks. */
export async function overviewLoader(context: Context, patientId: string) {
  const upstream = getUpstream(context);
  const [treatments, orders, tasks] = await Promise.all([
    read(() => upstream.call("GET /api/v1/treatments-v2", { query: { patientId } })),
    read(() => upstream.call("GET /api/v1/patient/:patientId/orders", { params: { patientId }, query: { perPage: 1 } })),
    read(() => upstream.call("GET /api/v2/tasks", { query: { patientId, tab: ACTIVE_TASK_STATUS_STRINGS, perPage: 10, sort: "dateAssigned_desc" } })),
  ]);
  const openTasks: Pick<TaskListItem, "id" | "title" | "statusKey" | "category" | "dateAssigned">[] = tasks.data.map((t) => ({
    id: t.id,
    title: t.title,
    statusKey: t.statusKey,
    category: t.category,
    dateAssigned: t.dateAssigned,
  }));
  return { treatments: treatments.data.treatments, latestOrder: orders.data[0] ?? null, openTasks, openTasksMore: tasks.pages?.hasMore ?? false };
}

const pageParam = (request: Request) => {
  const n = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 1;
};
const PER_PAGE = 20;
const paging = (pages: { totalCount: number; page: number; perPage: number } | undefined, page: number) => ({
  page,
  totalCount: pages?.totalCount ?? 0,
  pageCount: Math.max(1, Math.ceil((pages?.totalCount ?? 0) / PER_PAGE)),
});

/** Visits or notes tab: one kind of the records call, newest first, by page. */
export async function recordsLoader(request: Request, context: Context, patientId: string, type: "visit" | "note") {
  const page = pageParam(request);
  const answer = await read(() => getUpstream(context).call("GET /api/v1/patient/:patientId/records", { params: { patientId }, query: { type, page, perPage: PER_PAGE } }));
  return { records: answer.data, ...paging(answer.pages, page) };
}

export async function ordersLoader(request: Request, context: Context, patientId: string) {
  const page = pageParam(request);
  const answer = await read(() => getUpstream(context).call("GET /api/v1/patient/:patientId/orders", { params: { patientId }, query: { page, perPage: PER_PAGE } }));
  return { orders: answer.data, ...paging(answer.pages, page) };
}

export async function uploadsLoader(request: Request, context: Context, patientId: string) {
  const url = new URL(request.url);
  const raw = Number(url.searchParams.get("category") ?? "");
  const category = Number.isInteger(raw) && raw >= 1 && raw <= 5 ? raw : undefined;
  const page = pageParam(request);
  const answer = await read(() =>
    getUpstream(context).call("GET /api/v1/patient/:patientId/uploads", { params: { patientId }, query: { category, page, perPage: PER_PAGE } }),
  );
  return { uploads: answer.data, category: category ?? null, ...paging(answer.pages, page) };
}

export async function weightsLoader(context: Context, patientId: string) {
  const answer = await read(() => getUpstream(context).call("GET /api/v1/patient/:patientId/weights", { params: { patientId } }));
  return answer.data;
}

/** Intakes tab: the patient's treatments (each with its intake review link). */
export async function intakesLoader(context: Context, patientId: string) {
  const answer = await read(() => getUpstream(context).call("GET /api/v1/treatments-v2", { query: { patientId } }));
  return { treatments: answer.data.treatments };
}

/** Treatments tab: the treatments, and the active providers to assign when the viewer may. */
export async function treatmentsLoader(context: Context, patientId: string) {
  const upstream = getUpstream(context);
  const viewer = getViewer(context);
  const editable = canEditTreatments(viewer.role);
  const [answer, providers] = await Promise.all([
    read(() => upstream.call("GET /api/v1/treatments-v2", { query: { patientId } })),
    editable
      ? upstream.call("GET /api/v1/users", { query: { roles: ["providers", "providerUsers"], userStatus: "active", sort: "fullName_asc", perPage: 100 } })
      : null,
  ]);
  return {
    treatments: answer.data.treatments,
    editable,
    providers: providers ? providers.data.map((p) => ({ id: p.id, fullName: p.fullName })) : [],
  };
}

export type Reply = SubmissionResult<string[]>;
export type RecordActionResult = { intent: string; treatmentId?: number; reply: Reply };

/** Profile tab: the profile edit and the patient status change. */
export async function profileAction(request: Request, context: Context, area: Area, patientId: string) {
  const t = getT(context);
  const upstream = getUpstream(context);
  const formData = await readForm(request);
  const back = recordPath(area, patientId, "profile");
  if (formData.get("intent") === "status") {
    const submission = parseWithZod(formData, { schema: patientStatusFormSchema });
    if (submission.status !== "success") return data<RecordActionResult>({ intent: "status", reply: submission.reply() }, { status: 400 });
    try {
      const answer = await upstream.call("POST /api/v1/patient/update-status", { body: { patientId: Number(patientId), statusKey: submission.value.statusKey } });
      return redirectWithToast(context, back, "success", successMessage(answer, t, t("patients:status.saved")));
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      return data<RecordActionResult>({ intent: "status", reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
    }
  }
  const submission = parseWithZod(formData, { schema: patientProfileFormSchema });
  if (submission.status !== "success") return data<RecordActionResult>({ intent: "profile", reply: submission.reply() }, { status: 400 });
  const { intent: _intent, ...body } = submission.value;
  try {
    const answer = await upstream.call("POST /api/v2/patients/:id/update", {
      params: { id: patientId },
      body: {
        ...body,
        middleName: body.middleName ?? "",
        phone: body.phone ?? "",
        gender: body.gender ?? "",
        dateOfBirth: body.dateOfBirth ?? "",
        heightInches: body.heightInches ?? "",
        weightStart: body.weightStart ?? "",
        weightCurrent: body.weightCurrent ?? "",
        weightGoal: body.weightGoal ?? "",
      },
    });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("patients:profile.saved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<RecordActionResult>({ intent: "profile", reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
  }
}

/** Treatments tab: assign a provider, change a review status. */
export async function treatmentsAction(request: Request, context: Context, area: Area, patientId: string) {
  const t = getT(context);
  const upstream = getUpstream(context);
  const formData = await readForm(request);
  const back = recordPath(area, patientId, "treatments");
  const intent = formData.get("intent");
  if (intent === "assign") {
    const submission = parseWithZod(formData, { schema: assignProviderFormSchema });
    if (submission.status !== "success") return data<RecordActionResult>({ intent: "assign", reply: submission.reply() }, { status: 400 });
    const { treatmentId, providerId } = submission.value;
    try {
      const answer = await upstream.call("PUT /api/v1/treatments/:id/assign-provider", { params: { id: treatmentId }, body: { providerId: providerId ?? null } });
      return redirectWithToast(context, back, "success", successMessage(answer, t, t("patients:treatments.assigned")));
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      return data<RecordActionResult>({ intent: "assign", treatmentId, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
    }
  }
  const submission = parseWithZod(formData, { schema: treatmentStatusFormSchema });
  const raw = Number(formData.get("treatmentId"));
  if (submission.status !== "success") return data<RecordActionResult>({ intent: "treatmentStatus", treatmentId: raw, reply: submission.reply() }, { status: 400 });
  const { treatmentId, reviewStatus } = submission.value;
  try {
    const answer = await upstream.call("PUT /api/v1/treatments/:id/update-status", { params: { id: treatmentId }, body: { reviewStatus } });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("patients:treatments.statusSaved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<RecordActionResult>({ intent: "treatmentStatus", treatmentId, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
  }
}

/**
 * The image resource route (/api/v1/patient/{id}/uploads/{uploadId}/file, the path the API hands out): the file,
 * read with the viewer's session, for staff allowed on this patient only (the API decides); never cached.
 */
export async function uploadFile(context: Context, patientId: string, uploadId: string): Promise<Response> {
  if (!/^[1-9]\d{0,9}$/.test(uploadId) || Number(uploadId) > 2147483647) return new Response(null, { status: 404 });
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/patient/:patientId/uploads/:uploadId/file", { params: { patientId, uploadId }, on401: "throw" });
    const type = upstream.headers.get("content-type") ?? "";
    const pdf = type === "application/pdf";
    if (!pdf && !/^image\/(png|jpeg|gif)$/.test(type)) {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    // A PDF (a patient's document, issue 18) is downloaded, never shown inline in the web's origin.
    return new Response(upstream.body, {
      status: 200,
      headers: { "Content-Type": type, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Content-Disposition": pdf ? `attachment; filename="document-${uploadId}.pdf"` : "inline" },
    });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}

/** A POST to a tab without forms goes back to it (no 405 page for a stray post). */
export function backTo(area: Area, patientId: string, tab?: string) {
  return redirect(recordPath(area, patientId, tab));
}
