/**
 * Treatments (a patient's care request on a journey, reviewed by a provider; spec §4, §7 treatments-v2).
 * Decision: a chart (spec §2 /charts/{chartId}: "To review, Reviewed") is a treatment seen for its review, so a
 * chart id is a treatment id and both pages read `GET /api/v1/treatments-v2/{id}`. The answer carries what the
 * pages need to know the treatment and whose it is; the intake answers are not in it (the review screens, issue 13,
 * will add what they show).
 */
import { z } from "zod";
import { CONTRAINDICATION_FLAGS, DECLINE_REASONS, REVIEW_TEXT_MAX } from "./review-rules.ts";
import { patientOverviewSchema } from "./patients.ts";
import { V, optionalText, requiredText } from "./validation.ts";

export const treatmentSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  sectionType: z.number().int().meta({ description: "Journey (ServiceSection: 1 weight loss, 2 sexual wellness, 3 pharmacy purchase, 4 haircare)" }),
  reviewStatus: z.enum(["pending", "approved", "cancelled", "declined"]),
  reviewKind: z.enum(["new_patient", "refill"]),
  providerId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Treatment = z.infer<typeof treatmentSchema>;

/** `GET /api/v1/treatments-v2/{id}`: `data.treatment`. */
export const treatmentAnswerSchema = z.object({ treatment: treatmentSchema });

/**
 * The patient record's treatments (spec §3 Treatment: reviewStatus, subscription with its items; §4 displayed
 * state). `GET /api/v1/treatments-v2?patientId=` lists one patient's, newest first (a patient has a handful:
 * not paged); `GET /api/v1/treatments-v2/latest-approved?patientId=` answers the newest approved one or null.
 * Both apply api/domain/patient-access.ts: a patient the caller may not see is a 404, like an unknown one.
 */
export const treatmentSubscriptionSchema = z.object({
  id: z.number().int(),
  status: z.number().int().meta({ description: "Subscription status (spec §4: Future 0 … Deleted 101)" }),
  membershipStatus: z.string(),
  pendingCancellation: z.boolean(),
  cycleMonths: z.number().int(),
  nextChargeAt: z.string().nullable(),
  lastShipmentAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  items: z.array(
    z.object({
      /** The subscription item's id (resume's subscriptionItemIdsToRemove names add-ons by it). */
      id: z.number().int(),
      name: z.string(),
      variant: z.string(),
      dosage: z.string(),
      isAddon: z.boolean(),
      dosageCycleEnabled: z.boolean(),
      dosageCycle: z.array(z.string()).nullable(),
    }),
  ),
});
export const treatmentDetailSchema = treatmentSchema.extend({
  displayedState: z.enum(["pending", "approved", "cancelled", "declined"]).meta({ description: "Spec §4 displayed state" }),
  productName: z.string().nullable(),
  provider: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  subscription: treatmentSubscriptionSchema.nullable(),
  /** The review statuses `PUT …/update-status` may set from here (api/domain/treatment-review.ts). */
  nextStatuses: z.array(z.enum(["pending", "approved", "cancelled", "declined"])),
});
export type TreatmentDetail = z.infer<typeof treatmentDetailSchema>;

export const patientIdQuerySchema = z.object({ patientId: z.coerce.number().int().positive().max(2147483647) });
export const treatmentsListSchema = z.object({ treatments: z.array(treatmentDetailSchema) });
export const latestApprovedSchema = z.object({ treatment: treatmentDetailSchema.nullable() });

/** PUT /api/v1/treatments/{id}/assign-provider: an active provider (providers or providerUsers), or null to unassign. */
export const assignProviderSchema = z
  .object({
    providerId: z.union([z.null(), z.literal(""), z.coerce.number().int().positive().max(2147483647)], { error: "validation.invalid" }),
  })
  .strict();
/** PUT /api/v1/treatments/{id}/update-status: the new review status (the state machine decides; 409 when refused). */
export const treatmentStatusUpdateSchema = z.object({ reviewStatus: z.enum(["pending", "approved", "cancelled", "declined"], { error: "validation.invalid" }) }).strict();
export const treatmentChangeAnswerSchema = z.object({ treatment: treatmentDetailSchema });

/**
 * The clinical review (issue 14; machine and every decision in api/domain/treatment-review.ts, rules in
 * ./review-rules.ts). Who: the clinicians only (providers, providerUsers), on a patient `canSeePatient` lets them
 * see (404 otherwise, like an unknown id). Decision for the support and nursing roles: they take no clinical
 * decision (403 on every action and on the review read); the nurse-note flow is theirs.
 *
 *   PUT /api/v1/treatments/{id}/modify-request  { message }             back to the patient for changes
 *   PUT /api/v1/treatments/{id}/approve-v2      {}                      license in the patient's state (409 licenses.*)
 *   PUT /api/v1/treatments/{id}/decline-v2      { reason, note }        reason of DECLINE_REASONS; note required for "other"
 *   PUT /api/v1/treatments/{id}/cancel-v2       { reason }              free text, required
 *   PUT /api/v1/treatments/{id}/no-show         {}
 *   POST /api/v1/treatments/{id}/resume         { subscriptionItemIdsToRemove? }  add-on items of this treatment's subscription
 *
 * Each answers `{ treatment }` (the detail) or 409 `treatments.transitionRefused`. Decision on licenses: approve
 * needs the clinician's active license in the patient's shipping state; modify-request, decline, cancel, no-show
 * and resume do not (none of them treats the patient). Where a change shows: the treatments tab (the review
 * status), the notes tab (a visit note of kind `provider` naming the action, with the reason or the message),
 * the patient's status (list tabs), the patient's medical chat (modify-request's message; decline's 'Intake
 * denied: not eligible for the requested treatment', sent by the clinician), and an audit row
 * `treatment.<action>`.
 *
 * `GET /api/v1/treatments/{id}/review`: what the reviewer needs in one read (audited as `treatment.review.read`):
 * the treatment, the patient (the §3 catalogue fields of the overview), the intake answers as question/answer
 * pairs, BMI, contraindication flags, the patient's other treatments, the review steps with their §4 state
 * (manage prescription only when the patient has a prescribing URL or a subscription item of this treatment has
 * a dosage cycle enabled), the actions the machine allows now and the caller's license check for approval.
 */
export const modifyRequestSchema = z.object({ message: requiredText(REVIEW_TEXT_MAX) }).strict();
export const approveSchema = z.object({}).strict();
export const noShowSchema = z.object({}).strict();
export const cancelSchema = z.object({ reason: requiredText(REVIEW_TEXT_MAX) }).strict();
export const declineSchema = z
  .object({
    reason: z.enum(DECLINE_REASONS, { error: V.required }),
    note: optionalText(REVIEW_TEXT_MAX),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: V.required });
  });
export const resumeSchema = z
  .object({ subscriptionItemIdsToRemove: z.array(z.coerce.number().int().positive().max(2147483647), { error: V.invalid }).max(50, V.maxLength).optional().default([]) })
  .strict();

const reviewStepSchema = z.object({
  step: z.enum(["review", "recordVisit", "managePrescription", "informPatient"]),
  state: z.enum(["approved", "active", "not-active", "disabled"]),
});
export const intakeAnswerSchema = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
});
export const treatmentReviewSchema = z.object({
  treatment: treatmentDetailSchema,
  patient: patientOverviewSchema,
  intake: z.array(intakeAnswerSchema),
  bmi: z.number().nullable(),
  flags: z.array(z.enum(CONTRAINDICATION_FLAGS)),
  priorTreatments: z.array(treatmentDetailSchema),
  /** The intake flow's steps with their state, the current step being "review". */
  steps: z.array(reviewStepSchema),
  actions: z.array(z.enum(["modify-request", "approve", "cancel", "decline", "no-show", "resume"])),
  /** Whether the caller may approve in the patient's shipping state (api/domain/licenses.ts). */
  license: z.object({ ok: z.boolean(), state: z.string().nullable(), code: z.enum(["licenses.outOfState", "licenses.noShippingState"]).nullable() }),
});
export type TreatmentReview = z.infer<typeof treatmentReviewSchema>;
export type TreatmentReviewStep = z.infer<typeof reviewStepSchema>;
