/**
 * The patient's progress (issue 18; api/contract/progress.ts): the patient's page (/patient/progress: weights, BMI,
 * milestones, the weight form) and the staff record's progress tab. The only module of the web that calls the
 * progress endpoints.
 *
 * The weight form posts with and without JavaScript: a failed form comes back with its errors beside the fields (and
 * an error summary) and what was typed kept; a success redirects back with the API's message as a toast.
 */
import { data, type RouterContextProvider } from "react-router";
import type { Progress } from "../../api/contract/progress.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { readOwnProfile } from "./profile.server.ts";
import { logWeightFormSchema } from "./schemas/progress.ts";
import { redirectWithToast } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Progress };

/** What a failed form sends back: its errors (field → messages; "" the form's own) and the values typed. */
export type WeightFormResult = { errors: Record<string, string[]>; values: { weightLb: string; measuredOn: string } };

export const PATIENT_PROGRESS_PATH = "/patient/progress";

/** The patient's progress, and today in the profile's time zone (the weight form's default date). */
export async function patientProgressLoader(context: Context) {
  const [answer, utcOffsetMinutes] = await Promise.all([
    getUpstream(context).call("GET /api/v1/patient/progress"),
    readOwnProfile(context).then(
      (p) => p.utcOffsetMinutes ?? 0,
      () => 0,
    ),
  ]);
  return { progress: answer.data, today: new Date(Date.now() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10) };
}

function flatten(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors ?? {})) if (list?.length) out[key] = list;
  return out;
}

export async function logWeightAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const values = { weightLb: String(form.get("weightLb") ?? "").slice(0, 50), measuredOn: String(form.get("measuredOn") ?? "").slice(0, 50) };
  const submission = parseWithZod(form, { schema: logWeightFormSchema });
  if (submission.status !== "success") return data<WeightFormResult>({ errors: flatten(submission.reply().error), values }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("POST /api/v1/patient/progress/weights", { body: { weightLb: submission.value.weightLb, measuredOn: submission.value.measuredOn } });
    return redirectWithToast(context, PATIENT_PROGRESS_PATH, "success", successMessage(answer, t, t("progress:messages.weightLogged")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    const errors = { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
    return data<WeightFormResult>({ errors, values }, { status: 400 });
  }
}

/** The staff record's progress tab: a patient the viewer may not see is the not-found page. */
export async function recordProgressLoader(context: Context, patientId: string | undefined) {
  try {
    const answer = await getUpstream(context).call("GET /api/v1/patient/:patientId/progress", { params: { patientId: patientId ?? "" } });
    return { progress: answer.data };
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}
