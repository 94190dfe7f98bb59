/**
 * The permission matrix: for every endpoint of the upstream API, which roles may call it.
 * This is the one place that says so. Routes are registered through `endpoint()` (api/http/endpoint.ts),
 * which refuses a path that is not listed here; tests/api/permissions.test.ts walks every entry × role.
 *
 * A guest calling an endpoint that needs a signed-in role gets 401; a signed-in role that is not listed
 * gets 403. Object-level rules (a patient reaches only their own records) are the functions below,
 * applied by the handlers on top of the matrix, and answer 404 so that ids cannot be probed.
 */
import { ROLES, STAFF_ROLES, TASK_MANAGER_ROLES, USER_ROLES, type Role } from "../contract/roles.ts";
import { TREATMENT_EDITOR_ROLES } from "../contract/patient-record-rules.ts";
import { ACCESS_LOG_ROLES, ACCESS_MANAGER_ROLES, DEPENDENT_MANAGER_ROLES } from "../contract/patient-access-rules.ts";
import { STAFF_ADMIN_ROLES } from "../contract/staff-admin-rules.ts";
import { CHECK_IN_READER_ROLES, CHECK_IN_REVIEWER_ROLES } from "../contract/check-in-rules.ts";
import { SHIPMENT_ROLES } from "../contract/pharmacy-rules.ts";
import { PAYOUT_ROLES } from "../contract/payout-rules.ts";
import { SIGNER_ROLES } from "../contract/signature-rules.ts";
import { CHART_READER_ROLES, CHART_SIGNER_ROLES, READY_FOR_REVIEW_ROLES, UPLOAD_REVIEWER_ROLES } from "../contract/review-queue-rules.ts";

export type EndpointRule = {
  roles: readonly Role[];
  /** State-changing calls need the CSRF token unless this is false (session-info hands the token out). */
  csrf?: boolean;
  summary: string;
};

const ANYONE = ROLES;
const SIGNED_IN = USER_ROLES;
const STAFF = STAFF_ROLES;
const PATIENTS = ["patients"] as const satisfies readonly Role[];
/** Staff who may delete tasks and change many at once (see the task entries below). */
const TASK_MANAGERS = TASK_MANAGER_ROLES;
/** The provider workload and bulk reassignment (spec §6: "workload providers and both manager roles"). */
const WORKLOAD_ROLES = ["providers", "customerSupportManagers", "medicalSupportManagers"] as const satisfies readonly Role[];
/** Staff who assign a treatment's provider and change its review status (the clinical roles). */
const TREATMENT_EDITORS = TREATMENT_EDITOR_ROLES;
/** The clinicians: providers (manager) and providerUsers (provider). */
const CLINICIANS = ["providers", "providerUsers"] as const satisfies readonly Role[];
/** Who records notes (the nurse-note flow of app/lib/access.ts): the clinicians and both medical support roles. */
/** The users and roles screens (issue 19): the provider manager. */
const STAFF_ADMINS = STAFF_ADMIN_ROLES;
const SIGNERS = SIGNER_ROLES;
const NOTE_WRITERS = ["providers", "providerUsers", "medicalSupport", "medicalSupportManagers"] as const satisfies readonly Role[];

export const permissions = {
  "GET /api/health": { roles: ANYONE, summary: "Service and database health" },
  "GET /api/openapi.json": { roles: ANYONE, summary: "The OpenAPI document of this API" },
  "POST /api/v1/users/session-info": { roles: ANYONE, csrf: false, summary: "Session info and CSRF token" },
  "POST /actions/users/login": { roles: ANYONE, summary: "Sign in with loginName (email) and password" },
  "POST /actions/users/logout": { roles: ANYONE, summary: "Sign out and revoke the session" },
  "POST /api/v1/users/verify-totp": {
    roles: ANYONE,
    summary: "Complete a TOTP sign-in challenge (code or recovery code); signed in with none pending: confirm a TOTP enrolment",
  },
  // Account security (api/routes/account.ts, account-totp.ts; contract api/contract/account.ts).
  "POST /actions/users/send-password-reset-email": { roles: ANYONE, summary: "Mail a single-use password reset link (same answer for any address)" },
  "POST /actions/users/check-reset-link": { roles: ANYONE, summary: "Whether a reset link can still set a password (read-only: does not use it up)" },
  "POST /actions/users/set-password": { roles: ANYONE, summary: "Set a new password with the code of a reset link; ends every session" },
  "POST /actions/users/confirm-email": { roles: ANYONE, summary: "Confirm an email verification or change with the code of its link" },
  "POST /api/v1/users/update-password": { roles: SIGNED_IN, summary: "Change the password (current password required); ends other sessions" },
  "POST /api/v1/users/verify-email": { roles: SIGNED_IN, summary: "Mail a confirmation link: verify the current address, or change to a new one" },
  "GET /api/v1/users/get-totp-secret": { roles: SIGNED_IN, summary: "New pending TOTP secret with otpauth URL and QR code (SVG)" },
  "GET /api/v1/users/get-auth-methods": { roles: SIGNED_IN, summary: "Two-factor status and recovery codes left" },
  "POST /api/v1/users/disable-totp": { roles: SIGNED_IN, summary: "Turn two-factor authentication off (current code or password)" },
  "GET /api/v1/users/sessions": { roles: SIGNED_IN, summary: "The caller's live sessions" },
  "POST /api/v1/users/sessions/:id/revoke": { roles: SIGNED_IN, summary: "End one of the caller's sessions" },
  "POST /api/v1/users/sessions/revoke-others": { roles: SIGNED_IN, summary: "End every other session of the caller" },
  "GET /api/v1/dev/outbox": { roles: ANYONE, summary: "Development only (404 in production or with SMTP_URL): mails stored in the outbox" },
  "GET /api/v1/profile": { roles: SIGNED_IN, summary: "The signed-in user's profile" },
  "PUT /api/v1/profile": { roles: SIGNED_IN, summary: "Update the signed-in user's profile" },
  // Patient account (api/routes/avatar.ts, patient-account.ts; contract api/contract/patient-account.ts).
  // Decision: profile pictures belong to every signed-in user (staff avatars show in the header, task and
  // message lists), so upload, removal and reading by the unguessable key are open to all signed-in roles.
  // Addresses, payment methods, the billing portal and invoices are the patient's own: patients only
  // (spec §6: only patients get the billing portal); staff get 403, and another patient's id 404.
  "POST /api/v1/profile/avatar": { roles: SIGNED_IN, summary: "Upload a profile picture (multipart field avatar; JPEG, PNG or GIF up to 5 MB; re-encoded to PNG, at most 400x400)" },
  "DELETE /api/v1/profile/avatar": { roles: SIGNED_IN, summary: "Remove the profile picture" },
  "GET /api/v1/avatars/:key": { roles: SIGNED_IN, summary: "A profile picture by its unguessable key (image/png)" },
  "POST /actions/users/save-address": { roles: PATIENTS, summary: "Save the shipping or billing address (save-address payload of spec §3)" },
  "GET /api/v2/profile/payment-methods": { roles: PATIENTS, summary: "The patient's saved cards (brand, last 4, expiry), primary first" },
  "POST /api/v2/profile/payment-methods": { roles: PATIENTS, summary: "Add a card (local billing provider only; test cards in the contract)" },
  "PUT /api/v2/profile/primary-payment-method": { roles: PATIENTS, summary: "Make one of the patient's cards primary" },
  "DELETE /api/v2/profile/payment-method": { roles: PATIENTS, summary: "Delete one of the patient's cards (the newest other card becomes primary)" },
  "GET /api/v1/profile/portal-session": { roles: PATIENTS, summary: "A one-time billing portal session" },
  "PUT /api/v1/profile/chargebee-sync": { roles: PATIENTS, summary: "Sync billing with the provider after the portal closes (closes the portal session)" },
  "GET /api/v1/profile/invoices": { roles: PATIENTS, summary: "The patient's invoices, newest first (paged)" },
  "GET /api/v1/profile/invoices/:id/pdf": { roles: PATIENTS, summary: "One of the patient's invoices as a PDF" },
  "GET /api/v1/users": { roles: STAFF, summary: "List users (search, roles, sort, paging)" },
  "GET /api/v1/users/:id": { roles: STAFF, summary: "One user by id" },
  // Users and roles and the dashboards (issue 19; api/routes/staff-admin.ts, decisions api/contract/staff-admin-rules.ts
  // and staff-dashboard-rules.ts): the settings pages are the provider manager's (spec §2 manager routes), so are
  // their calls; every staff role reads its own dashboard.
  "GET /api/v1/staff/dashboard": { roles: STAFF, summary: "The caller's dashboard figures by role (capped counts from indexes and maintained counters)" },
  "GET /api/v1/staff-users": { roles: STAFF_ADMINS, summary: "Staff users: search, roles, status, sort, keyset cursor" },
  "GET /api/v1/staff-users/:id": { roles: STAFF_ADMINS, summary: "One staff user with the account actions allowed now" },
  "POST /api/v1/users/invite": { roles: STAFF_ADMINS, summary: "Invite a staff user by email (pending; the emailed set-password link, single use, 7 days)" },
  "POST /api/v1/users/:id/update": { roles: STAFF_ADMINS, summary: "Edit a staff user's name, profession and role (the last provider manager keeps the role); audited" },
  "POST /api/v1/users/:id/suspend": { roles: STAFF_ADMINS, summary: "Suspend a staff user: their sessions end at once; audited" },
  "POST /api/v1/users/:id/unsuspend": { roles: STAFF_ADMINS, summary: "Restore a suspended or deactivated staff user; audited" },
  "POST /api/v1/users/:id/deactivate": { roles: STAFF_ADMINS, summary: "Deactivate a staff user: their sessions end at once; audited" },
  "POST /api/v1/users/:id/resend-invite": { roles: STAFF_ADMINS, summary: "Mail a pending user a new invitation link (the previous one stops working)" },
  // Treatments (api/routes/treatments.ts; contract api/contract/treatments.ts). Decision: staff read any
  // treatment (their pages name one: a patient's intake review, a chart, which is a treatment under review);
  // patients will read their own with the journey pages (not yet: 403), guests 401.
  "GET /api/v1/treatments-v2/:id": { roles: STAFF, summary: "One treatment by id (also a chart's id) of a patient the caller may see; audited" },
  // The patient record (api/routes/patients.ts, treatments.ts; contract api/contract/patients.ts, treatments.ts).
  // Object level for every entry: api/domain/patient-access.ts (a patient the caller may not see is a 404, like
  // an unknown one). Decision: every staff role reads the record and edits the profile and the patient status
  // (support handles account details, nurses and providers the clinical status); assigning a treatment's
  // provider and changing its review status are clinical: providers, providerUsers and both medical support
  // roles (customer support 403). Patients read their own data through their own pages (403 here).
  "GET /api/v1/patient/:patientId": { roles: STAFF, summary: "The patient record's overview (spec §3 Patient text catalogue); audited" },
  "POST /api/v1/patient/update-status": { roles: STAFF, summary: "Set a patient's status (string status of spec §4 and its numeric code); audited" },
  "POST /api/v2/patients/:id/update": { roles: STAFF, summary: "Edit a patient's profile (names, date of birth, gender, height, weights, phone, email): all or nothing; audited" },
  "GET /api/v1/patient/:patientId/records": { roles: STAFF, summary: "A patient's visit records and visit notes, newest first (paged); audited" },
  "GET /api/v1/patient/:patientId/orders": { roles: STAFF, summary: "A patient's orders with items, status and tracking link, newest first (paged); audited" },
  "GET /api/v1/patient/:patientId/uploads": { roles: STAFF, summary: "A patient's uploads with category, status and visibility, newest first (paged); audited" },
  "GET /api/v1/patient/:patientId/uploads/:uploadId/file": { roles: STAFF, summary: "The file of one of a patient's uploads (image); audited; Cache-Control private, no-store" },
  "GET /api/v1/patient/:patientId/weights": { roles: STAFF, summary: "A patient's weight history; audited" },
  "GET /api/v1/treatments-v2": { roles: STAFF, summary: "A patient's treatments (?patientId=) with displayed state and subscription; audited" },
  "GET /api/v1/treatments-v2/latest-approved": { roles: STAFF, summary: "A patient's newest approved treatment (?patientId=), or null; audited" },
  "PUT /api/v1/treatments/:id/assign-provider": { roles: TREATMENT_EDITORS, summary: "Assign an active provider to a treatment (or none); audited" },
  "PUT /api/v1/treatments/:id/update-status": { roles: TREATMENT_EDITORS, summary: "Change a treatment's review status (state machine of api/domain/treatment-review.ts; 409 when refused); audited" },
  // The clinical review (api/routes/treatment-review.ts; contract and decisions api/contract/treatments.ts): the
  // clinicians only; the support and nursing teams take no clinical decision (the nurse-note flow is theirs).
  "GET /api/v1/treatments/:id/review": { roles: CLINICIANS, summary: "What the intake review shows: treatment, patient, answers, BMI, flags, prior treatments, steps, allowed actions; audited" },
  "PUT /api/v1/treatments/:id/modify-request": { roles: CLINICIANS, summary: "Send the intake back to the patient for changes (message required, to their chat); audited" },
  "PUT /api/v1/treatments/:id/approve-v2": { roles: CLINICIANS, summary: "Approve a pending treatment (license in the patient's state, 409 otherwise); audited" },
  "PUT /api/v1/treatments/:id/decline-v2": { roles: CLINICIANS, summary: "Decline a pending treatment (reason required; the patient is told in their chat); audited" },
  "PUT /api/v1/treatments/:id/cancel-v2": { roles: CLINICIANS, summary: "Cancel a pending or approved treatment (reason required); audited" },
  "PUT /api/v1/treatments/:id/no-show": { roles: CLINICIANS, summary: "Close a pending review: the patient did not show up; audited" },
  "POST /api/v1/treatments/:id/resume": { roles: CLINICIANS, summary: "Reopen a cancelled or declined review (optionally removing add-on items); audited" },
  // Chats (api/routes/chats.ts; contract api/contract/chats.ts). Decision: staff read any chat (the message room
  // names one), audited; a patient reads their own (another patient's id 404).
  "GET /api/v1/chats/:id": { roles: [...STAFF, ...PATIENTS], summary: "One chat by id (staff: any, audited; a patient: their own)" },
  // Messaging (issue 17; api/routes/chats.ts, contract api/contract/chats.ts). Every staff role works the shared
  // message queues (spec §2 "message room" for support and medical roles, clinicians); patients their own chats.
  // Object level: a chat of a patient the caller may not see is a 404 (api/domain/patient-access.ts); a message is
  // edited or deleted only by its sender (403 chats.notOwnMessage; 409 when already deleted).
  "GET /api/v1/chats": { roles: [...STAFF, ...PATIENTS], summary: "A patient's chats, one per category (?patientId=; a patient: their own), made on first listing; staff audited" },
  "GET /api/v1/chats/events": { roles: [...STAFF, ...PATIENTS], summary: "Live chat events as server-sent events (ids only: a patient's own chats, staff the patients they may see); heartbeats; ends with the session; at most 5 per user and process (429)" },
  "GET /api/v1/chats/messages": { roles: [...STAFF, ...PATIENTS], summary: "A chat's messages newest first (?chatId=, before= keyset, 20 a page) with senders and attachments; staff audited" },
  "GET /api/v1/provider-unread-chats": { roles: STAFF, summary: "Chats with patient messages no staff member has read, newest first (cursor); audited" },
  "GET /api/v1/provider-unread-and-assigned-chats": { roles: STAFF, summary: "Unread chats assigned to the caller, newest first (cursor); audited" },
  "GET /api/v1/provider-read-chats": { roles: STAFF, summary: "Chats whose patient messages are all read, newest first (cursor); audited" },
  "GET /api/v2/staff/chats": { roles: STAFF, summary: "Chats by type (unread, read, all), filter.providerIds[], filter.assigned (the header list), cursor; audited" },
  "PUT /api/v1/chats/:chatId/assign-provider": { roles: STAFF, summary: "Assign a chat to an active staff member (or none); audited" },
  "PUT /api/v1/chats/:chatId/toggle-bot": { roles: STAFF, summary: "Turn a chat's automatic acknowledgement on or off; audited" },
  "POST /api/v1/chats/create-message": { roles: [...STAFF, ...PATIENTS], summary: "Send a message (multipart: chatId, message, attachments[] images/PDF); sanitised; staff audited" },
  "POST /api/v1/chats/edit-message": { roles: [...STAFF, ...PATIENTS], summary: "Edit one's own message (multipart: messageId, message, addAttachments[], deleteAttachments[]); staff audited" },
  "DELETE /api/v1/chats/messages/:messageId": { roles: [...STAFF, ...PATIENTS], summary: "Delete one's own message (soft); staff audited" },
  "POST /api/v1/chats/mark-messages-read": { roles: [...STAFF, ...PATIENTS], summary: "Mark a chat read up to a message (the caller's side)" },
  "POST /api/v1/chats/mark-all-messages-read": { roles: [...STAFF, ...PATIENTS], summary: "Mark a whole chat read (the caller's side); staff audited" },
  "GET /api/v1/chats/patient-unread-messages-count": { roles: [...STAFF, ...PATIENTS], summary: "Unread messages: a patient's in their chats, a staff member's in chats assigned to them (a number)" },
  "GET /api/v1/chats/last-chat-message-from-provider": { roles: PATIENTS, summary: "The newest staff message in the patient's chats (or null)" },
  "GET /api/v2/chats/check-validity": { roles: [...STAFF, ...PATIENTS], summary: "Whether a patient's chat of a category can take messages (?patientId=&category=), and its id" },
  "GET /api/v1/chats/attachments/:id": { roles: [...STAFF, ...PATIENTS], summary: "A chat attachment's file, for the chat's participants only; staff audited" },
  "GET /api/v3/integration/ai/chat/:id/generate-message": { roles: STAFF, summary: "A suggested reply drafted from message templates and the chart's facts (adapter api/domain/assistant/); never sent by itself; audited" },
  "POST /api/v1/track": { roles: ANYONE, summary: "Record an analytics event (Init, PageView)" },
  // Tasks (api/routes/tasks.ts; contract api/contract/tasks.ts). Decision: tasks are the shared work queue of
  // the whole staff, so every staff role may list, read, create, edit and comment on any task (the header
  // dropdown narrows the list to the caller with filter.staffIds). Removing tasks and changing many at once
  // are for the three manager roles (providers, customerSupportManagers, medicalSupportManagers). Patients
  // and guests never reach tasks (403 / 401).
  "GET /api/v2/tasks": { roles: STAFF, summary: "List tasks (tabs, filters, sort, page or cursor; capped totalCount)" },
  "GET /api/v1/tasks/:id": { roles: STAFF, summary: "One task with its comments and activity" },
  "POST /api/v1/tasks": { roles: STAFF, summary: "Create a task (path not shown in the spec: ours)" },
  "PUT /api/v1/tasks/:id": { roles: STAFF, summary: "Change any of title, description, status, patient, assignee, journey, source, category" },
  "POST /api/v1/tasks/:id/comments": { roles: STAFF, summary: "Add a comment to a task" },
  "DELETE /api/v1/tasks/:id": { roles: TASK_MANAGERS, summary: "Delete a task (manager roles)" },
  "POST /api/v2/tasks/mass-update": { roles: TASK_MANAGERS, summary: "Set the status and/or assignee of up to 100 tasks (manager roles)" },
  "DELETE /api/v2/tasks/mass-delete": { roles: TASK_MANAGERS, summary: "Delete up to 100 tasks (manager roles)" },
  // The patients list (api/routes/provider-list.ts; contract api/contract/provider-list.ts). Decision, following the
  // pages of app/lib/access.ts: the list for providers and every staff role (/manager/patients, /staff/patients);
  // past due for the clinicians (§6 "past-due providers and providerUsers"); the workload and bulk reassignment for
  // providers and both manager roles (§6 "workload providers and both manager roles"). Rows are only the patients
  // the caller may see (api/domain/patient-access.ts).
  "GET /api/v1/treatments/provider-list": { roles: STAFF, summary: "The patients list: tab, status, ready-to-review, journey, provider, search, sort, cursor; capped per-tab counts; audited" },
  "GET /api/v1/treatments/provider-list-past-due": { roles: ["providers", "providerUsers"], summary: "Pending reviews older than 48 hours, oldest first (cursor); audited" },
  "GET /api/v1/treatments/provider-workload": { roles: WORKLOAD_ROLES, summary: "Open reviews and their patients per provider (ours: path not shown in the spec)" },
  "POST /api/v1/treatments/assign-provider-bulk": { roles: WORKLOAD_ROLES, summary: "Assign up to 100 treatments to one provider, all or nothing; audited per treatment" },
  // Staff access to a patient and dependent staff (api/routes/patient-access.ts; contract and decisions:
  // api/contract/patient-access.ts). Object level: a patient the caller may not see (api/domain/patient-access.ts)
  // answers 404 like an unknown id.
  "GET /api/v1/patient/:patientId/access": { roles: STAFF, summary: "Who reaches a patient: assigned providers, grants (who granted, when), dependent staff, clinic-wide roles; audited" },
  "POST /api/v1/patient/:patientId/access": { roles: ACCESS_MANAGER_ROLES, summary: "Give a provider (providerUsers) access to a patient { staffId }" },
  "POST /api/v1/patient/:patientId/access/:grantId/revoke": { roles: ACCESS_MANAGER_ROLES, summary: "Revoke a live access grant (the row stays, with who revoked and when)" },
  "GET /api/v1/patient/:patientId/access-log": { roles: ACCESS_LOG_ROLES, summary: "The patient's PHI access log from the audit trail (who, role, what, when), newest first, keyset paged; audited" },
  "GET /api/v1/staff/:staffId/dependents": { roles: STAFF, summary: "A staff member's supervisors and dependent staff" },
  "POST /api/v1/staff/:staffId/dependents": { roles: DEPENDENT_MANAGER_ROLES, summary: "Make a provider (providerUsers) a dependent of a staff member { dependentId }" },
  "DELETE /api/v1/staff/:staffId/dependents/:dependentId": { roles: DEPENDENT_MANAGER_ROLES, summary: "Remove a dependent of a staff member" },
  // Global search (api/routes/global-search.ts; contract api/contract/global-search.ts): every staff role; only
  // patients the caller may see; audited with the patients returned.
  "GET /api/v1/global-search": { roles: STAFF, summary: "Header search: treatments (patients by name, ID, phone, email, date of birth), tasks, staff; highlighted; audited" },
  // The clinical review's steps (api/routes/clinical-review.ts; contract and decisions api/contract/clinical-review.ts),
  // following the pages of app/lib/access.ts: record visit, prescription and informing the patient for the clinicians
  // (providers, providerUsers); notes for the clinicians and both medical support roles (the nurse-note flow); the
  // allergies list (no patient data) for every staff role. Object level: api/domain/patient-access.ts (404).
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/record": { roles: CLINICIANS, summary: "Record a visit for a treatment (visitType, providerId, recordForm); audited" },
  "GET /api/v1/allergies": { roles: STAFF, summary: "Common drug, food and other allergens by prefix or word (?q=, English or Spanish, accents ignored; at most 12)" },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/notes": { roles: NOTE_WRITERS, summary: "Record a note about a treatment (nurse for medical support, provider for clinicians); audited" },
  "GET /api/v1/treatments/:id/prescription": { roles: CLINICIANS, summary: "The prescription step: current prescription and history, medications, license check, e-prescribing adapter and SSO URL; audited" },
  "PUT /api/v2/treatments/:id/update-dosage-instruction": { roles: CLINICIANS, summary: "Write the prescription (diagnosis code, medication, instructions, units/dose, dosage cycle): approved treatments, licensed clinicians; a new row each time; audited" },
  "GET /api/v1/prescriptions/:id": { roles: CLINICIANS, summary: "One prescription with the patient and the prescriber's license (the printable page); audited" },
  "GET /api/v1/message-templates": { roles: CLINICIANS, summary: "The message templates for a treatment (?treatmentId=) in the patient's language, filled in; audited" },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/inform": { roles: CLINICIANS, summary: "Send a message (from a template, edited) to the patient's medical chat; sanitised; audited" },
  // The clinical review queues (api/routes/review-queues.ts; contract api/contract/review-queues.ts). Decision,
  // following app/lib/access.ts: ready for review for the clinicians; charts read by the clinicians and medical
  // support (spec §2 "medical support … charts"), signed, cancelled and amended by the clinicians only; the uploads
  // review for providers and every staff role. Object level: a patient the caller may not see answers 404.
  "GET /api/v1/treatments/ready-for-review": { roles: READY_FOR_REVIEW_ROLES, summary: "Pending reviews of ready-to-review patients, oldest first, the caller's licensed states first (cursor); audited" },
  "GET /api/v1/charts": { roles: CHART_READER_ROLES, summary: "Charts to review (oldest first) or reviewed (newest first), cursor; audited" },
  "GET /api/v1/charts/:id": { roles: CHART_READER_ROLES, summary: "One chart (a treatment's clinical record and its sign-off, addenda); audited" },
  "POST /api/v1/charts/:id/sign": { roles: CHART_SIGNER_ROLES, summary: "Sign a chart for approval with the provider consent (409 when not to review); audited" },
  "POST /api/v1/charts/:id/cancel": { roles: CHART_SIGNER_ROLES, summary: "Cancel a chart's review (409 when not to review); audited" },
  "POST /api/v1/charts/:id/addenda": { roles: CHART_SIGNER_ROLES, summary: "Add an addendum to a signed chart (409 before signing); audited" },
  "GET /api/v1/uploads/review": { roles: UPLOAD_REVIEWER_ROLES, summary: "Uploads by review status and category, oldest first (cursor); audited" },
  "PUT /api/v1/uploads/:id/review": { roles: UPLOAD_REVIEWER_ROLES, summary: "Mark an upload's review completed (or back to for review); audited" },
  "PUT /api/v1/uploads/:id/visibility": { roles: UPLOAD_REVIEWER_ROLES, summary: "Show an upload to its patient or hide it (visibility 1 / 0); audited" },
  // Subscriptions (issue 16 part B; api/routes/subscriptions.ts; contract and decisions api/contract/subscriptions.ts):
  // the patient's self-service on their own (another's: 404); the renewals list for every staff role (spec §2/§6:
  // the sidebar's renewals entry), on the patients each may see.
  "GET /api/v2/subscriptions": { roles: PATIENTS, summary: "The patient's own subscriptions: plan, add-ons, next charge, scheduled change, the add-ons each may take" },
  // The plans a subscription may change to: the patient's own; staff name one subscription of a patient they may see.
  "GET /api/v2/products/subscription": {
    roles: [...PATIENTS, ...STAFF],
    summary: "The plans (3/6/12-month variants, dosage, price per month and total) each subscription may change to; search, subscriptionId, treatmentId; staff: one subscription (audited)",
  },
  "PUT /api/v2/treatments/:id/change-plan": { roles: PATIENTS, summary: "Schedule a plan change (upgrade or downgrade) for the next renewal (409 when not active or future); audited" },
  "POST /api/v2/subscriptions/:id/cancel-scheduled-changes": { roles: PATIENTS, summary: "Cancel a scheduled plan change; audited" },
  "POST /api/v1/treatments/:id/add-addon": { roles: PATIENTS, summary: "Add an add-on of the plan's period (spec §5) from the next renewal; audited" },
  "PUT /api/v1/treatments/:id/remove-addon": { roles: PATIENTS, summary: "Remove an add-on (subscriptionItemId) from the next renewal; audited" },
  "GET /api/v1/retention/get-key": { roles: PATIENTS, summary: "The cancellation flow's one-time retention offer (?treatmentId=) and its key, or nulls" },
  "PUT /api/v2/subscriptions/:id/:key/cancel": { roles: PATIENTS, summary: "Cancel with a reason after the retention offer (its key, or none): access until the end date; audited" },
  "PUT /api/v2/subscriptions/:id/update": { roles: PATIENTS, summary: "Pause, resume (a job charges the card), re-activate, or accept the retention offer; audited" },
  "GET /api/v1/renewals": { roles: STAFF, summary: "Upcoming renewals by next charge with their blockers (cursor); audited" },
  // Check-ins (api/routes/check-ins.ts; contract and decisions api/contract/check-ins.ts, roles in check-in-rules.ts):
  // the patient reads and answers their own; every staff role reads a patient's (support answers questions about
  // them); the clinicians and the nursing team request and review them (spec §6: clinical decisions) and read the
  // pending queue. Object level: another patient's check-in, or a patient the caller may not see, answers 404.
  "GET /api/v1/patient/check-ins": { roles: PATIENTS, summary: "The patient's own check-ins, newest first (cursor)" },
  "GET /api/v1/patient/check-ins/:id": { roles: PATIENTS, summary: "One of the patient's own check-ins (questions, answers, review result)" },
  "POST /api/v1/patient/check-ins/:id/answer": { roles: PATIENTS, summary: "Answer a requested check-in (409 when already answered or reviewed); a weight is also a weight entry; audited" },
  "GET /api/v1/patient/:patientId/check-ins": { roles: CHECK_IN_READER_ROLES, summary: "A patient's check-ins with answers and review, newest first (cursor); audited" },
  "POST /api/v1/patient/:patientId/check-ins": { roles: CHECK_IN_REVIEWER_ROLES, summary: "Request a check-in from a patient with a due date (the patient is mailed in their language); audited" },
  "PUT /api/v1/check-ins/:id/review": { roles: CHECK_IN_REVIEWER_ROLES, summary: "Approve or decline an answered check-in (a note required to decline; 409 when not answered or already reviewed); audited" },
  "GET /api/v1/check-ins/pending": { roles: CHECK_IN_REVIEWER_ROLES, summary: "Answered check-ins waiting for review, oldest answer first (cursor); audited" },
  // The patient's journeys and overview (issue 15 part B; api/routes/journeys.ts, contract api/contract/journeys.ts):
  // patients only, their own (another patient's journey answers 404 journeys.notFound); staff read the record instead.
  "GET /api/v1/patient/journeys": { roles: PATIENTS, summary: "The patient's journeys with displayed state, current step, what's next, review clock and timeline" },
  "GET /api/v1/patient/journeys/:id": { roles: PATIENTS, summary: "One of the patient's journeys: treatments with subscription and items, orders, timeline, denial code" },
  "GET /api/v1/patient/journeys/:id/progress": { roles: PATIENTS, summary: "A journey's weight progress against the goal with milestones (weight loss only)" },
  // The patient's progress (issue 18; api/routes/progress.ts, contract api/contract/progress.ts): the patient's own;
  // staff read a patient's they may see (else 404 patients.notFound), audited.
  "GET /api/v1/patient/progress": { roles: PATIENTS, summary: "The patient's weights, start / current / goal, BMI and milestones" },
  "POST /api/v1/patient/progress/weights": { roles: PATIENTS, summary: "Log a weight (50–1000 lb, a date not in the future); it becomes the current weight when newest; audited" },
  // Refer a friend (issue 18; api/routes/referrals.ts): the patient's own code, friends and credit.
  "GET /api/v1/patient/referrals": { roles: PATIENTS, summary: "The patient's referral code and link, the friends invited with their state, the credit earned" },
  "POST /api/v1/patient/referrals/invites": { roles: PATIENTS, summary: "Invite a friend by email (not oneself, not an existing account; rate limited; mail in the inviter's language); audited" },
  "POST /api/v1/patient/referrals/claim": { roles: PATIENTS, summary: "A friend enters a referral code before their first paid order (not their own, once); audited" },
  // Joining from a referral invitation (api/routes/referral-join.ts): the one way a new person gets an account.
  "GET /actions/referrals/join/check": { roles: ANYONE, summary: "Whether a referral invitation's join link can still be used, and the address it was sent to (rate limited)" },
  "POST /actions/referrals/join": {
    roles: ANYONE,
    summary: "Create a patient account from a referral invitation's join link (single use, 14 days), join the referral and sign in; rate limited; audited",
  },
  "GET /api/v1/patient/:patientId/progress": { roles: STAFF, summary: "A patient's weights, start / current / goal, BMI and milestones; audited" },
  // The patient's documents (issue 18; api/routes/documents.ts, contract api/contract/documents.ts): their own, those
  // visible to them (else 404 documents.notFound). Staff read them on the record and review them in the uploads queue.
  "GET /api/v1/patient/uploads": { roles: PATIENTS, summary: "The patient's documents visible to them, newest first (category filter, cursor)" },
  "POST /api/v1/patient/uploads": { roles: PATIENTS, summary: "Upload a document (multipart: file, category, title; JPEG, PNG, GIF or PDF up to 10 MB, checked by content, metadata stripped); it waits for review; audited" },
  "GET /api/v1/patient/uploads/:id/file": { roles: PATIENTS, summary: "Download one of the patient's own visible documents (PNG or PDF, attachment; Cache-Control private, no-store)" },
  "GET /api/v1/patient/overview/actions": { roles: PATIENTS, summary: "The overview's actions waiting (missing information, card decline, check-ins due) and unread messages" },
  "GET /api/v1/patient/overview/next": { roles: PATIENTS, summary: "The overview's next charge and next shipment" },
  // Journeys and the medical intake (api/routes/journeys.ts; contract and decisions api/contract/intake.ts): the
  // patient's own journeys only (another patient's or an unknown id: 404). Staff read a submitted intake through the
  // review (GET /api/v1/treatments/{id}/review); nobody else fills a patient's intake (403).
  "POST /api/v1/journeys": { roles: PATIENTS, summary: "Start a journey of a kind (sectionType), or resume the open intake of that kind" },
  "GET /api/v1/journeys/:id/intake": { roles: PATIENTS, summary: "The journey's intake: visible steps and questions, current step, saved answers, BMI, plans, uploaded pictures" },
  "PUT /api/v1/journeys/:id/intake/:step": { roles: PATIENTS, summary: "Validate and save one intake step (400 field errors; 409 out of order or closed)" },
  "POST /api/v1/journeys/:id/intake/uploads": { roles: PATIENTS, summary: "Upload an identification picture (multipart: image, file; JPEG, PNG or GIF up to 10 MB; re-encoded without metadata)" },
  "GET /api/v1/journeys/:id/intake/uploads/:uploadId/file": { roles: PATIENTS, summary: "One of the intake's identification pictures, for the patient who uploaded it (PNG; Cache-Control private, no-store)" },
  "POST /api/v1/journeys/:id/cancel": { roles: PATIENTS, summary: "Leave an intake in progress: the journey is cancelled, its answers kept and no longer editable (409 once submitted, denied or cancelled)" },
  "POST /api/v1/journeys/:id/submit": { roles: PATIENTS, summary: "Submit the intake: eligibility, then the pending treatment, a confirmation mail and a task where a rule says so" },
  // The pharmacy, orders and the shipment queue (issue 16 part A; api/routes/pharmacy.ts, shipments.ts; contract and
  // decisions api/contract/pharmacy.ts): the catalogue and ordering are the patient's own; the queue is the staff's
  // of spec §2 (/staff/shipments, /manager/shipments), a scoped role seeing only its patients' orders.
  "GET /api/v1/pharmacy/categories": { roles: PATIENTS, summary: "The catalogue's categories, one per journey, with product counts and the lowest monthly price" },
  "GET /api/v1/pharmacy/categories/:slug": { roles: PATIENTS, summary: "A category's products (medications, add-ons, pharmacy items), each with whether the patient may order it" },
  "GET /api/v1/pharmacy/products/:id": { roles: PATIENTS, summary: "A product with its variants (dosage, period, supply, shipping frequency, prices) and its journey's add-ons" },
  "POST /api/v1/pharmacy/quote": { roles: PATIENTS, summary: "Price a plan with add-ons and a coupon code (400: no plan, an add-on of another period, a coupon that does not apply)" },
  "POST /api/v1/pharmacy/orders": { roles: PATIENTS, summary: "Order a plan or item with add-ons: one invoice, one charge, one order (and the plan's subscription), idempotent by key; 402 card declined" },
  "GET /api/v1/patient/orders": { roles: PATIENTS, summary: "The patient's own orders, newest first (cursor)" },
  "GET /api/v1/shipments": { roles: SHIPMENT_ROLES, summary: "The shipment queue: orders by status (All = -100), newest first (cursor)" },
  "PUT /api/v1/shipments/:id": { roles: SHIPMENT_ROLES, summary: "Update an order's status, fulfiller and tracking (409 when the state machine refuses); audited" },
  // The record as FHIR R4 and the patient's access log (api/routes/record-export.ts; decisions in api/contract/record-export.ts).
  "GET /api/v1/patient/record/fhir": { roles: PATIENTS, summary: "The caller's own record as a FHIR R4 Bundle (application/fhir+json, attachment); audited" },
  "GET /api/v1/patient/:patientId/record/fhir": { roles: STAFF, summary: "A patient's record as a FHIR R4 Bundle, for staff allowed on the patient (404 otherwise); audited" },
  "GET /api/v1/patient/record/access-log": { roles: PATIENTS, summary: "Who on the staff opened the caller's record and when (from the audit trail), newest first, keyset paged" },
  // Schedules and availability (issue 19 part B; api/routes/schedule.ts, contract api/contract/schedule.ts): every
  // staff role has a schedule and an availability. Object level: one's own id; the manager roles
  // (SCHEDULE_MANAGER_ROLES) any staff member's; another id answers 404 (schedule.staffNotFound).
  "GET /api/v1/staff-schedule-settings/:id": { roles: STAFF, summary: "A staff member's weekly schedule (Pacific time, Sunday first)" },
  "POST /api/v1/staff-schedule-settings/:id": { roles: STAFF, summary: "Replace the weekly schedule of the weekdays given (overlapping ranges refused); audited" },
  "POST /api/v1/staff-schedule-set-day-bulk/:id": { roles: STAFF, summary: "Set several days at once: hours, off, or back to the weekly schedule; audited" },
  "GET /api/v1/staff-schedule-calendar/:id": { roles: STAFF, summary: "The calendar of a month (yearMonth): whole weeks from Sunday, ranges in Pacific time and UTC" },
  "GET /api/v1/staff-schedule-availability": { roles: STAFF, summary: "The caller's own availability (available, unavailable, unknown)" },
  "GET /api/v1/staff-schedule-availability/:staffId": { roles: STAFF, summary: "A staff member's availability" },
  "POST /api/v1/staff-schedule-availability/:staffId": { roles: STAFF, summary: "Set a staff member's availability (payload staffId, availability); audited" },
  // Licenses (issue 19 part B; api/routes/staff-licenses.ts, contract api/contract/staff-licenses.ts): the rows the
  // license-aware review reads. Every staff role may hold licenses (a nurse's RN); object level as the schedule.
  "GET /api/v1/staff-licenses/:staffId": { roles: STAFF, summary: "A staff member's live licenses (status expired / expiringSoon / active) and the doctors who may collaborate" },
  "POST /api/v1/staff-licenses/:staffId": { roles: STAFF, summary: "Add a license (a past expiry refused); audited" },
  "PUT /api/v1/staff-licenses/:staffId/:id": { roles: STAFF, summary: "Edit a license; audited" },
  "DELETE /api/v1/staff-licenses/:staffId/:id": { roles: STAFF, summary: "Remove (revoke) a license; audited" },
  // Payouts (issue 19 part B; api/routes/payouts.ts, contract api/contract/payouts.ts): provider users, their own.
  "GET /api/v1/payouts": { roles: PAYOUT_ROLES, summary: "The provider's payout invoices, newest first (cursor)" },
  "GET /api/v1/payouts/payable": { roles: PAYOUT_ROLES, summary: "What is payable now: completed reviews and visits since the last invoice, at the configured rates" },
  "POST /api/v1/payouts/request": { roles: PAYOUT_ROLES, summary: "Request a payout of everything payable (409 'Payout request error' when nothing is); audited" },
  "GET /api/v1/payouts/:id/pdf": { roles: PAYOUT_ROLES, summary: "One of the provider's payout statements as a PDF" },
  // Signature (issue 19; api/routes/signatures.ts, contract api/contract/signatures.ts): the clinicians who sign charts
  // and write prescriptions manage their own; every staff role reads a picture by its key (on a chart or prescription).
  "GET /api/v1/profile/signature": { roles: SIGNERS, summary: "The caller's signature (typed name, picture URL) or null" },
  "POST /api/v1/profile/signature": { roles: SIGNERS, summary: "Set the signature's typed name (payload typedName); audited" },
  "POST /api/v1/profile/signature/image": { roles: SIGNERS, summary: "Upload or draw the signature picture (multipart field signature; JPEG, PNG or GIF up to 2 MB; re-encoded to PNG without metadata); audited" },
  "DELETE /api/v1/profile/signature/image": { roles: SIGNERS, summary: "Remove the signature picture (the typed name stays); audited" },
  "DELETE /api/v1/profile/signature": { roles: SIGNERS, summary: "Remove the signature; audited" },
  "GET /api/v1/signatures/:key": { roles: STAFF, summary: "A signature picture by its unguessable key (image/png)" },
} as const satisfies Record<string, EndpointRule>;

export type EndpointKey = keyof typeof permissions;

export function ruleFor(key: EndpointKey): EndpointRule {
  return permissions[key];
}

export function isAllowed(key: EndpointKey, role: Role): boolean {
  return (permissions[key].roles as readonly Role[]).includes(role);
}

/** Object level: may this actor read or change this patient's records? */
export function canAccessPatient(actor: { id: number; role: Role } | null, patientId: number): boolean {
  if (!actor || actor.role === "guest") return false;
  if (actor.role === "patients") return actor.id === patientId;
  return (STAFF_ROLES as readonly Role[]).includes(actor.role);
}
