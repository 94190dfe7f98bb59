/**
 * The route table of spec §2, one to one. Who may open each route is in app/lib/access.ts (ACCESS, keyed
 * by these same paths; tests/unit/access.test.ts checks the two agree), enforced by the root middleware.
 * Layouts (pathless) follow spec §2 "Other layouts"; folders follow the URLs.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Patient page tabs for staff and managers (spec §2); overview is the index. */
const patientTabs = (dir: string) => [
  index(`routes/${dir}/patient/overview.tsx`, { id: `${dir}-patient-overview` }),
  route("visits", `routes/${dir}/patient/visits.tsx`, { id: `${dir}-patient-visits` }),
  route("notes", `routes/${dir}/patient/notes.tsx`, { id: `${dir}-patient-notes` }),
  route("intakes", `routes/${dir}/patient/intakes.tsx`, { id: `${dir}-patient-intakes` }),
  route("treatments", `routes/${dir}/patient/treatments.tsx`, { id: `${dir}-patient-treatments` }),
  route("orders", `routes/${dir}/patient/orders.tsx`, { id: `${dir}-patient-orders` }),
  route("uploads", `routes/${dir}/patient/uploads.tsx`, { id: `${dir}-patient-uploads` }),
  route("progress", `routes/${dir}/patient/progress.tsx`, { id: `${dir}-patient-progress` }),
  route("profile", `routes/${dir}/patient/profile.tsx`, { id: `${dir}-patient-profile` }),
  route("access-management", `routes/${dir}/patient/access-management.tsx`, { id: `${dir}-patient-access-management` }),
];

export default [
  layout("routes/shell.tsx", { id: "shell" }, [
    // ── Public ────────────────────────────────────────────────────────────────────────────────
    index("routes/public/index.tsx"), // "/" → /login
    layout("routes/layouts/login.tsx", [
      route("login", "routes/public/login.tsx"),
      route("forgot-password", "routes/public/forgot-password.tsx"),
      route("set-password", "routes/public/set-password.tsx"),
    ]),
    layout("routes/layouts/basic.tsx", [
      route("reset-link", "routes/public/reset-link.tsx"), // ResetPasswordLink
      route("password-changed", "routes/public/password-changed.tsx"), // PasswordChanged
      route("confirm-email", "routes/public/confirm-email.tsx"), // the emailed link of an email change / verification
      route("telehealth-consent", "routes/public/telehealth-consent.tsx"),
      route("privacy-policy", "routes/public/privacy-policy.tsx"),
      route("terms-and-conditions", "routes/public/terms-and-conditions.tsx"),
      route("cancellation-policy", "routes/public/cancellation-policy.tsx"),
    ]),
    // The web's own actions and resources.
    route("actions/users/logout", "routes/actions/logout.tsx"),
    route("actions/language", "routes/actions/language.ts"),
    route("resources/track", "routes/resources/track.ts"),
    route("resources/track.gif", "routes/resources/track-pixel.ts"),
    route("resources/client-errors", "routes/resources/client-errors.ts"),
    route("resources/tasks/users", "routes/resources/tasks-users.ts"), // user picker pages (JSON)
    route("resources/tasks/mine", "routes/resources/tasks-mine.ts"), // header tasks dropdown pages (JSON)

    // ── Patient (patients only) ───────────────────────────────────────────────────────────────
    layout("routes/patient/layout.tsx", [
      route("patient", "routes/patient/index.tsx"), // Patient
      route("patient/journeys", "routes/patient/journeys.tsx"), // PatientJourneys
      route("patient/journeys/:id", "routes/patient/journey.tsx"),
      route("patient/journeys/:id/progress", "routes/patient/journey-progress.tsx"),
      route("patient/progress", "routes/patient/progress.tsx"), // PatientProgress
      route("patient/subscriptions", "routes/patient/subscriptions.tsx"),
      route("patient/pharmacy", "routes/patient/pharmacy.tsx"),
      route("patient/pharmacy/category/:slug", "routes/patient/pharmacy-category.tsx"), // PatientPharmacyCategory
      route("patient/pharmacy/product/:id", "routes/patient/pharmacy-product.tsx"),
      route("patient/chats", "routes/patient/chats.tsx"),
      route("patient/chats/categories", "routes/patient/chat-categories.tsx"),
      route("patient/chats/:id", "routes/patient/chat.tsx"),
      route("patient/uploads", "routes/patient/uploads.tsx"),
      route("patient/orders", "routes/patient/orders.tsx"),
      route("patient/help-center", "routes/patient/help-center.tsx"),
      route("patient/refer-friend", "routes/patient/refer-friend.tsx"),
    ]),
    layout("routes/patient/account/layout.tsx", [
      route("patient/account", "routes/patient/account/index.tsx"), // → profile
      route("patient/account/profile", "routes/patient/account/profile.tsx"),
      route("patient/account/pharmacy", "routes/patient/account/pharmacy.tsx"),
      route("patient/account/billing", "routes/patient/account/billing.tsx"),
      route("patient/account/payment-details", "routes/patient/account/payment-details.tsx"),
      route("patient/account/security", "routes/patient/account/security.tsx"),
    ]),
    // Invoice PDF download (a file, no layout): streams the API's PDF, or back to billing with 'Cannot download invoice'.
    route("patient/account/billing/invoices/:id/pdf", "routes/patient/account/invoice-pdf.ts"),
    // Profile pictures: the web answers the API's avatarUrl path with the user's session (api/contract/patient-account.ts).
    route("api/v1/avatars/:key", "routes/resources/avatar.ts"),

    // ── Staff and managers: sidebar + header ──────────────────────────────────────────────────
    layout("routes/layouts/staff.tsx", [
      // Manager routes (role providers only)
      route("manager", "routes/manager/index.tsx"),
      route("manager/profile", "routes/manager/profile.tsx"),
      route("manager/tasks", "routes/manager/tasks.tsx"),
      route("manager/patients", "routes/manager/patients.tsx"),
      route("manager/settings", "routes/manager/settings.tsx"),
      route("manager/settings/:userId", "routes/manager/settings-user.tsx"),
      route("manager/past-due-patients", "routes/manager/past-due-patients.tsx"),
      route("manager/charts", "routes/manager/charts.tsx"),
      route("manager/ready-for-review", "routes/manager/ready-for-review.tsx"),
      route("manager/workload", "routes/manager/workload.tsx"),
      route("manager/renewals", "routes/manager/renewals.tsx"),
      route("manager/shipments", "routes/manager/shipments.tsx"),
      route("manager/uploads", "routes/manager/uploads.tsx"),
      route("manager/search", "routes/manager/search-form.tsx"), // GET form target → /manager/search/{search}
      route("manager/search/:search", "routes/manager/search.tsx"), // globalSearch
      route("manager/patients/:patientId", "routes/manager/patient.tsx", patientTabs("manager")),

      // Staff routes
      route("staff", "routes/staff/index.tsx"),
      route("staff/charts", "routes/staff/charts.tsx"),
      route("staff/renewals", "routes/staff/renewals.tsx"),
      route("staff/patients", "routes/staff/patients.tsx"),
      route("staff/search", "routes/staff/search-form.tsx"), // GET form target → /staff/search/{search}
      route("staff/search/:search", "routes/staff/search.tsx"), // globalSearch
      route("staff/patients/:patientId", "routes/staff/patient.tsx", patientTabs("staff")),
      route("staff/workload", "routes/staff/workload.tsx"),
      route("staff/past-due-patients", "routes/staff/past-due-patients.tsx"),
      route("staff/tasks", "routes/staff/tasks.tsx"),
      route("staff/ready-for-review", "routes/staff/ready-for-review.tsx"),
      route("staff/messages", "routes/staff/messages.tsx"),
      route("staff/profile", "routes/staff/profile.tsx"),
      route("staff/uploads", "routes/staff/uploads.tsx"),
      route("staff/shipments", "routes/staff/shipments.tsx"),
      route("provider/payouts", "routes/provider/payouts.tsx"),
    ]),

    // ── Staff without header: the message room (opened in a new tab from the header) ──────────
    layout("routes/layouts/staff-no-header.tsx", [
      route("staff/messages/:patientId/chat/:chatCategory?/:chatId?", "routes/staff/message-room.tsx"),
    ]),

    // ── Review layout: step sidebar and the cancel-review modal ───────────────────────────────
    layout("routes/layouts/review.tsx", [
      route("manager/patients/:patientId/intakes/:treatmentId/review", "routes/manager/intake-review.tsx"),
      route("manager/charts/:chartId", "routes/manager/chart.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/review", "routes/staff/review/intake-review.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/record-visit", "routes/staff/review/record-visit.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/record-note", "routes/staff/review/record-note.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/dosespot", "routes/staff/review/dosespot.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/inform-patient", "routes/staff/review/inform-patient.tsx"),
      route("provider/patients/:patientId/intakes/:treatmentId/manage-prescription", "routes/provider/manage-prescription.tsx"),
      route("staff/charts/:chartId", "routes/staff/chart.tsx"),
      route("provider/charts/:chartId", "routes/provider/chart.tsx"),
    ]),

    // ── Design pages (public) ─────────────────────────────────────────────────────────────────
    route("_design/foundation", "routes/design/foundation.tsx"),
    route("_design/components/:component", "routes/design/component.tsx"),

    // ── Anything else: not found ──────────────────────────────────────────────────────────────
    layout("routes/layouts/basic.tsx", { id: "not-found-layout" }, [route("*", "routes/public/not-found.tsx")]),
  ]),
] satisfies RouteConfig;
