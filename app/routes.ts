/**
 * The route table of spec §2, one to one. Who may open each route is in app/lib/access.ts (ACCESS, keyed
 * by these same paths; tests/unit/access.test.ts checks the two agree), enforced by the root middleware.
 * Layouts (pathless) follow spec §2 "Other layouts"; folders follow the URLs.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * A screen of both staff URL trees (spec §2): /staff/<path> and /manager/<path> are one route module in
 * routes/team/ (ids "staff/…" and "manager/…"); what each role may open comes from the access table, and the
 * module reads its tree from the address (app/lib/area.ts).
 */
type Area = "staff" | "manager";
const team = (area: Area, path: string, file: string, children?: ReturnType<typeof route>[]) =>
  route(path ? `${area}/${path}` : area, `routes/team/${file}`, { id: `${area}/${path || "index"}` }, children);

/** Patient page tabs for staff and managers (spec §2); overview is the index. */
const TABS = ["visits", "notes", "intakes", "treatments", "orders", "uploads", "progress", "profile", "access-management"];
const patientTabs = (area: Area) => [
  index("routes/team/patient/overview.tsx", { id: `${area}/patient-overview` }),
  ...TABS.map((tab) => route(tab, `routes/team/patient/${tab}.tsx`, { id: `${area}/patient-${tab}` })),
];

/** The screens both trees have, in both (the staff-only and manager-only ones are listed below). */
const teamScreens = (area: Area) => [
  team(area, "", "index.tsx"),
  team(area, "profile", "profile.tsx"),
  team(area, "tasks", "tasks.tsx"),
  team(area, "patients", "patients.tsx"),
  team(area, "past-due-patients", "past-due-patients.tsx"),
  team(area, "charts", "charts.tsx"),
  team(area, "ready-for-review", "ready-for-review.tsx"),
  team(area, "workload", "workload.tsx"),
  team(area, "renewals", "renewals.tsx"),
  team(area, "shipments", "shipments.tsx"),
  team(area, "uploads", "uploads.tsx"),
  team(area, "search", "search-form.tsx"), // GET form target → /<tree>/search/{search}
  team(area, "search/:search", "search.tsx"), // globalSearch
  team(area, "patients/:patientId", "patient.tsx", patientTabs(area)),
];

export default [
  // Every page sits directly under the root route (app/root.tsx holds what a pathless "shell" layout held: one
  // route level less for React Router to match on every request, issue 11).
  ...[
    // ── Public ────────────────────────────────────────────────────────────────────────────────
    index("routes/public/index.tsx"), // "/" → /login
    layout("routes/layouts/login.tsx", [
      route("login", "routes/public/login.tsx"),
      route("forgot-password", "routes/public/forgot-password.tsx"),
      route("set-password", "routes/public/set-password.tsx"),
      route("join", "routes/public/join.tsx"), // joining from a referral invitation's link (README "Refer a friend")
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
    route("resources/chats/mine", "routes/resources/chats-mine.ts"), // header unread assigned chats pages (JSON)
    route("resources/chats/events", "routes/resources/chat-events.ts"), // live chat events (server-sent events)
    route("resources/chats/unread", "routes/resources/chats-unread.ts"), // the unread counters' refresh (JSON)
    route("resources/chats/:id/messages", "routes/resources/chat-messages.ts"), // older messages on scroll (JSON)
    route("resources/global-search", "routes/resources/global-search.ts"), // header search dropdown (JSON)
    route("resources/allergies", "routes/resources/allergies.ts"), // the record-visit allergies combobox (JSON)
    // The printable prescription (no layout: it prints as the page it is).
    route("provider/patients/:patientId/intakes/:treatmentId/prescriptions/:prescriptionId", "routes/provider/prescription-print.tsx"),

    // ── Patient (patients only) ───────────────────────────────────────────────────────────────
    layout("routes/patient/layout.tsx", [
      route("patient", "routes/patient/index.tsx"), // Patient
      route("patient/journeys", "routes/patient/journeys.tsx"), // PatientJourneys
      // The medical intake (issue 15, app/lib/intake.server.ts): start, where the patient is, one step.
      route("patient/journeys/start", "routes/patient/journey-start.tsx"),
      route("patient/journeys/:id/intake", "routes/patient/journey-intake.tsx"),
      route("patient/journeys/:id/intake/:step", "routes/patient/journey-intake-step.tsx"),
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
      route("patient/check-ins/:id", "routes/patient/check-in.tsx"), // a check-in to answer, or its answers and review
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
    // The patient's own record as FHIR R4 JSON (issue 18): a download, no layout (app/lib/record-export.server.ts).
    route("patient/account/security/record", "routes/patient/account/record-fhir.ts"),
    // A provider's payout statement (issue 19): streams the API's PDF, or back to the payouts page with a toast.
    route("provider/payouts/:id/pdf", "routes/provider/payout-pdf.ts"),
    // An intake's identification picture, for the patient who uploaded it (app/lib/intake.server.ts).
    route("patient/journeys/:id/intake/images/:uploadId", "routes/resources/intake-image.ts"),
    // One of the patient's documents (issue 18, app/lib/documents.server.ts), as an attachment.
    route("patient/uploads/:id/file", "routes/resources/document-file.ts"),
    // Profile pictures: the web answers the API's avatarUrl path with the user's session (api/contract/patient-account.ts).
    route("api/v1/avatars/:key", "routes/resources/avatar.ts"),
    // Signature pictures (issue 19): the API's imageUrl path answered by the web for staff (app/lib/signature.server.ts).
    route("api/v1/signatures/:key", "routes/resources/signature.ts"),
    // The patient record's images: the API's file URL answered by the web for staff allowed on that patient (no-store).
    route("api/v1/patient/:patientId/uploads/:uploadId/file", "routes/resources/patient-upload-file.ts"),
    // A patient's record as FHIR R4 JSON for staff allowed on the patient (issue 18): the API's path answered by the web.
    route("api/v1/patient/:patientId/record/fhir", "routes/resources/patient-record-fhir.ts"),
    // Chat attachments (issue 17): the API's attachment URL answered by the web for the chat's participants (no-store).
    route("api/v1/chats/attachments/:id", "routes/resources/chat-attachment.ts"),

    // ── Staff and managers: sidebar + header ──────────────────────────────────────────────────
    layout("routes/layouts/staff.tsx", [
      // Both trees (routes/team/); who may open which is in the access table.
      ...teamScreens("manager"),
      ...teamScreens("staff"),
      // Manager only (role providers)
      route("manager/settings", "routes/manager/settings.tsx"),
      route("manager/settings/:userId", "routes/manager/settings-user.tsx"),
      // Staff only
      route("staff/messages", "routes/staff/messages.tsx"),
      route("provider/payouts", "routes/provider/payouts.tsx"),
    ]),

    // ── Staff without header: the message room (opened in a new tab from the header) ──────────
    layout("routes/layouts/staff-no-header.tsx", [
      route("staff/messages/:patientId/chat/:chatCategory?/:chatId?", "routes/staff/message-room.tsx"),
    ]),

    // ── Review layout: step sidebar and the cancel-review modal ───────────────────────────────
    layout("routes/layouts/review.tsx", [
      team("manager", "patients/:patientId/intakes/:treatmentId/review", "intake-review.tsx"),
      team("staff", "patients/:patientId/intakes/:treatmentId/review", "intake-review.tsx"),
      team("manager", "charts/:chartId", "chart.tsx"),
      team("staff", "charts/:chartId", "chart.tsx"),
      route("provider/charts/:chartId", "routes/team/chart.tsx", { id: "provider/charts/:chartId" }),
      route("staff/patients/:patientId/intakes/:treatmentId/record-visit", "routes/staff/review/record-visit.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/record-note", "routes/staff/review/record-note.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/dosespot", "routes/staff/review/dosespot.tsx"),
      route("staff/patients/:patientId/intakes/:treatmentId/inform-patient", "routes/staff/review/inform-patient.tsx"),
      route("provider/patients/:patientId/intakes/:treatmentId/manage-prescription", "routes/provider/manage-prescription.tsx"),
    ]),

    // ── Design pages (public) ─────────────────────────────────────────────────────────────────
    route("_design/foundation", "routes/design/foundation.tsx"),
    route("_design/components/:component", "routes/design/component.tsx"),

    // ── Anything else: not found ──────────────────────────────────────────────────────────────
    layout("routes/layouts/basic.tsx", { id: "not-found-layout" }, [route("*", "routes/public/not-found.tsx")]),
  ],
] satisfies RouteConfig;
