// Declared page states of the subscriptions (see ./types.ts): the demo patient's first subscription (id 1, of her
// treatment 1: the active weight-loss plan with an add-on, api/db/seed/demo.ts) — the cancellation flow's three steps
// (the reason form opened by the address and with its error summary, the one-time offer, the confirmation; none of
// these posts changes anything: the offer is only read, the confirmation only shown) and the plan-change form's error
// summary (no plan chosen: refused by the API, nothing changes).
import type { DeclaredState } from "./types";

const ids = { subscriptionId: "1", treatmentId: "1" };

export const STATES: DeclaredState[] = [
  { label: "subscriptions, the cancellation flow's reason form", role: "patient", path: "/patient/subscriptions?cancel=1", expect: "[data-testid=cancel-flow]" },
  { label: "subscriptions, the cancellation reason with the error summary", role: "patient", path: "/patient/subscriptions", post: { intent: "cancelReason", ...ids }, expect: "[data-testid=error-summary]" },
  { label: "subscriptions, the one-time retention offer", role: "patient", path: "/patient/subscriptions", post: { intent: "cancelReason", reason: "tooExpensive", ...ids }, expect: "[data-testid=retention-offer]" },
  { label: "subscriptions, the cancellation's confirmation", role: "patient", path: "/patient/subscriptions", post: { intent: "declineOffer", reason: "tooExpensive", note: "", key: "none", ...ids }, expect: "[data-testid=confirm-cancel-form]" },
  { label: "subscriptions, the plan change with the error summary", role: "patient", path: "/patient/subscriptions", post: { intent: "changePlan", ...ids }, expect: "[data-testid=error-summary]" },
];
