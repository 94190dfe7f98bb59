/**
 * The sweeps (tests/web/routes*.test.ts over HTTP, tests/e2e/a11y.spec.ts with axe) visit every page of the
 * access table through tests/support/routes.ts. This keeps that list whole: a new route of app/routes.ts
 * (which tests/unit/access.test.ts ties to the access table) is in both sweeps, or this fails.
 */
import { describe, expect, it } from "vitest";
import { ACCESS, matchPattern } from "../../app/lib/access";
import { NOT_PAGES, PAGES, STATES } from "../support/routes";

describe("the sweeps' list of pages", () => {
  it("has every page pattern of the access table, with at least one address", () => {
    const swept = new Set(PAGES.map((p) => p.pattern));
    const missing = Object.keys(ACCESS).filter((p) => !NOT_PAGES.has(p) && !swept.has(p));
    expect(missing).toEqual([]);
    for (const page of PAGES) expect(page.paths.length, page.pattern).toBeGreaterThan(0);
  });

  it("leaves out only patterns that are in the access table (no stale exclusions)", () => {
    expect([...NOT_PAGES].filter((p) => !(p in ACCESS))).toEqual([]);
  });

  it("samples an address each page's own pattern matches", () => {
    for (const { pattern, paths } of PAGES) {
      if (pattern === "*") continue;
      for (const path of paths) expect(matchPattern(path), `${path} for ${pattern}`).toBe(pattern);
    }
  });

  it("declares each state once, on a page of the table", () => {
    const labels = STATES.map((s) => `${s.label} (${s.role})`);
    expect(new Set(labels).size).toBe(labels.length);
    for (const s of STATES) expect(matchPattern(new URL(s.path, "http://x").pathname), s.label).not.toBe("*");
  });
});
