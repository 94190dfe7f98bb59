import { describe, expect, it } from "vitest";
import { TREATMENT_REVIEW_STATUSES, type TreatmentReviewStatus } from "../contract/enums.ts";
import { CLINICAL_ACTIONS, actionTarget, allowedActions, applyAction, canTransition, displayedState, nextStatuses, patientStatusAfter, transition, type ClinicalAction } from "./treatment-review.ts";
import { reviewStepState } from "../contract/enums.ts";

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

describe("clinical actions: every action from every status", () => {
  const EXPECTED: Record<ClinicalAction, Partial<Record<TreatmentReviewStatus, TreatmentReviewStatus>>> = {
    "modify-request": { pending: "pending" },
    approve: { pending: "approved" },
    decline: { pending: "declined" },
    cancel: { pending: "cancelled", approved: "cancelled" },
    "no-show": { pending: "cancelled" },
    resume: { cancelled: "pending", declined: "pending" },
  };
  for (const action of CLINICAL_ACTIONS) {
    for (const from of TREATMENT_REVIEW_STATUSES) {
      const to = EXPECTED[action][from];
      it(`${action} from ${from}: ${to ? `→ ${to}` : "refused"}`, () => {
        const result = applyAction(action, from);
        if (to) expect(result).toEqual({ ok: true, to });
        else expect(result).toEqual({ ok: false, code: "treatments.transitionRefused", params: { from, to: actionTarget(action) } });
      });
    }
  }
  it("an approved treatment cannot be approved again; a cancelled one cannot be declined", () => {
    expect(applyAction("approve", "approved").ok).toBe(false);
    expect(applyAction("decline", "cancelled").ok).toBe(false);
  });
  it("offers the allowed actions per status", () => {
    expect(allowedActions("pending")).toEqual(["modify-request", "approve", "cancel", "decline", "no-show"]);
    expect(allowedActions("approved")).toEqual(["cancel"]);
    expect(allowedActions("cancelled")).toEqual(["resume"]);
    expect(allowedActions("declined")).toEqual(["resume"]);
  });
  it("sets the patient's status per action", () => {
    const ctx = { subscriptionStatus: null, reviewKind: "new_patient" } as const;
    expect(patientStatusAfter("modify-request", ctx)).toBe("missing_information");
    expect(patientStatusAfter("approve", ctx)).toBe("active");
    expect(patientStatusAfter("approve", { ...ctx, subscriptionStatus: 1 })).toBe("subscribed");
    expect(patientStatusAfter("decline", ctx)).toBe("declined");
    expect(patientStatusAfter("cancel", ctx)).toBe("canceled");
    expect(patientStatusAfter("no-show", ctx)).toBe("no_show");
    expect(patientStatusAfter("resume", ctx)).toBe("ready_to_review_new_patient");
    expect(patientStatusAfter("resume", { ...ctx, reviewKind: "refill" })).toBe("ready_to_review_refill");
  });
});

describe("review-step state (spec §4)", () => {
  it("intake step approved once not pending; current active; others not-active when approved, else disabled", () => {
    expect(reviewStepState("review", "review", "pending")).toBe("active");
    expect(reviewStepState("recordVisit", "review", "pending")).toBe("disabled");
    expect(reviewStepState("review", "review", "approved")).toBe("approved");
    expect(reviewStepState("review", "recordVisit", "declined")).toBe("approved");
    expect(reviewStepState("recordVisit", "review", "approved")).toBe("not-active");
    expect(reviewStepState("recordVisit", "recordVisit", "approved")).toBe("active");
    expect(reviewStepState("informPatient", "review", "cancelled")).toBe("disabled");
  });
});
