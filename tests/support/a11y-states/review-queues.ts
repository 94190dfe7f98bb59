// Declared page states of the clinical review queues for the axe sweep (see ./types.ts): the chart's sign form with
// its error summary (the consent left unchecked; chart 1 is the demo patient's approved GLP-1 treatment, kept to
// review by api/db/seed/review-queues.ts, and tests/e2e/review-queues.spec.ts signs another one), and an empty
// ready-for-review queue (a cursor past the last review: no rows, the "first page" link).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "chart sign form with the error summary", role: "provider", path: "/staff/charts/1", post: { intent: "sign" }, expect: "[data-testid=error-summary]" },
  {
    label: "ready for review, an empty queue",
    role: "manager",
    path: "/manager/ready-for-review?cursor=eyJwIjoxLCJkIjoiMjk5OS0wMS0wMVQwMDowMDowMFoiLCJpZCI6MX0",
    expect: "[data-testid=queue-empty]",
  },
];
