/**
 * The clinical review's steps (issue 14, H2): record visit, record note, manage prescription, /dosespot, the
 * printable prescription and inform the patient — their loaders and actions, and the allergies resource. The only
 * module of the web that calls the clinical review's endpoints (api/contract/clinical-review.ts).
 *
 * Every page names a patient and one of their treatments: a patient the upstream will not show, or a treatment that
 * is not theirs, is the not-found page. Forms post with and without JavaScript: field errors come back beside the
 * fields with everything typed kept; a success redirects to the next step with the API's message as a toast.
 * Next steps (spec §2 "Review steps"): record visit → manage prescription (only when the patient has an external
 * prescribing URL or a subscription item has a dosage cycle) → inform the patient → the patient page.
 */
import { data, type RouterContextProvider } from "react-router";
import type { PrescriptionContext } from "../../api/contract/clinical-review.ts";
import type { TreatmentDetail } from "../../api/contract/treatments.ts";
import { reviewStepState } from "../../api/contract/enums.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { getViewer } from "./auth.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { informFormSchema, noteFormSchema, prescriptionFormSchema, recordVisitFormSchema } from "./schemas/clinical-review.ts";
import { redirectWithToast, takeToasts } from "./toast.server.ts";
import { translateUpstream } from "./upstream-messages.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound, readOr404 } from "./upstream.server.ts";
import { stepPaths } from "./clinical-steps.ts";

export { stepPaths };

type Context = Readonly<RouterContextProvider>;
export type { PrescriptionContext };
export type AllergyOption = { id: string; kind: "drug" | "food" | "other"; name: string };

/** What a failed form sends back: its errors (field → messages) and the values typed, to show again. */
export type FormResult = { errors: Record<string, string[]>; values: Record<string, string | string[]>; allergyResults?: AllergyOption[]; searched?: string };


const read = readOr404;

/** The form's values as typed (repeated fields as lists; the tokens left out). */
function valuesOf(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === "csrfToken" || key === "intent") continue;
    const all = form.getAll(key).map(String);
    out[key] = key === "allergies" || key === "allergyLabel" ? all : (all[0] ?? "");
  }
  return out;
}

const patientTree = (role: string) => (role === "providers" ? "manager" : "staff");

/** The patient (name, prescribing URL) and the treatment of the address, which must be theirs. */
async function patientAndTreatment(context: Context, patientId: string, treatmentId: string) {
  const upstream = getUpstream(context);
  const [patient, treatments] = await Promise.all([
    read(() => upstream.call("GET /api/v1/patient/:patientId", { params: { patientId } })),
    read(() => upstream.call("GET /api/v1/treatments-v2", { query: { patientId } })),
  ]);
  const treatment = treatments.data.treatments.find((t) => String(t.id) === treatmentId);
  if (!treatment) throw notFound();
  return { patient: patient.data.patient, treatment };
}

/** Spec §2: the prescription step shows when the patient has an external prescribing URL or a dosage cycle is on. */
const showsPrescription = (doseSpotUrl: string | null, treatment: TreatmentDetail) =>
  Boolean(doseSpotUrl) || Boolean(treatment.subscription?.items.some((i) => i.dosageCycleEnabled));

type IntakeStep = "review" | "recordVisit" | "managePrescription" | "informPatient";

/**
 * The review layout's sidebar for a step page (`reviewSteps`, read by app/routes/layouts/review.tsx): the intake
 * flow's steps with their §4 states, this page's step the current one; manage prescription only when it shows
 * (or is the page itself).
 */
function intakeSteps(current: IntakeStep, reviewStatus: TreatmentDetail["reviewStatus"], withPrescription: boolean) {
  return (["review", "recordVisit", "managePrescription", "informPatient"] as const)
    .filter((step) => step !== "managePrescription" || withPrescription || current === step)
    .map((step) => ({ step, state: reviewStepState(step, current, reviewStatus) }));
}

function header(patient: { id: number; fullName: string }, treatment: TreatmentDetail) {
  return { patient: { id: patient.id, fullName: patient.fullName }, treatment: { id: treatment.id, sectionType: treatment.sectionType, reviewStatus: treatment.reviewStatus, productName: treatment.productName } };
}

// ── Record visit ───────────────────────────────────────────────────────────────────────────────────

export async function recordVisitLoader(context: Context, patientId: string, treatmentId: string) {
  const { patient, treatment } = await patientAndTreatment(context, patientId, treatmentId);
  const reviewSteps = intakeSteps("recordVisit", treatment.reviewStatus, showsPrescription(patient.doseSpotUrl, treatment));
  return { ...header(patient, treatment), reviewSteps, toasts: takeToasts(context) };
}

/** The allergies picker's search (the no-JavaScript search button, and the combobox's resource). */
export async function searchAllergies(context: Context, q: string): Promise<AllergyOption[]> {
  const query = q.trim().slice(0, 60);
  if (!query) return [];
  const answer = await getUpstream(context).call("GET /api/v1/allergies", { query: { q: query } });
  return answer.data.allergies.map((a) => ({ id: a.id, kind: a.kind, name: a.name }));
}

export async function recordVisitAction(request: Request, context: Context, patientId: string, treatmentId: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  if (form.get("intent") === "searchAllergies") {
    // No JavaScript: the search reloads the page with the results as checkboxes; everything typed travels with it.
    const searched = String(form.get("allergyQuery") ?? "");
    const allergyResults = await searchAllergies(context, searched).catch(() => []);
    return data<FormResult>({ errors: {}, values, allergyResults, searched });
  }
  const submission = parseWithZod(form, { schema: recordVisitFormSchema });
  if (submission.status !== "success") return data<FormResult>({ errors: flatten(submission.reply().error), values }, { status: 400 });
  const { intent: _intent, visitType, ...recordForm } = submission.value;
  const upstream = getUpstream(context);
  try {
    const answer = await upstream.call("POST /api/v1/patient/:patientId/treatment/:treatmentId/record", { params: { patientId, treatmentId }, body: { visitType, recordForm } });
    const { patient, treatment } = await patientAndTreatment(context, patientId, treatmentId);
    const steps = stepPaths(patientId, treatmentId);
    const next = showsPrescription(patient.doseSpotUrl, treatment) ? steps.managePrescription : steps.informPatient;
    return redirectWithToast(context, next, "success", successMessage(answer, t, t("clinical:visit.saved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<FormResult>({ errors: failureErrors(context, error, t), values }, { status: 400 });
  }
}

function flatten(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors ?? {})) if (list?.length) out[key.replace(/\[\d+\]$/, "")] = list;
  return out;
}

/** An upstream failure as the form's errors: its fields (recordForm.x → x), or the form's own message. */
function failureErrors(context: Context, error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const failure = formFailure(context, error, t, (field) => field.replace(/^recordForm\./, "").replace(/\.\d+$/, ""));
  return { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
}

// ── Record note ────────────────────────────────────────────────────────────────────────────────────

export async function recordNoteLoader(context: Context, patientId: string, treatmentId: string) {
  const { patient, treatment } = await patientAndTreatment(context, patientId, treatmentId);
  return { ...header(patient, treatment), toasts: takeToasts(context) };
}

export async function recordNoteAction(request: Request, context: Context, patientId: string, treatmentId: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const submission = parseWithZod(form, { schema: noteFormSchema });
  if (submission.status !== "success") return data<FormResult>({ errors: flatten(submission.reply().error), values }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("POST /api/v1/patient/:patientId/treatment/:treatmentId/notes", { params: { patientId, treatmentId }, body: { body: submission.value.body } });
    const back = `/${patientTree(getViewer(context).role)}/patients/${patientId}/notes`;
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("clinical:note.saved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<FormResult>({ errors: failureErrors(context, error, t), values }, { status: 400 });
  }
}

// ── Manage prescription, /dosespot, the printable prescription ─────────────────────────────────────

export async function prescriptionLoader(context: Context, patientId: string, treatmentId: string) {
  const t = getT(context);
  const answer = await read(() => getUpstream(context).call("GET /api/v1/treatments/:id/prescription", { params: { id: treatmentId } }));
  const ctx = answer.data;
  if (String(ctx.treatment.patientId) !== patientId) throw notFound();
  const refusal = ctx.canPrescribe.ok ? null : translateUpstream({ code: ctx.canPrescribe.code, params: ctx.canPrescribe.params, message: t("clinical:prescription.cannot") }, t);
  return { context: ctx, refusal, reviewSteps: intakeSteps("managePrescription", ctx.treatment.reviewStatus, true), toasts: takeToasts(context) };
}

export async function prescriptionAction(request: Request, context: Context, patientId: string, treatmentId: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const submission = parseWithZod(form, { schema: prescriptionFormSchema });
  if (submission.status !== "success") return data<FormResult>({ errors: flatten(submission.reply().error), values }, { status: 400 });
  const { intent: _intent, dosageCycle, ...rest } = submission.value;
  const cycle = dosageCycle
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  try {
    const answer = await getUpstream(context).call("PUT /api/v2/treatments/:id/update-dosage-instruction", { params: { id: treatmentId }, body: { ...rest, dosageCycle: cycle } });
    const back = stepPaths(patientId, treatmentId).managePrescription;
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("clinical:prescription.saved")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<FormResult>({ errors: failureErrors(context, error, t), values }, { status: error instanceof UpstreamError && error.status === 409 ? 409 : 400 });
  }
}

export async function printableLoader(context: Context, patientId: string, treatmentId: string, prescriptionId: string) {
  const answer = await read(() => getUpstream(context).call("GET /api/v1/prescriptions/:id", { params: { id: prescriptionId } }));
  const { prescription } = answer.data;
  if (String(prescription.patientId) !== patientId || String(prescription.treatmentId) !== treatmentId) throw notFound();
  return data(answer.data, { headers: { "Cache-Control": "no-store" } });
}

// ── Inform the patient ────────────────────────────────────────────────────────────────────────────

export async function informLoader(request: Request, context: Context, patientId: string, treatmentId: string) {
  const upstream = getUpstream(context);
  const [{ patient, treatment }, templates] = await Promise.all([
    patientAndTreatment(context, patientId, treatmentId),
    read(() => upstream.call("GET /api/v1/message-templates", { query: { treatmentId: Number(treatmentId) } })),
  ]);
  const chosen = new URL(request.url).searchParams.get("template");
  const template = templates.data.templates.find((x) => String(x.id) === chosen) ?? null;
  const reviewSteps = intakeSteps("informPatient", treatment.reviewStatus, showsPrescription(patient.doseSpotUrl, treatment));
  return { ...header(patient, treatment), templates: templates.data.templates, locale: templates.data.locale, template, reviewSteps, toasts: takeToasts(context) };
}

export async function informAction(request: Request, context: Context, patientId: string, treatmentId: string) {
  const t = getT(context);
  const form = await readForm(request);
  const values = valuesOf(form);
  const submission = parseWithZod(form, { schema: informFormSchema });
  if (submission.status !== "success") return data<FormResult>({ errors: flatten(submission.reply().error), values }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("POST /api/v1/patient/:patientId/treatment/:treatmentId/inform", {
      params: { patientId, treatmentId },
      body: { message: submission.value.message, ...(submission.value.templateId ? { templateId: submission.value.templateId } : {}) },
    });
    const back = `/${patientTree(getViewer(context).role)}/patients/${patientId}`;
    return redirectWithToast(context, back, "success", successMessage(answer, t, t("clinical:inform.sent")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    return data<FormResult>({ errors: failureErrors(context, error, t), values }, { status: 400 });
  }
}
