/**
 * The intake review (…/patients/{patientId}/intakes/{treatmentId}/review, spec §2 review steps; API contract
 * api/contract/treatments.ts): the page's read and its action forms. The only module of the web that calls the
 * review endpoints. A treatment the upstream will not show (unknown, another patient's, outside the viewer's access)
 * is the not-found page. An action that fails (a refused transition, an out-of-state approval, a bad field) comes
 * back to the form with the error summary and the input kept; a success redirects with the API's message as a toast
 * (approval: to the same page, which then links to the next step, record visit).
 */
import { data, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { TreatmentReview, TreatmentReviewStep } from "../../api/contract/treatments.ts";
import { formFailure, successMessage } from "./account.server.ts";
import type { Area } from "./area.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { reviewFormSchema, type ReviewForm } from "./schemas/review.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { TreatmentReview, TreatmentReviewStep };
export type ReviewActionResult = { intent: string; reply: SubmissionResult<string[]> };


export async function reviewLoader(context: Context, treatmentId: string) {
  try {
    const { data: review } = await getUpstream(context).call("GET /api/v1/treatments/:id/review", { params: { id: treatmentId } });
    return { review, toasts: takeToasts(context) };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    throw error;
  }
}

async function send(context: Context, id: string, form: ReviewForm) {
  const upstream = getUpstream(context);
  const params = { id };
  switch (form.intent) {
    case "approve":
      return upstream.call("PUT /api/v1/treatments/:id/approve-v2", { params, body: {} });
    case "noShow":
      return upstream.call("PUT /api/v1/treatments/:id/no-show", { params, body: {} });
    case "resume":
      return upstream.call("POST /api/v1/treatments/:id/resume", { params, body: { subscriptionItemIdsToRemove: form.subscriptionItemIdsToRemove } });
    case "modify":
      return upstream.call("PUT /api/v1/treatments/:id/modify-request", { params, body: { message: form.message } });
    case "cancel":
      return upstream.call("PUT /api/v1/treatments/:id/cancel-v2", { params, body: { reason: form.reason } });
    case "decline":
      return upstream.call("PUT /api/v1/treatments/:id/decline-v2", { params, body: { reason: form.reason, note: form.note } });
  }
}

/** The review page's action: one form per treatment action. */
export async function reviewAction(request: Request, context: Context, _area: Area, treatmentId: string) {
  const t = getT(context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (submission.status !== "success") return data<ReviewActionResult>({ intent, reply: submission.reply() }, { status: 400 });
  try {
    const answer = await send(context, treatmentId, submission.value);
    const url = new URL(request.url);
    return redirectWithToast(context, url.pathname + url.search, "success", successMessage(answer, t, t("review:messages.approved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<ReviewActionResult>({ intent, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
  }
}
