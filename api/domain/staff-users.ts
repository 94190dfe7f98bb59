/**
 * The staff account state machine (issue 19; decisions in api/contract/staff-admin-rules.ts).
 *
 *   pending ──(invitee sets a password: the invite link)──▶ active
 *   active ──suspend──▶ suspended ──unsuspend──▶ active
 *   pending ──suspend──▶ suspended ──unsuspend──▶ pending (no password yet: back to waiting for the invite)
 *   pending | active | suspended ──deactivate──▶ inactive ──unsuspend──▶ active (or pending without a password)
 *   pending ──resendInvite──▶ pending (a new link; the previous one stops working)
 *
 * Every other (state, action) is refused: 409 users.transitionRefused. Nobody acts on their own account
 * (409 users.notOnSelf), and no change leaves no active provider manager (409 users.lastManager).
 */
import type { StaffUserAction, StaffUserStatus } from "../contract/staff-admin-rules.ts";

export type AccountAction = StaffUserAction;

const TRANSITIONS: Record<AccountAction, Partial<Record<StaffUserStatus, (hasPassword: boolean) => StaffUserStatus>>> = {
  suspend: { active: () => "suspended", pending: () => "suspended" },
  unsuspend: { suspended: (p) => (p ? "active" : "pending"), inactive: (p) => (p ? "active" : "pending") },
  deactivate: { active: () => "inactive", pending: () => "inactive", suspended: () => "inactive" },
  resendInvite: { pending: () => "pending" },
};

/** The status after `action`, or null when the machine refuses it from `from`. */
export function nextStatus(from: StaffUserStatus, action: AccountAction, hasPassword: boolean): StaffUserStatus | null {
  const to = TRANSITIONS[action][from];
  return to ? to(hasPassword) : null;
}

/** Statuses in which a user may not hold a session. */
export const endsSessions = (status: StaffUserStatus) => status === "suspended" || status === "inactive";

export type Target = { id: number; role: string; userStatus: StaffUserStatus; hasPassword: boolean };

/**
 * Whether this action would take away the last active provider manager: suspending or deactivating one, while no
 * other active one exists. `otherActiveManagers` counts active providers other than the target.
 */
export function removesLastManager(target: Target, change: { status?: StaffUserStatus; role?: string }, otherActiveManagers: number): boolean {
  if (target.role !== "providers" || target.userStatus !== "active" || otherActiveManagers > 0) return false;
  const status = change.status ?? target.userStatus;
  const role = change.role ?? target.role;
  return status !== "active" || role !== "providers";
}

/** The actions the caller may take on the target now (the user page's buttons). */
export function allowedActions(callerId: number, target: Target, otherActiveManagers: number): AccountAction[] {
  if (callerId === target.id) return [];
  return (Object.keys(TRANSITIONS) as AccountAction[]).filter((action) => {
    const to = nextStatus(target.userStatus, action, target.hasPassword);
    return to !== null && !removesLastManager(target, { status: to }, otherActiveManagers);
  });
}
