import { describe, expect, it } from "vitest";
import { couponProblem, discountCents, mismatchedAddons, monthlyCents, nextChargeAt, normalizeCouponCode, quote, type CouponRule } from "./pharmacy-rules.ts";

const plan = { id: 1, productName: "Semaglutide", periodMonths: 6, priceCents: 165_000, isAddon: false };
const addon6 = { id: 2, productName: "B12", periodMonths: 6, priceCents: 13_800, isAddon: true };
const addon3 = { id: 3, productName: "B12", periodMonths: 3, priceCents: 7_500, isAddon: true };
const NOW = new Date("2026-11-26T12:00:00Z");
const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: "WELCOME10", percentOff: 10, amountOffCents: null, periodMonths: null, sectionType: null, startsAt: null, endsAt: null, maxRedemptions: null, redemptions: 0, isActive: true, ...over,
});

describe("pricing", () => {
  it("price per month rounds to the cent", () => {
    expect(monthlyCents({ periodMonths: 3, priceCents: 1000 })).toBe(333);
    expect(monthlyCents({ periodMonths: 12, priceCents: 515_100 })).toBe(42_925);
    expect(monthlyCents({ periodMonths: 1, priceCents: 2400 })).toBe(2400);
  });
  it("a plan with add-ons: lines, subtotal, total and per month", () => {
    const q = quote(plan, [addon6], null);
    expect(q.subtotalCents).toBe(178_800);
    expect(q.discountCents).toBe(0);
    expect(q.totalCents).toBe(178_800);
    expect(q.monthlyCents).toBe(29_800);
    expect(q.lines.map((l) => [l.variantId, l.amountCents, l.monthlyCents, l.isAddon])).toEqual([[1, 165_000, 27_500, false], [2, 13_800, 2_300, true]]);
  });
  it("a coupon's discount comes off the total", () => {
    const q = quote(plan, [addon6], coupon());
    expect(q.discountCents).toBe(17_880);
    expect(q.totalCents).toBe(160_920);
    expect(q.couponCode).toBe("WELCOME10");
  });
});

describe("period matching (spec §5)", () => {
  it("add-ons of the plan's period match", () => expect(mismatchedAddons(plan, [addon6])).toEqual([]));
  it("an add-on of another period is named", () => expect(mismatchedAddons(plan, [addon6, addon3])).toEqual([3]));
  it("no add-ons: nothing to match", () => expect(mismatchedAddons(plan, [])).toEqual([]));
});

describe("coupons", () => {
  const order = { periodMonths: 6, sectionType: 1 };
  it("applies when active, in its window, with uses left and matching", () => {
    expect(couponProblem(coupon({ startsAt: "2026-01-01T00:00:00Z", endsAt: "2027-01-01T00:00:00Z", maxRedemptions: 5, redemptions: 4, periodMonths: 6, sectionType: 1 }), order, NOW)).toBeNull();
  });
  it("unknown, inactive or not started yet reads as unknown", () => {
    expect(couponProblem(null, order, NOW)).toBe("pharmacy.couponUnknown");
    expect(couponProblem(coupon({ isActive: false }), order, NOW)).toBe("pharmacy.couponUnknown");
    expect(couponProblem(coupon({ startsAt: "2026-12-01T00:00:00Z" }), order, NOW)).toBe("pharmacy.couponUnknown");
  });
  it("expired, used up, another period or another journey does not apply", () => {
    expect(couponProblem(coupon({ endsAt: "2026-11-26T12:00:00Z" }), order, NOW)).toBe("pharmacy.couponNotApplicable");
    expect(couponProblem(coupon({ maxRedemptions: 3, redemptions: 3 }), order, NOW)).toBe("pharmacy.couponNotApplicable");
    expect(couponProblem(coupon({ periodMonths: 12 }), order, NOW)).toBe("pharmacy.couponNotApplicable");
    expect(couponProblem(coupon({ sectionType: 2 }), order, NOW)).toBe("pharmacy.couponNotApplicable");
  });
  it("once per patient", () => expect(couponProblem(coupon(), order, NOW, true)).toBe("pharmacy.couponUsed"));
  it("a fixed amount never exceeds the subtotal; percentages round to the cent", () => {
    expect(discountCents({ percentOff: null, amountOffCents: 2000 }, 1500)).toBe(1500);
    expect(discountCents({ percentOff: null, amountOffCents: 2000 }, 9900)).toBe(2000);
    expect(discountCents({ percentOff: 15, amountOffCents: null }, 999)).toBe(150);
    expect(discountCents({ percentOff: 100, amountOffCents: null }, 999)).toBe(999);
  });
  it("codes are compared trimmed and upper-case", () => expect(normalizeCouponCode("  welcome10 ")).toBe("WELCOME10"));
});

describe("next charge", () => {
  it("is the start plus the plan's period", () => {
    expect(nextChargeAt(new Date("2026-11-26T10:00:00Z"), 3).toISOString()).toBe("2027-02-26T10:00:00.000Z");
    expect(nextChargeAt(new Date("2026-11-26T10:00:00Z"), 12).toISOString()).toBe("2027-11-26T10:00:00.000Z");
  });
  it("keeps to the month's last day", () => expect(nextChargeAt(new Date("2026-08-31T10:00:00Z"), 6).toISOString()).toBe("2027-02-28T10:00:00.000Z"));
});
