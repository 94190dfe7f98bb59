/**
 * The intake review's forms (app/lib/review.server.ts parses them with parse-form.server): one form per action,
 * named by its `intent`, each the contract's request body (api/contract/treatments.ts) with that intent. Server only
 * (zod); the browser checks the same rules as HTML attributes (required, maxLength of REVIEW_TEXT_MAX).
 */
import { z } from "zod";
import { DECLINE_REASONS, REVIEW_TEXT_MAX } from "../../../api/contract/review-rules.ts";
import { V, optionalText, requiredText } from "../../../api/contract/validation.ts";

export const reviewFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("noShow") }),
  z.object({
    intent: z.literal("resume"),
    /** The add-ons to take off the subscription (checkboxes: none, one or many). */
    subscriptionItemIdsToRemove: z.preprocess(
      (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== "")),
      z.array(z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid)).max(50, V.maxLength),
    ),
  }),
  z.object({ intent: z.literal("modify"), message: requiredText(REVIEW_TEXT_MAX) }),
  z.object({ intent: z.literal("cancel"), reason: requiredText(REVIEW_TEXT_MAX) }),
  z
    .object({ intent: z.literal("decline"), reason: z.enum(DECLINE_REASONS, { error: V.required }), note: optionalText(REVIEW_TEXT_MAX) })
    .superRefine((v, ctx) => {
      if (v.reason === "other" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: V.required });
    }),
]);
export type ReviewForm = z.output<typeof reviewFormSchema>;
