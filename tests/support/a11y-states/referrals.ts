// Declared page states of issue 18's refer a friend for the axe sweep (see ./types.ts): the invite form and the
// friend's code form, each with its error summary (an invalid address; an empty code: refused, nothing stored), and a
// friend's personal link opened, the code filled in. The states only a referral that went through shows (the friends
// list with a qualified friend, the friend's credit, the billing page's credit, the order summary's credit) are
// checked by tests/e2e/referrals.spec.ts as its journey reaches them.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "refer a friend, the invite form with the error summary", role: "patient", path: "/patient/refer-friend", post: { intent: "invite", email: "not-an-address" }, expect: "[data-testid=error-summary]" },
  { label: "refer a friend, a friend's link with the code filled in", role: "patient", path: "/patient/refer-friend?code=LIAM20", expect: "#claim-code[value=LIAM20]" },
  { label: "refer a friend, the code form with the error summary", role: "patient", path: "/patient/refer-friend", post: { intent: "claim", code: "" }, expect: "[data-testid=error-summary]" },
];
