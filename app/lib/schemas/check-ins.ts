/**
 * The check-in forms (app/lib/check-ins.server.ts parses them with parse-form.server): the patient's answers (the
 * questionnaire's keys; the side effects as repeated checkboxes), the record's request and review forms — each the
 * contract's request (api/contract/check-ins.ts) with the form's intent. Server only (zod).
 */
import { z } from "zod";
import { WEIGHT_LOSS_CHECK_IN, validateCheckInAnswers } from "../../../api/contract/check-in-rules.ts";
import { checkInRequestSchema, checkInReviewSchema } from "../../../api/contract/check-ins.ts";
import { V } from "../../../api/contract/rules.ts";

/** A repeated form field as a list ("" dropped): none, one or many checkboxes. */
const list = z.preprocess((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== "")), z.array(z.string()));

export const checkInAnswerFormSchema = z
  .object({
    intent: z.literal("answer"),
    ...Object.fromEntries(WEIGHT_LOSS_CHECK_IN.map((q) => [q.key, q.type === "multiChoice" ? list : z.string().optional()])),
  })
  .superRefine((value, ctx) => {
    const { errors } = validateCheckInAnswers(value as Record<string, unknown>);
    for (const [key, messages] of Object.entries(errors)) for (const message of messages) ctx.addIssue({ code: "custom", path: [key], message });
  })
  .transform((value) => {
    const { intent, ...raw } = value as Record<string, unknown> & { intent: "answer" };
    return { intent, ...validateCheckInAnswers(raw).answers };
  });

export const checkInRequestFormSchema = z.object({ intent: z.literal("requestCheckIn"), dueOn: checkInRequestSchema.shape.dueOn });

export const checkInReviewFormSchema = z
  .object({
    intent: z.literal("reviewCheckIn"),
    checkInId: z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid),
    approval: z.enum(["approved", "declined"], { error: V.required }),
    note: z.string().trim().max(2000, V.maxLength).default(""),
  })
  .superRefine((v, ctx) => {
    const parsed = checkInReviewSchema.safeParse({ approval: v.approval, note: v.note });
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path as string[], message: issue.message });
  });
