// Declared page states of the patients list pages for the axe sweep (see ./types.ts): the list's error summary
// after a search the API refuses, and the workload's bulk reassignment confirmation (with a selection and a
// provider; and with nothing selected). User 4 is the demo provider, user 3 the demo provider manager.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "patients list with the error summary", role: "nurse", path: `/staff/patients?search=${"x".repeat(101)}`, expect: "[data-testid=error-summary]" },
  { label: "bulk reassignment confirmation", role: "manager", path: "/manager/workload?providerId=4&confirm=assign&ids=1&ids=2&to=3", expect: "dialog[open]" },
  { label: "bulk reassignment confirmation, nothing selected", role: "supportManager", path: "/staff/workload?confirm=assign", expect: "dialog[open] [role=alert]" },
];
