import { z } from "zod";

/** The success envelope of spec §7: { message, data } (lists add pages). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });
export const pagesSchema = z.object({ totalCount: z.number().int(), page: z.number().int(), perPage: z.number().int() });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ message: z.string(), data: z.array(item), pages: pagesSchema });
/** Failure: { message, data? }; validation failures carry data.errors (field → messages). */
export const errorSchema = z.object({
  message: z.string(),
  data: z.object({ errors: z.record(z.string(), z.array(z.string())).optional() }).passthrough().optional(),
});

/** Positive integer id from a path or query string. */
export const idParam = z.coerce.number().int().positive().max(2147483647);
