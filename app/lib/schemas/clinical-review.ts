/**
 * The clinical review's forms (app/lib/clinical-review.server.ts parses them with parse-form.server): each is the
 * contract's request (api/contract/clinical-review.ts) with the form's intent, parsed as a form (conform hands an
 * emptied field over as missing; repeated checkboxes as a list). Server only (zod).
 */
import { z } from "zod";
import { dosageInstructionRequestSchema, informRequestSchema, noteRequestSchema, recordFormSchema, recordVisitRequestSchema } from "../../../api/contract/clinical-review.ts";
import { CV } from "../../../api/contract/clinical-review-rules.ts";
import { V } from "../../../api/contract/rules.ts";

/** A repeated form field as a list ("" dropped): none, one or many checkboxes. */
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== "")), z.array(item));

const f = recordFormSchema.shape;
export const recordVisitFormSchema = z.object({
  intent: z.literal("save"),
  visitType: recordVisitRequestSchema.shape.visitType,
  ...f,
  allergies: list(z.string().trim().min(1).max(60)).pipe(z.array(z.string()).max(30, V.maxLength)),
});

export const noteFormSchema = z.object({ intent: z.literal("save"), body: noteRequestSchema.shape.body });

export const prescriptionFormSchema = z.object({
  intent: z.literal("save"),
  diagnosisCode: dosageInstructionRequestSchema.shape.diagnosisCode,
  variantId: dosageInstructionRequestSchema.shape.variantId,
  instructions: z.string({ error: CV.instructionsRequired }).trim().min(1, CV.instructionsRequired).max(2000, V.maxLength),
  unitsDose: dosageInstructionRequestSchema.shape.unitsDose,
  /** The doses per month, comma-separated ("2.5mg, 5mg"). */
  dosageCycle: z.string().trim().max(400, V.maxLength).default(""),
});

export const informFormSchema = z.object({
  intent: z.literal("send"),
  templateId: informRequestSchema.shape.templateId,
  message: z.string({ error: CV.messageEmpty }).trim().min(1, CV.messageEmpty).max(5000, V.maxLength),
});
