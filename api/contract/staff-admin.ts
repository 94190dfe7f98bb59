/**
 * Users and roles (issue 19): the calls of the manager's settings pages. Rules and decisions:
 * ./staff-admin-rules.ts; state machine api/domain/staff-users.ts; routes api/routes/staff-admin.ts.
 *
 * | call | who | body / query | answers |
 * |---|---|---|---|
 * | GET  /api/v1/staff-users (ours) | providers | search?, roles?, userStatus?, sort?, cursor?, perPage? | StaffUser[] + pages (keyset) |
 * | GET  /api/v1/staff-users/{id} (ours) | providers | | StaffUser with the actions allowed now |
 * | POST /api/v1/users/invite (ours) | providers | email, firstName, lastName, role, profession?, locale? | StaffUser (pending); mails the link |
 * | POST /api/v1/users/{id}/update (spec §7) | providers | firstName, lastName, profession ("" = none), role | StaffUser |
 * | POST /api/v1/users/{id}/suspend (spec §7) | providers | | StaffUser (suspended; sessions revoked) |
 * | POST /api/v1/users/{id}/unsuspend (spec §7) | providers | | StaffUser (active again) |
 * | POST /api/v1/users/{id}/deactivate (ours) | providers | | StaffUser (inactive; sessions revoked) |
 * | POST /api/v1/users/{id}/resend-invite (ours) | providers | | StaffUser (pending; a new link, the old one stops) |
 *
 * Errors: 400 field codes (invalid email, names); 409 `users.emailTaken` (duplicate user, field email),
 * `users.lastManager`, `users.notOnSelf`, `users.transitionRefused`; 404 for an unknown id or a patient's.
 */
import { z } from "zod";
import { pagesSchema } from "./common.ts";
import { PROFESSIONS, STAFF_ROLES } from "./roles.ts";
import { STAFF_USER_ACTIONS, STAFF_USER_SORTS, STAFF_USER_STATUSES, STAFF_USERS_PER_PAGE } from "./staff-admin-rules.ts";
import { V, email, personName } from "./validation.ts";

const staffRole = z.enum(STAFF_ROLES, { error: V.invalid });
const roleList = z.preprocess((v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : String(v).split(",")), z.array(staffRole).max(8));

export const staffUsersQuerySchema = z.object({
  search: z.string().trim().max(100, V.maxLength).optional(),
  roles: roleList.optional(),
  userStatus: z.enum(STAFF_USER_STATUSES, { error: V.invalid }).optional(),
  sort: z.enum(STAFF_USER_SORTS, { error: V.invalid }).default("fullName_asc"),
  cursor: z.string().trim().max(300, V.invalid).optional().meta({ description: "pages.nextCursor of the previous page" }),
  perPage: z.coerce.number().int().min(1).max(100).default(STAFF_USERS_PER_PAGE),
});
export type StaffUsersQuery = z.infer<typeof staffUsersQuerySchema>;

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  role: staffRole,
  profession: z.enum(PROFESSIONS).nullable(),
  userStatus: z.enum(STAFF_USER_STATUSES),
  createdAt: z.string(),
  /** The account actions allowed now for the caller (api/domain/staff-users.ts). */
  actions: z.array(z.enum(STAFF_USER_ACTIONS)),
  /** Whether the caller may change this user's role (false for the last active provider manager). */
  roleEditable: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffUsersPagesSchema = pagesSchema.extend({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type StaffUsersPages = z.infer<typeof staffUsersPagesSchema>;

const professionField = z.union([z.literal(""), z.enum(PROFESSIONS, { error: V.invalid })]);

export const inviteRequestSchema = z.object({
  email: email(),
  firstName: personName(true),
  lastName: personName(true),
  role: staffRole,
  profession: professionField.default(""),
  locale: z.enum(["en-US", "es-US"], { error: V.invalid }).default("en-US"),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const staffUserUpdateSchema = z.object({
  firstName: personName(true),
  lastName: personName(true),
  profession: professionField.default(""),
  role: staffRole,
});
export type StaffUserUpdate = z.infer<typeof staffUserUpdateSchema>;
