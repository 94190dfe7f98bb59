import { describe, expect, it } from "vitest";
import {
  SUBSCRIPTION_ACTIONS,
  SYSTEM_ACTIONS,
  addMonths,
  addonProblem,
  allowedSubscriptionActions,
  maintenancePlan,
  nextRetryAt,
  schedulePlanChange,
  subscriptionTransition,
  type AnyAction,
  type PlanVariant,
  type SubState,
} from "./subscriptions.ts";
import { RENEWAL_RETRY_DAYS } from "../contract/subscription-rules.ts";

const base: SubState = { status: 1, pendingCancellation: false, pastDue: false, resumePending: false, scheduledChange: false };
const STATES: Record<string, SubState> = {
  future: { ...base, status: 0 },
  active: base,
  activeEnding: { ...base, pendingCancellation: true },
  activePastDue: { ...base, pastDue: true },
  activeChange: { ...base, scheduledChange: true },
  paused: { ...base, status: 2 },
  pausedResuming: { ...base, status: 2, resumePending: true },
  cancelled: { ...base, status: 3 },
  notRenewed: { ...base, status: 4 },
  unknown: { ...base, status: 100 },
  deleted: { ...base, status: 101 },
};
/** A state's short name (the expected column below). */
function nameOf(s: SubState): string {
  const hit = Object.entries(STATES).find(([, v]) => JSON.stringify(v) === JSON.stringify(s));
  return hit ? hit[0] : JSON.stringify(s);
}
const N = "subscriptions.notActiveOrFuture";
const PC = "subscriptions.pendingCancellation";
const NA = "subscriptions.notActive";
const NP = "subscriptions.notPaused";
const NC = "subscriptions.notCancelled";

// action → state → the state after it, or the refusal code. Every pair of the machine, allowed or refused.
const EXPECTED: Record<AnyAction, Record<string, string>> = {
  changePlan: { future: JSON.stringify({ ...STATES.future, scheduledChange: true }), active: "activeChange", activeEnding: PC, activePastDue: JSON.stringify({ ...base, pastDue: true, scheduledChange: true }), activeChange: "activeChange", paused: N, pausedResuming: N, cancelled: N, notRenewed: N, unknown: N, deleted: N },
  acceptRetention: { future: JSON.stringify({ ...STATES.future, scheduledChange: true }), active: "activeChange", activeEnding: "activeChange", activePastDue: JSON.stringify({ ...base, pastDue: true, scheduledChange: true }), activeChange: "activeChange", paused: N, pausedResuming: N, cancelled: N, notRenewed: N, unknown: N, deleted: N },
  cancelScheduledChange: { future: "subscriptions.noScheduledChange", active: "subscriptions.noScheduledChange", activeEnding: "subscriptions.noScheduledChange", activePastDue: "subscriptions.noScheduledChange", activeChange: "active", paused: N, pausedResuming: N, cancelled: N, notRenewed: N, unknown: N, deleted: N },
  addAddon: { future: "future", active: "active", activeEnding: PC, activePastDue: "activePastDue", activeChange: "activeChange", paused: N, pausedResuming: N, cancelled: N, notRenewed: N, unknown: N, deleted: N },
  removeAddon: { future: "future", active: "active", activeEnding: PC, activePastDue: "activePastDue", activeChange: "activeChange", paused: N, pausedResuming: N, cancelled: N, notRenewed: N, unknown: N, deleted: N },
  pause: { future: NA, active: "paused", activeEnding: PC, activePastDue: "subscriptions.pastDue", activeChange: JSON.stringify({ ...base, status: 2, scheduledChange: true }), paused: NA, pausedResuming: NA, cancelled: NA, notRenewed: NA, unknown: NA, deleted: NA },
  resume: { future: NP, active: NP, activeEnding: NP, activePastDue: NP, activeChange: NP, paused: "pausedResuming", pausedResuming: "subscriptions.resumePending", cancelled: NP, notRenewed: NP, unknown: NP, deleted: NP },
  resumed: { future: NP, active: NP, activeEnding: NP, activePastDue: NP, activeChange: NP, paused: NP, pausedResuming: "active", cancelled: NP, notRenewed: NP, unknown: NP, deleted: NP },
  cancel: { future: "cancelled", active: "activeEnding", activeEnding: PC, activePastDue: JSON.stringify({ ...base, pastDue: true, pendingCancellation: true }), activeChange: "activeEnding", paused: "cancelled", pausedResuming: "cancelled", cancelled: N, notRenewed: N, unknown: N, deleted: N },
  reactivate: { future: NC, active: NC, activeEnding: "active", activePastDue: NC, activeChange: NC, paused: NC, pausedResuming: NC, cancelled: "active", notRenewed: "active", unknown: NC, deleted: NC },
  renewed: { future: NA, active: "active", activeEnding: NA, activePastDue: "active", activeChange: "active", paused: NA, pausedResuming: NA, cancelled: NA, notRenewed: NA, unknown: NA, deleted: NA },
  renewalDeclined: { future: NA, active: "activePastDue", activeEnding: JSON.stringify({ ...base, pendingCancellation: true, pastDue: true }), activePastDue: "activePastDue", activeChange: JSON.stringify({ ...base, pastDue: true, scheduledChange: true }), paused: NA, pausedResuming: NA, cancelled: NA, notRenewed: NA, unknown: NA, deleted: NA },
  retriesExhausted: { future: NA, active: NA, activeEnding: NA, activePastDue: "notRenewed", activeChange: NA, paused: NA, pausedResuming: NA, cancelled: NA, notRenewed: NA, unknown: NA, deleted: NA },
  ended: { future: NA, active: NA, activeEnding: "cancelled", activePastDue: NA, activeChange: NA, paused: NA, pausedResuming: NA, cancelled: NA, notRenewed: NA, unknown: NA, deleted: NA },
};

describe("subscription state machine: every action from every state", () => {
  for (const action of [...SUBSCRIPTION_ACTIONS, ...SYSTEM_ACTIONS]) {
    for (const [name, from] of Object.entries(STATES)) {
      const expected = EXPECTED[action][name];
      const refused = expected.startsWith("subscriptions.");
      it(`${action} from ${name}: ${refused ? `refused (${expected})` : `→ ${expected}`}`, () => {
        const r = subscriptionTransition(action, from);
        if (refused) expect(r).toEqual({ ok: false, code: expected });
        else {
          expect(r.ok).toBe(true);
          if (r.ok) expect(nameOf(r.to)).toBe(expected);
        }
      });
    }
  }
  it("offers the patient only the allowed actions", () => {
    expect(allowedSubscriptionActions(STATES.active)).toEqual(["changePlan", "addAddon", "removeAddon", "pause", "cancel", "acceptRetention"]);
    expect(allowedSubscriptionActions(STATES.activeChange)).toContain("cancelScheduledChange");
    expect(allowedSubscriptionActions(STATES.paused)).toEqual(["resume", "cancel"]);
    expect(allowedSubscriptionActions(STATES.activeEnding)).toEqual(["acceptRetention", "reactivate"]);
    expect(allowedSubscriptionActions(STATES.cancelled)).toEqual(["reactivate"]);
    expect(allowedSubscriptionActions(STATES.deleted)).toEqual([]);
  });
});

const v = (o: Partial<PlanVariant>): PlanVariant => ({ variantId: 1, productId: 10, sectionType: 1, kind: "medication", isLive: true, periodMonths: 3, priceCents: 151500, ...o });

describe("plan-change scheduling", () => {
  const current = v({});
  const next = new Date("2026-12-16T00:00:00Z");
  const now = new Date("2026-11-26T00:00:00Z");
  it("an upgrade to a dearer plan takes effect at the next renewal and keeps add-ons of the same product and period", () => {
    const r = schedulePlanChange(current, v({ variantId: 2, priceCents: 200000 }), next, "planChange", now);
    expect(r).toEqual({ ok: true, change: { kind: "planChange", variantId: 2, effectiveAt: next.toISOString(), direction: "upgrade", removesAddons: false, requestedAt: now.toISOString() } });
  });
  it("a downgrade to another product removes the add-ons (spec §8 warning)", () => {
    const r = schedulePlanChange(current, v({ variantId: 3, productId: 11, priceCents: 89700 }), next, "planChange", now);
    expect(r.ok && r.change.direction).toBe("downgrade");
    expect(r.ok && r.change.removesAddons).toBe(true);
  });
  it("another period (6 months for 3) removes the add-ons: their period no longer matches; same price per month is 'same'", () => {
    const r = schedulePlanChange(current, v({ variantId: 4, periodMonths: 6, priceCents: 303000 }), next, "planChange", now);
    expect(r.ok && r.change.removesAddons).toBe(true);
    expect(r.ok && r.change.direction).toBe("same");
  });
  it("refuses no plan, the same plan, another journey, an add-on and a product not live", () => {
    expect(schedulePlanChange(current, null, next)).toEqual({ ok: false, field: "variantId", code: "subscriptions.planRequired" });
    expect(schedulePlanChange(current, current, next)).toEqual({ ok: false, field: "variantId", code: "subscriptions.samePlan" });
    expect(schedulePlanChange(current, v({ variantId: 5, sectionType: 2 }), next)).toEqual({ ok: false, field: "variantId", code: "subscriptions.planNotOffered" });
    expect(schedulePlanChange(current, v({ variantId: 6, kind: "addon" }), next)).toEqual({ ok: false, field: "variantId", code: "subscriptions.planNotOffered" });
    expect(schedulePlanChange(current, v({ variantId: 7, isLive: false }), next)).toEqual({ ok: false, field: "variantId", code: "subscriptions.productNotLive" });
  });
});

describe("add-on period matching (spec §5)", () => {
  const main = v({});
  it("accepts an add-on of the same journey and period; refuses another period, journey, a medication, one present", () => {
    expect(addonProblem(main, v({ variantId: 20, kind: "addon" }), [])).toBeNull();
    expect(addonProblem(main, v({ variantId: 20, kind: "addon", periodMonths: 6 }), [])).toBe("subscriptions.addonPeriod");
    expect(addonProblem(main, v({ variantId: 20, kind: "addon", sectionType: 2 }), [])).toBe("subscriptions.addonNotOffered");
    expect(addonProblem(main, v({ variantId: 20 }), [])).toBe("subscriptions.addonNotOffered");
    expect(addonProblem(main, v({ variantId: 20, kind: "addon" }), [20])).toBe("subscriptions.addonPresent");
    expect(addonProblem(main, null, [])).toBe("subscriptions.addonNotOffered");
  });
});

describe("retention offer and renewal dates", () => {
  it("offers the cheapest live plan per month of the journey and period, cheaper than now; none when already cheapest", () => {
    const current = v({});
    const offers = [v({ variantId: 2, productId: 11, priceCents: 89700 }), v({ variantId: 3, productId: 12, priceCents: 60000, isLive: false }), v({ variantId: 4, periodMonths: 6, priceCents: 10000 }), v({ variantId: 5, priceCents: 120000 })];
    expect(maintenancePlan(current, offers)?.variantId).toBe(2);
    expect(maintenancePlan(v({ priceCents: 50000 }), offers)).toBeNull();
  });
  it("adds months clamping the end of the month", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2026-11-26T10:00:00Z"), 3).toISOString()).toBe("2027-02-26T10:00:00.000Z");
  });
  it("retries 1, 3 and 5 days after the first decline, then none", () => {
    const first = new Date("2026-11-26T00:00:00Z");
    expect(nextRetryAt(first, 1, RENEWAL_RETRY_DAYS)?.toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(nextRetryAt(first, 2, RENEWAL_RETRY_DAYS)?.toISOString()).toBe("2026-11-29T00:00:00.000Z");
    expect(nextRetryAt(first, 3, RENEWAL_RETRY_DAYS)?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextRetryAt(first, 4, RENEWAL_RETRY_DAYS)).toBeNull();
  });
});
