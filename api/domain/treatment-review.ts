/**
 * The treatment review state machine (spec §4: review status pending / approved / cancelled / declined, the
 * displayed state, the review-step state and the treatment actions). One table of transitions: each action names
 * the review statuses it may start from and the status it leads to. `PUT /api/v1/treatments/{id}/update-status`
 * (staff set a status directly) goes through `transition("update-status", …)`; the clinical review's actions
 * (`PUT /api/v1/treatments/{id}/modify-request | approve-v2 | cancel-v2 | decline-v2 | no-show`,
 * `POST /api/v1/treatments/{id}/resume`) are rows of the same table, so every change of a review status is checked
 * here. A refused transition is a 409 with the stable code `treatments.transitionRefused`.
 *
 * Decision (the spec lists the statuses and actions, not the arrows): a staff status update may
 *  - approve or decline a pending treatment, or cancel it (the patient withdrew);
 *  - cancel an approved treatment (care stopped), but not send it back to review or decline it after approval;
 *  - reopen a cancelled or declined treatment for review (pending), the "resume" of the review, nothing else;
 *  - never "change" a status to itself.
 *
 * The clinical actions (issue 14), each with what it does to the patient's status (`ACTION_PATIENT_STATUS`):
 *  - modify-request: pending → pending. The intake goes back to the patient for changes: the review stays
 *    pending, the patient's status becomes `missing_information`, and the clinician's message (what to change,
 *    required) is written to the patient's medical chat.
 *  - approve: pending → approved. Needs the clinician's license in the patient's shipping state
 *    (api/domain/licenses.ts). The patient becomes `subscribed` when the treatment's subscription is active,
 *    otherwise `active` (both are the patients list's "active" tab, PATIENT_LIST_TAB_RULES).
 *  - decline: pending → declined, with a reason from DECLINE_REASONS (required) and free text (required for
 *    "other"). The patient becomes `declined` and reads 'Intake denied: not eligible for the requested treatment'
 *    in their medical chat.
 *  - cancel: pending or approved → cancelled, with a reason (required, free text). The patient becomes `canceled`.
 *  - no-show: pending → cancelled. The patient did not come to the visit the review needed; the review is closed
 *    (it leaves the review queues and the past-due list) and the patient becomes `no_show` ("unresponsive" tab).
 *  - resume: cancelled or declined → pending. Reopens the review of a cancelled, declined or no-show treatment:
 *    the patient goes back to `ready_to_review_new_patient` (or `_refill` for a refill), and the add-ons named
 *    in `subscriptionItemIdsToRemove` leave the treatment's subscription (an add-on the patient no longer wants;
 *    the main item cannot be removed). An approved treatment is not "resumed": it is already active.
 * None of them goes from a status to itself except modify-request (the request is the change). Every action
 * writes a visit note of kind `provider` (the notes tab shows it; the treatments tab shows the new status) and
 * an audit row.
 */
import {
  TREATMENT_REVIEW_STATUSES,
  treatmentDisplayedState,
  type PatientStatusKey,
  type SubscriptionStatus,
  type TreatmentReviewStatus,
} from "../contract/enums.ts";

export const TREATMENT_ACTIONS = ["update-status", "modify-request", "approve", "cancel", "decline", "no-show", "resume"] as const;
export type TreatmentAction = (typeof TREATMENT_ACTIONS)[number];
/** The clinical actions of the review (every action but the staff's direct status update). */
export type ClinicalAction = Exclude<TreatmentAction, "update-status">;
export const CLINICAL_ACTIONS = TREATMENT_ACTIONS.filter((a): a is ClinicalAction => a !== "update-status");

type Transition = { action: TreatmentAction; from: readonly TreatmentReviewStatus[]; to: TreatmentReviewStatus };

/** The allowed transitions, one row per action and target status. */
export const TRANSITIONS: readonly Transition[] = [
  { action: "update-status", from: ["pending"], to: "approved" },
  { action: "update-status", from: ["pending"], to: "declined" },
  { action: "update-status", from: ["pending", "approved"], to: "cancelled" },
  { action: "update-status", from: ["cancelled", "declined"], to: "pending" },
  { action: "modify-request", from: ["pending"], to: "pending" },
  { action: "approve", from: ["pending"], to: "approved" },
  { action: "decline", from: ["pending"], to: "declined" },
  { action: "cancel", from: ["pending", "approved"], to: "cancelled" },
  { action: "no-show", from: ["pending"], to: "cancelled" },
  { action: "resume", from: ["cancelled", "declined"], to: "pending" },
];

/** Where a clinical action leads (each has one target status). */
export function actionTarget(action: ClinicalAction): TreatmentReviewStatus {
  return TRANSITIONS.find((t) => t.action === action)!.to;
}

/** The clinical actions allowed from `from` (the review page offers only these). */
export function allowedActions(from: TreatmentReviewStatus): ClinicalAction[] {
  return CLINICAL_ACTIONS.filter((a) => canTransition(a, from, actionTarget(a)));
}

/** Apply a clinical action to a treatment in status `from`. */
export function applyAction(action: ClinicalAction, from: TreatmentReviewStatus): TransitionResult {
  return transition(action, from, actionTarget(action));
}

/**
 * The patient's status after an action (string key of spec §4; the numeric code is PATIENT_STATUS_OF_KEY's).
 * Approve: `subscribed` with an active subscription, else `active`. Resume: back to the ready-to-review status of
 * the treatment's kind.
 */
export function patientStatusAfter(
  action: ClinicalAction,
  ctx: { subscriptionStatus: SubscriptionStatus | null | undefined; reviewKind: "new_patient" | "refill" },
): PatientStatusKey {
  switch (action) {
    case "modify-request":
      return "missing_information";
    case "approve":
      return ctx.subscriptionStatus === 1 ? "subscribed" : "active";
    case "decline":
      return "declined";
    case "cancel":
      return "canceled";
    case "no-show":
      return "no_show";
    case "resume":
      return ctx.reviewKind === "refill" ? "ready_to_review_refill" : "ready_to_review_new_patient";
  }
}

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
