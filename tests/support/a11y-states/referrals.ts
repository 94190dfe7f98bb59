// Declared page states of issue 18's refer a friend for the axe sweep (see ./types.ts): the invite form and the
// friend's code form, each with its error summary (an invalid address; an empty code: refused, nothing stored).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "refer a friend, the invite form with the error summary", role: "patient", path: "/patient/refer-friend", post: { intent: "invite", email: "not-an-address" }, expect: "[data-testid=error-summary]" },
  { label: "refer a friend, the code form with the error summary", role: "patient", path: "/patient/refer-friend", post: { intent: "claim", code: "" }, expect: "[data-testid=error-summary]" },
];
