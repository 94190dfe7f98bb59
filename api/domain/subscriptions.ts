/**
 * Subscriptions (issue 16 part B; spec §4 statuses Future 0, Active 1, Paused 2, Cancelled 3, NotRenewed 4,
 * Unknown 100, Deleted 101): the ONE state machine of a subscription and the plan-change scheduling. Pure functions
 * (no database): the routes (api/routes/subscriptions.ts) and the renewal worker (api/domain/renewals.ts) ask it
 * before every write, and write what it answers.
 *
 * A subscription's state is its status plus four flags: pendingCancellation (cancelled, access until the end date),
 * pastDue (a renewal's charge was declined; retries are scheduled), resumePending (the patient asked to resume; the
 * job charges the card and makes it Active shortly after) and scheduledChange (a plan change waiting for the next
 * renewal).
 *
 *   Future ──┬─────────────── cancel ─────────────────────────────▶ Cancelled
 *   Active ──┼─ pause ──▶ Paused ──resume──▶ Paused+resumePending ──resumed (job: charged)──▶ Active
 *            ├─ cancel ─▶ Active+pendingCancellation ──ended (job, at the end date)──▶ Cancelled
 *            │                └─ reactivate ─▶ Active
 *            ├─ renewalDeclined (job) ─▶ Active+pastDue ──renewed (job: retry or new card)──▶ Active
 *            │                                └─ retriesExhausted (job) ─▶ NotRenewed
 *            └─ changePlan / acceptRetention ─▶ same + scheduledChange ── cancelScheduledChange ─▶ same
 *   Paused ── cancel ─▶ Cancelled;  Cancelled / NotRenewed ── reactivate ─▶ Active (charged at once by a renewal job)
 *
 * Every refusal names its code (api/contract/codes.ts; 409): a plan change, an add-on change or a retention offer of
 * a subscription that is not Future or Active answers 'Subscription is not active or not future' (spec §8).
 */
import { SubscriptionStatus } from "../contract/enums.ts";
import type { SubscriptionAction, SubscriptionRefusal } from "../contract/subscription-rules.ts";
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTION_V } from "../contract/subscription-rules.ts";

export { SUBSCRIPTION_ACTIONS };

/** The worker's own transitions (not offered to anyone). */
export const SYSTEM_ACTIONS = ["renewed", "renewalDeclined", "retriesExhausted", "ended", "resumed"] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];
export type AnyAction = SubscriptionAction | SystemAction;

export type SubState = {
  status: SubscriptionStatus;
  pendingCancellation: boolean;
  pastDue: boolean;
  resumePending: boolean;
  scheduledChange: boolean;
};

export type Transition = { ok: true; to: SubState } | { ok: false; code: SubscriptionRefusal };

const refuse = (code: SubscriptionRefusal): Transition => ({ ok: false, code });
const go = (from: SubState, patch: Partial<SubState>): Transition => ({ ok: true, to: { ...from, ...patch } });

const S = SubscriptionStatus;
const liveOrFuture = (s: SubState) => s.status === S.Future || s.status === S.Active;
const ended = (s: SubState) => s.status === S.Cancelled || s.status === S.NotRenewed;

/** Apply an action to a subscription in state `from`: the state after it, or the code of the refusal. */
export function subscriptionTransition(action: AnyAction, from: SubState): Transition {
  switch (action) {
    case "changePlan":
    case "acceptRetention":
      if (!liveOrFuture(from)) return refuse("subscriptions.notActiveOrFuture");
      if (from.pendingCancellation && action === "changePlan") return refuse("subscriptions.pendingCancellation");
      // Accepting the offer keeps the plan: a pending cancellation is withdrawn.
      return go(from, { scheduledChange: true, pendingCancellation: false });
    case "cancelScheduledChange":
      if (!liveOrFuture(from)) return refuse("subscriptions.notActiveOrFuture");
      if (!from.scheduledChange) return refuse("subscriptions.noScheduledChange");
      return go(from, { scheduledChange: false });
    case "addAddon":
    case "removeAddon":
      if (!liveOrFuture(from)) return refuse("subscriptions.notActiveOrFuture");
      if (from.pendingCancellation) return refuse("subscriptions.pendingCancellation");
      return go(from, {});
    case "pause":
      if (from.status !== S.Active) return refuse("subscriptions.notActive");
      if (from.pendingCancellation) return refuse("subscriptions.pendingCancellation");
      if (from.pastDue) return refuse("subscriptions.pastDue");
      return go(from, { status: S.Paused });
    case "resume":
      if (from.status !== S.Paused) return refuse("subscriptions.notPaused");
      if (from.resumePending) return refuse("subscriptions.resumePending");
      return go(from, { resumePending: true });
    case "resumed":
      if (from.status !== S.Paused || !from.resumePending) return refuse("subscriptions.notPaused");
      return go(from, { status: S.Active, resumePending: false });
    case "cancel":
      if (!liveOrFuture(from) && from.status !== S.Paused) return refuse("subscriptions.notActiveOrFuture");
      if (from.pendingCancellation) return refuse("subscriptions.pendingCancellation");
      // Active: access until the end of the period paid for. Future and Paused: nothing paid runs on; ends now.
      if (from.status === S.Active) return go(from, { pendingCancellation: true, scheduledChange: false });
      return go(from, { status: S.Cancelled, scheduledChange: false, resumePending: false, pastDue: false });
    case "reactivate":
      if (from.pendingCancellation && liveOrFuture(from)) return go(from, { pendingCancellation: false });
      if (!ended(from)) return refuse("subscriptions.notCancelled");
      return go(from, { status: S.Active, pendingCancellation: false, pastDue: false, scheduledChange: false });
    case "renewed":
      if (from.status !== S.Active || from.pendingCancellation) return refuse("subscriptions.notActive");
      return go(from, { pastDue: false, scheduledChange: false });
    case "renewalDeclined":
      if (from.status !== S.Active) return refuse("subscriptions.notActive");
      return go(from, { pastDue: true });
    case "retriesExhausted":
      if (from.status !== S.Active || !from.pastDue) return refuse("subscriptions.notActive");
      return go(from, { status: S.NotRenewed, pastDue: false, scheduledChange: false });
    case "ended":
      if (!from.pendingCancellation || !liveOrFuture(from)) return refuse("subscriptions.notActive");
      return go(from, { status: S.Cancelled, pendingCancellation: false, scheduledChange: false, pastDue: false });
  }
}

/** The patient's actions allowed now (the page offers only these). */
export function allowedSubscriptionActions(from: SubState): SubscriptionAction[] {
  return SUBSCRIPTION_ACTIONS.filter((a) => subscriptionTransition(a, from).ok);
}

/** The machine's state of a database row. */
export function stateOf(row: {
  status: number;
  pendingCancellation: boolean;
  pastDueSince?: Date | string | null;
  resumeRequestedAt?: Date | string | null;
  scheduledChange?: unknown;
}): SubState {
  return {
    status: row.status as SubscriptionStatus,
    pendingCancellation: row.pendingCancellation,
    pastDue: Boolean(row.pastDueSince),
    resumePending: Boolean(row.resumeRequestedAt),
    scheduledChange: Boolean(row.scheduledChange),
  };
}

// ── Plan changes (spec §4: upgrade or downgrade, effective at the next renewal, cancellable) ──────────────────

export type PlanVariant = {
  variantId: number;
  productId: number;
  sectionType: number;
  kind: "medication" | "addon" | "pharmacy";
  isLive: boolean;
  periodMonths: number;
  priceCents: number;
};

/** What a scheduled plan change holds (subscriptions.scheduled_change). */
export type ScheduledChange = {
  kind: "planChange" | "retention";
  variantId: number;
  /** The renewal it takes effect at (the subscription's next charge, ISO). */
  effectiveAt: string;
  direction: "upgrade" | "downgrade" | "same";
  /** The add-ons the change drops at that renewal (spec §8: changing the main plan product may remove all add-ons). */
  removesAddons: boolean;
  requestedAt: string;
};

export type PlanChangeResult = { ok: true; change: ScheduledChange } | { ok: false; field: "variantId"; code: string };

export const monthlyCents = (v: { priceCents: number; periodMonths: number }) => v.priceCents / Math.max(1, v.periodMonths);

/**
 * Schedule a change from the current main plan to `target`, effective at `nextChargeAt` (the next renewal). The
 * target must be a live medication plan of the same journey and not the current plan. Upgrade or downgrade by the
 * price per month. Add-ons go at that renewal when the product or the period changes (an add-on's period must match
 * the main plan's, spec §5; a product change may remove all add-ons, spec §8).
 */
export function schedulePlanChange(
  current: PlanVariant,
  target: PlanVariant | null,
  nextChargeAt: Date,
  kind: ScheduledChange["kind"] = "planChange",
  now = new Date(),
): PlanChangeResult {
  if (!target) return { ok: false, field: "variantId", code: SUBSCRIPTION_V.planRequired };
  if (target.kind !== "medication" || target.sectionType !== current.sectionType) return { ok: false, field: "variantId", code: SUBSCRIPTION_V.planNotOffered };
  if (!target.isLive) return { ok: false, field: "variantId", code: SUBSCRIPTION_V.productNotLive };
  if (target.variantId === current.variantId) return { ok: false, field: "variantId", code: SUBSCRIPTION_V.samePlan };
  const a = monthlyCents(current);
  const b = monthlyCents(target);
  return {
    ok: true,
    change: {
      kind,
      variantId: target.variantId,
      effectiveAt: nextChargeAt.toISOString(),
      direction: b > a ? "upgrade" : b < a ? "downgrade" : "same",
      removesAddons: target.productId !== current.productId || target.periodMonths !== current.periodMonths,
      requestedAt: now.toISOString(),
    },
  };
}

/** Whether a plan change would drop the add-ons (the page warns before the patient confirms). */
export const changeRemovesAddons = (current: Pick<PlanVariant, "productId" | "periodMonths">, target: Pick<PlanVariant, "productId" | "periodMonths">) =>
  target.productId !== current.productId || target.periodMonths !== current.periodMonths;

/** An add-on may join a plan of the same journey and the same period (spec §5). Null when it may. */
export function addonProblem(main: PlanVariant, addon: PlanVariant | null, present: number[]): string | null {
  if (!addon || addon.kind !== "addon" || addon.sectionType !== main.sectionType) return SUBSCRIPTION_V.addonNotOffered;
  if (!addon.isLive) return SUBSCRIPTION_V.productNotLive;
  if (addon.periodMonths !== main.periodMonths) return SUBSCRIPTION_V.addonPeriod;
  if (present.includes(addon.variantId)) return SUBSCRIPTION_V.addonPresent;
  return null;
}

/** The retention offer's plan (see RETENTION_OFFER): the cheapest live plan per month of the journey, same period, cheaper than now. */
export function maintenancePlan<V extends PlanVariant>(current: PlanVariant, candidates: V[]): V | null {
  const cheaper = candidates
    .filter((v) => v.kind === "medication" && v.isLive && v.sectionType === current.sectionType && v.periodMonths === current.periodMonths)
    .filter((v) => v.variantId !== current.variantId && monthlyCents(v) < monthlyCents(current))
    .sort((x, y) => monthlyCents(x) - monthlyCents(y) || x.variantId - y.variantId);
  return cheaper[0] ?? null;
}

// ── Renewal dates ─────────────────────────────────────────────────────────────────────────────────────────────

/** The next charge after a renewal on `from`: `cycleMonths` months later (end of month clamped). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** When a declined renewal is tried next: RENEWAL_RETRY_DAYS after the first decline; null when none is left. */
export function nextRetryAt(firstDeclineAt: Date, attemptsMade: number, retryDays: readonly number[]): Date | null {
  // attemptsMade counts the declined charges of this period: 1 after the first decline → the first retry.
  const days = retryDays[attemptsMade - 1];
  if (days === undefined) return null;
  return new Date(firstDeclineAt.getTime() + days * 86_400_000);
}
