/**
 * The treatment review state machine (spec §4: review status pending / approved / cancelled / declined, the
 * displayed state, and the treatment actions). One table of transitions: each action names the review statuses
 * it may start from and the status it leads to. `PUT /api/v1/treatments/{id}/update-status` (staff set a status
 * directly) goes through `transition("update-status", …)`; the clinical review issue adds its actions (approve,
 * decline, modify-request, no-show, resume) as rows of TRANSITIONS, so every change of a review status is
 * checked here. A refused transition is a 409 with the stable code `treatments.transitionRefused`.
 *
 * Decision (the spec lists the statuses and actions, not the arrows): a staff status update may
 *  - approve or decline a pending treatment, or cancel it (the patient withdrew);
 *  - cancel an approved treatment (care stopped), but not send it back to review or decline it after approval;
 *  - reopen a cancelled or declined treatment for review (pending), the "resume" of the review, nothing else;
 *  - never "change" a status to itself.
 */
import {
  TREATMENT_REVIEW_STATUSES,
  treatmentDisplayedState,
  type SubscriptionStatus,
  type TreatmentReviewStatus,
} from "../contract/enums.ts";

export type TreatmentAction = "update-status";

type Transition = { action: TreatmentAction; from: readonly TreatmentReviewStatus[]; to: TreatmentReviewStatus };

/** The allowed transitions, one row per action and target status. */
export const TRANSITIONS: readonly Transition[] = [
  { action: "update-status", from: ["pending"], to: "approved" },
  { action: "update-status", from: ["pending"], to: "declined" },
  { action: "update-status", from: ["pending", "approved"], to: "cancelled" },
  { action: "update-status", from: ["cancelled", "declined"], to: "pending" },
];

/** The English refusal of a transition (the code's message in api/contract/codes.ts carries the same words). */
export const TRANSITION_REFUSED_MESSAGE = "This treatment cannot go from {{from}} to {{to}}.";

export type TransitionResult = { ok: true; to: TreatmentReviewStatus } | { ok: false; code: "treatments.transitionRefused"; params: { from: TreatmentReviewStatus; to: TreatmentReviewStatus } };

/** Whether `action` may take a treatment from `from` to `to`. */
export function canTransition(action: TreatmentAction, from: TreatmentReviewStatus, to: TreatmentReviewStatus): boolean {
  return TRANSITIONS.some((t) => t.action === action && t.to === to && t.from.includes(from));
}

export function transition(action: TreatmentAction, from: TreatmentReviewStatus, to: TreatmentReviewStatus): TransitionResult {
  return canTransition(action, from, to) ? { ok: true, to } : { ok: false, code: "treatments.transitionRefused", params: { from, to } };
}

/** The statuses `action` may lead to from `from` (the treatments tab offers only these). */
export function nextStatuses(action: TreatmentAction, from: TreatmentReviewStatus): TreatmentReviewStatus[] {
  return TREATMENT_REVIEW_STATUSES.filter((to) => canTransition(action, from, to));
}

/** The displayed state of spec §4 (re-exported so that the machine and its display live behind one import). */
export function displayedState(reviewStatus: TreatmentReviewStatus, subscriptionStatus: SubscriptionStatus | null | undefined): TreatmentReviewStatus {
  return treatmentDisplayedState(reviewStatus, subscriptionStatus);
}
