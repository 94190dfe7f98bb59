/**
 * Contract of the patient's journeys and overview (issue 15 part B; spec §1 journeys, §2 patient routes, §3
 * Treatment, Milestone, §4 displayed state, prior authorization, intake review, §9 time constants). Routes:
 * api/routes/journeys.ts; the timeline: api/domain/journey-timeline.ts; plain rules and constants:
 * api/contract/journey-rules.ts.
 *
 * | call                                          | who      | data                                                        |
 * |-----------------------------------------------|----------|-------------------------------------------------------------|
 * | GET /api/v1/patient/journeys                  | patients | { journeys: JourneySummary[] } newest first (at most 50)    |
 * | GET /api/v1/patient/journeys/{id}             | patients | JourneyDetail: journey, treatments (with subscription and items), orders |
 * | GET /api/v1/patient/journeys/{id}/progress    | patients | JourneyProgress: weights, start, goal, milestones (weight loss only) |
 * | GET /api/v1/patient/overview/actions          | patients | OverviewActions: actions waiting, due check-ins, unread messages |
 * | GET /api/v1/patient/overview/next             | patients | OverviewNext: the next charge and the next shipment         |
 *
 * Decisions:
 *  - Patients only, each on their own records: staff get 403 (they read a patient's treatments, orders and weights on
 *    the record, api/contract/patients.ts), guests 401; another patient's journey (or an unknown, malformed one) 404
 *    `journeys.notFound`, never told apart.
 *  - A patient reading their own journeys writes no audit row, like their own profile (README "Security": the trail
 *    records who ELSE saw a patient's data; these are the overview's reads, one per page view).
 *  - The overview's panels are separate calls so the page streams them (shell first): the journeys with their
 *    timelines (the list call), the actions, the next charge and shipment.
 *  - A journey's list item carries its timeline: the overview shows one per journey, and a patient has a handful
 *    (not paged; at most JOURNEYS_MAX, newest first). A treatment made before journeys existed (journey_id null) is
 *    in no journey: it stays on the staff record and breaks nothing here.
 *  - The journey's subscription is its latest treatment's; its orders are that journey's subscriptions' orders,
 *    newest first (at most JOURNEY_ORDERS_MAX).
 *  - Dates are ISO 8601; a step's `expected` says the date is a promise or an estimate, not a fact.
 */
import { z } from "zod";
import { idParam } from "./common.ts";
import {
  CARD_DECLINE_REASONS,
  JOURNEY_STATES,
  MISSING_INFORMATION_REASONS,
  NEXT_KEYS,
  REVIEW_CLOCK_KINDS,
  TIMELINE_STEPS,
  TIMELINE_STEP_STATUSES,
} from "./journey-rules.ts";
import { patientOrderSchema, weightEntrySchema } from "./patients.ts";
import { treatmentDetailSchema } from "./treatments.ts";

export const journeyIdParamSchema = idParam;

export const timelineStepSchema = z.object({
  key: z.enum(TIMELINE_STEPS),
  status: z.enum(TIMELINE_STEP_STATUSES),
  date: z.string().nullable(),
  expected: z.boolean().meta({ description: "The date is expected (a promise or an estimate), not a fact" }),
});
export type TimelineStepAnswer = z.infer<typeof timelineStepSchema>;

export const reviewClockSchema = z.object({
  kind: z.enum(REVIEW_CLOCK_KINDS),
  startedAt: z.string(),
  dueAt: z.string().meta({ description: "48 h after the submission (review), or 5 business days (prior authorization)" }),
});
export type ReviewClockAnswer = z.infer<typeof reviewClockSchema>;

export const journeySummarySchema = z.object({
  id: z.number().int(),
  sectionType: z.number().int().meta({ description: "ServiceSection: 1 weight loss, 2 sexual wellness, 3 pharmacy purchase, 4 haircare" }),
  status: z.enum(["in_progress", "submitted", "denied", "cancelled"]).meta({ description: "The intake's own progress" }),
  state: z.enum(JOURNEY_STATES).meta({ description: "Displayed state: intake, then the latest treatment's (spec §4)" }),
  intakeStep: z.string().nullable(),
  denialCode: z.string().nullable().meta({ description: "Why the intake was refused (a message code), when denied" }),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  treatmentId: z.number().int().nullable(),
  productName: z.string().nullable(),
  currentStep: z.enum(TIMELINE_STEPS).nullable(),
  next: z.enum(NEXT_KEYS).meta({ description: "What happens next (text key journeys:next.<key>)" }),
  reviewClock: reviewClockSchema.nullable(),
  timeline: z.array(timelineStepSchema),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const journeysListSchema = z.object({ journeys: z.array(journeySummarySchema) });

export const journeyDetailSchema = z.object({
  journey: journeySummarySchema,
  /** The journey's treatments, newest first, each with its displayed state and subscription (with items). */
  treatments: z.array(treatmentDetailSchema),
  orders: z.array(patientOrderSchema),
});
export type JourneyDetail = z.infer<typeof journeyDetailSchema>;

export const milestoneSchema = z.object({
  percent: z.number().int().nullable().meta({ description: "Percent of the start weight lost; null for the goal" }),
  targetLb: z.number(),
  reachedOn: z.string().nullable().meta({ description: "yyyy-MM-dd of the first weight at or below the target" }),
  goal: z.boolean(),
});
export const journeyProgressSchema = z.object({
  journeyId: z.number().int(),
  sectionType: z.number().int(),
  /** Weight loss only; other journeys have no progress tracking (the lists are then empty). */
  tracked: z.boolean(),
  weights: z.array(weightEntrySchema),
  weightStart: z.number().nullable(),
  weightCurrent: z.number().nullable(),
  weightGoal: z.number().nullable(),
  milestones: z.array(milestoneSchema),
});
export type JourneyProgress = z.infer<typeof journeyProgressSchema>;

export const overviewActionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("missingInformation"), reason: z.enum(MISSING_INFORMATION_REASONS), journeyId: z.number().int().nullable() }),
  z.object({ kind: z.literal("cardDecline"), reason: z.enum(CARD_DECLINE_REASONS) }),
  z.object({ kind: z.literal("checkInDue"), checkInId: z.number().int(), journeyId: z.number().int().nullable(), dueAt: z.string().nullable() }),
]);
export type OverviewAction = z.infer<typeof overviewActionSchema>;

export const dueCheckInSchema = z.object({
  id: z.number().int(),
  journeyId: z.number().int().nullable(),
  sectionType: z.number().int().nullable(),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
});
export const overviewActionsSchema = z.object({
  actions: z.array(overviewActionSchema),
  /** Check-ins asked and not yet answered (completed_at null), oldest first. */
  checkIns: z.array(dueCheckInSchema),
  unreadMessages: z.number().int(),
  /**
   * The identification pictures of the patient's latest intake that has them (its upload ids, shown by the web at
   * /patient/journeys/{journeyId}/intake/images/{uploadId}), or null.
   */
  identification: z
    .object({ journeyId: z.number().int(), idPhoto: z.number().int().nullable(), selfie: z.number().int().nullable() })
    .nullable(),
});
export type OverviewActions = z.infer<typeof overviewActionsSchema>;

export const overviewNextSchema = z.object({
  nextCharge: z
    .object({
      at: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      subscriptionId: z.number().int(),
      journeyId: z.number().int().nullable(),
      productName: z.string().nullable(),
    })
    .nullable(),
  nextShipment: z
    .object({
      /** The order on its way (shipped, not yet delivered), or the next renewal's order expected. */
      kind: z.enum(["inTransit", "packing", "renewal"]),
      at: z.string().nullable().meta({ description: "Shipped on (in transit), ordered on (packing), or the next charge (renewal)" }),
      orderNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      journeyId: z.number().int().nullable(),
      productName: z.string().nullable(),
    })
    .nullable(),
});
export type OverviewNext = z.infer<typeof overviewNextSchema>;
