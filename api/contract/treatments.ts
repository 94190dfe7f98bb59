/**
 * Treatments (a patient's care request on a journey, reviewed by a provider; spec §4, §7 treatments-v2).
 * Decision: a chart (spec §2 /charts/{chartId}: "To review, Reviewed") is a treatment seen for its review, so a
 * chart id is a treatment id and both pages read `GET /api/v1/treatments-v2/{id}`. The answer carries what the
 * pages need to know the treatment and whose it is; the intake answers are not in it (the review screens, issue 13,
 * will add what they show).
 */
import { z } from "zod";

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
