/**
 * Users and roles (issue 19; spec §6 "Admin settings add, edit or deactivate users and assign roles; staff lists
 * sortable and filterable by role", §7 users update / suspend / unsuspend, invites by email). The plain rules the
 * browser may import (no zod); the schemas are in ./staff-admin.ts, the state machine in api/domain/staff-users.ts.
 *
 * Decisions where the spec is silent:
 *  - Who: the provider manager (role providers) only — the settings pages are manager routes (spec §2), so the API
 *    gives the calls to no one else. Staff users only: a patient's id answers 404 like an unknown one.
 *  - Account states (users.user_status): pending (invited, no password yet) → active when the invitee sets a password
 *    through the emailed link (the set-password flow, a user_tokens row of kind invite, single use, 7 days);
 *    active ⇄ suspended (suspend / unsuspend); active, pending or suspended → inactive (deactivate); inactive → active
 *    again by unsuspend ("restore": the row stays for the audit trail and the email stays taken). A suspended or
 *    deactivated user's sessions are revoked at once (and the session check refuses any status but active).
 *  - Nobody suspends or deactivates themselves, and no change leaves the product without an active provider manager
 *    (the last one cannot take away their own role): 409 with a message.
 *  - Roles assignable: the six staff roles; a staff user never becomes a patient nor the reverse.
 */
import { PROFESSIONS, STAFF_ROLES, type Profession, type StaffRole } from "./roles.ts";

export const STAFF_USER_STATUSES = ["active", "pending", "suspended", "inactive"] as const;
export type StaffUserStatus = (typeof STAFF_USER_STATUSES)[number];

/** The staff list's sorts: name, email, date created; each way. */
export const STAFF_USER_SORTS = ["fullName_asc", "fullName_desc", "email_asc", "email_desc", "createdAt_desc", "createdAt_asc"] as const;
export type StaffUserSort = (typeof STAFF_USER_SORTS)[number];
export const STAFF_USERS_PER_PAGE = 25;

export const STAFF_ADMIN_ROLES = ["providers"] as const;
export const ASSIGNABLE_ROLES: readonly StaffRole[] = STAFF_ROLES;
export const ASSIGNABLE_PROFESSIONS: readonly Profession[] = PROFESSIONS;

/** The account actions of the user page (api/domain/staff-users.ts decides which apply now). */
export const STAFF_USER_ACTIONS = ["suspend", "unsuspend", "deactivate", "resendInvite"] as const;
export type StaffUserAction = (typeof STAFF_USER_ACTIONS)[number];

/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;

export const isStaffUserSort = (v: unknown): v is StaffUserSort => (STAFF_USER_SORTS as readonly unknown[]).includes(v);
export const isStaffUserStatus = (v: unknown): v is StaffUserStatus => (STAFF_USER_STATUSES as readonly unknown[]).includes(v);
