import { z } from "zod";
import { API_MESSAGES, type ApiCode } from "./codes.ts";

/** Every `code` of api/contract/codes.ts. */
export const apiCodeSchema = z.enum(Object.keys(API_MESSAGES) as [ApiCode, ...ApiCode[]]).meta({ description: "Stable code of the answer (api/contract/codes.ts); translate this, not `message`" });
const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()])).optional().meta({ description: "Values of the code's message, e.g. { minutes }" });
const fieldCodesSchema = z.record(z.string(), z.array(z.object({ code: z.string(), params: paramsSchema })));

/** The success envelope of spec §7: { message, data } (lists add pages), plus the stable `code` and its `params`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: apiCodeSchema, message: z.string(), params: paramsSchema, data });
export const pagesSchema = z.object({ totalCount: z.number().int(), page: z.number().int(), perPage: z.number().int() });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ code: apiCodeSchema, message: z.string(), params: paramsSchema, data: z.array(item), pages: pagesSchema });
/**
 * Failure: { code, message, params?, data? }; validation failures carry data.errors (field → English messages)
 * and data.fieldCodes (field → { code, params? }: a validation message key or an ApiCode).
 */
export const errorSchema = z.object({
  code: apiCodeSchema,
  message: z.string(),
  params: paramsSchema,
  data: z.object({ errors: z.record(z.string(), z.array(z.string())).optional(), fieldCodes: fieldCodesSchema.optional() }).passthrough().optional(),
});

/** Positive integer id from a path or query string. */
export const idParam = z.coerce.number().int().positive().max(2147483647);
