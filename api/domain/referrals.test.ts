/**
 * Refer a friend (issue 18, spec §9): the rule's decision (threshold, once, no self-referral), what counts toward
 * the $99 (paid invoices only: voided/refunded ones never), and a code as typed. The ledger itself (the credits on
 * both next invoices, once) is tested against a database in tests/api/referrals.test.ts.
 */
import { describe, expect, it } from "vitest";
import { normalizeReferralCode, REFERRAL_RULES } from "../contract/referral-rules.ts";
import { paidTowardReferral, referralDecision, stateOf } from "./referrals.ts";

const joined = { referrerId: 1, friendUserId: 2, qualifiedAt: null };

describe("referralDecision", () => {
  it("credits at the threshold ($99) and above, not a cent below", () => {
    expect(REFERRAL_RULES.thresholdCents).toBe(9900);
    expect(referralDecision(joined, 9899)).toBe("notDue");
    expect(referralDecision(joined, 9900)).toBe("credit");
    expect(referralDecision(joined, 25000)).toBe("credit");
  });
  it("once: a qualified referral is done whatever is paid later", () => {
    expect(referralDecision({ ...joined, qualifiedAt: new Date() }, 50000)).toBe("done");
  });
  it("no self-referral, no credit for an invitation nobody claimed or for a patient not referred", () => {
    expect(referralDecision({ referrerId: 2, friendUserId: 2, qualifiedAt: null }, 50000)).toBe("self");
    expect(referralDecision({ ...joined, friendUserId: null }, 50000)).toBe("notReferred");
    expect(referralDecision(undefined, 50000)).toBe("notReferred");
  });
});

describe("paidTowardReferral", () => {
  it("sums paid invoices; voided, unpaid and refunded invoices do not count", () => {
    expect(
      paidTowardReferral([
        { status: "paid", amountPaidCents: 5000 },
        { status: "voided", amountPaidCents: 8000 },
        { status: "refunded", amountPaidCents: 8000 },
        { status: "payment_due", amountPaidCents: 0 },
        { status: "paid", amountPaidCents: 4000 },
      ]),
    ).toBe(9000);
  });
});

describe("states and codes", () => {
  it("invited → joined → qualified", () => {
    expect(stateOf({ friendUserId: null, qualifiedAt: null })).toBe("invited");
    expect(stateOf({ friendUserId: 3, qualifiedAt: null })).toBe("joined");
    expect(stateOf({ friendUserId: 3, qualifiedAt: new Date() })).toBe("qualified");
  });
  it("a code as typed: trimmed, upper-cased, letters and digits only", () => {
    expect(normalizeReferralCode(" emma20 ")).toBe("EMMA20");
    expect(normalizeReferralCode("no spaces")).toBeNull();
    expect(normalizeReferralCode(3)).toBeNull();
  });
});
