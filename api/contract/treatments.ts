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
