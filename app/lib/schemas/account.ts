import { z } from "zod";
import {
  addCardRequestSchema,
  addressTitle,
  billingSyncRequestSchema,
  deletePaymentMethodRequestSchema,
  normalizeZip,
  primaryPaymentMethodRequestSchema,
  isUsStateCode,
  ZIP_PATTERN,
  type AddressType,
} from "../../../api/contract/patient-account.ts";
import { OFFSET_PREFIX, isTimeZoneChoice } from "../profile-form-checks.ts";
import { phoneDigits } from "../format.ts";
import {
  NAME_PATTERN,
  PHONE_PATTERN,
  V,
  dateOfBirth,
  email,
  personName,
  phone,
  requiredText,
} from "../../../api/contract/validation.ts";

/**
 * Form schemas of the patient account pages (issue 7), built from the API's own contract
 * (api/contract/patient-account.ts, api/contract/validation.ts) so the web action and the API apply the same
 * rules with the same message keys (validation namespace). Server only: the browser checks the same rules
 * without zod (app/lib/account-form-checks.ts, profile-form-checks.ts, card-form-checks.ts), held to these
 * schemas by tests/unit/form-checks.test.ts.
 *
 * Conform submits an empty input as `undefined`; where the API's request schema makes a field optional
 * (an update sends only what changed), the form version below makes it required, so an emptied required field
 * reads 'Value is required' instead of being silently left out.
 */

/* ---------------------------------------------------------------------------------------------------------- */
/* Profile                                                                                                    */
/* ---------------------------------------------------------------------------------------------------------- */

export { OFFSET_PREFIX };

/** The time-zone select: an IANA zone ("America/Denver") or a UTC offset ("offset:-420"). */
export const timeZoneChoice = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .refine(isTimeZoneChoice, V.timeZone);

/** What the time-zone choice sends in PUT /api/v1/profile: a zone (the API derives the offset) or an offset. */
export function timeZoneUpdate(choice: string): { timeZone: string; utcOffsetMinutes?: number } {
  if (choice.startsWith(OFFSET_PREFIX)) return { timeZone: "", utcOffsetMinutes: Number(choice.slice(OFFSET_PREFIX.length)) };
  return { timeZone: choice };
}

/** "Personal details" form of the profile page → PUT /api/v1/profile (names, phone, date of birth, time zone). */
export const profileDetailsSchema = z.object({
  intent: z.literal("details"),
  firstName: personName(true),
  middleName: personName(false),
  lastName: personName(true),
  phone: phone().optional(),
  /** Required on the form: the clinic needs it, and the field comes filled in (spec §5 rules from the contract). */
  dateOfBirth: z.string({ error: V.required }).trim().min(1, V.required).pipe(dateOfBirth()),
  timeZone: timeZoneChoice(),
});
export type ProfileDetailsForm = z.output<typeof profileDetailsSchema>;

/**
 * "Email" form of the profile page → PUT /api/v1/profile { user: { email } } (confirmed by a link to the new
 * address). `checkedEmail` is the address the "Did you mean …?" warning was already shown for (spec §5): a
 * second submit of that same address goes through; `useSuggestion` carries the suggested address when chosen.
 */
export const profileEmailSchema = z.object({
  intent: z.literal("email"),
  email: email(),
  checkedEmail: z.string().max(254).optional(),
  useSuggestion: z.string().max(254).optional(),
});

export const removeAvatarSchema = z.object({ intent: z.literal("removeAvatar") });

export const profileFormSchema = z.discriminatedUnion("intent", [profileDetailsSchema, profileEmailSchema, removeAvatarSchema]);

/* ---------------------------------------------------------------------------------------------------------- */
/* Addresses                                                                                                  */
/* ---------------------------------------------------------------------------------------------------------- */

const nameOnAddress = () => requiredText(100).regex(NAME_PATTERN, V.name);

/**
 * One address form of the "My pharmacy" page (intent "shipping" or "billing"), flat as the inputs are; the
 * action turns it into the save-address payload of spec §3 (`toSaveAddressPayload`), which the API validates
 * again with saveAddressRequestSchema. The rules are the contract's (names, US phone, state list, ZIP).
 */
export const addressFormSchema = z.object({
  intent: z.enum(["shipping", "billing"]),
  addressId: z.coerce.number().int().positive().optional(),
  addressFirstName: nameOnAddress(),
  addressLastName: nameOnAddress(),
  addressLine1: requiredText(200),
  addressLine2: z.string().trim().max(200, V.maxLength).default(""),
  locality: requiredText(100),
  administrativeArea: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .refine(isUsStateCode, V.state),
  postalCode: z.string({ error: V.required }).trim().min(1, V.required).regex(ZIP_PATTERN, V.zip),
  phone: z.string({ error: V.required }).trim().min(1, V.required).max(25, V.maxLength).regex(PHONE_PATTERN, V.phone),
});
export type AddressForm = z.output<typeof addressFormSchema>;

/**
 * The save-address payload of spec §3 from a valid address form: addressLine1/2, `fields` (first and last name,
 * addressType, phone as digits with a plus sign), administrativeArea, locality, postalCode, the capitalised
 * title, and addressId when the address exists.
 */
export type SaveAddressPayload = {
  addressLine1: string;
  addressLine2: string;
  fields: { addressFirstName: string; addressLastName: string; addressType: AddressType; phone: string };
  administrativeArea: string;
  locality: string;
  postalCode: string;
  title: string;
  addressId?: number;
};
export function toSaveAddressPayload(v: AddressForm): SaveAddressPayload {
  return {
    addressLine1: v.addressLine1,
    addressLine2: v.addressLine2,
    fields: { addressFirstName: v.addressFirstName, addressLastName: v.addressLastName, addressType: v.intent, phone: phoneDigits(v.phone) },
    administrativeArea: v.administrativeArea.toUpperCase(),
    locality: v.locality,
    postalCode: normalizeZip(v.postalCode),
    title: addressTitle(v.intent),
    ...(v.addressId ? { addressId: v.addressId } : {}),
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Payment methods and billing                                                                                */
/* ---------------------------------------------------------------------------------------------------------- */

/** Add a card (local provider): the contract's schema as it stands, with the page's intent. */
export const addCardFormSchema = z.intersection(z.object({ intent: z.literal("addCard") }), addCardRequestSchema);
export const makePrimaryFormSchema = z.intersection(z.object({ intent: z.literal("makePrimary") }), primaryPaymentMethodRequestSchema);
export const deleteCardFormSchema = z.intersection(z.object({ intent: z.literal("deleteCard") }), deletePaymentMethodRequestSchema);

/** The billing page's forms: open the portal, or sync after it closed (spec §4). */
export const billingFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("openPortal") }),
  z.object({ intent: z.literal("sync"), portalSessionId: billingSyncRequestSchema.shape.portalSessionId }),
]);

/** A portal session id from the URL (?portalSession=), or null when it is not one. */
export function portalSessionParam(value: string | null): string | null {
  if (!value) return null;
  const parsed = billingSyncRequestSchema.shape.portalSessionId.safeParse(value);
  return parsed.success && parsed.data ? parsed.data : null;
}
