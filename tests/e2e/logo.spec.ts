/**
 * The brand logo fits at every font (issue 12: the white-label logo rendered clipped, 'HMR Progra'). Each theme's
 * logo is an SVG whose brand text is drawn in whatever font the system has; the text must stay inside the
 * logo's box whichever font that is — the browser's own choice, a wide monospace, a large serif.
 */
import { expect, test } from "@playwright/test";
import { isNoJs } from "./support";

const FONTS = [null, "monospace", "serif", "'Courier New', monospace", "fantasy"];

for (const host of ["localhost", "hmr.localhost"]) {
  test(`the logo's brand text is not clipped, at every font (${host})`, async ({ page, baseURL }, testInfo) => {
    test.skip(isNoJs(testInfo), "measures the drawn text with script");
    const origin = new URL(baseURL!);
    origin.hostname = host;
    await page.goto(new URL("/login", origin).toString());
    const logo = page.locator("header img").first();
    const brand = host === "localhost" ? "Telehealth" : "HMR Program";
    await expect(logo).toHaveAttribute("alt", brand);
    const src = await logo.getAttribute("src");
    await page.goto(new URL(src!, origin).toString());
    for (const font of FONTS) {
      const box = await page.evaluate((family) => {
        const svg = document.querySelector("svg")!;
        const text = svg.querySelector("text")!;
        if (family) text.setAttribute("font-family", family);
        const b = text.getBBox();
        return { left: b.x, right: b.x + b.width, width: svg.viewBox.baseVal.width, content: text.textContent };
      }, font);
      expect(box.content, `${font}`).toBe(brand);
      expect(box.left, `${font}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${font}`).toBeLessThanOrEqual(box.width);
    }
  });
}
