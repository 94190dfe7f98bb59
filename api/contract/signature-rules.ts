/**
 * A clinician's signature (issue 19; spec §6 "providers manage … signature"): plain constants the browser may import
 * (the zod contract is ./signatures.ts).
 */

/** Who has a signature: the roles that sign charts and write prescriptions (CHART_SIGNER_ROLES). */
export const SIGNER_ROLES = ["providers", "providerUsers"] as const;
/** The multipart field of the signature picture (an upload, or the drawing pad's PNG). */
export const SIGNATURE_FIELD = "signature";
/** Largest accepted picture: 2 MB (a signature is small; a drawing is a few KB). */
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;
export const SIGNATURE_MAX_MB = 2;
/** The stored PNG is at most this wide and high (the whole picture kept, never enlarged). */
export const SIGNATURE_MAX_SIDE = 600;
/** The typed name: what is printed when there is no picture. */
export const TYPED_NAME_MAX = 120;
/** For <input type="file" accept=…> (the API decides by content). */
export const SIGNATURE_INPUT_ACCEPT = ".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif";
/** Path of a stored signature picture; {key} is 32 hex characters, new at every upload. */
export const SIGNATURE_URL_PREFIX = "/api/v1/signatures/";
/** The drawing pad's canvas, in CSS pixels (drawn at the device's pixel ratio, sent as a PNG). */
export const SIGNATURE_PAD = { width: 480, height: 160 } as const;

export const SIGNATURE_TOO_LARGE_MESSAGE = "The signature image is too large (at most 2 MB).";
export const SIGNATURE_TYPE_MESSAGE = "Upload the signature as a JPG, PNG or GIF image.";
export const SIGNATURE_UNREADABLE_MESSAGE = "The signature image could not be read. Upload another JPG, PNG or GIF image.";
export const SIGNATURE_MISSING_MESSAGE = "Choose an image of your signature, or draw it.";
