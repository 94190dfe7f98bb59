// Declared page states of the shell (sign-in, layouts) for the axe sweep (see ./types.ts).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "sign-in with errors", role: "guest", path: "/login", post: { intent: "password", email: "", password: "" }, expect: "[aria-invalid=true]" },
  { label: "cancel-review modal", role: "provider", path: "/staff/patients/1/intakes/1/review?cancel=1", expect: "dialog[open]" },
];
