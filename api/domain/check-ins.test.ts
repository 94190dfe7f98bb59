import { describe, expect, it } from "vitest";
import { CHECK_IN_STATUSES, checkInStatus, type CheckInStatus } from "../contract/check-in-rules.ts";
import { CHECK_IN_ACTIONS, allowedCheckInActions, checkInTransition, validateCheckInAnswers, type CheckInAction } from "./check-ins.ts";

describe("check-in state machine: every action from every status", () => {
  const EXPECTED: Record<CheckInAction, Partial<Record<CheckInStatus, CheckInStatus | string>>> = {
    answer: { requested: "answered", answered: "checkIns.alreadyAnswered", approved: "checkIns.alreadyReviewed", declined: "checkIns.alreadyReviewed" },
    approve: { requested: "checkIns.notAnswered", answered: "approved", approved: "checkIns.alreadyReviewed", declined: "checkIns.alreadyReviewed" },
    decline: { requested: "checkIns.notAnswered", answered: "declined", approved: "checkIns.alreadyReviewed", declined: "checkIns.alreadyReviewed" },
  };
  for (const action of CHECK_IN_ACTIONS) {
    for (const from of CHECK_IN_STATUSES) {
      const expected = EXPECTED[action][from]!;
      const allowed = !expected.startsWith("checkIns.");
      it(`${action} from ${from}: ${allowed ? `→ ${expected}` : `refused (${expected})`}`, () => {
        const result = checkInTransition(action, from);
        expect(result).toEqual(allowed ? { ok: true, to: expected } : { ok: false, code: expected });
      });
    }
  }
  it("offers the allowed actions per status", () => {
    expect(allowedCheckInActions("requested")).toEqual(["answer"]);
    expect(allowedCheckInActions("answered")).toEqual(["approve", "decline"]);
    expect(allowedCheckInActions("approved")).toEqual([]);
    expect(allowedCheckInActions("declined")).toEqual([]);
  });
  it("derives the status from the row", () => {
    expect(checkInStatus({ completedAt: null, approval: "pending" })).toBe("requested");
    expect(checkInStatus({ completedAt: new Date(), approval: "pending" })).toBe("answered");
    expect(checkInStatus({ completedAt: new Date(), approval: "approved" })).toBe("approved");
    expect(checkInStatus({ completedAt: new Date(), approval: "declined" })).toBe("declined");
  });
});

describe("check-in questionnaire validation", () => {
  const valid = { currentWeightLb: "201.5", sideEffects: ["nausea", "headache"], doseSatisfaction: "satisfied", newMedications: "no", forProvider: "All good" };
  it("accepts a full answer and keeps only the questionnaire's keys", () => {
    const { answers, errors } = validateCheckInAnswers({ ...valid, extra: "x", newMedicationsDetail: "ignored when no" });
    expect(errors).toEqual({});
    expect(answers).toEqual({ currentWeightLb: 201.5, sideEffects: ["nausea", "headache"], doseSatisfaction: "satisfied", newMedications: "no", forProvider: "All good" });
  });
  it("accepts a form's single checkbox value and JSON numbers", () => {
    expect(validateCheckInAnswers({ ...valid, sideEffects: "none", currentWeightLb: 180 }).answers).toMatchObject({ sideEffects: ["none"], currentWeightLb: 180 });
  });
  it("requires the required questions", () => {
    expect(validateCheckInAnswers({}).errors).toEqual({
      currentWeightLb: ["validation.required"],
      sideEffects: ["validation.required"],
      doseSatisfaction: ["validation.required"],
      newMedications: ["validation.required"],
    });
  });
  it("refuses a weight out of range or not a number", () => {
    expect(validateCheckInAnswers({ ...valid, currentWeightLb: "20" }).errors).toEqual({ currentWeightLb: ["validation.checkInWeight"] });
    expect(validateCheckInAnswers({ ...valid, currentWeightLb: "heavy" }).errors).toEqual({ currentWeightLb: ["validation.invalid"] });
  });
  it("refuses unknown choices, and 'none' with another side effect", () => {
    expect(validateCheckInAnswers({ ...valid, sideEffects: ["nausea", "dizzy"] }).errors).toEqual({ sideEffects: ["validation.invalid"] });
    expect(validateCheckInAnswers({ ...valid, sideEffects: ["none", "nausea"] }).errors).toEqual({ sideEffects: ["validation.checkInNoneAlone"] });
    expect(validateCheckInAnswers({ ...valid, doseSatisfaction: "great" }).errors).toEqual({ doseSatisfaction: ["validation.invalid"] });
    expect(validateCheckInAnswers({ ...valid, newMedications: "maybe" }).errors).toEqual({ newMedications: ["validation.invalid"] });
  });
  it("requires the new medications' detail only when the answer is yes", () => {
    expect(validateCheckInAnswers({ ...valid, newMedications: "yes" }).errors).toEqual({ newMedicationsDetail: ["validation.required"] });
    expect(validateCheckInAnswers({ ...valid, newMedications: "yes", newMedicationsDetail: "Metformin" }).answers.newMedicationsDetail).toBe("Metformin");
  });
  it("limits the texts", () => {
    expect(validateCheckInAnswers({ ...valid, forProvider: "x".repeat(2001) }).errors).toEqual({ forProvider: ["validation.maxLength?max=2000"] });
  });
});
