/**
 * Contract of the patients list calls (spec §4 patient list tabs, status filter, ready-to-review; §7
 * provider-list, provider-list-past-due, assign-provider-bulk). The API routes are api/routes/provider-list.ts;
 * the plain constants (tabs and their rules, sorts, limits) are ./provider-list-rules.ts.
 *
 * | call                                        | query / body                          | data                          |
 * |---------------------------------------------|---------------------------------------|-------------------------------|
 * | GET  /api/v1/treatments/provider-list       | providerListQuery (below)             | ProviderListItem[] + pages (with tabCounts) |
 * | GET  /api/v1/treatments/provider-list-past-due | pastDueQuery                       | ProviderListItem[] + pages    |
 * | GET  /api/v1/treatments/provider-workload   | (none; ours: "not shown" in the spec) | WorkloadRow[]                 |
 * | POST /api/v1/treatments/assign-provider-bulk | { ids, providerId }                  | { ids, count }, "Provider assigned." |
 *
 * A row is a treatment with its patient (spec §3 search result: a treatment carries its patient): a patient with two
 * journeys is two rows. Rows: treatment id, patient (id, name, email, phone, date of birth, age), journey, review
 * status and kind, the displayed state of §4 (from the latest subscription of the treatment), the patient's numeric
 * and string status, the list tab, the assigned provider, and the dates.
 *
 * Decisions:
 * - Tabs: PATIENT_LIST_TAB_RULES (./provider-list-rules.ts) map each tab to patient status keys and review
 *   statuses. The tab is stored on the treatment (generated column treatments.list_tab over copies of the
 *   patient's status kept by triggers, migration 0011) so a tab page is one index range.
 * - Status filter (spec §4 "inactive, active"): inactive = the patient's numeric status is Inactive (0); active =
 *   any other status.
 * - Ready to review (spec §4 "new patient, refill"): the treatment's review is pending and its review kind is
 *   new_patient / refill.
 * - reviewStatus: the treatment's review status (the workload lists a provider's open reviews: pending).
 * - Search (one box: name, ID, phone, email or date of birth, spec §2 placeholder), read by its shape:
 *   digits only, up to 9: a treatment id or a patient id; 10 or more digits (spaces, dashes, dots, brackets and a
 *   leading + allowed): a phone number, exactly (US numbers with or without the country code 1);
 *   mm/dd/yyyy or yyyy-mm-dd: a date of birth; text with "@": an email address or its beginning (case-insensitive);
 *   one word: a part of the patient's full name (case-insensitive); several words: the beginning of the full name,
 *   "first last" (case-insensitive, spaces collapsed: "emma car" finds Emma Carter, "carter emma" does not). The
 *   several-word case reads an index range (migration 0020); a trigram match of a text with a space read every row
 *   holding the words' trigrams (120 ms for a common first and last name at 1,000,000 treatments).
 * - Paging: keyset cursors only (pages.nextCursor; no page numbers, so no OFFSET at any depth).
 * - Counts: on the first page (no cursor), pages.tabCounts gives every tab's count under the same filters and
 *   search, each counted over at most PROVIDER_LIST_COUNT_CAP + 1 rows (capped: true means "1,000+"; never an exact
 *   count over a whole table); totalCount is the current tab's. A page by cursor (or counts=false) counts only its
 *   own tab (no tabCounts): the counts do not change with the depth, so a client keeps those of the first page.
 *   With a search by name, or for a provider (providerUsers: the visibility rule is a set of patients built once per
 *   statement), the tab counts come from one scan of at most PROVIDER_LIST_COUNT_CAP + 1 matching rows
 *   grouped by tab (a name matching a large share of a million patients would otherwise be scanned once per tab):
 *   exact while the matches are fewer, and otherwise lower bounds for every tab (capped: true, "N+").
 * - Past due: a treatment whose review is still pending PAST_DUE_HOURS (48) hours after it was created (the 24–48 h
 *   review promise of §4), oldest first.
 * - Visibility: every list shows only the patients the caller may see (api/domain/patient-access.ts); bulk
 *   assignment is for the clinic-wide manager roles, and a treatment id that is unknown answers 404 for all.
 * - Audit: each list read is one audit row with the ids of the patients it returned (never the search text); a
 *   bulk assignment writes one row per treatment moved, with its patient, in the same transaction.
 *
 * Errors: 400 with data.errors / data.fieldCodes for a malformed query or body, 401 guest, 403 role or CSRF,
 * 404 (assign-provider-bulk) when one of the treatments does not exist (nothing changes).
 */
import { z } from "zod";
import { PATIENT_LIST_TABS, PATIENT_STATUS_FILTERS, PATIENT_STATUS_KEYS, READY_TO_REVIEW_KINDS, isServiceSection, type ServiceSection } from "./enums.ts";
import {
  BULK_ASSIGN_MAX,
  PROVIDER_LIST_DEFAULT_PER_PAGE,
  PROVIDER_LIST_MAX_PER_PAGE,
  PROVIDER_LIST_SEARCH_MAX,
  PROVIDER_LIST_SORTS,
  REVIEW_STATUSES,
} from "./provider-list-rules.ts";
import { pagesSchema } from "./common.ts";
import { idField } from "./tasks.ts";
import { V } from "./validation.ts";

export * from "./provider-list-rules.ts";

const journeyField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, V.invalid)
    .transform(Number)
    .refine(isServiceSection, V.invalid)
    .transform((v) => v as ServiceSection)
    .meta({ description: "Journey (sectionType): 1 weight loss, 2 sexual wellness, 3 pharmacy purchase, 4 haircare" });

const perPage = () => z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(PROVIDER_LIST_MAX_PER_PAGE, V.invalid).default(PROVIDER_LIST_DEFAULT_PER_PAGE);
const cursor = () => z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" });

/** GET /api/v1/treatments/provider-list. Empty values are ignored (a GET form sends every field). */
export const providerListQuerySchema = z.object({
  tab: z.enum(PATIENT_LIST_TABS, { error: V.invalid }).default("all").meta({ description: "List tab (spec §4); all by default" }),
  status: z.enum(PATIENT_STATUS_FILTERS, { error: V.invalid }).optional().meta({ description: "inactive (numeric status 0) or active (any other)" }),
  readyToReview: z.enum(READY_TO_REVIEW_KINDS, { error: V.invalid }).optional().meta({ description: "new_patient or refill: pending reviews of that kind" }),
  reviewStatus: z.enum(REVIEW_STATUSES, { error: V.invalid }).optional(),
  journey: journeyField().optional(),
  providerId: idField().optional().meta({ description: "The assigned provider" }),
  search: z.string().trim().max(PROVIDER_LIST_SEARCH_MAX, V.maxLength).optional().meta({ description: "Name, ID, phone, email or date of birth (see the contract)" }),
  sort: z.enum(PROVIDER_LIST_SORTS, { error: V.invalid }).default("id_desc"),
  cursor: cursor(),
  perPage: perPage(),
  counts: z.enum(["true", "false"], { error: V.invalid }).default("true").transform((v) => v === "true").meta({ description: "false: no tabCounts (only the tab's own capped count), for lists that show no tabs" }),
});
export type ProviderListQuery = z.output<typeof providerListQuerySchema>;

/** GET /api/v1/treatments/provider-list-past-due. */
export const pastDueQuerySchema = z.object({
  journey: journeyField().optional(),
  providerId: idField().optional(),
  cursor: cursor(),
  perPage: perPage(),
});
export type PastDueQuery = z.output<typeof pastDueQuerySchema>;

/** Drops empty values: `?search=&journey=` is no search and no journey. */
export function dropEmpty(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) out[k] = v.length ? v[v.length - 1] : undefined;
    else out[k] = v;
    if (typeof out[k] === "string" && (out[k] as string).trim() === "") delete out[k];
    if (out[k] === undefined) delete out[k];
  }
  return out;
}

/** POST /api/v1/treatments/assign-provider-bulk: many treatments → one provider (role providers or providerUsers, active). */
export const assignProviderBulkSchema = z.object({
  ids: z
    .array(idField(), { error: (iss) => (iss.input === undefined ? V.required : V.invalid) })
    .min(1, V.required)
    .max(BULK_ASSIGN_MAX, V.invalid)
    .transform((ids) => [...new Set(ids)])
    .meta({ description: `Treatment ids, 1–${BULK_ASSIGN_MAX}` }),
  providerId: idField(),
});
export type AssignProviderBulk = z.output<typeof assignProviderBulkSchema>;

// ---------------------------------------------------------------------------------------------------
// Answers

const reviewStatusSchema = z.enum(REVIEW_STATUSES);

export const providerListItemSchema = z.object({
  /** The treatment's id. */
  id: z.number().int(),
  patient: z.object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** yyyy-MM-dd. */
    dateOfBirth: z.string().nullable(),
    age: z.number().int().nullable(),
  }),
  sectionType: z.number().int(),
  reviewStatus: reviewStatusSchema,
  reviewKind: z.enum(READY_TO_REVIEW_KINDS),
  /** The displayed state of spec §4 (review status and subscription status). */
  displayedState: reviewStatusSchema,
  subscriptionStatus: z.number().int().nullable(),
  patientStatus: z.number().int(),
  patientStatusKey: z.enum(PATIENT_STATUS_KEYS),
  tab: z.enum(PATIENT_LIST_TABS).nullable(),
  provider: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Hours the review has waited since the treatment was created (pending reviews), else null. */
  waitingHours: z.number().int().nullable(),
});
export type ProviderListItem = z.infer<typeof providerListItemSchema>;

const tabCountSchema = z.object({ count: z.number().int(), capped: z.boolean() });
export type TabCount = z.infer<typeof tabCountSchema>;

export const providerListPagesSchema = pagesSchema.extend({
  totalCountCapped: z.boolean(),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /** Every tab's count under the same filters (capped at PROVIDER_LIST_COUNT_CAP); first page only. */
  tabCounts: z.record(z.enum(PATIENT_LIST_TABS), tabCountSchema).optional(),
});
export type ProviderListPages = z.infer<typeof providerListPagesSchema>;

export const workloadRowSchema = z.object({
  provider: z.object({ id: z.number().int(), fullName: z.string(), role: z.enum(["providers", "providerUsers"]) }),
  /** Pending reviews assigned to this provider (capped at PROVIDER_LIST_COUNT_CAP). */
  openReviews: z.number().int(),
  /** Distinct patients among them. */
  patients: z.number().int(),
  capped: z.boolean(),
  /** Of them, past due (pending longer than PAST_DUE_HOURS), capped likewise. */
  pastDue: z.number().int(),
});
export type WorkloadRow = z.infer<typeof workloadRowSchema>;
export const workloadSchema = z.object({ providers: z.array(workloadRowSchema), unassigned: z.object({ openReviews: z.number().int(), capped: z.boolean() }) });
export type Workload = z.infer<typeof workloadSchema>;

export const assignProviderBulkResultSchema = z.object({ ids: z.array(z.number().int()), count: z.number().int() });
