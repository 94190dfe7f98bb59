/**
 * The axe sweep checks each page once per pass as one allowed role rather than once per role
 * (tests/support/routes.ts `sweepPlan`). This proves that nothing the old sweep covered by brute force is left
 * out: in EACH pass (en-US/default theme/JavaScript on, es-US/hmr theme/JavaScript off)
 *  - every sample address of every page of the access table is checked,
 *  - every (role, layout) pair — each role's own sidebar and header in each layout it may open — is checked,
 *  - every check's role may open its page (`decide` in app/lib/access.ts says "allow"),
 * and a page that several roles may open is seen by two different roles across the two passes.
 */
import { describe, expect, it } from "vitest";
import { decide } from "../../app/lib/access";
import { DEMO } from "../support/accounts";
import { LAYOUTS, PAGES, layoutOf, sweepPlan, sweepRolesFor, type SweepWho } from "../support/routes";

const roleOf = (who: SweepWho) => (who === "guest" ? "guest" : DEMO[who].role);
const PASSES = [0, 1];

describe("the axe sweep's plan", () => {
  it("knows the layout of every page (from app/routes.ts)", () => {
    for (const { pattern } of PAGES) expect(LAYOUTS.has(pattern), pattern).toBe(true);
    // The staff pages sit in the staff layout, whose sidebar and header depend on the role.
    expect(layoutOf("/staff/patients")).toBe("routes/layouts/staff.tsx");
    expect(layoutOf("/manager/patients/:patientId/visits")).toBe("routes/layouts/staff.tsx");
    expect(layoutOf("/patient/account/profile")).toBe("routes/patient/account/layout.tsx");
  });

  for (const pass of PASSES) {
    describe(`pass ${pass + 1}`, () => {
      const plan = sweepPlan(pass);

      it("checks every address of every page", () => {
        const checked = new Set(plan.map((c) => c.path));
        const missing = PAGES.flatMap(({ paths }) => paths).filter((path) => !checked.has(path));
        expect(missing).toEqual([]);
      });

      it("checks every role in every layout it may open", () => {
        const checked = new Set(plan.map((c) => `${c.who} ${c.layout}`));
        const pairs = new Set(PAGES.flatMap(({ pattern }) => sweepRolesFor(pattern).map((who) => `${who} ${layoutOf(pattern)}`)));
        expect([...pairs].filter((pair) => !checked.has(pair))).toEqual([]);
        // Each staff role's own sidebar, for one.
        for (const who of ["manager", "provider", "support", "supportManager", "nurse", "nurseManager"]) {
          expect(checked.has(`${who} routes/layouts/staff.tsx`), who).toBe(true);
        }
      });

      it("signs in only as a role the access table allows on the page", () => {
        for (const c of plan) expect(decide(c.pattern, roleOf(c.who)), `${c.who} ${c.path}`).toBe("allow");
        // Public pages as the guest only (signed-in roles see the same markup).
        for (const c of plan) if (decide(c.pattern, "guest") === "allow") expect(c.who, c.path).toBe("guest");
      });

      it("checks each (role, address) once", () => {
        const keys = plan.map((c) => `${c.who} ${c.path}`);
        expect(new Set(keys).size).toBe(keys.length);
      });
    });
  }

  it("rotates the roles between the passes: a page several roles may open is seen by two of them", () => {
    const [first, second] = PASSES.map((pass) => sweepPlan(pass).filter((c) => c.why === "page"));
    for (const { pattern, paths } of PAGES) {
      if (sweepRolesFor(pattern).length < 2) continue;
      for (const path of paths) {
        const a = first.find((c) => c.path === path)!.who;
        const b = second.find((c) => c.path === path)!.who;
        expect(a, path).not.toBe(b);
      }
    }
  });

  it("costs far fewer checks than every page × every role", () => {
    const everyRole = PAGES.reduce((n, { pattern, paths }) => n + paths.length * sweepRolesFor(pattern).length, 0);
    for (const pass of PASSES) expect(sweepPlan(pass).length).toBeLessThan(everyRole * 0.6);
  });
});
