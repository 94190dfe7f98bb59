import { describe, expect, it } from "vitest";
import { durationParts, remainingTimeTone } from "./review-queue-rules.ts";

describe("remaining-time colour (spec §9)", () => {
  it("is error under one hour, overdue included", () => {
    expect(remainingTimeTone(59)).toBe("error");
    expect(remainingTimeTone(0)).toBe("error");
    expect(remainingTimeTone(-600)).toBe("error");
  });
  it("is warning from one hour to under twelve hours", () => {
    expect(remainingTimeTone(60)).toBe("warning");
    expect(remainingTimeTone(12 * 60 - 1)).toBe("warning");
  });
  it("is success from twelve hours", () => {
    expect(remainingTimeTone(12 * 60)).toBe("success");
    expect(remainingTimeTone(48 * 60)).toBe("success");
  });
  it("splits a duration into days, hours and minutes (of its absolute value)", () => {
    expect(durationParts(1 * 1440 + 3 * 60 + 7)).toEqual({ days: 1, hours: 3, minutes: 7 });
    expect(durationParts(-125)).toEqual({ days: 0, hours: 2, minutes: 5 });
  });
});
