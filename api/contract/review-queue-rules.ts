/**
 * Plain rules of the clinical review queues (ready for review, charts, uploads review) that the browser may import:
 * no zod here (api/contract/review-queues.ts holds the schemas).
 */

import { STAFF_ROLES } from "./roles.ts";

/** Spec §9: "provider intake review 24–48 hours". The promise the ready-for-review list counts down from. */
export const REVIEW_PROMISE_HOURS = 48;

/** The remaining-time colour and the duration text of spec §9 are app/lib/format.ts (remainingTimeColour, formatDuration). */

/** The ready-for-review list's kinds (the patient statuses ready_to_review_new_patient / ready_to_review_refill). */
export const READY_KINDS = ["new_patient", "refill"] as const;
export type ReadyKind = (typeof READY_KINDS)[number];

/** Chart states (spec §4: To review, Reviewed; a review can be cancelled, or approved by signing). */
export const CHART_REVIEW_STATUSES = ["to_review", "reviewed", "cancelled"] as const;
export type ChartReviewStatus = (typeof CHART_REVIEW_STATUSES)[number];
/** The charts list's tabs. */
export const CHART_TABS = ["to_review", "reviewed"] as const;
export type ChartTab = (typeof CHART_TABS)[number];

/**
 * The provider consent of spec §6 the signer confirms, by version: the text is in the locales
 * (review:chart.consent.<version>), the version is stored with the signature.
 */
export const CHART_CONSENT_VERSION = "glp1-protocol-v1";
export const CHART_CONSENT_TEXT_EN =
  "By signing, I authorize the nursing team to initiate, adjust and monitor GLP-1 therapy per protocol.";

/** An addendum's length. */
export const ADDENDUM_MAX = 4000;

/** Page sizes. */
export const QUEUE_DEFAULT_PER_PAGE = 25;
export const QUEUE_MAX_PER_PAGE = 100;

/** Roles that sign charts, cancel their review and write addenda (the clinicians). */
export const CHART_SIGNER_ROLES = ["providers", "providerUsers"] as const;
/** Roles that read charts: the clinicians and medical support (spec §2 "medical support … charts"). */
export const CHART_READER_ROLES = ["providers", "providerUsers", "medicalSupport", "medicalSupportManagers"] as const;
/** The ready-for-review list: the clinicians. */
export const READY_FOR_REVIEW_ROLES = ["providers", "providerUsers"] as const;
/** The uploads review queue: providers and every staff role (the /staff/uploads and /manager/uploads pages). */
export const UPLOAD_REVIEWER_ROLES = STAFF_ROLES;
