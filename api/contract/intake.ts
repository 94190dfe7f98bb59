/**
 * Journeys and the medical intake (issue 15; questionnaires api/domain/intake/questionnaires.ts, rules
 * api/domain/intake/eligibility.ts, the qualify adapter api/domain/qualify/, routes api/routes/intake.ts):
 *
 *   POST /api/v1/journeys                          start a journey of a kind (sectionType); one open intake per kind:
 *                                                  starting the same kind again resumes it (`journeys.resumed`)
 *   GET  /api/v1/journeys/{id}/intake              the journey's questionnaire for the answers so far (visible steps
 *                                                  and questions), the current step, the saved answers, the BMI,
 *                                                  the plans of the journey's catalogue, the uploaded pictures
 *   PUT  /api/v1/journeys/{id}/intake/{step}       validate and save one step's answers (form values as strings);
 *                                                  400 with field errors; 409 `intake.stepOutOfOrder` for a step
 *                                                  after the current one (or hidden), 409 `intake.closed` once
 *                                                  submitted or denied — nothing saved is lost either way
 *   POST /api/v1/journeys/{id}/intake/uploads      an identification picture (multipart: `image` = idFront | selfie |
 *                                                  insuranceFront | insuranceBack, `file`): checked by content, at most
 *                                                  10 MB (413 'Uploaded image is too large'), re-encoded without
 *                                                  metadata, stored in `uploads` (ID / Insurance, front|back|selfie)
 *   GET  /api/v1/journeys/{id}/intake/uploads/{uploadId}/file   one of the intake's pictures, for its patient (PNG)
 *   POST /api/v1/journeys/{id}/submit              eligibility (the qualify adapter) → denied (journey denied, its
 *                                                  code), 409 `intake.productUnavailable`, or the pending treatment
 *                                                  (review_kind new_patient; the patient becomes ready to review),
 *                                                  a confirmation mail in the patient's language and, where a
 *                                                  contraindication rule says so, a task for medical support.
 *                                                  A second submit is refused (409 `intake.closed`): one treatment.
 *
 * Decisions: patients only, their own journeys (another patient's or an unknown id: 404 `journeys.notFound`). The
 * patient may go back to any earlier step and save it again; a step after the current one is refused. Every change
 * is an audit event with ids only (never an answer).
 */
import { z } from "zod";
import { ANSWER_TYPES, ID_IMAGE_KEYS, JOURNEY_STATUSES } from "./intake-rules.ts";
import { SERVICE_SECTION_VALUES } from "./enums.ts";

const sectionTypeSchema = z.number().int().refine((n) => (SERVICE_SECTION_VALUES as readonly number[]).includes(n), "validation.invalid");

export const startJourneySchema = z.strictObject({
  sectionType: z.coerce.number({ error: "validation.required" }).pipe(sectionTypeSchema),
});
export type StartJourney = z.infer<typeof startJourneySchema>;

export const journeySummarySchema = z.object({
  id: z.number().int(),
  sectionType: z.number().int(),
  status: z.enum(JOURNEY_STATUSES),
  intakeStep: z.string().nullable(),
  denialCode: z.string().nullable(),
  submittedAt: z.string().nullable(),
  treatmentId: z.number().int().nullable(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const startJourneyAnswerSchema = z.object({ journey: journeySummarySchema });

const showIfSchema = z.object({ question: z.string(), equals: z.array(z.string()) });
export const questionSchema = z.object({
  key: z.string(),
  type: z.enum(ANSWER_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  showIf: showIfSchema.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  image: z.enum(ID_IMAGE_KEYS as [string, ...string[]]).optional(),
  contraindication: z.enum(["disqualify", "review"]).optional(),
});
export const intakeStepSchema = z.object({
  key: z.string(),
  /**
   * The step's form: its questions with the answers saved so far (a question branching on an earlier step's answer
   * only when it applies; one branching on a question of this step always, with its `showIf`).
   */
  questions: z.array(questionSchema),
  complete: z.boolean(),
});
export const planSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** false: not offered in the state of residence the patient gave ('Product unavailable in your state'). */
  available: z.boolean(),
  variants: z.array(z.object({ id: z.number().int(), name: z.string(), periodMonths: z.number().int(), priceCents: z.number().int() })),
});
export const intakeAnswerSchema = z.object({
  journey: journeySummarySchema,
  /** The visible steps in order (the last is "review"). */
  steps: z.array(intakeStepSchema),
  /** Where the patient is: the first step not answered yet (or "review"). */
  currentStep: z.string(),
  answers: z.record(z.string(), z.unknown()),
  bmi: z.number().nullable(),
  plans: z.array(planSchema),
  /** The uploaded identification pictures by question key: the upload's id and file name. */
  images: z.record(z.string(), z.object({ uploadId: z.number().int(), fileName: z.string() })),
});
export type IntakeView = z.infer<typeof intakeAnswerSchema>;
export type IntakeStepView = z.infer<typeof intakeStepSchema>;
export type IntakeQuestion = z.infer<typeof questionSchema>;
export type IntakePlan = z.infer<typeof planSchema>;

export const saveStepSchema = z.strictObject({
  answers: z.record(z.string().max(100), z.union([z.string().max(5000), z.array(z.string().max(200)).max(50)])),
});
export type SaveStep = z.infer<typeof saveStepSchema>;
export const saveStepAnswerSchema = z.object({ journey: journeySummarySchema, nextStep: z.string() });

export const uploadImageAnswerSchema = z.object({ uploadId: z.number().int(), image: z.enum(ID_IMAGE_KEYS as [string, ...string[]]), fileName: z.string() });

export const submitSchema = z.strictObject({});
export const submitAnswerSchema = z.object({ journey: journeySummarySchema });
