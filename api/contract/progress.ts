/**
 * Contract of the patient's progress (issue 18; plain rules and decisions in ./progress-rules.ts; routes
 * api/routes/progress.ts; reads and writes api/domain/progress.ts).
 *
 * | call                                     | who                     | body / data                                   |
 * |------------------------------------------|-------------------------|-----------------------------------------------|
 * | GET  /api/v1/patient/progress            | patients (their own)    | Progress                                      |
 * | POST /api/v1/patient/progress/weights    | patients (their own)    | { weightLb, measuredOn } → Progress           |
 * | GET  /api/v1/patient/{patientId}/progress| staff (patients they may see; else 404) | Progress; audited            |
 *
 * Progress: the weights oldest first (the newest PROGRESS_LIMITS.historyMax), start / current / goal, height, BMI at
 * the start and now, and the milestones (each 5 % of the start weight lost, then the goal, with the date reached).
 * A patient reading their own progress writes no audit row (like their journeys); staff reads are audited.
 */
import { z } from "zod";
import { V } from "./rules.ts";
import { measuredOnProblem, roundWeight, weightProblem } from "./progress-rules.ts";
import { milestoneSchema } from "./journeys.ts";
import { weightEntrySchema } from "./patients.ts";

export const progressSchema = z.object({
  weights: z.array(weightEntrySchema),
  weightStart: z.number().nullable(),
  weightCurrent: z.number().nullable(),
  weightGoal: z.number().nullable(),
  heightInches: z.number().nullable(),
  bmiStart: z.number().nullable(),
  bmiCurrent: z.number().nullable(),
  /** Pounds lost since the start (negative: gained); null without a start and a current weight. */
  lostLb: z.number().nullable(),
  milestones: z.array(milestoneSchema),
});
export type Progress = z.infer<typeof progressSchema>;

export const logWeightRequestSchema = z
  .object({
    weightLb: z
      .union([z.number(), z.string()], { error: V.required })
      .superRefine((v, ctx) => {
        const problem = weightProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((v) => roundWeight(Number(v)))
      .meta({ description: "Pounds, 50–1000 (one decimal kept)" }),
    measuredOn: z
      .string({ error: V.required })
      .trim()
      .superRefine((v, ctx) => {
        const problem = measuredOnProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .meta({ description: "yyyy-MM-dd: not in the future (UTC+14), at most 5 years back" }),
  })
  .strict();
export type LogWeightRequest = z.input<typeof logWeightRequestSchema>;
