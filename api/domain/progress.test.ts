/**
 * The patient's progress (issue 18): the figures and milestones of api/domain/progress.ts `progressOf`, and the
 * weight form's rules of api/contract/progress-rules.ts (range, date not in the future, not too old).
 */
import { describe, expect, it } from "vitest";
import { latestToday, measuredOnProblem, weightProblem } from "../contract/progress-rules.ts";
import { progressOf } from "./progress.ts";

const w = (id: number, weightLb: number, measuredOn: string) => ({ id, weightLb, measuredOn, source: "patient" as const });
const patient = { weightStart: 200, weightCurrent: 190, weightGoal: 170, heightInches: 68, bmiStart: null };

describe("progressOf", () => {
  it("start, current (the newest entry), goal, lost, BMI from the height", () => {
    const p = progressOf([w(1, 200, "2026-01-01"), w(2, 188.5, "2026-02-01")], patient);
    expect(p.weightStart).toBe(200);
    expect(p.weightCurrent).toBe(188.5);
    expect(p.weightGoal).toBe(170);
    expect(p.lostLb).toBe(11.5);
    expect(p.bmiStart).toBe(30.4);
    expect(p.bmiCurrent).toBe(28.7);
  });

  it("milestones: each 5 % of the start weight (190, 180) then the goal, each with the first date at or below it", () => {
    const p = progressOf([w(1, 200, "2026-01-01"), w(2, 189.9, "2026-02-01"), w(3, 185, "2026-03-01")], patient);
    expect(p.milestones).toEqual([
      { percent: 5, targetLb: 190, reachedOn: "2026-02-01", goal: false },
      { percent: 10, targetLb: 180, reachedOn: null, goal: false },
      { percent: null, targetLb: 170, reachedOn: null, goal: true },
    ]);
  });

  it("the goal reached is the last milestone reached", () => {
    const p = progressOf([w(1, 200, "2026-01-01"), w(2, 169, "2026-06-01")], patient);
    expect(p.milestones.every((m) => m.reachedOn === "2026-06-01")).toBe(true);
    expect(p.milestones.at(-1)!.goal).toBe(true);
  });

  it("without a recorded start the first entry is the start; without a height no BMI; without a goal no milestones", () => {
    const p = progressOf([w(1, 180, "2026-01-01"), w(2, 175, "2026-01-08")], { weightStart: null, weightCurrent: null, weightGoal: null, heightInches: null, bmiStart: null });
    expect(p.weightStart).toBe(180);
    expect(p.bmiCurrent).toBeNull();
    expect(p.milestones).toEqual([]);
  });

  it("no weights at all: the recorded figures or nothing", () => {
    const p = progressOf([], undefined);
    expect(p).toMatchObject({ weights: [], weightStart: null, weightCurrent: null, lostLb: null, milestones: [] });
  });
});

describe("the weight form's rules", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it("a weight between 50 and 1000 lb", () => {
    expect(weightProblem("180.4")).toBeNull();
    expect(weightProblem("50")).toBeNull();
    expect(weightProblem("1000")).toBeNull();
    expect(weightProblem("49.9")).toBe("validation.progressWeight");
    expect(weightProblem("1000.1")).toBe("validation.progressWeight");
    expect(weightProblem("")).toBe("validation.required");
    expect(weightProblem("abc")).toBe("validation.invalid");
  });

  it("a date not in the future anywhere (UTC+14), not more than 5 years back, a real calendar day", () => {
    expect(latestToday(now)).toBe("2026-06-16");
    expect(measuredOnProblem("2026-06-15", now)).toBeNull();
    expect(measuredOnProblem("2026-06-16", now)).toBeNull();
    expect(measuredOnProblem("2026-06-17", now)).toBe("validation.progressDateFuture");
    expect(measuredOnProblem("2021-06-15", now)).toBeNull();
    expect(measuredOnProblem("2021-06-14", now)).toBe("validation.progressDateTooOld");
    expect(measuredOnProblem("2026-02-30", now)).toBe("validation.invalid");
    expect(measuredOnProblem("06/15/2026", now)).toBe("validation.invalid");
    expect(measuredOnProblem("", now)).toBe("validation.required");
  });
});
