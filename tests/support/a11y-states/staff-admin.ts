// Declared page states of users and roles (issue 19) for the axe sweep (see ./types.ts): the invite form with its
// error summary (an empty post invites nobody), a user page's suspend confirmation (a page state, `?confirm=suspend`:
// user 4 is provider@demo.test, whom the manager may suspend) and its edit form with the error summary (an empty
// first name is refused by the form; nothing changes).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "users and roles, the invite form with the error summary", role: "manager", path: "/manager/settings", post: { intent: "invite" }, expect: "[data-testid=error-summary]" },
  { label: "a user's suspend confirmation", role: "manager", path: "/manager/settings/4?confirm=suspend", expect: "[data-testid=confirm-box]" },
  { label: "a user's edit form with the error summary", role: "manager", path: "/manager/settings/4", post: { intent: "update", firstName: "", lastName: "", role: "providerUsers" }, expect: "[data-testid=error-summary]" },
];
