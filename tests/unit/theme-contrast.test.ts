/**
 * Contrast of the theme tokens (app/app.css) where axe cannot measure it: text drawn inside a chart's SVG
 * (app/components/ui/chart.tsx paints its own card-coloured background under its labels). WCAG 2.2 AA, 1.4.3:
 * at least 4.5:1 for text of 12 px. Every other text is measured on the rendered pages by the axe sweep.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");

/** The custom properties of the first rule whose selector list contains `selector`. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`) >= 0 ? css.indexOf(`${selector} {`) : css.indexOf(`${selector},`);
  if (start < 0) throw new Error(`no rule for ${selector} in app.css`);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("chart label colours on the chart's card background", () => {
  for (const [theme, selector] of [
    ["default", ":root"],
    ["hmr", '[data-theme="hmr"]'],
  ] as const) {
    const t = tokens(selector);
    for (const text of ["muted-foreground", "success", "foreground"]) {
      it(`${theme}: ${text} on card is at least 4.5:1`, () => {
        expect(t[text], `--${text} in ${selector}`).toMatch(/^#/);
        expect(t.card, `--card in ${selector}`).toMatch(/^#/);
        expect(contrast(t[text], t.card)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("measures like WCAG (black on white is 21:1)", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
