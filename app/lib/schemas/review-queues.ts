/**
 * The clinical review queues' forms (app/lib/review-queues.server.ts parses them with parse-form.server): the chart's
 * sign, cancel and addendum forms are the contract's bodies with the form's intent; the uploads review's forms name
 * the upload and one value. Server only (zod).
 */
import { z } from "zod";
import { chartAddendumSchema, chartSignSchema, uploadReviewStatusSchema, uploadVisibilitySchema } from "../../../api/contract/review-queues.ts";
import { V } from "../../../api/contract/rules.ts";

export const chartSignFormSchema = chartSignSchema.extend({ intent: z.literal("sign") });
export const chartAddendumFormSchema = chartAddendumSchema.extend({ intent: z.literal("addendum") });
export const chartCancelFormSchema = z.object({ intent: z.literal("cancel") });

const uploadId = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid);
export const uploadReviewFormSchema = uploadReviewStatusSchema.extend({ intent: z.literal("review"), uploadId });
export const uploadVisibilityFormSchema = uploadVisibilitySchema.extend({ intent: z.literal("visibility"), uploadId });
