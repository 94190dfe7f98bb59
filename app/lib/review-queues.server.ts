/**
 * The clinical review queues of staff and managers (spec §2: ready for review, charts and a chart's review, uploads):
 * their loaders and actions, the only module of the web that calls these endpoints (api/contract/review-queues.ts).
 *
 * Lists are keyset-paged: a "Next page" link carries the API's cursor (and "First page" drops it); a cursor the API
 * refuses (a stale or edited address) starts the list again. A chart the upstream will not show is the not-found
 * page. Changes are form posts (with and without JavaScript): a refused form comes back with its errors (the chart's
 * consent box, an empty addendum) and the input kept; a success redirects with the API's message as a toast.
 */
import { data, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Chart, ChartListItem, ReadyItem, ReviewUpload } from "../../api/contract/review-queues.ts";
import { CHART_SIGNER_ROLES, CHART_TABS, READY_KINDS, type ChartTab, type ReadyKind } from "../../api/contract/review-queue-rules.ts";
import { formFailure, successMessage } from "./account.server.ts";
import type { Area } from "./area.ts";
import type { Role } from "./access.ts";
import { getViewer } from "./auth.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { chartAddendumFormSchema, chartCancelFormSchema, chartSignFormSchema, uploadReviewFormSchema, uploadVisibilityFormSchema } from "./schemas/review-queues.ts";
import { readOwnProfile } from "./profile.server.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { zoneOffsetMinutes } from "../../api/contract/profile-rules.ts";
import { firstPageOnBadCursor, getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Chart, ChartListItem, ReadyItem, ReviewUpload };

const cursorOf = (url: URL) => url.searchParams.get("cursor")?.slice(0, 300) || undefined;


/**
 * The viewer's time zone for the queues' dates (spec §9 "profile UTC offset applied"): the profile's named zone at
 * today's offset (daylight saving time followed), else its bare UTC offset; the pages name it beside the lists.
 */
export async function viewerZone(context: Context): Promise<{ utcOffsetMinutes: number; zoneName: string | null }> {
  try {
    const p = await readOwnProfile(context);
    return { utcOffsetMinutes: p.timeZone ? zoneOffsetMinutes(p.timeZone, new Date()) : p.utcOffsetMinutes, zoneName: p.timeZone };
  } catch {
    return { utcOffsetMinutes: 0, zoneName: null };
  }
}

// ---------------------------------------------------------------------------------------------------
// Ready for review

export async function readyLoader(request: Request, context: Context, area: Area) {
  const url = new URL(request.url);
  const rawKind = url.searchParams.get("kind");
  const kind = (READY_KINDS as readonly string[]).includes(rawKind ?? "") ? (rawKind as ReadyKind) : undefined;
  const upstream = getUpstream(context);
  const cursor = cursorOf(url);
  const [list, zone] = await Promise.all([firstPageOnBadCursor(cursor, (c) => upstream.call("GET /api/v1/treatments/ready-for-review", { query: { kind, cursor: c } })), viewerZone(context)]);
  return {
    ...zone,
    area,
    kind: kind ?? null,
    items: list.data,
    nextCursor: list.pages?.nextCursor ?? null,
    paged: Boolean(cursor),
    now: new Date().toISOString(),
    toasts: takeToasts(context),
  };
}

// ---------------------------------------------------------------------------------------------------
// Charts

export const chartPath = (area: Area | "provider", chartId: number | string) => `/${area}/charts/${chartId}`;
export const canSignCharts = (role: Role) => (CHART_SIGNER_ROLES as readonly string[]).includes(role);

export async function chartsLoader(request: Request, context: Context, area: Area) {
  const url = new URL(request.url);
  const rawTab = url.searchParams.get("tab");
  const tab: ChartTab = (CHART_TABS as readonly string[]).includes(rawTab ?? "") ? (rawTab as ChartTab) : "to_review";
  const upstream = getUpstream(context);
  const cursor = cursorOf(url);
  const [list, zone] = await Promise.all([firstPageOnBadCursor(cursor, (c) => upstream.call("GET /api/v1/charts", { query: { tab, cursor: c } })), viewerZone(context)]);
  return { ...zone, area, tab, items: list.data, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), toasts: takeToasts(context) };
}

/** Where a chart page's links lead: its own tree (/manager, /staff or /provider) and the charts list of the viewer. */
function chartTree(pathname: string): Area | "provider" {
  return pathname.startsWith("/manager/") ? "manager" : pathname.startsWith("/provider/") ? "provider" : "staff";
}
export const chartsListPath = (role: Role) => (role === "providers" ? "/manager/charts" : "/staff/charts");

export async function chartLoader(request: Request, context: Context, chartId: string) {
  const upstream = getUpstream(context);
  try {
    const { data: answer } = await upstream.call("GET /api/v1/charts/:id", { params: { id: chartId } });
    const role = getViewer(context).role;
    // The review layout's sidebar (spec §2 chart review: "review the chart" then "sign for approval", disabled as a
    // step: signing is the form on this page): both approved once signed.
    const signed = answer.chart.status === "reviewed";
    const reviewSteps = [
      { step: "review", state: signed || answer.chart.status === "cancelled" ? "approved" : "active" },
      { step: "signForApproval", state: signed ? "approved" : "disabled" },
    ] as const;
    return { ...(await viewerZone(context)), chart: answer.chart, tree: chartTree(new URL(request.url).pathname), listPath: chartsListPath(role), reviewSteps, toasts: takeToasts(context) };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    throw error;
  }
}

type Reply = SubmissionResult<string[]>;
export type ChartActionResult = { intent: "sign" | "addendum" | "cancel"; reply: Reply };

export async function chartAction(request: Request, context: Context, chartId: string) {
  const t = getT(context);
  const upstream = getUpstream(context);
  const formData = await readForm(request);
  const here = new URL(request.url).pathname;
  const intent = formData.get("intent");
  const fail = (error: unknown, intentName: ChartActionResult["intent"], reply: (f: ReturnType<typeof formFailure>) => Reply) => {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<ChartActionResult>({ intent: intentName, reply: reply(formFailure(context, error, t)) }, { status: error instanceof UpstreamError && error.status === 409 ? 409 : 400 });
  };
  if (intent === "addendum") {
    const submission = parseWithZod(formData, { schema: chartAddendumFormSchema });
    if (submission.status !== "success") return data<ChartActionResult>({ intent: "addendum", reply: submission.reply() }, { status: 400 });
    try {
      const answer = await upstream.call("POST /api/v1/charts/:id/addenda", { params: { id: chartId }, body: { body: submission.value.body } });
      return redirectWithToast(context, here, "success", successMessage(answer, t, t("review:chart.addendumAdded")));
    } catch (error) {
      return fail(error, "addendum", (f) => submission.reply(f));
    }
  }
  if (intent === "cancel") {
    const submission = parseWithZod(formData, { schema: chartCancelFormSchema });
    if (submission.status !== "success") return data<ChartActionResult>({ intent: "cancel", reply: submission.reply() }, { status: 400 });
    try {
      const answer = await upstream.call("POST /api/v1/charts/:id/cancel", { params: { id: chartId }, body: {} });
      return redirectWithToast(context, chartsListPath(getViewer(context).role), "success", successMessage(answer, t, t("review:chart.cancelled")));
    } catch (error) {
      return fail(error, "cancel", (f) => submission.reply(f));
    }
  }
  const submission = parseWithZod(formData, { schema: chartSignFormSchema });
  if (submission.status !== "success") return data<ChartActionResult>({ intent: "sign", reply: submission.reply() }, { status: 400 });
  try {
    const answer = await upstream.call("POST /api/v1/charts/:id/sign", { params: { id: chartId }, body: { consent: submission.value.consent } });
    return redirectWithToast(context, here, "success", successMessage(answer, t, t("review:chart.signed")));
  } catch (error) {
    return fail(error, "sign", (f) => submission.reply(f));
  }
}

// ---------------------------------------------------------------------------------------------------
// Uploads review

export async function uploadsLoader(request: Request, context: Context, area: Area) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "completed" ? "completed" : "for_review";
  const rawCategory = Number(url.searchParams.get("category"));
  const category = Number.isInteger(rawCategory) && rawCategory >= 1 && rawCategory <= 5 ? rawCategory : undefined;
  const upstream = getUpstream(context);
  const cursor = cursorOf(url);
  const [list, zone] = await Promise.all([firstPageOnBadCursor(cursor, (c) => upstream.call("GET /api/v1/uploads/review", { query: { status, category, cursor: c } })), viewerZone(context)]);
  return { ...zone, area, status, category: category ?? null, items: list.data, nextCursor: list.pages?.nextCursor ?? null, paged: Boolean(cursor), toasts: takeToasts(context) };
}

export type UploadActionResult = { intent: "review" | "visibility"; uploadId: number; reply: Reply };

export async function uploadsAction(request: Request, context: Context) {
  const t = getT(context);
  const upstream = getUpstream(context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const raw = Number(formData.get("uploadId"));
  if (formData.get("intent") === "visibility") {
    const submission = parseWithZod(formData, { schema: uploadVisibilityFormSchema });
    if (submission.status !== "success") return data<UploadActionResult>({ intent: "visibility", uploadId: raw, reply: submission.reply() }, { status: 400 });
    try {
      const answer = await upstream.call("PUT /api/v1/uploads/:id/visibility", { params: { id: submission.value.uploadId }, body: { visibility: submission.value.visibility } });
      return redirectWithToast(context, back, "success", successMessage(answer, t, t("review:uploads.visibilitySaved")));
    } catch (error) {
      return data<UploadActionResult>({ intent: "visibility", uploadId: raw, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
    }
  }
  const submission = parseWithZod(formData, { schema: uploadReviewFormSchema });
  if (submission.status !== "success") return data<UploadActionResult>({ intent: "review", uploadId: raw, reply: submission.reply() }, { status: 400 });
  try {
    const answer = await upstream.call("PUT /api/v1/uploads/:id/review", { params: { id: submission.value.uploadId }, body: { status: submission.value.status } });
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("review:uploads.reviewSaved")));
  } catch (error) {
    return data<UploadActionResult>({ intent: "review", uploadId: raw, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
  }
}
