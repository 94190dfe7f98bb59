/**
 * Every page of app/routes.ts as concrete addresses, for the two sweeps that visit them all:
 *  - tests/web/routes*.test.ts (fast tier, HTTP): each page × each role (and a guest) answers as the access
 *    table says, with its heading and title, in both languages, with no translation key left showing;
 *  - tests/e2e/a11y.spec.ts (browser): axe on each page each role may open, both languages, both themes,
 *    JavaScript on and off, plus the declared modal and error states below.
 * tests/unit/route-samples.test.ts checks that every page pattern of the access table (= of app/routes.ts) has
 * samples here, so a new screen cannot be left out of either sweep. Not a test file.
 */
import { ACCESS, decide } from "../../app/lib/access.ts";
import routeConfig from "../../app/routes.ts";
import { DEMO, DEMO_USERS, type DemoUser } from "./accounts.ts";

/** Patterns of the access table that are not pages (the web's own actions, JSON and file resources). */
export const NOT_PAGES = new Set([
  "/actions/users/logout",
  "/actions/language",
  "/resources/track",
  "/resources/track.gif",
  "/resources/client-errors",
  "/resources/tasks/users",
  "/resources/tasks/mine",
  "/resources/chats/mine",
  "/resources/chats/events",
  "/resources/chats/unread",
  "/resources/chats/:id/messages",
  "/resources/global-search",
  "/resources/allergies",
  "/api/v1/avatars/:key",
  "/api/v1/signatures/:key",
  "/api/v1/patient/:patientId/uploads/:uploadId/file",
  "/api/v1/chats/attachments/:id",
  "/patient/account/billing/invoices/:id/pdf",
  "/patient/account/security/record",
  "/api/v1/patient/:patientId/record/fhir",
  "/provider/payouts/:id/pdf",
  "/patient/journeys/:id/intake/images/:uploadId",
  "/patient/uploads/:id/file",
]);

const DESIGN_COMPONENTS = [
  "alert", "avatar", "badge", "breadcrumbs", "button", "button-group", "chart", "checkbox", "featured-icon", "input",
  "modal", "radio", "select", "switch", "tabs", "textarea", "tooltip", "tag-input", "search-input",
] as const;

/** Values for the dynamic segments: the demo data's first patient, treatment, chart, journey… */
const PARAMS: Record<string, string> = {
  patientId: "1",
  treatmentId: "1",
  chartId: "1",
  id: "1",
  userId: "3",
  slug: "weight-loss",
  search: "carter",
  chatCategory: "support",
  chatId: "1",
};

/** Addresses for patterns whose parameters need more than one sample, or a particular one. */
const SPECIAL: Record<string, string[]> = {
  "*": ["/no/such/page"],
  "/_design/components/:component": DESIGN_COMPONENTS.map((c) => `/_design/components/${c}`),
  "/staff/messages/:patientId/chat/:chatCategory?/:chatId?": ["/staff/messages/1/chat"],
  // The patients list pages (issue 13): a tab, a filter and a sort besides the first view; the workload with a
  // provider's open reviews shown (user 4 is the demo provider).
  "/staff/patients": ["/staff/patients", "/staff/patients?tab=review_ready&journey=1&sort=name_asc"],
  "/manager/patients": ["/manager/patients", "/manager/patients?tab=inactive&status=inactive"],
  "/manager/workload": ["/manager/workload", "/manager/workload?providerId=4"],
  "/staff/workload": ["/staff/workload?providerId=4"],
  // Check-ins (api/db/seed/check-ins.ts): the demo patient's approved one (1, answers and review) and the due one (3, the form).
  "/patient/check-ins/:id": ["/patient/check-ins/1", "/patient/check-ins/3"],
  // The medical intake (issue 15): journey 8 (after the journeys seed's 7) is the demo patient's weight-loss intake in progress (api/db/seed/intake.ts),
  // at its medical history: a step answered (with BMI) and the current one; …/intake redirects to the current step.
  "/patient/journeys/:id/intake/:step": ["/patient/journeys/8/intake/body", "/patient/journeys/8/intake/history"],
  // Journey 9: the demo patient's haircare intake, denied (the denial text).
  "/patient/journeys/:id/intake": ["/patient/journeys/8/intake", "/patient/journeys/9/intake"],
  // The pharmacy (issue 16; api/db/seed/catalogue.ts order): 1 a plan with add-ons the demo patient may order (the order
  // form), 4 not live (§8), 7 prescription-only without an approved treatment, 11 a one-off item.
  "/patient/pharmacy/product/:id": ["/patient/pharmacy/product/1", "/patient/pharmacy/product/4", "/patient/pharmacy/product/7", "/patient/pharmacy/product/11"],
  "/patient/pharmacy/category/:slug": ["/patient/pharmacy/category/weight-loss", "/patient/pharmacy/category/pharmacy-purchase"],
  // The shipment queue: All and one status filter.
  "/staff/shipments": ["/staff/shipments", "/staff/shipments?status=5"],
  "/manager/shipments": ["/manager/shipments", "/manager/shipments?status=1"],
};

export function samplesOf(pattern: string): string[] {
  if (SPECIAL[pattern]) return SPECIAL[pattern];
  if (pattern === "/") return ["/"];
  return [pattern.replace(/\/:(\w+)\??/g, (_, name: string) => `/${PARAMS[name] ?? "1"}`)];
}

/** Every page pattern of the access table with its sample addresses. */
export const PAGES: { pattern: string; paths: string[] }[] = Object.keys(ACCESS)
  .filter((p) => !NOT_PAGES.has(p))
  .map((pattern) => ({ pattern, paths: samplesOf(pattern) }));

/**
 * THE AXE SWEEP'S PLAN (tests/e2e/a11y.spec.ts): which role checks which address in each of the two passes.
 *
 * A page's markup is the same for every role that may open it except for its layout (the staff sidebar and
 * header are built from the role) and, on some pages, a role's actions. So instead of every page × every
 * allowed role × two passes, each pass checks:
 *  - "page": every sample address of every page once, as ONE role allowed to open it — the roles rotate along
 *    the list and between the passes, so a page that several roles may open is seen by two of them, one per
 *    pass (public pages as the guest, as before: signed-in roles see the same markup);
 *  - "layout": every (role, layout) pair the rotation left out, on the first page of that layout the role may
 *    open — so each role's own sidebar and header are checked in both passes;
 *  - the declared states (STATES), each as its own role, unchanged.
 * tests/unit/a11y-plan.test.ts proves that each pass covers every address and every (role, layout) pair, and
 * that each check's role is allowed on its page (`decide`). A new staff page adds 2 checks, not 2 × its roles.
 */
export type SweepWho = DemoUser | "guest";
export type SweepCheck = { who: SweepWho; pattern: string; path: string; layout: string; why: "page" | "layout" };

/** Who may open a page, in a fixed order: the guest alone for public pages, else the demo users allowed. */
export function sweepRolesFor(pattern: string): SweepWho[] {
  if (decide(pattern, "guest") === "allow") return ["guest"];
  return DEMO_USERS.filter((user) => decide(pattern, DEMO[user].role) === "allow");
}

type RouteNode = { file: string; path?: string; index?: boolean; children?: RouteNode[] };
/** Each route pattern of app/routes.ts with the layout (pathless parent route) it renders in. */
function layoutsOf(nodes: RouteNode[], prefix: string[], layout: string, out: Map<string, string>) {
  for (const node of nodes) {
    const segments = node.path ? [...prefix, node.path] : prefix;
    const pathless = !node.path && !node.index;
    if (!pathless || !node.children) out.set(node.path === "*" ? "*" : "/" + segments.join("/"), layout);
    if (node.children) layoutsOf(node.children, segments, pathless ? node.file : layout, out);
  }
  return out;
}
/** Route pattern → its layout module ("root" for pages directly under the root route). */
export const LAYOUTS: Map<string, string> = layoutsOf(routeConfig as RouteNode[], [], "root", new Map());

export function layoutOf(pattern: string): string {
  const layout = LAYOUTS.get(pattern);
  if (!layout) throw new Error(`no route of app/routes.ts has the pattern ${pattern}`);
  return layout;
}

/** The checks of pass number `pass` (0 or 1), ordered by role so that a worker reuses each role's context. */
export function sweepPlan(pass: number): SweepCheck[] {
  const checks: SweepCheck[] = [];
  PAGES.forEach(({ pattern, paths }, i) => {
    const roles = sweepRolesFor(pattern);
    const layout = layoutOf(pattern);
    paths.forEach((path, k) => checks.push({ who: roles[(i + k + pass) % roles.length], pattern, path, layout, why: "page" }));
  });
  const covered = new Set(checks.map((c) => `${c.who} ${c.layout}`));
  for (const { pattern, paths } of PAGES) {
    const layout = layoutOf(pattern);
    for (const who of sweepRolesFor(pattern)) {
      if (covered.has(`${who} ${layout}`)) continue;
      covered.add(`${who} ${layout}`);
      checks.push({ who, pattern, path: paths[0], layout, why: "layout" });
    }
  }
  const order: SweepWho[] = ["guest", ...DEMO_USERS];
  return checks.sort((a, b) => order.indexOf(a.who) - order.indexOf(b.who));
}

export type { DeclaredState } from "./a11y-states/types";
export { STATES } from "./a11y-states";
