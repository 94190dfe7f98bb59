// Declared page states of the clinical review's steps (issue 14, H2) for the axe sweep (see ./types.ts): each form
// with its error summary after a failed post (nothing is saved), and the allergies search results of the record-visit
// form without JavaScript. Patient 1 (Emma Carter) and treatment 1, the sweep's sample of every step page.
import type { DeclaredState } from "./types";

const base = "/staff/patients/1/intakes/1";

export const STATES: DeclaredState[] = [
  { label: "record visit with the error summary", role: "provider", path: `${base}/record-visit`, post: { intent: "save", visitType: "video", chiefComplaint: "" }, expect: "[data-testid=error-summary]" },
  { label: "record visit with allergy search results", role: "provider", path: `${base}/record-visit`, post: { intent: "searchAllergies", allergyQuery: "pen" }, expect: "[data-testid=allergies-results]" },
  { label: "record note with the error summary", role: "nurse", path: `${base}/record-note`, post: { intent: "save", body: "" }, expect: "[data-testid=error-summary]" },
  { label: "inform the patient with the error summary", role: "provider", path: `${base}/inform-patient`, post: { intent: "send", message: "" }, expect: "[data-testid=error-summary]" },
  { label: "manage prescription with the error summary", role: "manager", path: "/provider/patients/1/intakes/1/manage-prescription", post: { intent: "save", instructions: "" }, expect: "[data-testid=error-summary]" },
];
