// Declared page states of issue 18 for the axe sweep (see ./types.ts): the progress page's weight form with its error
// summary (an out-of-range weight: refused, nothing stored); the upload form with its error summary (no file).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "progress, the weight form with the error summary", role: "patient", path: "/patient/progress", post: { intent: "logWeight", weightLb: "20", measuredOn: "" }, expect: "[data-testid=error-summary]" },
  { label: "uploads, the upload form with the error summary", role: "patient", path: "/patient/uploads", post: { category: "" }, expect: "[data-testid=error-summary]" },
];
