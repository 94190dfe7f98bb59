/**
 * A clinician's signature (issue 19; spec §6 "providers manage own licenses, schedule, payouts, signature"; shown on
 * signed charts and printed prescriptions). The spec names no calls; designed here:
 *
 * | call | who | request | answer |
 * |---|---|---|---|
 * | GET    /api/v1/profile/signature | signers (providers, providerUsers): own | | { signature \| null } |
 * | POST   /api/v1/profile/signature | same | { typedName } | { signature } |
 * | POST   /api/v1/profile/signature/image | same | multipart `signature` (JPEG, PNG or GIF ≤ 2 MB) | { signature } |
 * | DELETE /api/v1/profile/signature/image | same | | { signature \| null } |
 * | DELETE /api/v1/profile/signature | same | | { signature: null } |
 * | GET    /api/v1/signatures/{key} | every staff role | | image/png |
 *
 * - One signature per clinician (`staff_signatures`, keyed by the staff id): the typed name is required (a picture
 *   alone is not a signature anyone can read aloud); a picture uploaded before any typed name takes the account's
 *   full name as the typed name.
 * - The picture is checked by content (JPEG, PNG or GIF by its bytes), at most 2 MB, decoded and written again as a
 *   PNG of at most 600 px a side without any metadata (api/domain/uploads.ts `reencodePng`), stored through the
 *   storage adapter under a new unguessable key; the previous picture is deleted unless a signed chart or a written
 *   prescription refers to it (then it is kept for ever: a signed document never changes). Not a picture: 415
 *   `signatures.imageType`; broken: 400 `signatures.imageUnreadable`; too large: 413 `signatures.imageTooLarge`.
 * - Other roles: 403 (the permission matrix). Staff read pictures by key (a chart's or prescription's signer).
 * - A signed chart and a written prescription keep the signature they were signed with: signing copies the typed name
 *   and the picture's key into the chart (chart_reviews.signature_*) or the prescription (prescriptions.signature_*)
 *   in the same transaction, the signature row read FOR SHARE so a concurrent change waits for it. A later change or
 *   removal of the signature changes only documents signed after it. Documents signed before migration
 *   0034_signature_snapshots got the signature they showed at that moment; one signed without a signature shows none.
 */
import { z } from "zod";
import { V } from "./validation.ts";
import { TYPED_NAME_MAX } from "./signature-rules.ts";

export * from "./signature-rules.ts";

/** A signature as charts and prescriptions show it: the picture when there is one, else the typed name. */
export const signatureViewSchema = z.object({
  typedName: z.string(),
  imageUrl: z.string().nullable().meta({ description: "/api/v1/signatures/{key} (image/png), or null" }),
});
export type SignatureView = z.infer<typeof signatureViewSchema>;

export const signatureSchema = signatureViewSchema.extend({
  staffId: z.number().int(),
  updatedAt: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;

export const signatureAnswerSchema = z.object({ signature: signatureSchema.nullable() });
export type SignatureAnswer = z.infer<typeof signatureAnswerSchema>;

export const typedNameRequestSchema = z
  .object({
    typedName: z.string({ error: V.required }).trim().min(1, V.required).max(TYPED_NAME_MAX, V.maxLength),
  })
  .strict();

export const signatureKeyParam = z.string().regex(/^[a-f0-9]{32}$/);
