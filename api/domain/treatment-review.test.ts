import { describe, expect, it } from "vitest";
import { TREATMENT_REVIEW_STATUSES, type TreatmentReviewStatus } from "../contract/enums.ts";
import { canTransition, displayedState, nextStatuses, transition } from "./treatment-review.ts";

const ALLOWED: [TreatmentReviewStatus, TreatmentReviewStatus][] = [
  ["pending", "approved"],
  ["pending", "declined"],
  ["pending", "cancelled"],
  ["approved", "cancelled"],
  ["cancelled", "pending"],
  ["declined", "pending"],
];

describe("treatment review transitions (update-status)", () => {
  for (const from of TREATMENT_REVIEW_STATUSES) {
    for (const to of TREATMENT_REVIEW_STATUSES) {
      const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to}: ${allowed ? "allowed" : "refused"}`, () => {
        expect(canTransition("update-status", from, to)).toBe(allowed);
        const result = transition("update-status", from, to);
        if (allowed) expect(result).toEqual({ ok: true, to });
        else expect(result).toEqual({ ok: false, code: "treatments.transitionRefused", params: { from, to } });
      });
    }
  }

  it("offers only the allowed next statuses", () => {
    expect(nextStatuses("update-status", "pending")).toEqual(["approved", "cancelled", "declined"]);
    expect(nextStatuses("update-status", "approved")).toEqual(["cancelled"]);
    expect(nextStatuses("update-status", "cancelled")).toEqual(["pending"]);
    expect(nextStatuses("update-status", "declined")).toEqual(["pending"]);
  });
});

describe("displayed state (spec §4)", () => {
  it("is cancelled when the subscription ended, unless declined", () => {
    for (const s of ["pending", "approved", "cancelled"] as const) {
      expect(displayedState(s, 3)).toBe("cancelled");
      expect(displayedState(s, 4)).toBe("cancelled");
    }
    expect(displayedState("declined", 3)).toBe("declined");
  });
  it("follows the review status otherwise", () => {
    expect(displayedState("pending", 1)).toBe("pending");
    expect(displayedState("approved", 1)).toBe("approved");
    expect(displayedState("approved", null)).toBe("approved");
    expect(displayedState("declined", null)).toBe("declined");
    expect(displayedState("cancelled", null)).toBe("approved");
  });
});
