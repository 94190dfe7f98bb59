import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "../../app/components/icons.tsx";

describe("icon sprite", () => {
  const sprite = readFileSync(new URL("../../app/components/icons.svg", import.meta.url), "utf8");
  const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

  it("has one symbol for every icon name, and no other", () => {
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("draws each symbol in its own 24×24 box with currentColor strokes", () => {
    const symbolTags = sprite.match(/<symbol [^>]*>/g) ?? [];
    expect(symbolTags).toHaveLength(ICON_NAMES.length);
    for (const tag of symbolTags) expect(tag).toContain('viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8"');
  });
});
