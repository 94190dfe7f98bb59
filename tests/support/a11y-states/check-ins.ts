// Declared page states of the check-ins for the axe sweep (see ./types.ts): the patient's answer form with its error
// summary (check-in 3 is the demo patient's due one, api/db/seed/check-ins.ts; an empty post answers nothing), the
// record's request form and review form with their error summaries (an empty due date; a decline without a note of
// check-in 2, the demo patient's answered one — refused by the form, nothing changes).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "check-in answer form with the error summary", role: "patient", path: "/patient/check-ins/3", post: { intent: "answer" }, expect: "[data-testid=error-summary]" },
  { label: "record check-ins, the request form with the error summary", role: "manager", path: "/manager/patients/1/intakes", post: { intent: "requestCheckIn", dueOn: "" }, expect: "[data-testid=error-summary]" },
  {
    label: "record check-ins, the review form with the error summary",
    role: "nurse",
    path: "/staff/patients/1/intakes",
    post: { intent: "reviewCheckIn", checkInId: "2", approval: "declined", note: "" },
    expect: "[data-testid=error-summary]",
  },
];
