// Declared page states of the medical intake for the axe sweep (see ./types.ts): a step's form after a failed save
// (the error summary, fields described by their messages) on the demo patient's weight-loss intake in progress
// (journey 1: api/db/seed/intake.ts). The post is refused (names missing), so nothing changes. The denial
// (journey 2, denied) and the steps' first views are pages of the sweep (tests/support/routes.ts).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  {
    label: "an intake step with the error summary",
    role: "patient",
    path: "/patient/journeys/8/intake/about",
    post: { intent: "save", firstName: "", lastName: "", dateOfBirth: "2999-01-01", stateOfResidence: "CA" },
    expect: "[data-testid=error-summary]",
  },
];
