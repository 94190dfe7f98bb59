/**
 * The access-management tab of a patient (/staff/patients/{id}/access-management, /manager/…; spec §2, §6):
 * loader and action, the only caller of the staff access calls (api/contract/patient-access.ts).
 *
 * URL state (works without JavaScript): `?log=<cursor>` a page of the access log further back,
 * `?revoke=<grantId>` the revoke confirmation, `pick=staffId` / `staffIdSearch` / `staffIdTeam` / `staffIdPage`
 * the staff picker's no-JS state (app/components/tasks/user-picker.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { AccessLogEntry, AccessLogPages, PatientAccess } from "../../api/contract/patient-access.ts";
import { V } from "../../api/contract/rules.ts";
import type { Person, PickerState } from "../components/tasks/task-model.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { getRouteRecords } from "./route-ids.server.ts";
import { loadPersonById, pickerState } from "./tasks.server.ts";
import { notifyUpstreamError, redirectWithToast } from "./toast.server.ts";
import { translateSuccess } from "./upstream-messages.ts";
import { getUpstream, UpstreamError, upstreamFieldErrors } from "./upstream.server.ts";
import type { Area } from "./area.ts";

type Context = Readonly<RouterContextProvider>;

export type AccessLogPage = { items: AccessLogEntry[]; pages: AccessLogPages | null; cursor: number | null };

export type AccessPageData = {
  patientId: number;
  patientName: string | null;
  path: string;
  access: PatientAccess | null;
  log: AccessLogPage | null;
  picker: PickerState;
  /** The staff member chosen in the grant form (no-JS picker round trips keep it). */
  chosen: Person | null;
  /** The grant the revoke confirmation asks about. */
  confirmRevoke: PatientAccess["grants"][number] | null;
};

export type AccessActionData = { intent: "grant"; reply: SubmissionResult<string[]>; chosen: Person | null };

const cursorOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) <= 2147483647 && Number(v) > 0 ? Number(v) : null);

export const accessPath = (area: Area, patientId: number | string) => `/${area}/patients/${patientId}/access-management`;

export async function accessLoader(request: Request, context: Context, area: Area, patientId: number): Promise<AccessPageData> {
  const params = new URL(request.url).searchParams;
  const upstream = getUpstream(context);
  const path = accessPath(area, patientId);
  const cursor = cursorOf(params.get("log"));
  const access = await upstream
    .call("GET /api/v1/patient/:patientId/access", { params: { patientId } })
    .then((r) => r.data)
    .catch((error: unknown) => {
      notifyUpstreamError(context, error, getT(context));
      return null;
    });
  const [log, picker, chosen] = await Promise.all([
    access?.canReadLog
      ? upstream
          .call("GET /api/v1/patient/:patientId/access-log", { params: { patientId }, query: { cursor: cursor ?? undefined, perPage: 20 } })
          .then((r) => ({ items: r.data, pages: r.pages ?? null, cursor }))
          .catch((error: unknown) => {
            notifyUpstreamError(context, error, getT(context));
            return null;
          })
      : null,
    access?.canManage ? pickerState(upstream, params, "staffId", "assignee") : pickerState(upstream, new URLSearchParams(), "staffId", "assignee"),
    access?.canManage ? loadPersonById(upstream, params.get("staffId")) : null,
  ]);
  const revokeId = cursorOf(params.get("revoke"));
  const confirmRevoke = access?.canManage && revokeId ? (access.grants.find((g) => g.id === revokeId && g.revokedAt === null) ?? null) : null;
  return { patientId, patientName: getRouteRecords(context).patient?.fullName ?? null, path, access, log, picker, chosen, confirmRevoke };
}

const grantFormSchema = z.object({
  intent: z.literal("grant"),
  staffId: z.string({ error: V.required }).regex(/^\d{1,9}$/, V.required).transform(Number),
});
const revokeFormSchema = z.object({ intent: z.literal("revoke"), grantId: z.string().regex(/^\d{1,9}$/).transform(Number) });

export async function accessAction(request: Request, context: Context, area: Area, patientId: number) {
  const form = await readForm(request);
  const t = getT(context);
  const upstream = getUpstream(context);
  const path = accessPath(area, patientId);
  if (form.get("intent") === "revoke") {
    const submission = parseWithZod(form, { schema: revokeFormSchema });
    if (submission.status !== "success") return redirectWithToast(context, path, "error", t("access:revoke.failed"));
    try {
      const response = await upstream.call("POST /api/v1/patient/:patientId/access/:grantId/revoke", { params: { patientId, grantId: submission.value.grantId }, body: {} });
      return redirectWithToast(context, path, "success", translateSuccess(response, t, t("access:toast.revoked")));
    } catch (error) {
      notifyUpstreamError(context, error, t);
      return redirect(path);
    }
  }
  const submission = parseWithZod(form, { schema: grantFormSchema });
  const chosen = await loadPersonById(upstream, typeof form.get("staffId") === "string" ? String(form.get("staffId")) : null);
  if (submission.status !== "success") return data({ intent: "grant", reply: submission.reply(), chosen } satisfies AccessActionData, { status: 400 });
  try {
    const response = await upstream.call("POST /api/v1/patient/:patientId/access", { params: { patientId }, body: { staffId: submission.value.staffId } });
    return redirectWithToast(context, path, "success", translateSuccess(response, t, t("access:toast.granted")));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const fieldErrors = upstreamFieldErrors(error, t);
    if (!Object.keys(fieldErrors).length) notifyUpstreamError(context, error, t);
    return data({ intent: "grant", reply: submission.reply({ fieldErrors: { staffId: fieldErrors.staffId ?? [], ...fieldErrors } }), chosen } satisfies AccessActionData, {
      status: error.status && error.status < 500 ? error.status : 502,
    });
  }
}
