// Declared page states of the patient account pages for the axe sweep (see ./types.ts): each form showing its
// errors (every post fails validation on the server, so nothing changes), the delete-card confirmation and the
// billing portal view. The security panel's states are in ./account-security.ts.
import type { DeclaredState } from "./types";

const PROFILE = "/patient/account/profile";
const PHARMACY = "/patient/account/pharmacy";
const PAYMENT = "/patient/account/payment-details";

export const STATES: DeclaredState[] = [
  {
    label: "profile details with errors",
    role: "patient",
    path: PROFILE,
    post: { intent: "details", firstName: "Ann3", middleName: "", lastName: " ", phone: "555-12", dateOfBirth: "02/30/1990", timeZone: "" },
    expect: "[aria-invalid=true]",
  },
  { label: "profile email with the typo suggestion", role: "patient", path: PROFILE, post: { intent: "email", email: "ana@gmial.com" }, expect: "[data-testid=email-suggestion]" },
  {
    label: "shipping address with errors",
    role: "patient",
    path: PHARMACY,
    post: { intent: "shipping", addressLine1: "", locality: "", administrativeArea: "", postalCode: "7870", phone: "12" },
    expect: "[aria-invalid=true]",
  },
  {
    label: "add a card with errors",
    role: "patient",
    path: PAYMENT,
    post: { intent: "addCard", cardNumber: "4242 4242 4242 4241", expMonth: "13", expYear: "2020", cvc: "12", name: "" },
    expect: "[aria-invalid=true]",
  },
  // The demo patient's first seeded card (api/db/seed/billing.ts inserts the demo patients' cards first).
  { label: "delete-card confirmation", role: "patient", path: `${PAYMENT}?delete=1`, expect: "dialog[open]" },
  { label: "billing portal", role: "patient", path: `${PAYMENT}?portalSession=a11y-sweep-session`, expect: "[data-testid=billing-portal]" },
  { label: "invoice that cannot be downloaded", role: "patient", path: "/patient/account/billing?download=failed", expect: "[data-testid=download-failed]" },
];
