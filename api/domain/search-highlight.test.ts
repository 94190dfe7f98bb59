import { describe, expect, it } from "vitest";
import { highlightMatch, onlyHighlightSpans } from "./search-highlight.ts";
import { sanitizeHighlightHtml } from "./sanitize.ts";

describe("search highlights (spec §5: only span with a class)", () => {
  it("wraps every occurrence and escapes the rest: the allow-list sanitiser keeps the same spans", () => {
    for (const [value, needle] of [
      ["Emma Carter", "car"],
      ["<script>alert(1)</script> car & \"CAR\" 'x'", "car"],
      ["a<b>car</b>c", "<b>"],
      ["carcarcar", "car"],
    ] as const) {
      const html = highlightMatch(value, needle)!;
      expect(onlyHighlightSpans(html), value).toBe(true);
      expect(String(sanitizeHighlightHtml(html)).match(/<[^>]*>/g), value).toEqual(html.match(/<[^>]*>/g));
      expect(html.replace(/<span class="search-highlight">|<\/span>/g, "")).not.toMatch(/[<>]/);
    }
  });

  it("anything but balanced highlight spans is not taken as is", () => {
    for (const html of ['<span class="x">a</span>', "<b>a</b>", '<span class="search-highlight">a', "a</span>", 'a"b', '<span class="search-highlight"><span class="search-highlight">a</span></span>', "<img src=x onerror=alert(1)>"]) {
      expect(onlyHighlightSpans(html), html).toBe(false);
    }
  });
});
