import { describe, expect, it } from "vitest";
import { STAFF_USER_ACTIONS, STAFF_USER_STATUSES } from "../contract/staff-admin-rules.ts";
import { allowedActions, endsSessions, nextStatus, removesLastManager, type Target } from "./staff-users.ts";

/** Every (state, action) pair: the allowed ones with their result, all others refused. */
const ALLOWED: Record<string, string> = {
  "active suspend": "suspended",
  "pending suspend": "suspended",
  "suspended unsuspend": "active",
  "inactive unsuspend": "active",
  "active deactivate": "inactive",
  "pending deactivate": "inactive",
  "suspended deactivate": "inactive",
  "pending resendInvite": "pending",
};

describe("staff account state machine", () => {
  for (const from of STAFF_USER_STATUSES) {
    for (const action of STAFF_USER_ACTIONS) {
      const expected = ALLOWED[`${from} ${action}`] ?? null;
      it(`${from} --${action}--> ${expected ?? "refused"}`, () => {
        expect(nextStatus(from, action, true)).toBe(expected);
      });
    }
  }

  it("a user without a password goes back to pending, not active", () => {
    expect(nextStatus("suspended", "unsuspend", false)).toBe("pending");
    expect(nextStatus("inactive", "unsuspend", false)).toBe("pending");
  });

  it("suspended and inactive users hold no session", () => {
    expect(STAFF_USER_STATUSES.filter(endsSessions)).toEqual(["suspended", "inactive"]);
  });
});

describe("the last provider manager", () => {
  const manager: Target = { id: 1, role: "providers", userStatus: "active", hasPassword: true };
  it("cannot lose the role or the active status when no other active manager exists", () => {
    expect(removesLastManager(manager, { role: "providerUsers" }, 0)).toBe(true);
    expect(removesLastManager(manager, { status: "suspended" }, 0)).toBe(true);
    expect(removesLastManager(manager, { role: "providers" }, 0)).toBe(false);
    expect(removesLastManager(manager, { role: "providerUsers" }, 1)).toBe(false);
    expect(removesLastManager({ ...manager, role: "providerUsers" }, { status: "suspended" }, 0)).toBe(false);
  });

  it("nobody acts on their own account; actions follow the machine", () => {
    expect(allowedActions(1, manager, 3)).toEqual([]);
    expect(allowedActions(2, manager, 1)).toEqual(["suspend", "deactivate"]);
    expect(allowedActions(2, manager, 0)).toEqual([]);
    expect(allowedActions(2, { id: 5, role: "medicalSupport", userStatus: "pending", hasPassword: false }, 1)).toEqual(["suspend", "deactivate", "resendInvite"]);
    expect(allowedActions(2, { id: 5, role: "medicalSupport", userStatus: "suspended", hasPassword: true }, 1)).toEqual(["unsuspend", "deactivate"]);
  });
});
