import { describe, expect, it } from "vitest";
import { initials } from "./avatar";
import { taskStatusBadgeVariant } from "./badge";
import { niceTicks } from "./chart";
import { parseTags } from "./tag-input";

describe("parseTags", () => {
  it("splits on commas, trims, drops empties and case-insensitive duplicates (first spelling kept)", () => {
    expect(parseTags(["weight-loss", "follow-up", "refill, Weight-Loss ,  new,,"])).toEqual([
      "weight-loss",
      "follow-up",
      "refill",
      "new",
    ]);
  });
  it("ignores files and missing values", () => {
    expect(parseTags([null, undefined, new File(["x"], "x.txt"), " a "])).toEqual(["a"]);
    expect(parseTags([])).toEqual([]);
  });
});

describe("niceTicks", () => {
  it("covers the range with round steps", () => {
    expect(niceTicks(213, 232)).toEqual([210, 215, 220, 225, 230, 235]);
    expect(niceTicks(205, 232)).toEqual([200, 210, 220, 230, 240]);
    expect(niceTicks(0.1, 0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
  it("widens a single value", () => {
    expect(niceTicks(232, 232)).toEqual([231, 231.5, 232, 232.5, 233]);
  });
});

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("Jane Q. Doe")).toBe("JD");
    expect(initials("  maría   lópez ")).toBe("ML");
    expect(initials("Ana")).toBe("A");
    expect(initials("")).toBe("?");
  });
});

describe("task status badge colours (spec §4)", () => {
  it("maps every status", () => {
    expect(taskStatusBadgeVariant).toEqual({
      todo: "warning",
      in_progress: "lightBlue",
      done: "success",
      waiting_for_client: "primary",
      to_verify_by_team: "purple",
      to_be_discussed: "pink",
    });
  });
});
