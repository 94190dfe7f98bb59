/**
 * Starting a journey and the medical intake (issue 15; API contract api/contract/intake.ts): the loaders and actions
 * of /patient/journeys/start, /patient/journeys/{id}/intake and /patient/journeys/{id}/intake/{step}. The only module
 * of the web that calls the journeys endpoints. The web knows no question: it renders the definition the API sends
 * and forwards the form's values; the API validates them (field errors come back beside the fields, everything typed
 * kept). A journey the upstream will not show (another patient's, unknown) is the not-found page.
 *
 * Steps: each is one form post ("Save and continue") that saves the step and goes to the next visible step; "Back"
 * is a link to the previous step (its saved answers are shown again). The identification step is a multipart form:
 * each chosen picture goes to the API first (POST …/intake/uploads), then the step is saved. The review step's form
 * submits the intake: a success goes to the journey's page, a denial to the intake page that shows it.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { IntakeView } from "../../api/contract/intake.ts";
import { ID_IMAGE_FILE_FIELD, ID_IMAGE_KIND_FIELD, ID_IMAGE_KEYS, ID_IMAGE_MAX_BYTES, REVIEW_STEP, intakePaths, isIdImage } from "../../api/contract/intake-rules.ts";
import { isServiceSection } from "../../api/contract/enums.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { isMultipart, readLimitedFormData, TooLarge } from "./avatar-upload.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { startJourneyFormSchema, submitIntakeFormSchema } from "./schemas/intake.ts";
import { notify, redirectWithToast, takeToasts } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound, readOr404 } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { IntakeView };

/** What a failed step post sends back: field → messages (a "" key: the form's own), and the values typed. */
export type IntakeFormResult = { errors: Record<string, string[]>; values: Record<string, string | string[]> };


const read = readOr404;

export async function intakeOf(context: Context, id: string): Promise<IntakeView> {
  if (!/^\d{1,10}$/.test(id)) throw notFound();
  return (await read(() => getUpstream(context).call("GET /api/v1/journeys/:id/intake", { params: { id } }))).data;
}

/** An identification picture of the intake, for its patient: the upstream's PNG, `private, no-store`; else 404. */
export async function intakeImage(context: Context, id: string, uploadId: string): Promise<Response> {
  if (!/^\d{1,10}$/.test(id) || !/^[1-9]\d{0,9}$/.test(uploadId)) return new Response(null, { status: 404 });
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/journeys/:id/intake/uploads/:uploadId/file", { params: { id, uploadId }, on401: "throw" });
    if ((upstream.headers.get("content-type") ?? "") !== "image/png") {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    return new Response(upstream.body, { status: 200, headers: { "Content-Type": "image/png", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Content-Disposition": "inline" } });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}

// ── Start ──────────────────────────────────────────────────────────────────────────────────────────

export function startLoader(context: Context) {
  return { toasts: takeToasts(context) };
}

export async function startAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: startJourneyFormSchema });
  if (submission.status !== "success" || !isServiceSection(submission.value.sectionType)) return data({ errors: { "": [t("validation:invalid")] } }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("POST /api/v1/journeys", { body: { sectionType: submission.value.sectionType } });
    return redirectWithToast(context, intakePaths.intake(answer.data.journey.id), "success", successMessage(answer, t, t("intake:upstream.journeys_started")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    return data({ errors: { "": failure.formErrors.length ? failure.formErrors : Object.values(failure.fieldErrors).flat() } }, { status: 400 });
  }
}

// ── Cancel ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The journey page's "Cancel this intake" (a form post, confirmed inside a <details> so it needs no script): the
 * journey is cancelled, its answers kept; back to the journeys with a toast. Already submitted, denied or cancelled:
 * back to the journey page, which shows its state, with the API's reason.
 */
export async function cancelIntakeAction(request: Request, context: Context, id: string | undefined) {
  if (!id || !/^\d{1,10}$/.test(id)) throw notFound();
  const t = getT(context);
  const form = await readForm(request);
  if (form.get("intent") !== "cancelIntake") return data({ errors: { "": [t("validation:invalid")] } }, { status: 400 });
  try {
    const answer = await getUpstream(context).call("POST /api/v1/journeys/:id/cancel", { params: { id }, body: {} });
    return redirectWithToast(context, "/patient/journeys", "success", successMessage(answer, t, t("intake:upstream.intake_cancelled")));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    if (error instanceof UpstreamError && error.status === 409) return redirectWithToast(context, intakePaths.journey(id), "error", t("intake:upstream.intake_closed"));
    return data({ errors: failureOf(context, error, t) }, { status: 400 });
  }
}

// ── The intake: where the patient is ──────────────────────────────────────────────────────────────

/** /patient/journeys/{id}/intake: the current step, the journey page once submitted, or the denial (shown here). */
export async function intakeLoader(context: Context, id: string) {
  const view = await intakeOf(context, id);
  if (view.journey.status === "submitted") throw redirect(intakePaths.journey(id));
  if (view.journey.status === "in_progress") throw redirect(intakePaths.step(id, view.currentStep));
  return { journey: view.journey, toasts: takeToasts(context) };
}

// ── One step ───────────────────────────────────────────────────────────────────────────────────────

export async function stepLoader(context: Context, id: string, step: string) {
  const view = await intakeOf(context, id);
  if (view.journey.status === "submitted") throw redirect(intakePaths.journey(id));
  if (view.journey.status !== "in_progress") throw redirect(intakePaths.intake(id));
  const keys = view.steps.map((s) => s.key);
  const at = keys.indexOf(step);
  if (at < 0) throw notFound();
  // A step after the current one is not open yet: the current step instead.
  if (at > keys.indexOf(view.currentStep)) throw redirect(intakePaths.step(id, view.currentStep));
  return { view, step, index: at, previous: at > 0 ? keys[at - 1] : null, toasts: takeToasts(context) };
}

/** The form's values as typed (repeated fields as lists; the tokens and files left out). */
function valuesOf(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === "csrfToken" || key === "intent") continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (all.length === 0) continue;
    out[key] = all.length > 1 || key.endsWith("[]") ? all : all[0];
  }
  return out;
}

/** The step's answers as the API takes them: multi answers as lists (the form names them `key[]`). */
function answersOf(values: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key.endsWith("[]")) out[key.slice(0, -2)] = [value].flat().filter((v) => v !== "");
    else out[key] = value;
  }
  return out;
}

function failureOf(context: Context, error: unknown, t: ReturnType<typeof getT>): Record<string, string[]> {
  const failure = formFailure(context, error, t);
  return { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
}

/** Room for the multipart framing around the pictures. */
const MULTIPART_OVERHEAD = 256 * 1024;

export async function stepAction(request: Request, context: Context, id: string, step: string) {
  const t = getT(context);
  if (!/^\d{1,10}$/.test(id)) throw notFound();
  let form: FormData;
  if (isMultipart(request)) {
    try {
      form = await readLimitedFormData(request, ID_IMAGE_KEYS.length * ID_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD);
    } catch (error) {
      const message = t(error instanceof TooLarge ? "intake:upstream.intake_imageTooLarge" : "intake:upstream.intake_imageMissing");
      notify(context, "error", message);
      return data<IntakeFormResult>({ errors: { "": [message] }, values: {} }, { status: error instanceof TooLarge ? 413 : 400 });
    }
  } else {
    form = await readForm(request);
  }
  const values = valuesOf(form);
  const upstream = getUpstream(context);
  if (step === REVIEW_STEP) {
    const submission = parseWithZod(form, { schema: submitIntakeFormSchema });
    if (submission.status !== "success") return data<IntakeFormResult>({ errors: { "": [t("validation:invalid")] }, values }, { status: 400 });
    try {
      const answer = await upstream.call("POST /api/v1/journeys/:id/submit", { params: { id }, body: {} });
      if (answer.data.journey.status === "denied") return redirect(intakePaths.intake(id));
      return redirectWithToast(context, intakePaths.journey(id), "success", successMessage(answer, t, t("intake:upstream.intake_submitted")));
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) throw notFound();
      if (error instanceof UpstreamError && error.status === 409 && error.code === "intake.closed") return redirect(intakePaths.journey(id));
      return data<IntakeFormResult>({ errors: failureOf(context, error, t), values }, { status: 400 });
    }
  }
  try {
    // Pictures first (the identification step): each chosen file goes up on its own. The file inputs are named by
    // their question; the definition says which picture each is.
    const files = [...form.entries()].filter((entry): entry is [string, File] => entry[1] instanceof File && entry[1].size > 0);
    if (files.length) {
      const view = await intakeOf(context, id);
      const imageOf = new Map(view.steps.flatMap((s) => s.questions).filter((q) => q.image).map((q) => [q.key, q.image]));
      for (const [name, file] of files) {
        const image = imageOf.get(name);
        if (!isIdImage(image)) continue;
        if (file.size > ID_IMAGE_MAX_BYTES) {
          const message = t("intake:upstream.intake_imageTooLarge");
          notify(context, "error", message);
          return data<IntakeFormResult>({ errors: { [name]: [message] }, values }, { status: 413 });
        }
        const body = new FormData();
        body.append(ID_IMAGE_KIND_FIELD, image);
        body.append(ID_IMAGE_FILE_FIELD, file, file.name || `${image}.jpg`);
        try {
          await upstream.call("POST /api/v1/journeys/:id/intake/uploads", { params: { id }, body });
        } catch (error) {
          if (error instanceof UpstreamError && error.status === 404) throw error;
          const failure = formFailure(context, error, t);
          return data<IntakeFormResult>({ errors: { [name]: [...failure.formErrors, ...Object.values(failure.fieldErrors).flat()] }, values }, { status: 400 });
        }
      }
    }
    await upstream.call("PUT /api/v1/journeys/:id/intake/:step", { params: { id, step }, body: { answers: answersOf(values) } });
    // Next: the step after this one with the answers as they are now (a branch may have opened or closed one).
    const view = await intakeOf(context, id);
    const keys = view.steps.map((s) => s.key);
    const next = keys[keys.indexOf(step) + 1] ?? view.currentStep;
    return redirect(intakePaths.step(id, keys.indexOf(next) > keys.indexOf(view.currentStep) ? view.currentStep : next));
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    if (error instanceof UpstreamError && error.status === 409 && error.code === "intake.closed") return redirect(intakePaths.intake(id));
    return data<IntakeFormResult>({ errors: failureOf(context, error, t), values }, { status: 400 });
  }
}
