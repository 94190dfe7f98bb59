/** Contract of the session, sign-in, profile, users and analytics calls (spec §3, §7). */
import { z } from "zod";
import { PROFESSIONS, ROLES, USER_ROLES } from "./roles.ts";
import { NAME_PATTERN, dateOfBirth, email, optionalText, personName, phone, requiredText, timeZoneName, utcOffsetMinutes, V } from "./validation.ts";

export const roleSchema = z.enum(ROLES);
export const userRoleSchema = z.enum(USER_ROLES);

export const sessionInfoSchema = z.object({
  id: z.number().int().nullable(),
  isGuest: z.boolean(),
  groups: z.array(userRoleSchema),
  csrfTokenValue: z.string(),
  /** Set when the caller's session cookie had expired or been revoked (for a "you were signed out" notice). */
  sessionEnded: z.enum(["expired", "revoked"]).nullable(),
  /**
   * Asked for with the body `{ "summary": true }`: what a layout shows of the signed-in user (the menu's flags and
   * unread count, the header's name and picture), so that a page needs no GET /api/v1/profile beside the session
   * check (issue 11). null for a guest; absent when not asked for (or from an upstream that does not know it).
   */
  summary: z.lazy(() => sessionSummarySchema).nullable().optional(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** POST /actions/users/login — JSON or form body. */
export const loginRequestSchema = z.object({
  loginName: email(),
  password: z.string({ error: V.required }).min(1, V.required).max(1024, V.maxLength),
});
export const loginSuccessSchema = z.object({
  id: z.number().int(),
  groups: z.array(userRoleSchema),
  csrfTokenValue: z.string(),
});
export const loginChallengeSchema = z.object({ authMethod: z.literal("totp") });
export const loginResponseSchema = z.union([loginSuccessSchema, loginChallengeSchema]);

/** POST /api/v1/users/verify-totp: { code } or { recoveryCode } (defined with the account-security contract). */
export { verifyTotpRequestSchema } from "./account.ts";

export const addressSchema = z.object({
  id: z.number().int(),
  addressType: z.enum(["shipping", "billing"]),
  title: z.string(),
  addressFirstName: z.string(),
  addressLastName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  locality: z.string(),
  administrativeArea: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  phone: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const professionSchema = z.object({ value: z.enum(PROFESSIONS), label: z.string() }).nullable();

export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: userRoleSchema,
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Time zone as UTC offset, "+HH:MM" / "-HH:MM". */
  utcOffset: z.string(),
  utcOffsetMinutes: z.number().int(),
  /** IANA time zone when the user chose one (the offset then follows it across DST), else null. */
  timeZone: z.string().nullable(),
  /** Patients: date of birth "yyyy-MM-dd" (null when unknown); always null for staff. */
  dateOfBirth: z.string().nullable(),
  locale: z.enum(["en-US", "es-US"]),
  profession: professionSchema,
  userStatus: z.string(),
  availability: z.enum(["available", "unavailable", "unknown"]),
  addresses: z.object({ shippingAddress: addressSchema.nullable(), billingAddress: addressSchema.nullable() }),
  isProgressAvailability: z.boolean(),
  hasPharmacyAccess: z.boolean(),
  isPharmacyAvailability: z.boolean(),
  unreadChatMessagesCount: z.number().int(),
  totpEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** session-info's `summary`: the profile fields the layouts show (the same values GET /api/v1/profile gives). */
export const sessionSummarySchema = profileSchema.pick({
  fullName: true,
  firstName: true,
  avatarUrl: true,
  profession: true,
  availability: true,
  isProgressAvailability: true,
  hasPharmacyAccess: true,
  isPharmacyAvailability: true,
  unreadChatMessagesCount: true,
  // The viewer's zone, so every page formats times in it (patients' pages included) without reading the profile.
  utcOffsetMinutes: true,
  timeZone: true,
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/**
 * PUT /api/v1/profile. Every field optional; only the ones present change (see api/contract/patient-account.ts
 * for the whole account contract).
 * - phone: any US format ("(555) 123-4567", "555.123.4567", "+1 555 123 4567"); stored and answered as
 *   "+1" and ten digits ("+15551234567"); "" clears it.
 * - dateOfBirth: patients only (a staff user sending it gets 400); "yyyy-MM-dd" or "MM/dd/yyyy"; "" clears it.
 * - timeZone: an IANA zone ("America/Denver"); when given without utcOffsetMinutes, the offset is set to the
 *   zone's offset now. "" clears the zone (the offset stays). utcOffsetMinutes: -720 … 840, steps of 15.
 * The email change of spec §7 ({ user: { email } }) is confirmed through a link mailed to the new address
 * (POST /actions/users/confirm-email, api/contract/account.ts): the email stays unchanged until then and the
 * answer's message says where the link went.
 */
export const profileUpdateSchema = z
  .object({
    firstName: personName(true).optional(),
    // Not personName(false): its default "" would clear the middle name on every update that omits it.
    middleName: z.string().trim().max(100, V.maxLength).regex(NAME_PATTERN, V.name).optional(),
    lastName: personName(true).optional(),
    phone: z.union([z.literal(""), phone()]).optional(),
    utcOffsetMinutes: utcOffsetMinutes().optional(),
    timeZone: timeZoneName().optional(),
    dateOfBirth: dateOfBirth().optional(),
    locale: z.enum(["en-US", "es-US"], { error: V.invalid }).optional(),
    user: z.object({ email: email() }).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * GET /api/v1/users query: search, sort (default fullName_asc), page, perPage (20), roles[].
 * `search` matches the name or email (substring), the phone (4 or more digits), the id (a number), or a
 * patient's date of birth (MM/dd/yyyy, M/d/yyyy or yyyy-MM-dd) — the patient picker of spec §2.
 */
export const USER_SORTS = ["fullName_asc", "fullName_desc", "id_asc", "id_desc", "email_asc", "email_desc"] as const;
const roleList = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(",")),
  z.array(userRoleSchema).max(8),
);
export const usersQuerySchema = z.object({
  search: optionalText(100),
  sort: z.enum(USER_SORTS).default("fullName_asc"),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  roles: roleList.optional(),
  userStatus: z.enum(["active", "pending", "suspended", "inactive"]).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const userListItemSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  profession: professionSchema,
  userStatus: z.string(),
  roles: z.array(z.object({ handle: userRoleSchema, title: z.string() })),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** POST /api/v1/track (spec §3 analytics event). */
const shortText = (max: number) => z.string().max(max).optional();
export const trackRequestSchema = z.object({
  event: z.enum(["Init", "PageView"]),
  payload: z.object({ name: z.string().max(200).default(""), url: z.string().max(2000).default("") }).default({ name: "", url: "" }),
  device: z
    .object({
      screenResolution: shortText(40),
      viewport: shortText(40),
      encoding: shortText(40),
      language: shortText(40),
      colors: shortText(40),
      platform: shortText(100),
      userAgent: shortText(500),
    })
    .optional(),
  browser: z.object({ name: shortText(100), version: shortText(100) }).optional(),
});

export { requiredText };
