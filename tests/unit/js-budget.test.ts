// The JavaScript budget check (scripts/js-budget.mjs) on a fixture manifest: a page over its budget fails, a
// known page may not grow past its ceiling, and a known page back under budget is reported for removal.
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script module without type declarations
import { areaOf, check, measure } from "../../scripts/js-budget.mjs";

type Row = { id: string; kb: number; budget: number | null; ceiling: number | null };

const KB = 1024;
/** A manifest of a root, a patient layout and two patient pages, a public page and a staff page. */
const assets = {
  entry: { module: "/entry.js", imports: ["/react.js"] },
  routes: {
    root: { module: "/root.js", imports: ["/shell.js"] },
    "routes/patient/layout": { parentId: "root", module: "/patient-layout.js", imports: [] },
    "routes/patient/journeys": { parentId: "routes/patient/layout", module: "/journeys.js", imports: [] },
    "routes/patient/account/profile": { parentId: "routes/patient/layout", module: "/profile.js", imports: ["/zod.js"] },
    "routes/public/login": { parentId: "root", module: "/login.js", imports: ["/zod.js"] },
    "staff/tasks": { parentId: "root", module: "/tasks.js", imports: ["/zod.js"] },
    "routes/resources/avatar": { parentId: "root", module: "/avatar.js", imports: [] },
  },
};
const SIZES: Record<string, number> = {
  "/entry.js": 60 * KB,
  "/react.js": 50 * KB,
  "/root.js": 5 * KB,
  "/shell.js": 5 * KB,
  "/patient-layout.js": 5 * KB,
  "/journeys.js": 10 * KB,
  "/profile.js": 10 * KB,
  "/zod.js": 30 * KB,
  "/login.js": 5 * KB,
  "/tasks.js": 10 * KB,
  "/avatar.js": 1 * KB,
};
const gz = (file: string) => SIZES[file];
const budgets = { shell: 126, patient: 150, public: 150, staff: 200, design: 200 };

describe("the JavaScript budget check", () => {
  it("sums the entry, the route chain and their imports, each file once", () => {
    const rows: Row[] = measure(assets, gz, {}, budgets);
    const kb = (id: string) => rows.find((r) => r.id === id)!.kb;
    expect(kb("root")).toBe(120);
    expect(kb("routes/patient/journeys")).toBe(135);
    expect(kb("routes/patient/account/profile")).toBe(165);
    expect(kb("routes/public/login")).toBe(155);
    expect(kb("staff/tasks")).toBe(160);
  });

  it("fails a page over its budget, and passes the pages within theirs", () => {
    const { over } = check(measure(assets, gz, {}, budgets), {});
    expect(over).toEqual(["routes/patient/account/profile: 165.0 KB > 150 KB", "routes/public/login: 155.0 KB > 150 KB"]);
  });

  it("a known page over budget passes at its ceiling and fails when it grows past it", () => {
    const known = { "routes/patient/account/profile": 166, "routes/public/login": 154 };
    const { over } = check(measure(assets, gz, known, budgets), known);
    expect(over).toEqual(["routes/public/login: 155.0 KB > 154 KB"]);
  });

  it("a known page back within its budget is to be removed from the list; an unknown id fails", () => {
    const known = { "routes/patient/journeys": 140, "routes/patient/nope": 150 };
    const { over, stale } = check(measure(assets, gz, known, budgets), known);
    expect(stale).toEqual(["routes/patient/journeys is within its budget now (135.0 KB): remove it from KNOWN_OVER."]);
    expect(over).toContain("routes/patient/nope: listed in KNOWN_OVER but not a route");
  });

  it("knows each route's budget by its id", () => {
    expect(["root", "routes/patient/chat", "routes/public/login", "staff/tasks", "manager/profile", "routes/layouts/staff", "routes/design/component", "routes/resources/avatar"].map(areaOf)).toEqual([
      "shell",
      "patient",
      "public",
      "staff",
      "staff",
      "staff",
      "design",
      null,
    ]);
  });
});
