/**
 * The staff and manager profile page's sections of issue 19 part B (app/routes/team/profile.tsx): #general (names,
 * phone, time zone, picture; the profession is shown, set by a manager), #schedule (availability, weekly schedule,
 * the month's calendar with several days set at once) and #licenses (add, edit, remove). The only module of the
 * web that calls the staff-schedule-* and staff-licenses endpoints (contracts api/contract/schedule.ts,
 * staff-licenses.ts).
 *
 * Every form is a plain HTML post that works without JavaScript: a failed one comes back with its errors beside
 * the fields (and an error summary) and what was typed kept; a success redirects to its section with the API's
 * message as a toast. The header's availability switch posts here too (intent availability, with redirectTo).
 */
import { data, type RouterContextProvider } from "react-router";
import type { Calendar, ScheduleSettings, TimeRange } from "../../api/contract/schedule.ts";
import type { Licenses } from "../../api/contract/staff-licenses.ts";
import type { Profile } from "../../api/contract/users.ts";
import { AVAILABILITIES, WEEKDAYS, SCHEDULE_TIME_ZONE, rangesProblem } from "../../api/contract/schedule-rules.ts";
import { AVATAR_FIELD } from "../../api/contract/patient-account-rules.ts";
import { accountApi, formFailure, successMessage } from "./account.server.ts";
import { isMultipart, readAvatarUpload } from "./avatar-upload.server.ts";
import { readForm } from "./csrf.server.ts";
import { getViewer } from "./auth.server.ts";
import { isSigner, readSignatureUpload, signatureApi } from "./signature.server.ts";
import { SIGNATURE_FIELD } from "../../api/contract/signature-rules.ts";
import { getT } from "./i18n.server.ts";
import { readOwnProfile } from "./profile.server.ts";
import { safeLocalPath } from "./redirects.ts";
import { notify, redirectWithToast } from "./toast.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";
import { timeZoneUpdate } from "./schemas/account.ts";
import type { TeamFormResult, TeamProfileIntent } from "./team-profile.ts";

type Context = Readonly<RouterContextProvider>;
export type { Calendar, Licenses, ScheduleSettings };

/** Ranges per weekday the weekly form offers (a split shift). */
export const WEEKLY_SLOTS = 2;
export { isTeamProfileIntent, type TeamFormResult } from "./team-profile.ts";

const SECTION: Record<TeamProfileIntent, string> = {
  availability: "schedule",
  general: "general",
  avatar: "general",
  weekly: "schedule",
  days: "schedule",
  addLicense: "licenses",
  editLicense: "licenses",
  removeLicense: "licenses",
  signatureName: "signature",
  signatureImage: "signature",
  signatureRemoveImage: "signature",
  signatureRemove: "signature",
};

/** The month shown: ?month=yyyy-MM, else this month in Pacific time (the schedule's zone). */
export function monthOf(request: Request, now = new Date()): string {
  const asked = new URL(request.url).searchParams.get("month");
  if (asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) && Number(asked.slice(0, 4)) >= 2000 && Number(asked.slice(0, 4)) <= 2100) return asked;
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: SCHEDULE_TIME_ZONE, year: "numeric", month: "2-digit" }).format(now);
  return parts.slice(0, 7);
}

export async function loadTeamProfile(request: Request, context: Context) {
  const profile: Profile = await readOwnProfile(context);
  const upstream = getUpstream(context);
  const id = String(profile.id);
  const yearMonth = monthOf(request);
  const signer = isSigner(getViewer(context).role);
  const [settings, calendar, licenses, signature] = await Promise.all([
    upstream.call("GET /api/v1/staff-schedule-settings/:id", { params: { id } }),
    upstream.call("GET /api/v1/staff-schedule-calendar/:id", { params: { id }, query: { yearMonth } }),
    upstream.call("GET /api/v1/staff-licenses/:staffId", { params: { staffId: id } }),
    signer ? signatureApi(context).read() : null,
  ]);
  return {
    general: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      timeZone: profile.timeZone,
      utcOffsetMinutes: profile.utcOffsetMinutes,
      profession: profile.profession?.value ?? null,
      avatarUrl: profile.avatarUrl,
      email: profile.email,
    },
    availability: profile.availability,
    settings: settings.data,
    calendar: calendar.data,
    licenses: licenses.data,
    /** The #signature section: clinicians only (api/contract/signature-rules.ts SIGNER_ROLES). */
    signature: signer ? { current: signature?.data.signature ?? null, fullName: profile.fullName } : null,
  };
}

function valuesOf(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (key === "csrfToken" || key === "intent") continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = key === "dates" ? all : (all[0] ?? "");
  }
  return out;
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();

/** The weekly form's ranges: slots w{day}s{i} / w{day}e{i}; both empty = no range. The API checks the rest. */
function weeklyBody(form: FormData): { weekly: Array<{ weekday: number; ranges: TimeRange[] }>; slotOf: Map<string, string> } {
  const slotOf = new Map<string, string>();
  const weekly = WEEKDAYS.map((weekday, i) => {
    const ranges: TimeRange[] = [];
    for (let s = 0; s < WEEKLY_SLOTS; s++) {
      const start = text(form, `w${weekday}s${s}`);
      const end = text(form, `w${weekday}e${s}`);
      if (!start && !end) continue;
      slotOf.set(`weekly.${i}.ranges.${ranges.length}`, `w${weekday}s${s}`);
      ranges.push({ start, end });
    }
    return { weekday, ranges };
  });
  return { weekly, slotOf };
}

/**
 * The page's action for this module's intents (the caller checked `isTeamProfileIntent` on a clone of the request).
 * `path` is the page's own path (/staff/profile or /manager/profile).
 */
export async function teamProfileAction(request: Request, context: Context, path: string) {
  const t = getT(context);
  if (isMultipart(request)) {
    // The signature's upload and drawing post to ?intent=signatureImage (the body is read once, by its own reader).
    if (new URL(request.url).searchParams.get("intent") === "signatureImage") return uploadSignature(request, context, path);
    return uploadAvatar(request, context, path);
  }
  const form = await readForm(request);
  const intent = form.get("intent") as TeamProfileIntent;
  const values = valuesOf(form);
  const upstream = getUpstream(context);
  const me = String((await readOwnProfile(context)).id);
  const back = (section = SECTION[intent]) => `${path}${values.month ? `?month=${encodeURIComponent(String(values.month))}` : ""}#${section}`;
  const fail = (error: unknown, rename?: (field: string) => string, licenseId?: number) => {
    const failure = formFailure(context, error, t, rename);
    const errors = { ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) };
    return data<TeamFormResult>({ intent, licenseId, errors, values }, { status: error instanceof UpstreamError && error.status === 409 ? 409 : 400 });
  };
  const invalid = (errors: Record<string, string[]>) => data<TeamFormResult>({ intent, errors, values }, { status: 400 });

  try {
    switch (intent) {
      case "availability": {
        const availability = text(form, "availability");
        const target = safeLocalPath(form.get("redirectTo")) ?? back();
        if (!(AVAILABILITIES as readonly string[]).includes(availability)) return redirectWithToast(context, target, "error", t("validation:invalid"), { status: 303 });
        const answer = await upstream.call("POST /api/v1/staff-schedule-availability/:staffId", {
          params: { staffId: me },
          body: { staffId: Number(me), availability: availability as (typeof AVAILABILITIES)[number] },
        });
        return redirectWithToast(context, target, "success", successMessage(answer, t, t("staffOps:schedule.availabilitySaved")), { status: 303 });
      }
      case "general": {
        const body = {
          firstName: text(form, "firstName"),
          lastName: text(form, "lastName"),
          phone: text(form, "phone"),
          ...timeZoneUpdate(text(form, "timeZone")),
        };
        const answer = await accountApi(context).updateProfile(body);
        return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:general.saved")));
      }
      case "weekly": {
        const { weekly, slotOf } = weeklyBody(form);
        // The contract's own rules first (api/contract/schedule-rules.ts): a day's ranges in order, none overlapping.
        for (const [i, day] of weekly.entries()) {
          const problem = rangesProblem(day.ranges);
          if (problem) return invalid({ [slotOf.get(`weekly.${i}.ranges.${problem.index}`) ?? ""]: [problem.code] });
        }
        try {
          const answer = await upstream.call("POST /api/v1/staff-schedule-settings/:id", { params: { id: me }, body: { weekly } });
          return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:schedule.weeklySaved")));
        } catch (error) {
          return fail(error, (field) => slotOf.get(field) ?? field);
        }
      }
      case "days": {
        const dates = form.getAll("dates").map(String).filter(Boolean);
        if (dates.length === 0) return invalid({ dates: [t("staffOps:schedule.chooseDays")] });
        const mode = text(form, "mode") as "hours" | "off" | "weekly";
        const ranges = mode === "hours" ? [{ start: text(form, "dayStart"), end: text(form, "dayEnd") }] : [];
        const problem = rangesProblem(ranges);
        if (problem) return invalid({ dayStart: [problem.code] });
        try {
          const answer = await upstream.call("POST /api/v1/staff-schedule-set-day-bulk/:id", { params: { id: me }, body: { dates, mode, ranges } });
          return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:schedule.daysSaved")));
        } catch (error) {
          return fail(error, (field) => (field.startsWith("ranges") ? "dayStart" : field.startsWith("dates") ? "dates" : field));
        }
      }
      case "addLicense":
      case "editLicense": {
        const licenseId = intent === "editLicense" ? Number(form.get("licenseId")) : undefined;
        const body = {
          state: text(form, "state"),
          licenseType: text(form, "licenseType") as never,
          licenseNumber: text(form, "licenseNumber"),
          expiresOn: text(form, "expiresOn"),
          collaboratingDoctorId: text(form, "collaboratingDoctorId") ? Number(text(form, "collaboratingDoctorId")) : null,
        };
        try {
          const answer =
            intent === "addLicense"
              ? await upstream.call("POST /api/v1/staff-licenses/:staffId", { params: { staffId: me }, body })
              : await upstream.call("PUT /api/v1/staff-licenses/:staffId/:id", { params: { staffId: me, id: String(licenseId) }, body });
          return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:licenses.saved")));
        } catch (error) {
          return fail(error, undefined, licenseId);
        }
      }
      case "removeLicense": {
        const answer = await upstream.call("DELETE /api/v1/staff-licenses/:staffId/:id", { params: { staffId: me, id: String(Number(form.get("licenseId")) || 0) } });
        return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:licenses.removed")));
      }
      case "signatureName": {
        const typedName = text(form, "typedName");
        if (!typedName) return invalid({ typedName: ["validation.required"] });
        const answer = await signatureApi(context).setTypedName(typedName);
        return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:signature.messages.saved")));
      }
      case "signatureRemoveImage": {
        const answer = await signatureApi(context).removeImage();
        return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:signature.messages.imageRemoved")));
      }
      case "signatureRemove": {
        const answer = await signatureApi(context).remove();
        return redirectWithToast(context, back(), "success", successMessage(answer, t, t("staffOps:signature.messages.removed")));
      }
      default:
        return invalid({ "": [t("validation:invalid")] });
    }
  } catch (error) {
    return fail(error);
  }
}

/** The signature picture (multipart: the upload form, or the drawing pad's PNG): checked here, then by content in the API. */
async function uploadSignature(request: Request, context: Context, path: string) {
  const t = getT(context);
  const upload = await readSignatureUpload(request);
  if ("problem" in upload) {
    const message = t(upload.problem.key);
    notify(context, "error", message);
    return data<TeamFormResult>({ intent: "signatureImage", errors: { [SIGNATURE_FIELD]: [message] }, values: {} }, { status: upload.problem.status });
  }
  try {
    const answer = await signatureApi(context).uploadImage(upload.body);
    return redirectWithToast(context, `${path}#signature`, "success", successMessage(answer, t, t("staffOps:signature.messages.imageSaved")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    const message = failure.fieldErrors[SIGNATURE_FIELD]?.[0] ?? failure.formErrors[0] ?? t("common:errors.internal");
    return data<TeamFormResult>({ intent: "signatureImage", errors: { [SIGNATURE_FIELD]: [message] }, values: {} }, { status: 400 });
  }
}

/** The picture form (multipart): checked on the web server, then by content in the API, as the patient's. */
async function uploadAvatar(request: Request, context: Context, path: string) {
  const t = getT(context);
  const upload = await readAvatarUpload(request);
  if ("problem" in upload) {
    const message = t(upload.problem.key);
    notify(context, "error", message);
    return data<TeamFormResult>({ intent: "avatar", errors: { [AVATAR_FIELD]: [message] }, values: {} }, { status: upload.problem.status });
  }
  try {
    const answer = await accountApi(context).uploadAvatar(upload.body);
    return redirectWithToast(context, `${path}#general`, "success", successMessage(answer, t, t("account:profile.avatarSaved")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    const message = failure.fieldErrors[AVATAR_FIELD]?.[0] ?? failure.formErrors[0] ?? t("common:errors.internal");
    return data<TeamFormResult>({ intent: "avatar", errors: { [AVATAR_FIELD]: [message] }, values: {} }, { status: 400 });
  }
}
