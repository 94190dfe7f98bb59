import { describe, expect, it } from "vitest";
import { ServerTiming } from "../../app/lib/server-timing.server";

describe("Server-Timing header", () => {
  it("sums entries of one kind and says how many there were", () => {
    const timing = new ServerTiming();
    timing.add("upstream", 2);
    timing.add("upstream", 3.25);
    timing.add("render", 4);
    expect(timing.header(false)).toBe('upstream;dur=5.3;desc="2 calls", render;dur=4.0');
  });

  it("adds the total only when asked (answers that render nothing)", () => {
    const timing = new ServerTiming();
    expect(timing.header(true)).toMatch(/^total;dur=\d+\.\d$/);
    expect(timing.header(false)).toBe("");
  });
});
