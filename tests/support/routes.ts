/**
 * Every page of app/routes.ts as concrete addresses, for the two sweeps that visit them all:
 *  - tests/web/routes*.test.ts (fast tier, HTTP): each page × each role (and a guest) answers as the access
 *    table says, with its heading and title, in both languages, with no translation key left showing;
 *  - tests/e2e/a11y.spec.ts (browser): axe on each page each role may open, both languages, both themes,
 *    JavaScript on and off, plus the declared modal and error states below.
 * tests/unit/route-samples.test.ts checks that every page pattern of the access table (= of app/routes.ts) has
 * samples here, so a new screen cannot be left out of either sweep. Not a test file.
 */
import { ACCESS } from "../../app/lib/access.ts";

/** Patterns of the access table that are not pages (the web's own actions, JSON and file resources). */
export const NOT_PAGES = new Set([
  "/actions/users/logout",
  "/actions/language",
  "/resources/track",
  "/resources/track.gif",
  "/resources/client-errors",
  "/resources/tasks/users",
  "/resources/tasks/mine",
  "/resources/global-search",
  "/resources/allergies",
  "/api/v1/avatars/:key",
  "/api/v1/patient/:patientId/uploads/:uploadId/file",
  "/patient/account/billing/invoices/:id/pdf",
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

export type { DeclaredState } from "./a11y-states/types";
export { STATES } from "./a11y-states";
