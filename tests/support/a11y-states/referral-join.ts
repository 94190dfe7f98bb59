// Declared page states of joining from a referral invitation (/join, see ./types.ts): a link without its token (the
// clear "does not work" page with the way to sign in), and the form refused with every field wrong (the error
// summary; the action judges the fields before it asks the upstream, so no invitation is needed). The form as the
// invitation mail's link opens it (the address shown) is checked by tests/e2e/referral-join.spec.ts with a real link.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "join, a link without its token", role: "guest", path: "/join", expect: "[data-testid=join-problem]" },
  {
    label: "join, the form with the error summary",
    role: "guest",
    path: "/join?token=a11y-state",
    post: { token: "a11y-state", firstName: "", lastName: "R2D2", newPassword: "abc def", passwordConfirm: "abc" },
    expect: "#join [data-testid=error-summary]",
  },
];
