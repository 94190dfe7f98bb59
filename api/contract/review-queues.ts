/**
 * The clinical review queues (issue 14): ready for review, charts and the uploads review. Designed here (the spec
 * names the screens, not the calls):
 *
 * | call | query / body | answer |
 * |---|---|---|
 * | GET  /api/v1/treatments/ready-for-review | kind?, cursor?, perPage? | ReadyItem[] + pages |
 * | GET  /api/v1/charts | tab (to_review / reviewed), cursor?, perPage? | ChartListItem[] + pages |
 * | GET  /api/v1/charts/{id} | | { chart: Chart } |
 * | POST /api/v1/charts/{id}/sign | { consent: "on" } | { chart } (409 charts.transitionRefused) |
 * | POST /api/v1/charts/{id}/cancel | | { chart } (409) |
 * | POST /api/v1/charts/{id}/addenda | { body } | { chart } (409 charts.notSigned) |
 * | GET  /api/v1/uploads/review | status?, category?, cursor?, perPage? | ReviewUpload[] + pages |
 * | PUT  /api/v1/uploads/{id}/review | { status: completed / for_review } | { upload } |
 * | PUT  /api/v1/uploads/{id}/visibility | { visibility: 0 / 1 } | { upload } |
 *
 * - A chart id is a treatment id (api/contract/treatments.ts). A chart exists once the treatment was approved.
 * - Paging: keyset cursors only (pages.nextCursor); no page numbers and no exact count of a large table
 *   (pages.totalCount is the page's own length; hasMore says whether another page follows).
 * - Ready for review: oldest first. For a clinician, the patients of the states of their active licenses come
 *   first (`inLicensedState` true), then the rest; the cursor remembers which part it is in.
 * - Every call answers only patients the caller may see (api/domain/patient-access.ts): a chart or upload of any
 *   other patient is a 404 like an unknown id. Lists are audited with the patients they returned; changes and
 *   chart reads are audited.
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { V } from "./validation.ts";
import {
  ADDENDUM_MAX,
  CHART_REVIEW_STATUSES,
  CHART_TABS,
  QUEUE_DEFAULT_PER_PAGE,
  QUEUE_MAX_PER_PAGE,
  READY_KINDS,
} from "./review-queue-rules.ts";
import { recordFormValueSchema } from "./patients.ts";
import { signatureViewSchema } from "./signatures.ts";

export * from "./review-queue-rules.ts";

const perPage = () => z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(QUEUE_MAX_PER_PAGE, V.invalid).default(QUEUE_DEFAULT_PER_PAGE);
const cursor = () => z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" });
const person = z.object({ id: z.number().int(), fullName: z.string() });

export const queuePagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type QueuePages = z.infer<typeof queuePagesSchema>;

// ── Ready for review ───────────────────────────────────────────────────────────────────────────

export const readyQuerySchema = z.object({
  kind: z.enum(READY_KINDS, { error: V.invalid }).optional().meta({ description: "new_patient or refill; both when absent" }),
  cursor: cursor(),
  perPage: perPage(),
});
export type ReadyQuery = z.output<typeof readyQuerySchema>;

export const readyItemSchema = z.object({
  id: z.number().int().meta({ description: "The treatment id" }),
  patient: person,
  sectionType: z.number().int().meta({ description: "Journey (1 weight loss, 2 sexual wellness, 3 pharmacy purchase, 4 haircare)" }),
  kind: z.enum(READY_KINDS),
  waitingSince: z.string().meta({ description: "When the treatment was created (ISO)" }),
  dueAt: z.string().meta({ description: "waitingSince + REVIEW_PROMISE_HOURS (48 h)" }),
  minutesLeft: z.number().int().meta({ description: "Minutes until dueAt when the answer was made; negative = overdue" }),
  provider: person.nullable(),
  patientState: z.string().nullable(),
  /** For a clinician: the patient lives in one of the states of their active licenses. Null for other roles. */
  inLicensedState: z.boolean().nullable(),
});
export type ReadyItem = z.infer<typeof readyItemSchema>;

// ── Charts ─────────────────────────────────────────────────────────────────────────────────────

export const chartsQuerySchema = z.object({
  tab: z.enum(CHART_TABS, { error: V.invalid }).default("to_review"),
  cursor: cursor(),
  perPage: perPage(),
});
export type ChartsQuery = z.output<typeof chartsQuerySchema>;

export const chartListItemSchema = z.object({
  id: z.number().int().meta({ description: "The chart id (= the treatment id)" }),
  patient: person,
  sectionType: z.number().int(),
  status: z.enum(CHART_REVIEW_STATUSES),
  readySince: z.string(),
  provider: person.nullable(),
  signedBy: person.nullable(),
  signedAt: z.string().nullable(),
});
export type ChartListItem = z.infer<typeof chartListItemSchema>;

export const chartSchema = z.object({
  id: z.number().int(),
  patient: z.object({ id: z.number().int(), fullName: z.string(), dateOfBirth: z.string().nullable() }),
  sectionType: z.number().int(),
  reviewKind: z.enum(READY_KINDS),
  treatmentStatus: z.enum(["pending", "approved", "cancelled", "declined"]),
  provider: person.nullable(),
  approvedAt: z.string().nullable(),
  status: z.enum(CHART_REVIEW_STATUSES),
  readySince: z.string(),
  intakeAnswers: z.array(z.object({ question: z.string(), answer: recordFormValueSchema })),
  visits: z.array(
    z.object({ id: z.number().int(), visitType: z.string(), provider: person.nullable(), createdAt: z.string(), recordForm: z.record(z.string(), recordFormValueSchema) }),
  ),
  notes: z.array(z.object({ id: z.number().int(), kind: z.enum(["provider", "nurse"]), author: person.nullable(), body: z.string(), createdAt: z.string() })),
  signedBy: person.nullable(),
  signedAt: z.string().nullable(),
  /** The signer's signature (issue 19) as it was when they signed (a copy kept then): picture and typed name, or null when there was none. */
  signature: signatureViewSchema.nullable(),
  consentVersion: z.string().nullable(),
  cancelledBy: person.nullable(),
  cancelledAt: z.string().nullable(),
  addenda: z.array(z.object({ id: z.number().int(), author: person.nullable(), body: z.string(), createdAt: z.string() })),
  /** What the caller may do now (the chart state machine and the caller's role). */
  can: z.object({ sign: z.boolean(), cancel: z.boolean(), addAddendum: z.boolean() }),
});
export type Chart = z.infer<typeof chartSchema>;
export const chartAnswerSchema = z.object({ chart: chartSchema });

/** POST /api/v1/charts/{id}/sign: the provider consent (spec §6) must be confirmed. */
export const chartSignSchema = z
  .object({
    consent: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.enum(["on", "true"], { error: V.chartConsent })).meta({ description: "\"on\": the signer confirms the provider consent text (CHART_CONSENT_VERSION)" }),
  })
  .strict();
export const chartCancelSchema = z.object({}).strict();
export const chartAddendumSchema = z
  .object({ body: z.string({ error: V.required }).trim().min(1, V.required).max(ADDENDUM_MAX, V.maxLength) })
  .strict();

// ── Uploads review ─────────────────────────────────────────────────────────────────────────────

export const uploadsReviewQuerySchema = z.object({
  status: z.enum(["for_review", "completed"], { error: V.invalid }).default("for_review"),
  category: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(5, V.invalid).optional(),
  cursor: cursor(),
  perPage: perPage(),
});
export type UploadsReviewQuery = z.output<typeof uploadsReviewQuerySchema>;

export const reviewUploadSchema = z.object({
  id: z.number().int(),
  patient: person,
  category: z.number().int().meta({ description: "Lab results 1, Bloodwork 2, ID 3, Insurance 4, Other 5" }),
  title: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  isImage: z.boolean(),
  status: z.enum(["for_review", "completed"]),
  visibility: z.number().int().meta({ description: "InvisibleToPatient 0, VisibleToPatient 1" }),
  createdAt: z.string(),
  url: z.string().meta({ description: "The file (GET, the web answers the same path)" }),
});
export type ReviewUpload = z.infer<typeof reviewUploadSchema>;
export const reviewUploadAnswerSchema = z.object({ upload: reviewUploadSchema });
export const uploadReviewStatusSchema = z.object({ status: z.enum(["for_review", "completed"], { error: V.invalid }) }).strict();
export const uploadVisibilitySchema = z.object({ visibility: z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(1, V.invalid) }).strict();
