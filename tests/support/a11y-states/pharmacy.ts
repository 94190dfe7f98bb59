// Declared page states of the pharmacy for the axe sweep (see ./types.ts): the order form with its error summary (no
// plan chosen), the priced cart with a coupon's discount (a quote changes nothing; variant 5 is Compounded
// Semaglutide's 6-month plan, api/db/seed/catalogue.ts), and the shipment queue's refusal of an unknown order.
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "pharmacy order form with the error summary", role: "patient", path: "/patient/pharmacy/product/2", post: { intent: "quote", variantId: "" }, expect: "[data-testid=error-summary]" },
  { label: "pharmacy order form with the priced cart", role: "patient", path: "/patient/pharmacy/product/2", post: { intent: "quote", variantId: "5", couponCode: "WELCOME10" }, expect: "[data-testid=order-discount]" },
  { label: "shipment queue with a refused update", role: "support", path: "/staff/shipments", post: { orderId: "99999999", status: "3" }, expect: "[data-testid=shipments-error]" },
];
