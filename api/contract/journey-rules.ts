/**
 * Plain rules of the patient's journeys and overview (issue 15 part B) that the web may import: no zod here
 * (api/contract/journeys.ts holds the schemas; api/domain/journey-timeline.ts builds the timeline).
 *
 * Time constants (spec §4, §9): the provider reviews an intake in 24–48 hours (the promise counted down is the 48 h
 * of REVIEW_PROMISE_HOURS, the ready-for-review list's); a prior authorization takes up to 5 business days.
 * Decisions where the spec gives no figure (written down here, shown to the patient as "expected"):
 *  - a parcel ships within SHIP_WITHIN_DAYS of its order and arrives DELIVERY_DAYS after it ships;
 *  - a check-in is expected CHECK_IN_BEFORE_RENEWAL_DAYS before the renewal it gates.
 */
export { REVIEW_PROMISE_HOURS } from "./review-queue-rules.ts";

/** Spec §4/§9: "Intake review by the assigned provider takes 24-48 hours": the promise's lower bound. */
export const REVIEW_PROMISE_MIN_HOURS = 24;
/** Spec §4/§9: "Prior authorization may take up to 5 business days". */
export const PRIOR_AUTH_BUSINESS_DAYS = 5;
/** Decision: an order ships within 2 days (the fulfiller's usual time; the spec gives none). */
export const SHIP_WITHIN_DAYS = 2;
/** Decision: a parcel arrives 3 days after it ships (ground shipping; the spec gives none). */
export const DELIVERY_DAYS = 3;
/** Decision: a check-in is asked 7 days before the renewal it gates. */
export const CHECK_IN_BEFORE_RENEWAL_DAYS = 7;

/** The timeline's steps, in order (issue 15): intake submitted → reviewed → … → renewal. */
export const TIMELINE_STEPS = ["intakeSubmitted", "reviewed", "prescribed", "ordered", "shipped", "delivered", "checkIn", "renewal"] as const;
export type TimelineStepKey = (typeof TIMELINE_STEPS)[number];
/** done: happened (date is when); current: the step the journey waits on (date is when it is expected, if known);
 * upcoming: later (date expected, if known); skipped: will not happen (a declined or cancelled journey). */
export const TIMELINE_STEP_STATUSES = ["done", "current", "upcoming", "skipped"] as const;
export type TimelineStepStatus = (typeof TIMELINE_STEP_STATUSES)[number];

/**
 * A journey's displayed state: the intake's own progress until it is submitted, then its latest treatment's
 * displayed state (spec §4, treatmentDisplayedState): intake (being filled), pending (in review), approved,
 * declined, cancelled.
 */
export const JOURNEY_STATES = ["intake", "pending", "approved", "declined", "cancelled"] as const;
export type JourneyState = (typeof JOURNEY_STATES)[number];

/** What happens next (a text key of the journeys namespace, `journeys:next.<key>`). */
export const NEXT_KEYS = [
  "finishIntake",
  "review",
  "priorAuthorization",
  "prescription",
  "order",
  "shipment",
  "delivery",
  "checkIn",
  "renewal",
  "declined",
  "cancelled",
  "done",
] as const;
export type NextKey = (typeof NEXT_KEYS)[number];

/** The review clock's kind: the 48 h intake review, or a prior authorization (5 business days). */
export const REVIEW_CLOCK_KINDS = ["review", "priorAuthorization"] as const;
export type ReviewClockKind = (typeof REVIEW_CLOCK_KINDS)[number];

/** Patient statuses (spec §4) during which the review waits on the insurer: the clock is the prior authorization's. */
export const PRIOR_AUTH_STATUS_KEYS = ["prior_authorization", "waiting_on_client_for_prior_auth", "awaiting_coverage"] as const;

/** The actions waiting on the patient (overview): missing information, card decline, check-in due. */
export const OVERVIEW_ACTION_KINDS = ["missingInformation", "cardDecline", "checkInDue"] as const;
export type OverviewActionKind = (typeof OVERVIEW_ACTION_KINDS)[number];
/** What information is missing: the clinician asked for changes (patient status missing_information), or a
 * shipping address, a date of birth, an ID photo or selfie the review needs. */
export const MISSING_INFORMATION_REASONS = ["reviewChanges", "shippingAddress", "dateOfBirth", "identification"] as const;
export type MissingInformationReason = (typeof MISSING_INFORMATION_REASONS)[number];
/** Why a card decline is shown: an unpaid invoice (past due or not paid), or no usable card (none, or expired). */
export const CARD_DECLINE_REASONS = ["unpaidInvoice", "noCard", "cardExpired"] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

/** The progress page's milestones (spec §3 Milestone): every 5 % of the start weight lost, then the goal. */
export const MILESTONE_STEP_PERCENT = 5;

/** Where each action of the overview leads. */
export const PAYMENT_DETAILS_PATH = "/patient/account/payment-details";
export const checkInPath = (id: number) => `/patient/check-ins/${id}`;
export const journeyPath = (id: number) => `/patient/journeys/${id}`;
export const intakePath = (id: number) => `/patient/journeys/${id}/intake`;
export const START_JOURNEY_PATH = "/patient/journeys/start";
export const CHATS_PATH = "/patient/chats";

/** How many journeys a patient's list answers (a patient has a handful; newest first). */
export const JOURNEYS_MAX = 50;
/** How many orders a journey's page shows (newest first). */
export const JOURNEY_ORDERS_MAX = 24;
