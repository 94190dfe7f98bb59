/**
 * A journey's timeline (issue 15): intake submitted → reviewed → prescribed → ordered → shipped → delivered →
 * check-in → renewal, each with the date it happened or the date it is expected, the step the journey waits on,
 * and what happens next (a text key). Pure: the API reads the rows (api/routes/journeys.ts) and hands them here;
 * tests in journey-timeline.test.ts. Also the displayed state of a journey and the progress page's milestones.
 *
 * Rules (time constants and decisions: api/contract/journey-rules.ts):
 *  - intake submitted: done at the journey's submission (else the treatment's creation); while the intake is being
 *    filled it is the current step ("finish your intake") and nothing after it has a date.
 *  - reviewed: done when the treatment is no longer pending (its review date); while pending it is current and
 *    expected 48 h after the submission (REVIEW_PROMISE_HOURS), or 5 business days when the patient's status says the
 *    review waits on a prior authorization: that is the review clock. Declined: reviewed is done (the decision), every
 *    later step is skipped. Cancelled (by the review, or the subscription ended): the steps not yet done are skipped.
 *  - prescribed: done at the first prescription, or at the approval when an order exists without one (the pharmacy
 *    could only fill a prescription); expected at the approval.
 *  - ordered, shipped, delivered: the latest order (a renewal's order starts the three again): ordered at its date;
 *    shipped at its shipping date, else expected SHIP_WITHIN_DAYS after the order; delivered when its status says so
 *    (date: expected DELIVERY_DAYS after shipping, there is no delivery date), else expected then. A cancelled or
 *    returned order leaves shipped/delivered upcoming without a date. Without an order, ordered is expected at the
 *    next charge of an active subscription, else when the prescription is (the first order follows it).
 *  - check-in (weight loss only — other journeys have none): done when the latest check-in is completed, current
 *    while one is asked and open (expected at its due date), else expected CHECK_IN_BEFORE_RENEWAL_DAYS before
 *    the renewal.
 *  - renewal: expected at the subscription's next charge (never "done": each renewal starts the cycle again);
 *    skipped when the subscription has ended; without a subscription (a one-time pharmacy purchase) there is none.
 * The current step is the first that is neither done nor skipped; "what happens next" follows from it.
 */
import {
  CHECK_IN_BEFORE_RENEWAL_DAYS,
  DELIVERY_DAYS,
  MILESTONE_STEP_PERCENT,
  PRIOR_AUTH_BUSINESS_DAYS,
  PRIOR_AUTH_STATUS_KEYS,
  REVIEW_PROMISE_HOURS,
  SHIP_WITHIN_DAYS,
  type JourneyState,
  type NextKey,
  type ReviewClockKind,
  type TimelineStepKey,
  type TimelineStepStatus,
} from "../contract/journey-rules.ts";
import { ServiceSection, SubscriptionStatus, treatmentDisplayedState, type TreatmentReviewStatus } from "../contract/enums.ts";

export type JourneyStatus = "in_progress" | "submitted" | "denied" | "cancelled";

export type TimelineInput = {
  journey: { status: JourneyStatus; sectionType: number; createdAt: Date; submittedAt: Date | null };
  /** The journey's latest treatment (null: none yet, or an intake denied before one was made). */
  treatment: { reviewStatus: TreatmentReviewStatus; createdAt: Date; reviewedAt: Date | null } | null;
  /** The patient's status key (spec §4): a prior authorization changes the review clock. */
  patientStatusKey: string;
  firstPrescriptionAt: Date | null;
  subscription: { status: number; nextChargeAt: Date | null } | null;
  latestOrder: { status: number; dateOrdered: Date; dateShipped: Date | null } | null;
  latestCheckIn: { requestedAt: Date; dueAt: Date | null; completedAt: Date | null } | null;
};

export type TimelineStep = { key: TimelineStepKey; status: TimelineStepStatus; date: Date | null; expected: boolean };
export type ReviewClock = { kind: ReviewClockKind; startedAt: Date; dueAt: Date };
export type Timeline = {
  state: JourneyState;
  steps: TimelineStep[];
  current: TimelineStepKey | null;
  next: NextKey;
  reviewClock: ReviewClock | null;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** `days` business days after `from` (Saturdays and Sundays skipped, in UTC; holidays are not known). */
export function addBusinessDays(from: Date, days: number): Date {
  let d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d = plus(d, DAY);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

/** The journey's displayed state (see JOURNEY_STATES). */
export function journeyState(
  journeyStatus: JourneyStatus,
  treatment: { reviewStatus: TreatmentReviewStatus } | null,
  subscriptionStatus: number | null,
): JourneyState {
  if (journeyStatus === "in_progress") return "intake";
  if (journeyStatus === "denied") return "declined";
  if (journeyStatus === "cancelled") return "cancelled";
  if (!treatment) return "pending";
  // Decision: the spec's displayed state reads a cancelled review without an ended subscription as "approved" (its
  // last rule); a patient's journey whose review was cancelled (withdrawn, a no-show) is cancelled.
  if (treatment.reviewStatus === "cancelled") return "cancelled";
  return treatmentDisplayedState(treatment.reviewStatus, subscriptionStatus as SubscriptionStatus | null);
}

/** The review clock of a pending review: 48 h from the submission, or 5 business days for a prior authorization. */
export function reviewClock(submittedAt: Date, patientStatusKey: string): ReviewClock {
  const priorAuth = (PRIOR_AUTH_STATUS_KEYS as readonly string[]).includes(patientStatusKey);
  return priorAuth
    ? { kind: "priorAuthorization", startedAt: submittedAt, dueAt: addBusinessDays(submittedAt, PRIOR_AUTH_BUSINESS_DAYS) }
    : { kind: "review", startedAt: submittedAt, dueAt: plus(submittedAt, REVIEW_PROMISE_HOURS * HOUR) };
}

const SHIPPED = new Set([4, 5, 6, 7]);
const DELIVERED = 4;
const ORDER_ENDED = new Set([7, 8]); // returned, cancelled
const SUB_LIVE = new Set([0, 1, 2]); // future, active, paused

export function buildTimeline(input: TimelineInput): Timeline {
  const { journey, treatment, subscription, latestOrder: order, latestCheckIn: checkIn } = input;
  const state = journeyState(journey.status, treatment, subscription?.status ?? null);
  const steps = new Map<TimelineStepKey, TimelineStep>();
  const set = (key: TimelineStepKey, status: TimelineStepStatus, date: Date | null, expected = false) =>
    steps.set(key, { key, status, date, expected: date !== null && expected });
  const weightLoss = journey.sectionType === ServiceSection.WeightLoss;
  const hasRenewal = subscription !== null;
  // A renewal needs a subscription (a one-time pharmacy purchase has none); before the review it is still to come.
  const renews = hasRenewal || (!treatment && journey.sectionType !== ServiceSection.PharmacyPurchase);
  const order_ = (keys: TimelineStepKey[]) => keys.filter((k) => (k !== "checkIn" || weightLoss) && (k !== "renewal" || renews));

  const submittedAt = journey.submittedAt ?? treatment?.createdAt ?? null;
  let clock: ReviewClock | null = null;

  // Intake submitted.
  if (journey.status === "in_progress" || !submittedAt) set("intakeSubmitted", "current", null);
  else set("intakeSubmitted", "done", submittedAt);

  // Reviewed.
  const reviewStatus = treatment?.reviewStatus ?? null;
  if (journey.status === "denied") set("reviewed", "done", submittedAt);
  else if (journey.status === "cancelled") set("reviewed", "skipped", null);
  else if (!submittedAt || journey.status === "in_progress") set("reviewed", "upcoming", null);
  else if (reviewStatus === null || reviewStatus === "pending") {
    clock = reviewClock(submittedAt, input.patientStatusKey);
    set("reviewed", "current", clock.dueAt, true);
  } else set("reviewed", "done", treatment!.reviewedAt ?? treatment!.createdAt);

  const approved = reviewStatus === "approved" && journey.status === "submitted";
  const approvedAt = approved ? (treatment!.reviewedAt ?? treatment!.createdAt) : null;

  // Prescribed.
  if (input.firstPrescriptionAt) set("prescribed", "done", input.firstPrescriptionAt);
  else if (approved && order) set("prescribed", "done", approvedAt);
  else set("prescribed", "upcoming", approvedAt, true);

  // Ordered, shipped, delivered (the latest order).
  const nextCharge = subscription && SUB_LIVE.has(subscription.status) ? subscription.nextChargeAt : null;
  if (order) {
    set("ordered", "done", order.dateOrdered);
    if (order.dateShipped && SHIPPED.has(order.status)) {
      set("shipped", "done", order.dateShipped);
      if (order.status === DELIVERED) set("delivered", "done", plus(order.dateShipped, DELIVERY_DAYS * DAY), true);
      else if (ORDER_ENDED.has(order.status)) set("delivered", "upcoming", null);
      else set("delivered", "upcoming", plus(order.dateShipped, DELIVERY_DAYS * DAY), true);
    } else if (ORDER_ENDED.has(order.status)) {
      set("shipped", "upcoming", null);
      set("delivered", "upcoming", null);
    } else {
      const ships = plus(order.dateOrdered, SHIP_WITHIN_DAYS * DAY);
      set("shipped", "upcoming", ships, true);
      set("delivered", "upcoming", plus(ships, DELIVERY_DAYS * DAY), true);
    }
  } else {
    const orders = nextCharge ?? steps.get("prescribed")!.date;
    set("ordered", "upcoming", orders, true);
    set("shipped", "upcoming", orders ? plus(orders, SHIP_WITHIN_DAYS * DAY) : null, true);
    set("delivered", "upcoming", orders ? plus(orders, (SHIP_WITHIN_DAYS + DELIVERY_DAYS) * DAY) : null, true);
  }

  // Check-in (weight loss).
  if (checkIn && checkIn.completedAt) set("checkIn", "done", checkIn.completedAt);
  else if (checkIn) set("checkIn", "current", checkIn.dueAt, true);
  else set("checkIn", "upcoming", nextCharge ? plus(nextCharge, -CHECK_IN_BEFORE_RENEWAL_DAYS * DAY) : null, true);

  // Renewal.
  if (subscription && !SUB_LIVE.has(subscription.status)) set("renewal", "skipped", null);
  else set("renewal", "upcoming", nextCharge, true);

  // A declined or cancelled journey: what has not happened will not.
  if (state === "declined" || state === "cancelled") {
    for (const step of steps.values()) if (step.status !== "done") Object.assign(step, { status: "skipped", date: null, expected: false });
    clock = null;
  }

  const list = order_([...steps.keys()]).map((k) => steps.get(k)!);
  // Only one step is "current": the first not done nor skipped (an open check-in stays current even if a delivery is
  // still expected: the patient has something to do).
  const openCheckIn = list.find((s) => s.key === "checkIn" && s.status === "current");
  const first = openCheckIn ?? list.find((s) => s.status !== "done" && s.status !== "skipped");
  for (const s of list) {
    if (s === first) s.status = "current";
    else if (s.status === "current") s.status = "upcoming";
  }
  const current = first?.key ?? null;
  return { state, steps: list, current, next: nextKey(state, current, clock), reviewClock: clock };
}

function nextKey(state: JourneyState, current: TimelineStepKey | null, clock: ReviewClock | null): NextKey {
  if (state === "declined") return "declined";
  if (state === "cancelled") return "cancelled";
  switch (current) {
    case "intakeSubmitted":
      return "finishIntake";
    case "reviewed":
      return clock?.kind === "priorAuthorization" ? "priorAuthorization" : "review";
    case "prescribed":
      return "prescription";
    case "ordered":
      return "order";
    case "shipped":
      return "shipment";
    case "delivered":
      return "delivery";
    case "checkIn":
      return "checkIn";
    case "renewal":
      return "renewal";
    default:
      return "done";
  }
}

export type Milestone = { percent: number | null; targetLb: number; reachedOn: string | null; goal: boolean };

/**
 * The progress page's milestones (spec §3 Milestone: weight, date): every MILESTONE_STEP_PERCENT % of the start
 * weight lost until the goal, then the goal itself, each with the first measurement (yyyy-MM-dd, oldest first) at or
 * below its weight. Without a start weight or a goal below it there are none.
 */
export function milestones(weightStart: number | null, weightGoal: number | null, weights: { weightLb: number; measuredOn: string }[]): Milestone[] {
  if (weightStart === null || weightGoal === null || !(weightGoal < weightStart)) return [];
  const reached = (target: number) => weights.find((w) => w.weightLb <= target)?.measuredOn ?? null;
  const out: Milestone[] = [];
  for (let p = MILESTONE_STEP_PERCENT; ; p += MILESTONE_STEP_PERCENT) {
    const target = Math.round(weightStart * (1 - p / 100) * 10) / 10;
    if (target <= weightGoal) break;
    out.push({ percent: p, targetLb: target, reachedOn: reached(target), goal: false });
  }
  out.push({ percent: null, targetLb: weightGoal, reachedOn: reached(weightGoal), goal: true });
  return out;
}
