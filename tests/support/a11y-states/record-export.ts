// Declared page states of "My record" (issue 18) for the axe sweep (see ./types.ts): account security with the
// record download and the access log (its table when staff have opened the demo patient's record by then, its
// empty-state text otherwise), and an earlier page of the log (`?log=`), which shows the "Back to the newest" link.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "account security, an earlier page of the access log", role: "patient", path: "/patient/account/security?log=2147483647", expect: "#access-log" },
];
