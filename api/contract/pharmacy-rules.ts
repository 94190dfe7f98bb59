/**
 * The pharmacy's plain rules (issue 16 part A; no zod: the web imports this module): pricing of a plan with its
 * add-ons, the period rule of spec §5 (an add-on's period must match the main plan's), coupons, the shipment roles
 * and the idempotency key's shape. The API applies them (api/routes/pharmacy.ts, api/routes/shipments.ts); the web
 * shows the same figures as the patient chooses.
 */
import { STAFF_ROLES, type Role } from "./roles.ts";

/** Who works the shipment queue (spec §2: /staff/shipments and /manager/shipments; app/lib/access.ts). */
export const SHIPMENT_ROLES: readonly Role[] = STAFF_ROLES;

/** Plan periods in months (spec §9: 3, 6, 12); one-off pharmacy items have period 1. */
export const PLAN_PERIODS = [3, 6, 12] as const;

/** An idempotency key: what the order form mints when it renders (a UUID) or any client's own 16–100 safe chars. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

export const PHARMACY_LIMITS = { couponCode: 40, addons: 5, trackingNumber: 60, fulfiller: 80, trackingUrl: 500 } as const;

/** Validation message keys of the pharmacy (translated by the web; English in codes.ts). */
export const PHARMACY_V = {
  planRequired: "pharmacy.planRequired",
  addonPeriod: "pharmacy.addonPeriodMismatch",
  couponUnknown: "pharmacy.couponUnknown",
  couponNotApplicable: "pharmacy.couponNotApplicable",
  couponUsed: "pharmacy.couponUsed",
} as const;

export type PricedVariant = { id: number; productName: string; periodMonths: number; priceCents: number; isAddon: boolean };

/** Price per month of a variant, whole cents (rounded half up). */
export const monthlyCents = (v: { periodMonths: number; priceCents: number }) => Math.round(v.priceCents / Math.max(1, v.periodMonths));

/**
 * Spec §5: every add-on's period must match the main plan's. Answers the ids of the add-ons that do not
 * (empty: all match).
 */
export function mismatchedAddons(plan: { periodMonths: number }, addons: readonly { id: number; periodMonths: number }[]): number[] {
  return addons.filter((a) => a.periodMonths !== plan.periodMonths).map((a) => a.id);
}

export type CouponRule = {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  periodMonths: number | null;
  sectionType: number | null;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxRedemptions: number | null;
  redemptions: number;
  isActive: boolean;
};

/** Whether a coupon applies to this order, and why not: a code of codes.ts (pharmacy.couponNotApplicable …) or null. */
export function couponProblem(coupon: CouponRule | null, order: { periodMonths: number; sectionType: number }, now: Date, usedByPatient = false): string | null {
  if (!coupon || !coupon.isActive) return PHARMACY_V.couponUnknown;
  const t = now.getTime();
  if (coupon.startsAt && new Date(coupon.startsAt).getTime() > t) return PHARMACY_V.couponUnknown;
  if (coupon.endsAt && new Date(coupon.endsAt).getTime() <= t) return PHARMACY_V.couponNotApplicable;
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return PHARMACY_V.couponNotApplicable;
  if (coupon.periodMonths !== null && coupon.periodMonths !== order.periodMonths) return PHARMACY_V.couponNotApplicable;
  if (coupon.sectionType !== null && coupon.sectionType !== order.sectionType) return PHARMACY_V.couponNotApplicable;
  if (usedByPatient) return PHARMACY_V.couponUsed;
  return null;
}

/** The discount of a coupon on a subtotal: a percentage rounded to the cent, or a fixed amount; never more than the subtotal. */
export function discountCents(coupon: Pick<CouponRule, "percentOff" | "amountOffCents">, subtotalCents: number): number {
  const off = coupon.percentOff !== null ? Math.round((subtotalCents * coupon.percentOff) / 100) : (coupon.amountOffCents ?? 0);
  return Math.max(0, Math.min(subtotalCents, off));
}

export type Quote = {
  periodMonths: number;
  lines: { variantId: number; description: string; amountCents: number; monthlyCents: number; isAddon: boolean }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The total per month of the period (what the patient pays on average each month). */
  monthlyCents: number;
  couponCode: string | null;
};

/** The price of a plan and its add-ons for one period, with a coupon's discount already decided. */
export function quote(plan: PricedVariant, addons: readonly PricedVariant[], coupon: { code: string; percentOff: number | null; amountOffCents: number | null } | null): Quote {
  const all = [plan, ...addons];
  const lines = all.map((v) => ({ variantId: v.id, description: v.productName, amountCents: v.priceCents, monthlyCents: monthlyCents(v), isAddon: v.isAddon }));
  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const off = coupon ? discountCents(coupon, subtotalCents) : 0;
  const totalCents = subtotalCents - off;
  return {
    periodMonths: plan.periodMonths,
    lines,
    subtotalCents,
    discountCents: off,
    totalCents,
    monthlyCents: Math.round(totalCents / Math.max(1, plan.periodMonths)),
    couponCode: coupon ? coupon.code : null,
  };
}

/** A coupon code as stored: trimmed, upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** When the subscription of a plan ordered at `start` next charges: start + the plan's period (calendar months, UTC). */
export function nextChargeAt(start: Date, periodMonths: number): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + periodMonths);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
