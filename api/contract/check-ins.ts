/**
 * Check-ins (issue 14/15; spec §3 Check-in form: date requested, date completed, questions and answers; §4 approval).
 * Designed here (the spec names the form and its approval, not the calls); rules, questionnaire and roles in
 * ./check-in-rules.ts, the state machine in api/domain/check-ins.ts:
 *
 * | call | who | query / body | answer |
 * |---|---|---|---|
 * | GET  /api/v1/patient/check-ins | the patient | cursor?, perPage? | CheckIn[] + pages (newest first) |
 * | GET  /api/v1/patient/check-ins/{id} | the patient | | { checkIn } |
 * | POST /api/v1/patient/check-ins/{id}/answer | the patient | the answers by question key | { checkIn } (409 when not requested) |
 * | GET  /api/v1/patient/{patientId}/check-ins | staff (readers) | cursor?, perPage? | CheckIn[] + pages (newest first) |
 * | POST /api/v1/patient/{patientId}/check-ins | reviewers | { dueOn, treatmentId? } | { checkIn } (the patient is mailed) |
 * | PUT  /api/v1/check-ins/{id}/review | reviewers | { approval: approved / declined, note } | { checkIn } (409 when not answered or reviewed) |
 * | GET  /api/v1/check-ins/pending | reviewers | cursor?, perPage? | CheckIn[] + pages (answered, waiting; oldest answer first) |
 *
 * - Object level: a patient reaches only their own check-ins (another's answers 404 like an unknown id); staff only
 *   patients they may see (api/domain/patient-access.ts), the pending queue likewise.
 * - A declined check-in needs a note (the patient reads it). Approved and declined are final: request a new one.
 * - Requesting links the check-in to the treatment named (it must be the patient's) or the patient's newest
 *   weight-loss treatment, and that treatment's newest subscription (a renewal waits for an approved check-in).
 * - Paging: keyset cursors only (pages.nextCursor; pages.totalCount is the page's own length).
 * - Every change is an audit row (check_in.request, check_in.answer, check_in.review); reads are audited.
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { V } from "./validation.ts";
import {
  CHECK_IN_APPROVALS,
  CHECK_IN_LIMITS,
  CHECK_IN_STATUSES,
  CHECK_IN_V,
  WEIGHT_LOSS_CHECK_IN,
  validateCheckInAnswers,
} from "./check-in-rules.ts";

export * from "./check-in-rules.ts";

const id = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);
const person = z.object({ id: z.number().int(), fullName: z.string() });
const answerValue = z.union([z.string(), z.number(), z.array(z.string())]);

export const checkInsQuerySchema = z.object({
  cursor: z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" }),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100, V.invalid).default(25),
});
export const checkInPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type CheckInPages = z.infer<typeof checkInPagesSchema>;

export const checkInSchema = z.object({
  id: z.number().int(),
  patient: person,
  treatmentId: z.number().int().nullable(),
  subscriptionId: z.number().int().nullable(),
  status: z.enum(CHECK_IN_STATUSES).meta({ description: "requested (to answer), answered (waiting for review), approved, declined" }),
  approval: z.enum(CHECK_IN_APPROVALS),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  questions: z.array(z.object({ key: z.string(), type: z.string() })),
  answers: z.record(z.string(), answerValue).nullable(),
  reviewedBy: person.nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  /** What the caller may do now (the state machine and the caller's role). */
  can: z.object({ answer: z.boolean(), review: z.boolean() }),
});
export type CheckIn = z.infer<typeof checkInSchema>;
export const checkInAnswerSchema = z.object({ checkIn: checkInSchema });

/** The patient's answers, by question key (api/contract/check-in-rules.ts WEIGHT_LOSS_CHECK_IN); a form's or JSON. */
export const checkInAnswerRequestSchema = z
  .object(Object.fromEntries(WEIGHT_LOSS_CHECK_IN.map((q) => [q.key, answerValue.optional()])) as Record<string, z.ZodOptional<typeof answerValue>>)
  .strict()
  .superRefine((value, ctx) => {
    const { errors } = validateCheckInAnswers(value);
    for (const [key, messages] of Object.entries(errors)) for (const message of messages) ctx.addIssue({ code: "custom", path: [key], message });
  });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A due date: today (UTC, a day of slack for the time zones) up to CHECK_IN_LIMITS.dueMaxDays ahead. */
export function dueOnProblem(value: string, now = new Date()): string | null {
  if (!DATE.test(value)) return V.invalid;
  const day = Date.parse(`${value}T12:00:00Z`);
  if (Number.isNaN(day)) return V.invalid;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  if (day < today - 86_400_000 || day > today + CHECK_IN_LIMITS.dueMaxDays * 86_400_000) return CHECK_IN_V.dueDate;
  return null;
}

export const checkInRequestSchema = z
  .object({
    dueOn: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .superRefine((v, ctx) => {
        const problem = dueOnProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .meta({ description: "yyyy-MM-dd: when the patient should answer by (today up to a year ahead)" }),
    /** The treatment the check-in is about (the patient's); the newest weight-loss treatment when missing. */
    treatmentId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional()),
  })
  .strict();

export const checkInReviewSchema = z
  .object({
    approval: z.enum(["approved", "declined"], { error: V.required }),
    note: z.string().trim().max(CHECK_IN_LIMITS.reviewNote, V.maxLength).default(""),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.approval === "declined" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: CHECK_IN_V.declineNote });
  });
