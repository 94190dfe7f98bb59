/**
 * The patients list pages of staff and managers (spec §2, §4): /staff/patients and /manager/patients (the list),
 * /staff/past-due-patients and /manager/past-due-patients, /staff/workload and /manager/workload (open reviews per
 * provider and bulk reassignment). The only caller of the provider-list endpoints (api/contract/provider-list.ts).
 *
 * Everything a page shows is in its URL (app/components/patient-list/model.ts), so every state works without
 * JavaScript: tabs and sorted column headers are links, filters a GET form, paging a cursor link, and the
 * bulk reassignment's confirmation is `?confirm=assign&ids=…&to=…`, reached by the workload list's GET form.
 */
import { data, type RouterContextProvider } from "react-router";
import type { ProviderListItem, ProviderListPages, Workload } from "../../api/contract/provider-list.ts";
import { listQuery, parseListState, parsePastDueState, parseWorkloadState, pastDueQuery, workloadHref, type ListState, type PastDueState, type Person, type WorkloadState } from "../components/patient-list/model.ts";
import type { Area } from "./area.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { redirectWithToast } from "./toast.server.ts";
import { translateSuccess, translateUpstream } from "./upstream-messages.ts";
import { getUpstream, UpstreamError, upstreamFieldErrors, type Upstream } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;

/** A list answer, or the reasons it could not be read: field errors of a 400 (shown in the error summary). */
export type ListResult = { items: ProviderListItem[]; pages: ProviderListPages | null; errors: Record<string, string[]> | null; failed: boolean };

async function readList(call: () => Promise<{ data: ProviderListItem[]; pages?: ProviderListPages }>, context: Context): Promise<ListResult> {
  try {
    const r = await call();
    return { items: r.data, pages: r.pages ?? null, errors: null, failed: false };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 400) {
      const errors = upstreamFieldErrors(error, getT(context));
      return { items: [], pages: null, errors: Object.keys(errors).length ? errors : { form: [translateUpstream(error, getT(context))] }, failed: false };
    }
    return { items: [], pages: null, errors: null, failed: true };
  }
}

/** Active clinicians (providers and providerUsers), sorted by name: the provider filter and the new provider of a reassignment. */
async function loadClinicians(upstream: Upstream): Promise<Person[]> {
  try {
    const r = await upstream.call("GET /api/v1/users", { query: { roles: ["providers", "providerUsers"], userStatus: "active", sort: "fullName_asc", perPage: 100 } });
    return r.data.map((u) => ({ id: u.id, fullName: u.fullName }));
  } catch (error) {
    if (error instanceof UpstreamError) return [];
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// The list

export type PatientListData = { area: Area; path: string; state: ListState; list: ListResult; clinicians: Person[] };

export async function patientListLoader(request: Request, context: Context, area: Area): Promise<PatientListData> {
  const state = parseListState(new URL(request.url).searchParams);
  const upstream = getUpstream(context);
  const [list, clinicians] = await Promise.all([
    readList(() => upstream.call("GET /api/v1/treatments/provider-list", { query: listQuery(state) }), context),
    loadClinicians(upstream),
  ]);
  return { area, path: `/${area}/patients`, state, list, clinicians };
}

// ---------------------------------------------------------------------------------------------------
// Past due

export type PastDueData = { area: Area; path: string; state: PastDueState; list: ListResult };

export async function pastDueLoader(request: Request, context: Context, area: Area): Promise<PastDueData> {
  const state = parsePastDueState(new URL(request.url).searchParams);
  const upstream = getUpstream(context);
  const list = await readList(() => upstream.call("GET /api/v1/treatments/provider-list-past-due", { query: pastDueQuery(state) }), context);
  return { area, path: `/${area}/past-due-patients`, state, list };
}

// ---------------------------------------------------------------------------------------------------
// Workload

export type WorkloadData = {
  area: Area;
  path: string;
  state: WorkloadState;
  workload: Workload | null;
  clinicians: Person[];
  /** The chosen provider's open reviews (pending treatments), when one is chosen. */
  reviews: ListResult | null;
  /** The confirmation step: the treatments to move and the provider they go to. */
  confirm: { ids: number[]; to: Person | null } | null;
};

export async function workloadLoader(request: Request, context: Context, area: Area): Promise<WorkloadData> {
  const state = parseWorkloadState(new URL(request.url).searchParams);
  const upstream = getUpstream(context);
  const [workload, clinicians, reviews] = await Promise.all([
    upstream
      .call("GET /api/v1/treatments/provider-workload")
      .then((r) => r.data)
      .catch((error: unknown) => {
        if (error instanceof UpstreamError) return null;
        throw error;
      }),
    loadClinicians(upstream),
    state.providerId === null
      ? Promise.resolve(null)
      : readList(
          () =>
            upstream.call("GET /api/v1/treatments/provider-list", {
              query: { providerId: state.providerId!, reviewStatus: "pending", sort: "id_asc", perPage: 100, cursor: state.cursor ?? undefined, counts: "false" },
            }),
          context,
        ),
  ]);
  const confirm = state.confirm ? { ids: state.ids, to: clinicians.find((c) => c.id === state.to) ?? null } : null;
  return { area, path: `/${area}/workload`, state, workload, clinicians, reviews, confirm };
}

export type WorkloadActionData = { errors: Record<string, string[]> };

const idsOf = (values: FormDataEntryValue[]) => [...new Set(values.map(String).filter((v) => /^\d{1,9}$/.test(v)).map(Number).filter((n) => n > 0))].slice(0, 100);

/** The confirmed reassignment: POST intent=assign, ids, to. All or nothing upstream; errors stay in the confirmation step. */
export async function workloadAction(request: Request, context: Context, area: Area) {
  const url = new URL(request.url);
  const state = parseWorkloadState(url.searchParams);
  const form = await readForm(request);
  const t = getT(context);
  if (form.get("intent") !== "assign") return data({ errors: { form: [t("patientList:errors.unknownAction")] } } satisfies WorkloadActionData, { status: 400 });
  const ids = idsOf(form.getAll("ids"));
  const to = /^\d{1,9}$/.test(String(form.get("to") ?? "")) ? Number(form.get("to")) : null;
  const errors: Record<string, string[]> = {};
  if (!ids.length) errors.ids = [t("patientList:errors.noneSelected")];
  if (to === null) errors.to = [t("patientList:errors.chooseProvider")];
  if (Object.keys(errors).length) return data({ errors } satisfies WorkloadActionData, { status: 400 });
  try {
    const response = await getUpstream(context).call("POST /api/v1/treatments/assign-provider-bulk", { body: { ids, providerId: to! } });
    const message = translateSuccess(response, t, t("patientList:workload.assigned", { count: ids.length }));
    return redirectWithToast(context, workloadHref(`/${area}/workload`, { ...state, confirm: false, ids: [], to: null }), "success", message);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const fields = upstreamFieldErrors(error, t);
    const out: Record<string, string[]> = Object.keys(fields).length ? { ...fields } : { form: [translateUpstream(error, t)] };
    if (out.providerId) {
      out.to = out.providerId;
      delete out.providerId;
    }
    return data({ errors: out } satisfies WorkloadActionData, { status: error.status && error.status < 500 ? error.status : 502 });
  }
}
