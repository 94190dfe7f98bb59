/**
 * The patients list's plain constants (no zod): the API's schemas (./provider-list.ts) and the web pages
 * (app/routes/team/patients.tsx, past-due-patients.tsx, workload.tsx) share them.
 */
import { PATIENT_LIST_TABS, type PatientListTab, type PatientStatusKey } from "./enums.ts";

export { PATIENT_LIST_TABS, type PatientListTab };

/** Rows per page (like the task list) and the most one page may ask for. */
export const PROVIDER_LIST_DEFAULT_PER_PAGE = 20;
export const PROVIDER_LIST_MAX_PER_PAGE = 100;
/** Per-tab counts stop at this many rows: the list shows "1,000+" (no exact count over a whole table per request). */
export const PROVIDER_LIST_COUNT_CAP = 1000;
/** The intake review promise (spec §4, §9: "Intake review by the assigned provider takes 24-48 hours"). */
export const PAST_DUE_HOURS = 48;
/** Most treatments one bulk assignment may move (one page of the workload list at its largest). */
export const BULK_ASSIGN_MAX = 100;
/** Longest search text. */
export const PROVIDER_LIST_SEARCH_MAX = 100;

/** Sorts of the list: newest / oldest (treatment id, which follows the date it was created) and patient name. */
export const PROVIDER_LIST_SORTS = ["id_desc", "id_asc", "name_asc", "name_desc"] as const;
export type ProviderListSort = (typeof PROVIDER_LIST_SORTS)[number];

export const REVIEW_STATUSES = ["pending", "approved", "cancelled", "declined"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * How each tab of spec §4 maps to the patient's string status (patients.status_key) and the treatment's review
 * status: the decision, written once here and as SQL in the generated column treatments.list_tab (migration 0011;
 * tests/api/provider-list.test.ts checks every row of every tab against this table). A treatment is in at most one
 * tab besides "all"; a treatment matching no rule (e.g. a new intake whose review was declined) is only in "all".
 * The first matching rule wins, in this order.
 *
 * | tab                 | patient status keys                                                              | review status |
 * |---------------------|----------------------------------------------------------------------------------|---------------|
 * | new_intake          | registered, health_history, intake_completed, requires_two_way, two_way_before_approval, paid_patient | pending |
 * | review_ready        | ready_to_review_new_patient, ready_to_review_refill                              | pending       |
 * | missing_information | missing_information                                                              | any           |
 * | nc_decline          | nc_decline, declined_authorization, no_payment_method                            | any           |
 * | awaiting_coverage   | awaiting_coverage, prior_authorization, waiting_on_client_for_prior_auth, compounding_patient, waiting_on_client_compound | any |
 * | active              | active, subscribed (any review); or a new-intake / ready-to-review key with the review approved | any / approved |
 * | renewals            | active_patient_prescription_renews                                               | any           |
 * | unresponsive        | unresponsive, no_show                                                            | any           |
 * | inactive            | canceled, declined, on_pause, pending_cancellation                               | any           |
 */
export const INTAKE_KEYS = ["registered", "health_history", "intake_completed", "requires_two_way", "two_way_before_approval", "paid_patient"] as const satisfies readonly PatientStatusKey[];
export const READY_KEYS = ["ready_to_review_new_patient", "ready_to_review_refill"] as const satisfies readonly PatientStatusKey[];
export const PATIENT_LIST_TAB_RULES: readonly { tab: Exclude<PatientListTab, "all">; keys: readonly PatientStatusKey[]; review?: ReviewStatus }[] = [
  { tab: "new_intake", keys: INTAKE_KEYS, review: "pending" },
  { tab: "review_ready", keys: READY_KEYS, review: "pending" },
  { tab: "missing_information", keys: ["missing_information"] },
  { tab: "nc_decline", keys: ["nc_decline", "declined_authorization", "no_payment_method"] },
  { tab: "awaiting_coverage", keys: ["awaiting_coverage", "prior_authorization", "waiting_on_client_for_prior_auth", "compounding_patient", "waiting_on_client_compound"] },
  { tab: "active", keys: ["active", "subscribed"] },
  { tab: "active", keys: [...INTAKE_KEYS, ...READY_KEYS], review: "approved" },
  { tab: "renewals", keys: ["active_patient_prescription_renews"] },
  { tab: "unresponsive", keys: ["unresponsive", "no_show"] },
  { tab: "inactive", keys: ["canceled", "declined", "on_pause", "pending_cancellation"] },
];

/** The tab of a treatment by the rules above (null: only in "all"). */
export function listTabOf(statusKey: string, reviewStatus: string): Exclude<PatientListTab, "all"> | null {
  for (const rule of PATIENT_LIST_TAB_RULES) {
    if ((rule.keys as readonly string[]).includes(statusKey) && (!rule.review || rule.review === reviewStatus)) return rule.tab;
  }
  return null;
}

/**
 * The treatment's displayed state (spec §4): cancelled if the review status is pending, approved or cancelled and
 * the subscription status is cancelled (3) or not renewed (4); otherwise declined if declined; pending if pending;
 * else approved.
 */
export function displayedStateOf(reviewStatus: ReviewStatus, subscriptionStatus: number | null): ReviewStatus {
  if (reviewStatus !== "declined" && (subscriptionStatus === 3 || subscriptionStatus === 4)) return "cancelled";
  if (reviewStatus === "declined") return "declined";
  if (reviewStatus === "pending") return "pending";
  return "approved";
}
