/**
 * Request and answer schemas per endpoint (the keys of the permission matrix, "METHOD /path"): the OpenAPI
 * document is generated from this table (./openapi.ts), and the web parses every answer it gets with it
 * (app/lib/upstream-contract.server.ts), so an upstream that breaks the contract fails a call instead of a page.
 * Server only (zod): the browser imports the plain rule modules instead.
 */
import { z } from "zod";
import type { EndpointKey } from "../domain/permissions.ts";
import * as account from "./account.ts";
import * as patientAccount from "./patient-account.ts";
import * as providerList from "./provider-list.ts";
import * as patients from "./patients.ts";
import * as tasks from "./tasks.ts";
import * as treatments from "./treatments.ts";
import * as chats from "./chats.ts";
import * as users from "./users.ts";
import * as patientAccess from "./patient-access.ts";
import * as globalSearch from "./global-search.ts";
import * as clinical from "./clinical-review.ts";
import * as reviewQueues from "./review-queues.ts";
import * as checkIns from "./check-ins.ts";
import * as journeys from "./journeys.ts";
import * as intake from "./intake.ts";
import * as progress from "./progress.ts";
import * as referrals from "./referrals.ts";
import * as referralJoin from "./referral-join.ts";
import * as documents from "./documents.ts";
import * as pharmacy from "./pharmacy.ts";
import * as staffAdmin from "./staff-admin.ts";
import * as staffDashboard from "./staff-dashboard.ts";
import * as subs from "./subscriptions.ts";
import * as recordExport from "./record-export.ts";
import * as schedule from "./schedule.ts";
import * as staffLicenses from "./staff-licenses.ts";
import * as signatures from "./signatures.ts";
import * as payouts from "./payouts.ts";

export type EndpointContract = {
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The `data` of a success. */
  data?: z.ZodType;
  /** Items of a paged list (then the response has `pages`). */
  listItem?: z.ZodType;
  /** A list's own `pages` schema, when it carries more than { totalCount, page, perPage }. */
  pages?: z.ZodObject;
  /** Not JSON: a multipart request (file upload) and/or a binary response. */
  /** `field`: the multipart file field (default "avatar"). */
  media?: { request?: "multipart/form-data"; field?: string; response?: string };
};

/** Request and response schemas per endpoint. A new domain adds its entries here. */
const table = {
  "POST /api/v1/users/session-info": { data: users.sessionInfoSchema },
  "POST /actions/users/logout": {},
  "POST /actions/users/login": {
    body: users.loginRequestSchema,
    data: users.loginResponseSchema,
  },
  "POST /api/v1/users/verify-totp": {
    body: users.verifyTotpRequestSchema,
    data: z.union([users.loginSuccessSchema, account.totpEnabledSchema]),
  },
  "GET /api/v1/profile": { data: users.profileSchema },
  "PUT /api/v1/profile": {
    body: users.profileUpdateSchema,
    data: users.profileSchema,
  },
  "GET /api/v1/users": {
    query: users.usersQuerySchema,
    listItem: users.userListItemSchema,
  },
  "GET /api/v1/users/:id": {
    data: z.object({ user: users.userListItemSchema }),
  },
  // Users and roles, dashboards (issue 19; api/contract/staff-admin.ts, staff-dashboard.ts).
  "GET /api/v1/staff/dashboard": { data: staffDashboard.staffDashboardSchema },
  "GET /api/v1/staff-users": { query: staffAdmin.staffUsersQuerySchema, listItem: staffAdmin.staffUserSchema, pages: staffAdmin.staffUsersPagesSchema },
  "GET /api/v1/staff-users/:id": { data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/invite": { body: staffAdmin.inviteRequestSchema, data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/:id/update": { body: staffAdmin.staffUserUpdateSchema, data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/:id/suspend": { data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/:id/unsuspend": { data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/:id/deactivate": { data: staffAdmin.staffUserSchema },
  "POST /api/v1/users/:id/resend-invite": { data: staffAdmin.staffUserSchema },
  "GET /api/v1/treatments-v2/:id": { data: treatments.treatmentAnswerSchema },
  "GET /api/v1/chats/:id": { data: chats.chatAnswerSchema },
  // Messaging (issue 17; api/contract/chats.ts).
  "GET /api/v1/chats": { query: chats.chatsQuerySchema, data: chats.chatsAnswerSchema },
  "GET /api/v1/chats/events": { media: { response: "text/event-stream" } },
  "GET /api/v1/chats/messages": { query: chats.chatMessagesQuerySchema, data: chats.chatMessagesAnswerSchema },
  "GET /api/v1/provider-unread-chats": { query: chats.chatListQuerySchema, listItem: chats.chatEntrySchema, pages: chats.chatListPagesSchema },
  "GET /api/v1/provider-unread-and-assigned-chats": { query: chats.chatListQuerySchema, listItem: chats.chatEntrySchema, pages: chats.chatListPagesSchema },
  "GET /api/v1/provider-read-chats": { query: chats.chatListQuerySchema, listItem: chats.chatEntrySchema, pages: chats.chatListPagesSchema },
  "GET /api/v2/staff/chats": { query: chats.staffChatsQuerySchema, listItem: chats.chatEntrySchema, pages: chats.chatListPagesSchema },
  "PUT /api/v1/chats/:chatId/assign-provider": { body: chats.assignProviderSchema, data: chats.chatAnswerSchema },
  "PUT /api/v1/chats/:chatId/toggle-bot": { body: chats.toggleBotSchema, data: chats.chatAnswerSchema },
  "POST /api/v1/chats/create-message": { data: chats.messageAnswerSchema, media: { request: "multipart/form-data" } },
  "POST /api/v1/chats/edit-message": { data: chats.messageAnswerSchema, media: { request: "multipart/form-data" } },
  "DELETE /api/v1/chats/messages/:messageId": { data: chats.deletedAnswerSchema },
  "POST /api/v1/chats/mark-messages-read": { body: chats.markReadSchema, data: chats.chatAnswerSchema },
  "POST /api/v1/chats/mark-all-messages-read": { body: chats.markAllReadSchema, data: chats.chatAnswerSchema },
  "GET /api/v1/chats/patient-unread-messages-count": { data: chats.unreadCountAnswerSchema },
  "GET /api/v1/chats/last-chat-message-from-provider": { data: chats.lastProviderMessageAnswerSchema },
  "GET /api/v2/chats/check-validity": { query: chats.checkValidityQuerySchema, data: chats.checkValidityAnswerSchema },
  "GET /api/v1/chats/attachments/:id": { media: { response: "image/png" } },
  "GET /api/v3/integration/ai/chat/:id/generate-message": { data: chats.suggestionAnswerSchema },
  // The patient record (api/contract/patients.ts, treatments.ts).
  "GET /api/v1/patient/:patientId": { data: patients.patientAnswerSchema },
  "POST /api/v1/patient/update-status": { body: patients.patientStatusUpdateSchema, data: patients.patientStatusAnswerSchema },
  "POST /api/v2/patients/:id/update": { body: patients.patientUpdateSchema, data: patients.patientAnswerSchema },
  "GET /api/v1/patient/:patientId/records": { query: patients.patientRecordsQuerySchema, listItem: patients.patientRecordSchema },
  "GET /api/v1/patient/:patientId/orders": { query: patients.patientOrdersQuerySchema, listItem: patients.patientOrderSchema },
  "GET /api/v1/patient/:patientId/uploads": { query: patients.patientUploadsQuerySchema, listItem: patients.patientUploadSchema },
  "GET /api/v1/patient/:patientId/uploads/:uploadId/file": { media: { response: "application/octet-stream" } },
  "GET /api/v1/patient/:patientId/weights": { data: patients.patientWeightsSchema },
  "GET /api/v1/treatments-v2": { query: treatments.patientIdQuerySchema, data: treatments.treatmentsListSchema },
  "GET /api/v1/treatments-v2/latest-approved": { query: treatments.patientIdQuerySchema, data: treatments.latestApprovedSchema },
  "PUT /api/v1/treatments/:id/assign-provider": { body: treatments.assignProviderSchema, data: treatments.treatmentChangeAnswerSchema },
  "PUT /api/v1/treatments/:id/update-status": { body: treatments.treatmentStatusUpdateSchema, data: treatments.treatmentChangeAnswerSchema },
  "GET /api/v1/treatments/:id/review": { data: treatments.treatmentReviewSchema },
  "PUT /api/v1/treatments/:id/modify-request": { body: treatments.modifyRequestSchema, data: treatments.treatmentChangeAnswerSchema },
  "PUT /api/v1/treatments/:id/approve-v2": { body: treatments.approveSchema, data: treatments.treatmentChangeAnswerSchema },
  "PUT /api/v1/treatments/:id/decline-v2": { body: treatments.declineSchema, data: treatments.treatmentChangeAnswerSchema },
  "PUT /api/v1/treatments/:id/cancel-v2": { body: treatments.cancelSchema, data: treatments.treatmentChangeAnswerSchema },
  "PUT /api/v1/treatments/:id/no-show": { body: treatments.noShowSchema, data: treatments.treatmentChangeAnswerSchema },
  "POST /api/v1/treatments/:id/resume": { body: treatments.resumeSchema, data: treatments.treatmentChangeAnswerSchema },
  "POST /api/v1/track": { body: users.trackRequestSchema },
  "POST /actions/users/send-password-reset-email": {
    body: account.sendPasswordResetRequestSchema,
  },
  "POST /actions/users/check-reset-link": {
    body: account.checkResetLinkRequestSchema,
  },
  "POST /actions/users/set-password": {
    body: account.setPasswordRequestSchema,
  },
  "POST /actions/users/confirm-email": {
    body: account.confirmEmailRequestSchema,
    data: account.confirmEmailSchema,
  },
  "POST /api/v1/users/update-password": {
    body: account.updatePasswordRequestSchema,
  },
  "POST /api/v1/users/verify-email": {
    body: account.verifyEmailRequestSchema,
    data: account.emailRequestSchema,
  },
  "GET /api/v1/users/get-totp-secret": { data: account.totpSecretSchema },
  "GET /api/v1/users/get-auth-methods": { data: account.authMethodsSchema },
  "POST /api/v1/users/disable-totp": { body: account.disableTotpRequestSchema },
  "GET /api/v1/users/sessions": { data: account.userSessionsSchema },
  "POST /api/v1/users/sessions/:id/revoke": {
    data: account.revokeSessionsSchema,
  },
  "POST /api/v1/users/sessions/revoke-others": {
    data: account.revokeSessionsSchema,
  },
  "GET /api/v1/dev/outbox": {
    query: account.outboxQuerySchema,
    data: account.outboxSchema,
  },
  "GET /api/v2/tasks": {
    query: tasks.tasksQuerySchema,
    listItem: tasks.taskListItemSchema,
    pages: tasks.taskPagesSchema,
  },
  "GET /api/v1/tasks/:id": { data: tasks.taskSchema },
  "POST /api/v1/tasks": {
    body: tasks.taskCreateSchema,
    data: tasks.taskSchema,
  },
  "PUT /api/v1/tasks/:id": {
    body: tasks.taskUpdateSchema,
    data: tasks.taskSchema,
  },
  "DELETE /api/v1/tasks/:id": { data: tasks.taskDeleteResultSchema },
  "POST /api/v2/tasks/mass-update": {
    body: tasks.tasksMassUpdateSchema,
    data: tasks.tasksMassResultSchema,
  },
  "DELETE /api/v2/tasks/mass-delete": {
    body: tasks.tasksMassDeleteSchema,
    data: tasks.tasksMassResultSchema,
  },
  "POST /api/v1/tasks/:id/comments": {
    body: tasks.taskCommentCreateSchema,
    data: tasks.descriptionUpdateSchema,
  },
  // Patient account (api/contract/patient-account.ts). The avatar upload is multipart and the avatar and the
  // invoice PDF answer bytes: see `media` below.
  "POST /api/v1/profile/avatar": {
    data: users.profileSchema,
    media: { request: "multipart/form-data" },
  },
  "DELETE /api/v1/profile/avatar": { data: users.profileSchema },
  "GET /api/v1/avatars/:key": { media: { response: "image/png" } },
  "POST /actions/users/save-address": {
    body: patientAccount.saveAddressRequestSchema,
    data: users.addressSchema,
  },
  "GET /api/v2/profile/payment-methods": {
    data: patientAccount.paymentMethodsSchema,
  },
  "POST /api/v2/profile/payment-methods": {
    body: patientAccount.addCardRequestSchema,
    data: patientAccount.paymentMethodSchema,
  },
  "PUT /api/v2/profile/primary-payment-method": {
    body: patientAccount.primaryPaymentMethodRequestSchema,
    data: patientAccount.paymentMethodsSchema,
  },
  "DELETE /api/v2/profile/payment-method": {
    body: patientAccount.deletePaymentMethodRequestSchema,
    data: patientAccount.paymentMethodsSchema,
  },
  "GET /api/v1/profile/portal-session": {
    data: patientAccount.portalSessionSchema,
  },
  "PUT /api/v1/profile/chargebee-sync": {
    body: patientAccount.billingSyncRequestSchema,
    data: patientAccount.billingSyncSchema,
  },
  "GET /api/v1/profile/invoices": {
    query: patientAccount.invoicesQuerySchema,
    listItem: patientAccount.invoiceSchema,
  },
  "GET /api/v1/profile/invoices/:id/pdf": {
    media: { response: "application/pdf" },
  },
  // The patients list (api/contract/provider-list.ts).
  "GET /api/v1/treatments/provider-list": {
    query: providerList.providerListQuerySchema,
    listItem: providerList.providerListItemSchema,
    pages: providerList.providerListPagesSchema,
  },
  "GET /api/v1/treatments/provider-list-past-due": {
    query: providerList.pastDueQuerySchema,
    listItem: providerList.providerListItemSchema,
    pages: providerList.providerListPagesSchema,
  },
  "GET /api/v1/treatments/provider-workload": { data: providerList.workloadSchema },
  "POST /api/v1/treatments/assign-provider-bulk": {
    body: providerList.assignProviderBulkSchema,
    data: providerList.assignProviderBulkResultSchema,
  },
  // Staff access to a patient, dependent staff, the access log (api/contract/patient-access.ts).
  "GET /api/v1/patient/:patientId/access": { data: patientAccess.patientAccessSchema },
  "POST /api/v1/patient/:patientId/access": { body: patientAccess.grantAccessRequestSchema, data: patientAccess.grantResultSchema },
  "POST /api/v1/patient/:patientId/access/:grantId/revoke": { data: patientAccess.grantResultSchema },
  "GET /api/v1/patient/:patientId/access-log": {
    query: patientAccess.accessLogQuerySchema,
    listItem: patientAccess.accessLogEntrySchema,
    pages: patientAccess.accessLogPagesSchema,
  },
  "GET /api/v1/staff/:staffId/dependents": { data: patientAccess.staffDependentsSchema },
  "POST /api/v1/staff/:staffId/dependents": { body: patientAccess.addDependentRequestSchema, data: patientAccess.dependentResultSchema },
  "DELETE /api/v1/staff/:staffId/dependents/:dependentId": { data: patientAccess.dependentResultSchema },
  // Global search (api/contract/global-search.ts).
  "GET /api/v1/global-search": { query: globalSearch.globalSearchQuerySchema, data: globalSearch.globalSearchSchema },
  // The clinical review's steps (api/contract/clinical-review.ts).
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/record": { body: clinical.recordVisitRequestSchema, data: clinical.visitRecordAnswerSchema },
  "GET /api/v1/allergies": { query: clinical.allergiesQuerySchema, data: clinical.allergiesAnswerSchema },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/notes": { body: clinical.noteRequestSchema, data: clinical.noteAnswerSchema },
  "GET /api/v1/treatments/:id/prescription": { data: clinical.prescriptionContextSchema },
  "PUT /api/v2/treatments/:id/update-dosage-instruction": { body: clinical.dosageInstructionRequestSchema, data: clinical.prescriptionAnswerSchema },
  "GET /api/v1/prescriptions/:id": { data: clinical.printablePrescriptionSchema },
  "GET /api/v1/message-templates": { query: clinical.templatesQuerySchema, data: clinical.templatesAnswerSchema },
  "POST /api/v1/patient/:patientId/treatment/:treatmentId/inform": { body: clinical.informRequestSchema, data: clinical.informAnswerSchema },
  // The clinical review queues (api/contract/review-queues.ts).
  "GET /api/v1/treatments/ready-for-review": { query: reviewQueues.readyQuerySchema, listItem: reviewQueues.readyItemSchema, pages: reviewQueues.queuePagesSchema },
  "GET /api/v1/charts": { query: reviewQueues.chartsQuerySchema, listItem: reviewQueues.chartListItemSchema, pages: reviewQueues.queuePagesSchema },
  "GET /api/v1/charts/:id": { data: reviewQueues.chartAnswerSchema },
  "POST /api/v1/charts/:id/sign": { body: reviewQueues.chartSignSchema, data: reviewQueues.chartAnswerSchema },
  "POST /api/v1/charts/:id/cancel": { body: reviewQueues.chartCancelSchema, data: reviewQueues.chartAnswerSchema },
  "POST /api/v1/charts/:id/addenda": { body: reviewQueues.chartAddendumSchema, data: reviewQueues.chartAnswerSchema },
  "GET /api/v1/uploads/review": { query: reviewQueues.uploadsReviewQuerySchema, listItem: reviewQueues.reviewUploadSchema, pages: reviewQueues.queuePagesSchema },
  "PUT /api/v1/uploads/:id/review": { body: reviewQueues.uploadReviewStatusSchema, data: reviewQueues.reviewUploadAnswerSchema },
  "PUT /api/v1/uploads/:id/visibility": { body: reviewQueues.uploadVisibilitySchema, data: reviewQueues.reviewUploadAnswerSchema },
  // Subscriptions (issue 16 part B; api/contract/subscriptions.ts).
  "GET /api/v2/subscriptions": { data: subs.subscriptionsAnswerSchema },
  "GET /api/v2/products/subscription": { query: subs.subscriptionProductsQuerySchema, data: subs.subscriptionProductsAnswerSchema },
  "PUT /api/v2/treatments/:id/change-plan": { body: subs.changePlanSchema, data: subs.subscriptionAnswerSchema },
  "POST /api/v2/subscriptions/:id/cancel-scheduled-changes": { body: subs.emptySchema, data: subs.subscriptionAnswerSchema },
  "POST /api/v1/treatments/:id/add-addon": { body: subs.addAddonSchema, data: subs.subscriptionAnswerSchema },
  "PUT /api/v1/treatments/:id/remove-addon": { body: subs.removeAddonSchema, data: subs.subscriptionAnswerSchema },
  "GET /api/v1/retention/get-key": { query: subs.retentionQuerySchema, data: subs.retentionAnswerSchema },
  "PUT /api/v2/subscriptions/:id/:key/cancel": { body: subs.cancelSchema, data: subs.subscriptionAnswerSchema },
  "PUT /api/v2/subscriptions/:id/update": { body: subs.updateSchema, data: subs.subscriptionAnswerSchema },
  "GET /api/v1/renewals": { query: subs.renewalsQuerySchema, listItem: subs.renewalSchema, pages: subs.renewalPagesSchema },
  // Check-ins (api/contract/check-ins.ts).
  "GET /api/v1/patient/check-ins": { query: checkIns.checkInsQuerySchema, listItem: checkIns.checkInSchema, pages: checkIns.checkInPagesSchema },
  "GET /api/v1/patient/check-ins/:id": { data: checkIns.checkInAnswerSchema },
  "POST /api/v1/patient/check-ins/:id/answer": { body: checkIns.checkInAnswerRequestSchema, data: checkIns.checkInAnswerSchema },
  "GET /api/v1/patient/:patientId/check-ins": { query: checkIns.checkInsQuerySchema, listItem: checkIns.checkInSchema, pages: checkIns.checkInPagesSchema },
  "POST /api/v1/patient/:patientId/check-ins": { body: checkIns.checkInRequestSchema, data: checkIns.checkInAnswerSchema },
  "PUT /api/v1/check-ins/:id/review": { body: checkIns.checkInReviewSchema, data: checkIns.checkInAnswerSchema },
  "GET /api/v1/check-ins/pending": { query: checkIns.checkInsQuerySchema, listItem: checkIns.checkInSchema, pages: checkIns.checkInPagesSchema },
  // Schedules and availability, licenses, payouts (issue 19 part B).
  "GET /api/v1/staff-schedule-settings/:id": { data: schedule.scheduleSettingsSchema },
  "POST /api/v1/staff-schedule-settings/:id": { body: schedule.scheduleSettingsRequestSchema, data: schedule.scheduleSettingsSchema },
  "POST /api/v1/staff-schedule-set-day-bulk/:id": { body: schedule.setDayBulkRequestSchema, data: schedule.setDayBulkSchema },
  "GET /api/v1/staff-schedule-calendar/:id": { query: schedule.calendarQuerySchema, data: schedule.calendarSchema },
  "GET /api/v1/staff-schedule-availability": { data: schedule.availabilitySchema },
  "GET /api/v1/staff-schedule-availability/:staffId": { data: schedule.availabilitySchema },
  "POST /api/v1/staff-schedule-availability/:staffId": { body: schedule.availabilityRequestSchema, data: schedule.availabilitySchema },
  "GET /api/v1/staff-licenses/:staffId": { data: staffLicenses.licensesSchema },
  "POST /api/v1/staff-licenses/:staffId": { body: staffLicenses.licenseRequestSchema, data: staffLicenses.licenseAnswerSchema },
  "PUT /api/v1/staff-licenses/:staffId/:id": { body: staffLicenses.licenseRequestSchema, data: staffLicenses.licenseAnswerSchema },
  "DELETE /api/v1/staff-licenses/:staffId/:id": { data: staffLicenses.licenseRemovedSchema },
  "GET /api/v1/payouts": { query: payouts.payoutsQuerySchema, listItem: payouts.payoutInvoiceSchema, pages: payouts.payoutPagesSchema },
  "GET /api/v1/payouts/payable": { data: payouts.payableSchema },
  "POST /api/v1/payouts/request": { body: payouts.payoutRequestSchema, data: payouts.payoutRequestedSchema },
  "GET /api/v1/payouts/:id/pdf": { media: { response: "application/pdf" } },
  "GET /api/v1/profile/signature": { data: signatures.signatureAnswerSchema },
  "POST /api/v1/profile/signature": { body: signatures.typedNameRequestSchema, data: signatures.signatureAnswerSchema },
  "POST /api/v1/profile/signature/image": { data: signatures.signatureAnswerSchema, media: { request: "multipart/form-data", field: signatures.SIGNATURE_FIELD } },
  "DELETE /api/v1/profile/signature/image": { data: signatures.signatureAnswerSchema },
  "DELETE /api/v1/profile/signature": { data: signatures.signatureAnswerSchema },
  "GET /api/v1/signatures/:key": { media: { response: "image/png" } },
  "GET /api/v1/patient/journeys": { data: journeys.journeysListSchema },
  "GET /api/v1/patient/journeys/:id": { data: journeys.journeyDetailSchema },
  "GET /api/v1/patient/journeys/:id/progress": { data: journeys.journeyProgressSchema },
  // Progress (api/contract/progress.ts).
  "GET /api/v1/patient/progress": { data: progress.progressSchema },
  "POST /api/v1/patient/progress/weights": { body: progress.logWeightRequestSchema, data: progress.progressSchema },
  "GET /api/v1/patient/:patientId/progress": { data: progress.progressSchema },
  // Refer a friend (api/contract/referrals.ts).
  "GET /api/v1/patient/referrals": { data: referrals.referralSummarySchema },
  "POST /api/v1/patient/referrals/invites": { body: referrals.inviteRequestSchema, data: referrals.referralSummarySchema },
  "POST /api/v1/patient/referrals/claim": { body: referrals.claimRequestSchema, data: referrals.referralSummarySchema },
  // Joining from a referral invitation (api/contract/referral-join.ts): the answer of a join is the login call's.
  "GET /actions/referrals/join/check": { query: referralJoin.joinCheckQuerySchema, data: referralJoin.joinCheckSchema },
  "POST /actions/referrals/join": { body: referralJoin.joinRequestSchema, data: users.loginSuccessSchema },
  // The patient's documents (api/contract/documents.ts).
  "GET /api/v1/patient/uploads": { query: documents.documentsQuerySchema, data: documents.documentsListSchema },
  "POST /api/v1/patient/uploads": { data: documents.documentAnswerSchema, media: { request: "multipart/form-data" } },
  "GET /api/v1/patient/uploads/:id/file": { media: { response: "application/octet-stream" } },
  "GET /api/v1/patient/overview/actions": { data: journeys.overviewActionsSchema },
  "GET /api/v1/patient/overview/next": { data: journeys.overviewNextSchema },
  // Journeys and the medical intake (api/contract/intake.ts).
  "POST /api/v1/journeys": { body: intake.startJourneySchema, data: intake.startJourneyAnswerSchema },
  "GET /api/v1/journeys/:id/intake": { data: intake.intakeAnswerSchema },
  "PUT /api/v1/journeys/:id/intake/:step": { body: intake.saveStepSchema, data: intake.saveStepAnswerSchema },
  "POST /api/v1/journeys/:id/intake/uploads": { data: intake.uploadImageAnswerSchema, media: { request: "multipart/form-data" } },
  "GET /api/v1/journeys/:id/intake/uploads/:uploadId/file": { media: { response: "image/png" } },
  "POST /api/v1/journeys/:id/submit": { body: intake.submitSchema, data: intake.submitAnswerSchema },
  "POST /api/v1/journeys/:id/cancel": { body: intake.submitSchema, data: intake.submitAnswerSchema },
  // The pharmacy, orders and shipments (api/contract/pharmacy.ts).
  "GET /api/v1/pharmacy/categories": { data: pharmacy.categoriesAnswerSchema },
  "GET /api/v1/pharmacy/categories/:slug": { data: pharmacy.categoryAnswerSchema },
  "GET /api/v1/pharmacy/products/:id": { data: pharmacy.productAnswerSchema },
  "POST /api/v1/pharmacy/quote": { body: pharmacy.quoteRequestSchema, data: pharmacy.quoteAnswerSchema },
  "POST /api/v1/pharmacy/orders": { body: pharmacy.orderRequestSchema, data: pharmacy.placedOrderSchema },
  "GET /api/v1/patient/orders": { query: pharmacy.cursorQuerySchema, listItem: pharmacy.patientOrderSchema, pages: pharmacy.cursorPagesSchema },
  "GET /api/v1/shipments": { query: pharmacy.shipmentsQuerySchema, listItem: pharmacy.shipmentSchema, pages: pharmacy.cursorPagesSchema },
  "PUT /api/v1/shipments/:id": { body: pharmacy.shipmentUpdateSchema, data: pharmacy.shipmentAnswerSchema },
  // The record as FHIR R4 and the patient's own access log (api/contract/record-export.ts).
  "GET /api/v1/patient/record/fhir": { media: { response: "application/fhir+json" } },
  "GET /api/v1/patient/:patientId/record/fhir": { media: { response: "application/fhir+json" } },
  "GET /api/v1/patient/record/access-log": {
    query: recordExport.myAccessLogQuerySchema,
    listItem: recordExport.myAccessLogEntrySchema,
    pages: recordExport.myAccessLogPagesSchema,
  },
} satisfies Partial<Record<EndpointKey, EndpointContract>>;

export const contracts: Partial<Record<EndpointKey, EndpointContract>> = table;

/**
 * The table's own type, schema by schema: the web's upstream client derives each call's path parameters, body
 * and answer from it (app/lib/upstream.server.ts), as types only (`import type`: no zod reaches the browser).
 */
export type Contracts = typeof table;
export type ContractKey = keyof Contracts;
