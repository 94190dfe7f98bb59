/**
 * The URL state of the patients list pages (app/lib/patient-list.server.ts): parsed leniently (a value the
 * page does not offer is dropped, except the search text, which the API checks and the page reports), and
 * written back as links. Plain module: the browser imports it too.
 */
import { PATIENT_LIST_TABS, PROVIDER_LIST_SORTS, type PatientListTab, type ProviderListSort } from "../../../api/contract/provider-list-rules.ts";
import { PATIENT_STATUS_FILTERS, READY_TO_REVIEW_KINDS, type PatientStatusFilter, type ReadyToReviewKind } from "../../../api/contract/enums.ts";

export { PATIENT_LIST_TABS, PROVIDER_LIST_SORTS, PATIENT_STATUS_FILTERS, READY_TO_REVIEW_KINDS };
export type { PatientListTab, ProviderListSort };

export const JOURNEYS = [1, 2, 3, 4] as const;
export type Person = { id: number; fullName: string };

export type ListState = {
  tab: PatientListTab;
  status: PatientStatusFilter | null;
  readyToReview: ReadyToReviewKind | null;
  journey: number | null;
  providerId: number | null;
  search: string;
  sort: ProviderListSort;
  cursor: string | null;
  /** The page number shown beside the cursor links (1 = first page). */
  page: number;
};

export const DEFAULT_LIST_STATE: ListState = { tab: "all", status: null, readyToReview: null, journey: null, providerId: null, search: "", sort: "id_desc", cursor: null, page: 1 };

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null => ((values as readonly string[]).includes(v ?? "") ? (v as T) : null);
const id = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const journey = (v: string | null): number | null => (v && /^[1-4]$/.test(v) ? Number(v) : null);
const cursorOf = (v: string | null): string | null => (v && /^[A-Za-z0-9_-]{1,300}$/.test(v) ? v : null);
const pageOf = (v: string | null): number => (v && /^\d{1,5}$/.test(v) && Number(v) >= 1 ? Number(v) : 1);

export function parseListState(params: URLSearchParams): ListState {
  const cursor = cursorOf(params.get("cursor"));
  return {
    tab: oneOf(PATIENT_LIST_TABS, params.get("tab")) ?? "all",
    status: oneOf(PATIENT_STATUS_FILTERS, params.get("status")),
    readyToReview: oneOf(READY_TO_REVIEW_KINDS, params.get("readyToReview")),
    journey: journey(params.get("journey")),
    providerId: id(params.get("providerId")),
    search: (params.get("search") ?? "").trim(),
    sort: oneOf(PROVIDER_LIST_SORTS, params.get("sort")) ?? "id_desc",
    cursor,
    page: cursor ? pageOf(params.get("page")) : 1,
  };
}

/** The state as query parameters (defaults left out). */
export function listParams(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.tab !== "all") p.set("tab", state.tab);
  if (state.search) p.set("search", state.search);
  if (state.status) p.set("status", state.status);
  if (state.readyToReview) p.set("readyToReview", state.readyToReview);
  if (state.journey !== null) p.set("journey", String(state.journey));
  if (state.providerId !== null) p.set("providerId", String(state.providerId));
  if (state.sort !== "id_desc") p.set("sort", state.sort);
  if (state.cursor) {
    p.set("cursor", state.cursor);
    p.set("page", String(state.page));
  }
  return p;
}

/** A link to the list with some of the state changed; any change but the cursor's starts from the first page. */
export function listHref(path: string, state: ListState, change: Partial<ListState> = {}): string {
  const paging = "cursor" in change;
  const next = { ...state, ...(paging ? {} : { cursor: null, page: 1 }), ...change };
  const qs = listParams(next).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The upstream query of GET /api/v1/treatments/provider-list. */
export function listQuery(state: ListState): Record<string, string | number | undefined> {
  return {
    tab: state.tab,
    status: state.status ?? undefined,
    readyToReview: state.readyToReview ?? undefined,
    journey: state.journey === null ? undefined : String(state.journey),
    providerId: state.providerId ?? undefined,
    search: state.search || undefined,
    sort: state.sort,
    cursor: state.cursor ?? undefined,
    perPage: 20,
  };
}

/** The column sorts a header link toggles: name (A→Z, Z→A) and date created (newest, oldest). */
export function sortToggle(current: ProviderListSort, column: "name" | "created"): ProviderListSort {
  if (column === "name") return current === "name_asc" ? "name_desc" : "name_asc";
  return current === "id_desc" ? "id_asc" : "id_desc";
}
export function ariaSort(current: ProviderListSort, column: "name" | "created"): "ascending" | "descending" | undefined {
  if (column === "name") return current === "name_asc" ? "ascending" : current === "name_desc" ? "descending" : undefined;
  return current === "id_asc" ? "ascending" : current === "id_desc" ? "descending" : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Past due

export type PastDueState = { journey: number | null; cursor: string | null; page: number };

export function parsePastDueState(params: URLSearchParams): PastDueState {
  const cursor = cursorOf(params.get("cursor"));
  return { journey: journey(params.get("journey")), cursor, page: cursor ? pageOf(params.get("page")) : 1 };
}
export function pastDueHref(path: string, state: PastDueState, change: Partial<PastDueState> = {}): string {
  const next = { ...state, ...("cursor" in change ? {} : { cursor: null, page: 1 }), ...change };
  const p = new URLSearchParams();
  if (next.journey !== null) p.set("journey", String(next.journey));
  if (next.cursor) {
    p.set("cursor", next.cursor);
    p.set("page", String(next.page));
  }
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}
export function pastDueQuery(state: PastDueState): Record<string, string | number | undefined> {
  return { journey: state.journey === null ? undefined : String(state.journey), cursor: state.cursor ?? undefined, perPage: 20 };
}

// ---------------------------------------------------------------------------------------------------
// Workload

export type WorkloadState = { providerId: number | null; cursor: string | null; page: number; confirm: boolean; ids: number[]; to: number | null };

export function parseWorkloadState(params: URLSearchParams): WorkloadState {
  const cursor = cursorOf(params.get("cursor"));
  const ids = [...new Set(params.getAll("ids").map(id).filter((n): n is number => n !== null))].slice(0, 100);
  return { providerId: id(params.get("providerId")), cursor, page: cursor ? pageOf(params.get("page")) : 1, confirm: params.get("confirm") === "assign", ids, to: id(params.get("to")) };
}
export function workloadParams(state: WorkloadState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.providerId !== null) p.set("providerId", String(state.providerId));
  if (state.cursor) {
    p.set("cursor", state.cursor);
    p.set("page", String(state.page));
  }
  if (state.confirm) p.set("confirm", "assign");
  for (const i of state.ids) p.append("ids", String(i));
  if (state.to !== null) p.set("to", String(state.to));
  return p;
}
export function workloadHref(path: string, state: WorkloadState, change: Partial<WorkloadState> = {}): string {
  const qs = workloadParams({ ...state, ...change }).toString();
  return qs ? `${path}?${qs}` : path;
}
