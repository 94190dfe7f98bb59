// Declared page states of the intake review for the axe sweep (see ./types.ts): the cancel-review modal (a URL
// state) and the decline form with its error summary, on the demo patient 2's pending haircare review (treatment 5:
// api/db/seed/demo.ts, Liam's oral minoxidil, assigned to the demo provider). The post is refused (no reason), so
// nothing changes.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "cancel review modal", role: "manager", path: "/manager/patients/2/intakes/5/review?cancel=1&from=ready-for-review", expect: "dialog[open]" },
  {
    label: "decline the intake with the error summary",
    role: "provider",
    path: "/staff/patients/2/intakes/5/review",
    post: { intent: "decline", reason: "" },
    expect: "[data-testid=error-summary]",
  },
];
