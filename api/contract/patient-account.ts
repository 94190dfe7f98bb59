/**
 * Contract of the patient account calls (issue 7; spec §2 account pages, §3 profile user / address /
 * save-address payload, §4 billing portal close → sync → refresh and invoice statuses, §5 names, phone, date of
 * birth, uploads, §7 profile, save-address, payment methods, portal session, billing sync, §8 card declined and
 * 'Cannot download invoice', §9 currency usd and the 400x400 picture). Routes: api/routes/patient-account.ts
 * (addresses, billing, invoices) and api/routes/avatar.ts; the profile itself is api/routes/profile.ts.
 *
 * Shared with the web: the request schemas validate the forms (conform + zod) with the same message keys
 * (validation namespace, locales/<lng>/validation.json) as the API; the response types are the `data` of each
 * call's `{ message, data }` envelope. Amounts are integer cents with a lower-case ISO currency ("usd").
 *
 * | call                                         | who      | body / query                         | data                              |
 * |----------------------------------------------|----------|--------------------------------------|-----------------------------------|
 * | GET    /api/v1/profile                       | signed in|                                      | Profile (users.ts): + dateOfBirth, timeZone, addresses |
 * | PUT    /api/v1/profile                       | signed in| profileUpdateSchema (users.ts)       | Profile, "Your profile has been updated." |
 * | POST   /api/v1/profile/avatar                | signed in| multipart/form-data, file field `avatar` | Profile (new avatarUrl), "Your profile picture has been updated." |
 * | DELETE /api/v1/profile/avatar                | signed in|                                      | Profile (avatarUrl null), "Your profile picture has been removed." |
 * | GET    /api/v1/avatars/{key}                 | signed in|                                      | the image bytes (image/png), not JSON |
 * | POST   /actions/users/save-address           | patients | saveAddressRequestSchema             | Address, "Your shipping address has been saved." / billing |
 * | GET    /api/v2/profile/payment-methods       | patients |                                      | PaymentMethods { provider, acceptsCardNumbers, paymentMethods[] } |
 * | POST   /api/v2/profile/payment-methods       | patients | addCardRequestSchema (local provider)| PaymentMethod, "Your card has been added." |
 * | PUT    /api/v2/profile/primary-payment-method| patients | { id }                               | PaymentMethods, "Your primary card has been changed." |
 * | DELETE /api/v2/profile/payment-method        | patients | { id } (JSON body, or ?id=)          | PaymentMethods, "Your card has been removed." |
 * | GET    /api/v1/profile/portal-session        | patients |                                      | PortalSession                     |
 * | PUT    /api/v1/profile/chargebee-sync        | patients | { portalSessionId? }                 | BillingSync, "Your billing details are up to date." |
 * | GET    /api/v1/profile/invoices              | patients | ?page=1&perPage=10 (max 50)          | Invoice[] + pages, newest first   |
 * | GET    /api/v1/profile/invoices/{id}/pdf     | patients |                                      | application/pdf (attachment), not JSON |
 *
 * Every call answers `Cache-Control: no-store`; every read and change of a patient's data writes an audit
 * event — except a patient reading their own profile (GET /api/v1/profile, which every patient page's menu
 * makes; api/routes/profile.ts) — (profile.update, avatar.update/delete/read, address.save, payment_method.list/add/primary/delete,
 * billing.portal_session, billing.sync, invoice.list, invoice.pdf; refusals with outcome "denied"/"failure").
 *
 * Errors (the `{ message, data? }` failure body of ARCHITECTURE §5):
 *   400  invalid input — `data.errors` maps each field path to its messages ("fields.phone", "cardNumber"…);
 *        or a business refusal with a clear `message` (e.g. "You can save up to 10 cards.")
 *   401  not signed in                        403  a staff role on a patients-only call, or CSRF token missing
 *   402  card declined (add a card): message CARD_DECLINED_MESSAGE, `data.code` "card_declined"
 *   404  an address, payment method, invoice or avatar that is not the caller's (never told apart from
 *        "does not exist"); the invoice PDF answers 404 "Cannot download invoice" (spec §8)
 *   413  avatar larger than AVATAR_MAX_BYTES: "Uploaded image is too large" (spec §5)
 *   415  avatar that is not a JPEG, PNG or GIF by content: AVATAR_TYPE_MESSAGE
 *   429  too many card attempts (10 an hour per patient): "Too many attempts. Try again in N minutes."
 *
 * PUT /api/v1/profile (schema in api/contract/users.ts, re-exported below): firstName, middleName, lastName
 * (letters, spaces, dash, apostrophe; first and last required when sent), phone (any US format, stored as
 * "+1" + ten digits; the web shows "(area) prefix-line"; "" clears), dateOfBirth (patients only; "yyyy-MM-dd"
 * or "MM/dd/yyyy"; keys validation.dateOfBirth.invalid / future / tooOld (over 120 years) / underage (under 18);
 * "" clears), utcOffsetMinutes (-720…840, multiple of 15), timeZone (IANA, e.g. "America/Denver": sets the
 * offset to the zone's current one unless utcOffsetMinutes is also sent; "" clears), locale, user.email
 * (change confirmed by a link to the new address).
 *
 * Avatar (spec §5 uploads, §9 400x400): POST multipart/form-data with one file in the field `avatar` (the
 * CSRF token in the X-CSRF-Token header: a multipart body is not read before the check). Accepted by
 * CONTENT (magic bytes), whatever the file name says: JPEG, PNG, GIF (jpg, jpeg, png, gif); at most
 * AVATAR_MAX_BYTES (5 MB). The image is decoded and re-encoded as PNG, cropped to a centred square and
 * resized to at most 400x400, so no metadata (EXIF, GPS, text chunks, comments) survives. Stored through the
 * object-storage adapter (local disk under DATA_DIR/objects by default), outside any web root. avatarUrl is
 * "/api/v1/avatars/{key}" with an unguessable 128-bit key that changes at every upload; fetching it needs a
 * signed-in session (any role: staff see patients' avatars and patients see staff's), so the web serves it
 * through its own resource route that calls the upstream with the user's session. Cached privately, immutable.
 *
 * Billing provider (api/domain/billing/): BILLING_PROVIDER is "local" by default — our own ledger tables
 * (billing customers, payment methods, invoices with lines). A hosted provider (e.g. Chargebee) plugs into the
 * same interface: card data is then entered in the provider's hosted portal and never reaches our server
 * (`acceptsCardNumbers` false, POST payment-methods answers 400), and chargebee-sync mirrors its payment
 * methods and invoices into the ledger.
 *
 * Billing portal (spec §4, §7): GET portal-session creates a one-time session (valid 1 hour) and answers
 * PortalSession. With the local provider `url` is the web's own page
 * "/patient/account/payment-details?portalSession={id}" (the payment-details page IS the local portal) and
 * `returnUrl` "/patient/account/billing". When the patient closes the portal, the web calls
 * PUT chargebee-sync { portalSessionId } (loading state on), then refreshes the billing page and profile.
 * The sync closes the session and brings the ledger up to date: invoices whose due date has passed turn
 * Past due (open, payment_due, posted), past-due invoices over 30 days turn Not paid; it answers counts.
 *
 * Test cards of the local provider (any future expiry, any 3-digit CVC, 4 digits for American Express):
 *   4242 4242 4242 4242  Visa — succeeds           5555 5555 5555 4444  Mastercard — succeeds
 *   3782 822463 10005    American Express — succeeds  6011 1111 1111 1117  Discover — succeeds
 *   4000 0000 0000 0002  Visa — DECLINED: 402, message CARD_DECLINED_MESSAGE
 * Any other number passing the Luhn check with a known brand prefix is accepted too. Only the brand, last 4
 * digits, expiry, holder name and a random token are kept — never the full number or the CVC.
 *
 * Deleting the primary card makes the most recently added remaining card primary (and moves subscriptions
 * that were charged to the deleted card onto it). The only card can be deleted; subscription actions then
 * report "No payment source in subscription" (spec §8).
 */
import { z } from "zod";
import { INVOICE_STATUSES } from "./enums.ts";
import { idParam } from "./common.ts";
import { addressSchema, profileSchema, profileUpdateSchema, type Address, type Profile, type ProfileUpdate } from "./users.ts";
import { NAME_PATTERN, PHONE_PATTERN, V, phoneE164, requiredText } from "./validation.ts";
import { ADDRESS_TYPES, ZIP_PATTERN, addressTitle, isUsStateCode, normalizeZip } from "./patient-account-rules.ts";
import {
  CARD_BRANDS,
  CARD_NUMBER_PATTERN,
  CVC_PATTERN,
  HOLDER_NAME_PATTERN,
  cardBrand,
  cardDigits,
  cardExpired,
  cvcLength,
  fullExpYear,
  luhnValid,
  typedNumber,
} from "./card-rules.ts";

// The address rules and lists are plain constants the browser may import without zod (./patient-account-rules.ts).
export * from "./patient-account-rules.ts";
export * from "./card-rules.ts";

export { addressSchema, profileSchema, profileUpdateSchema, type Address, type Profile, type ProfileUpdate };

/* ---------------------------------------------------------------------------------------------------------- */
/* Avatar                                                                                                     */
/* ---------------------------------------------------------------------------------------------------------- */

export const avatarKeyParam = z.string().regex(/^[a-f0-9]{32}$/);

/* ---------------------------------------------------------------------------------------------------------- */
/* Addresses                                                                                                  */
/* ---------------------------------------------------------------------------------------------------------- */


const nameOnAddress = () => requiredText(100).regex(NAME_PATTERN, V.name);
const addressPhone = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(25, V.maxLength)
    .regex(PHONE_PATTERN, V.phone)
    .transform(phoneE164)
    .meta({ description: "US phone; digits with a plus sign (+15551234567) or any US format" });

/** The nested `fields` of the save-address payload (spec §3). */
export const addressFieldsSchema = z.object({
  addressFirstName: nameOnAddress(),
  addressLastName: nameOnAddress(),
  addressType: z.enum(ADDRESS_TYPES, { error: V.addressType }),
  phone: addressPhone(),
});

const FIELD_KEYS = ["addressFirstName", "addressLastName", "addressType", "phone"] as const;
/** Accept the fields nested (`fields: {…}`, the spec's payload), or flat / as `fields[x]` form keys. */
function liftFields(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const o = { ...(input as Record<string, unknown>) };
  if (o.fields && typeof o.fields === "object") return o;
  const fields: Record<string, unknown> = {};
  for (const k of FIELD_KEYS) {
    for (const name of [k, `fields[${k}]`, `fields.${k}`]) {
      if (name in o) {
        fields[k] = o[name];
        delete o[name];
      }
    }
  }
  return { ...o, fields };
}

/**
 * POST /actions/users/save-address — patients; CSRF. The save-address payload of spec §3:
 *   { addressLine1, addressLine2, fields: { addressFirstName, addressLastName, addressType, phone },
 *     administrativeArea, locality, postalCode, title, addressId? }
 * - addressType "shipping" | "billing"; title, when sent, must be its capitalised form ("Shipping", "Billing").
 * - phone: digits with a plus sign ("+15551234567"; any US format is accepted and stored that way).
 * - administrativeArea: a code of US_STATES; postalCode: ZIP or ZIP+4; countryCode is always "US".
 * - addressId: the patient's address being edited; another patient's (or an unknown) id → 404; an address of
 *   the other type → 400. Without addressId the patient's address of that type is created, or replaced
 *   when it exists (one shipping and one billing address per patient).
 * Field errors are keyed by path: "addressLine1", "fields.addressFirstName", "fields.phone", "postalCode"…
 * Success: 200, Address; message "Your shipping address has been saved." / "Your billing address has been saved."
 */
export const saveAddressRequestSchema = z.preprocess(
  liftFields,
  z
    .object({
      addressLine1: requiredText(200),
      addressLine2: z.string().trim().max(200, V.maxLength).default(""),
      fields: addressFieldsSchema,
      administrativeArea: z
        .string({ error: V.required })
        .trim()
        .min(1, V.required)
        .transform((v) => v.toUpperCase())
        .refine(isUsStateCode, V.state),
      locality: requiredText(100),
      postalCode: z.string({ error: V.required }).trim().min(1, V.required).regex(ZIP_PATTERN, V.zip).transform(normalizeZip),
      title: z.string().trim().max(20).optional(),
      addressId: z
        .union([z.number(), z.string()])
        .transform((v) => (v === "" ? undefined : Number(v)))
        .pipe(z.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid).optional())
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.title !== undefined && v.title !== "" && v.title !== addressTitle(v.fields.addressType)) {
        ctx.addIssue({ code: "custom", message: V.addressTitle, path: ["title"], input: v.title });
      }
    }),
);
export type SaveAddressRequest = z.output<typeof saveAddressRequestSchema>;
export type SaveAddressInput = z.input<typeof saveAddressRequestSchema>;

/* ---------------------------------------------------------------------------------------------------------- */
/* Payment methods                                                                                            */
/* ---------------------------------------------------------------------------------------------------------- */



/**
 * POST /api/v2/profile/payment-methods — patients; CSRF; local provider only (a hosted provider: 400
 * "Add cards in the billing portal."). Card data is validated, tokenised and discarded: only brand, last 4,
 * expiry, holder name and a random token are stored. makePrimary (default: true when it is the first card).
 * - cardNumber: 12–19 digits (spaces and dashes allowed), Luhn-valid (validation.card.number), known brand
 *   (validation.card.brand: Visa, Mastercard, American Express, Discover)
 * - expMonth 1–12, expYear 4 digits (2 digits = 20yy); a past month → validation.card.expired on expMonth
 * - cvc 3 digits (4 for American Express) (validation.card.cvc); name on the card (letters, spaces, dash,
 *   apostrophe, periods).
 * Success: 200 PaymentMethod. Errors: 400 fields; 400 "You can save up to 10 cards."; 402 CARD_DECLINED_MESSAGE
 * with data.code "card_declined"; 429 after 10 attempts an hour.
 */
export const addCardRequestSchema = z
  .object({
    cardNumber: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .transform(cardDigits)
      .refine((v) => CARD_NUMBER_PATTERN.test(v) && luhnValid(v), V.cardNumber)
      .refine((v) => !CARD_NUMBER_PATTERN.test(v) || !luhnValid(v) || cardBrand(v) !== null, V.cardBrand),
    expMonth: z
      .union([z.number(), z.string()], { error: V.required })
      .transform((v) => (typeof v === "string" ? typedNumber(v) : v))
      .pipe(z.number({ error: V.cardExpMonth }).int(V.cardExpMonth).min(1, V.cardExpMonth).max(12, V.cardExpMonth)),
    expYear: z
      .union([z.number(), z.string()], { error: V.required })
      .transform((v) => fullExpYear(typeof v === "string" ? typedNumber(v) : v))
      .pipe(z.number({ error: V.cardExpYear }).int(V.cardExpYear).min(2000, V.cardExpYear).max(2100, V.cardExpYear)),
    cvc: z.string({ error: V.required }).trim().min(1, V.required).regex(CVC_PATTERN, V.cardCvc),
    name: requiredText(100).regex(HOLDER_NAME_PATTERN, V.name),
    makePrimary: z
      .union([z.boolean(), z.enum(["true", "false", "on", ""])])
      .transform((v) => v === true || v === "true" || v === "on")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (Number.isInteger(v.expMonth) && Number.isInteger(v.expYear) && cardExpired(v.expMonth, v.expYear)) {
      ctx.addIssue({ code: "custom", message: V.cardExpired, path: ["expMonth"], input: v.expMonth });
    }
    const brand = cardBrand(v.cardNumber);
    if (brand && v.cvc.length !== cvcLength(brand) && CVC_PATTERN.test(v.cvc)) {
      ctx.addIssue({ code: "custom", message: V.cardCvc, path: ["cvc"], input: v.cvc });
    }
  });
export type AddCardRequest = z.output<typeof addCardRequestSchema>;

/** A positive id as a number or a numeric string (JSON body, form body or ?id=). */
const idValue = () =>
  z
    .union([z.number(), z.string()], { error: V.required })
    .transform((v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : Number(v.trim())) : v))
    .pipe(z.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2147483647, V.invalid));

/** PUT /api/v2/profile/primary-payment-method — patients; CSRF. { id }; 404 when it is not the caller's card. */
export const primaryPaymentMethodRequestSchema = z.object({ id: idValue() });
/**
 * DELETE /api/v2/profile/payment-method — patients; CSRF. { id } as JSON body (or ?id= in the query).
 * 404 when it is not the caller's card. Deleting the primary card promotes the newest remaining card.
 */
export const deletePaymentMethodRequestSchema = z.object({ id: idValue() });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.enum(CARD_BRANDS),
  /** "Visa", "Mastercard", "American Express", "Discover". */
  brandLabel: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** The card's expiry month has passed. */
  expired: z.boolean(),
  holderName: z.string(),
  isPrimary: z.boolean(),
  provider: z.string(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/v2/profile/payment-methods — primary first, then newest first. */
export const paymentMethodsSchema = z.object({
  provider: z.string(),
  /** True for the local provider (the add-card form posts card numbers to us); false for hosted providers. */
  acceptsCardNumbers: z.boolean(),
  paymentMethods: z.array(paymentMethodSchema),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/* ---------------------------------------------------------------------------------------------------------- */
/* Billing portal and sync                                                                                    */
/* ---------------------------------------------------------------------------------------------------------- */

/** Where the local provider's portal lives in the web, and where closing it returns to. */
export const LOCAL_PORTAL_PATH = "/patient/account/payment-details";
export const LOCAL_PORTAL_RETURN_PATH = "/patient/account/billing";
export const PORTAL_SESSION_TTL_SECONDS = 3600;

/** GET /api/v1/profile/portal-session — patients. A one-time billing portal session (spec §7). */
export const portalSessionSchema = z.object({
  /** One-time session id (opaque, 43 characters); pass it to chargebee-sync when the portal closes. */
  id: z.string(),
  provider: z.string(),
  /** Local: the web path of our own portal page with ?portalSession={id}; hosted: the provider's URL. */
  url: z.string(),
  returnUrl: z.string(),
  expiresAt: z.string(),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** PUT /api/v1/profile/chargebee-sync — patients; CSRF. Body optional. */
export const billingSyncRequestSchema = z.object({
  portalSessionId: z.string().trim().max(200).regex(/^[A-Za-z0-9_-]*$/, V.invalid).optional(),
});
export const billingSyncSchema = z.object({
  provider: z.string(),
  syncedAt: z.string(),
  paymentMethods: z.number().int(),
  invoices: z.number().int(),
  /** Invoices whose status changed in this sync. */
  invoicesUpdated: z.number().int(),
  /** The portal session was found and closed. */
  portalSessionClosed: z.boolean(),
});
export type BillingSync = z.infer<typeof billingSyncSchema>;

/* ---------------------------------------------------------------------------------------------------------- */
/* Invoices                                                                                                   */
/* ---------------------------------------------------------------------------------------------------------- */

/** Invoice statuses of spec §4, as stored keys with their English labels (one list, in api/contract/enums.ts). */
export { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from "./enums.ts";
export const INVOICES_DEFAULT_PER_PAGE = 10;
export const INVOICES_MAX_PER_PAGE = 50;
/** Spec §8: what the web shows when a PDF cannot be had; also the API's 404 message for the PDF. */
export const CANNOT_DOWNLOAD_INVOICE_MESSAGE = "Cannot download invoice";

/** GET /api/v1/profile/invoices — patients. Newest first (period start, then id). */
export const invoicesQuerySchema = z.object({
  page: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(1000, V.invalid).default(1),
  perPage: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(INVOICES_MAX_PER_PAGE, V.invalid).default(INVOICES_DEFAULT_PER_PAGE),
});

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmountCents: z.number().int(),
  amountCents: z.number().int(),
});
export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** English label of the status ("Payment due"); the web translates the key. */
  statusLabel: z.string(),
  /** Billing period, "yyyy-MM-dd". */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Total of the lines, in cents. */
  amountCents: z.number().int(),
  amountPaidCents: z.number().int(),
  amountDueCents: z.number().int(),
  currency: z.string(),
  /** Issue date "yyyy-MM-dd". */
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  /** ISO date-time when paid, else null. */
  paidAt: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  /** Path of the PDF (GET, this API). */
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** GET /api/v1/profile/invoices/{id}/pdf — patients. 200 application/pdf with
 *  Content-Disposition: attachment; filename="invoice-{number}.pdf". 404 CANNOT_DOWNLOAD_INVOICE_MESSAGE
 *  (JSON) for an unknown id or another patient's invoice. The PDF names the clinic, the patient, the invoice
 *  number, period, issue and due dates, status, lines and total. */
export const invoiceIdParamSchema = z.object({ id: idParam });
