/**
 * Subscriptions self-service and renewals (issue 16 part B; spec §3 Subscription, §4 subscription statuses and plan
 * changes, §5 add-on period and payment source, §8 texts). The plain rules the browser may import (no zod): the
 * actions, the refusal codes, the renewal blockers, the retry schedule, the cancellation reasons and limits. The
 * schemas are in ./subscriptions.ts, the state machine and the plan-change scheduling in
 * api/domain/subscriptions.ts.
 *
 * Roles (decision; spec §6 names renewals as a staff page of every staff role, the self-service as the patient's):
 *  - the patient: their own subscriptions only (another's answers 404, like an unknown id);
 *  - the plans a subscription may change to (`GET /api/v2/products/subscription`): the patient (their own), and every
 *    staff role for one subscription of a patient they may see (read-only; see api/contract/subscriptions.ts);
 *  - the renewals list (`GET /api/v1/renewals`): every staff role (the sidebar's "renewals" entry), on the patients
 *    each may see (api/domain/patient-access.ts).
 */
import { STAFF_ROLES } from "./roles.ts";

/** What a patient (or the renewal worker) does to a subscription. */
export const SUBSCRIPTION_ACTIONS = [
  "changePlan",
  "cancelScheduledChange",
  "addAddon",
  "removeAddon",
  "pause",
  "resume",
  "cancel",
  "acceptRetention",
  "reactivate",
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** A refused action answers 409 with one of these codes (texts in api/contract/codes.ts). */
export const SUBSCRIPTION_REFUSALS = [
  "subscriptions.notActiveOrFuture",
  "subscriptions.notPaused",
  "subscriptions.notActive",
  "subscriptions.pendingCancellation",
  "subscriptions.noScheduledChange",
  "subscriptions.notCancelled",
  "subscriptions.pastDue",
  "subscriptions.resumePending",
  "subscriptions.retentionUsed",
] as const;
export type SubscriptionRefusal = (typeof SUBSCRIPTION_REFUSALS)[number];

/** Why an upcoming renewal cannot go through as it is (the staff renewals list). */
export const RENEWAL_BLOCKERS = ["noPaymentMethod", "cardDeclined", "checkIn", "prescription", "pendingCancellation"] as const;
export type RenewalBlocker = (typeof RENEWAL_BLOCKERS)[number];

/** Days after the first decline of a renewal when the charge is tried again (issue 16: 1, 3, 5 days). */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

/** Cancellation reasons (spec §5: a reason is required). "other" needs a note. */
export const CANCEL_REASONS = ["tooExpensive", "sideEffects", "reachedGoal", "notWorking", "switching", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const SUBSCRIPTION_LIMITS = { cancelNote: 1000, productSearch: 100 } as const;

/** Validation message keys of the subscription forms (the web's "subscriptions" namespace translates them). */
export const SUBSCRIPTION_V = {
  planRequired: "subscriptions.planRequired",
  addonPeriod: "subscriptions.addonPeriod",
  reasonRequired: "subscriptions.reasonRequired",
  samePlan: "subscriptions.samePlan",
  planNotOffered: "subscriptions.planNotOffered",
  addonNotOffered: "subscriptions.addonNotOffered",
  addonPresent: "subscriptions.addonPresent",
  productNotLive: "subscriptions.productNotLive",
  productUnavailable: "subscriptions.productUnavailable",
  prescriptionRequired: "subscriptions.prescriptionRequired",
} as const;

export const SUBSCRIPTION_STAFF_ROLES = STAFF_ROLES;

/**
 * The one-time retention offer of the cancellation flow (spec §4: "a one-time offer to switch to a maintenance
 * plan"). Decision: the maintenance plan is the journey's live medication plan of the same period with the lowest
 * price per month, when it is cheaper than the current plan; none otherwise. Offered once per subscription: used up
 * when the patient accepts it or cancels after seeing it.
 */
export const RETENTION_OFFER = { samePeriod: true } as const;
