import type { TFunction } from "i18next";
import type { ApiCode, ApiParams, FieldCode } from "../../api/contract/codes.ts";
import { translateMessage } from "./i18n.ts";

/**
 * The upstream's answers carry a stable `code` (api/contract/codes.ts) beside the English `message`; the web
 * translates the code, never the sentence. Each code the user can meet maps to an i18n key (a bare key is in
 * the "common" namespace, a "ns:key" names its namespace); codes whose message carries a value read it from the
 * answer's `params` (renamed where the key's variable differs, e.g. minutes → count for the plural). Any other
 * code is shown as the upstream's message (spec §8: "the response message").
 */
type Entry = string | { key: string; params: (params: ApiParams, t: TFunction) => Record<string, unknown> };

/** A review status (pending, approved, …) by its label in the reader's language. */
const reviewLabel = (t: TFunction, status: unknown) => t(`patients:review.${String(status)}`);

export const UPSTREAM_CODE_KEYS: Partial<Record<ApiCode, Entry>> = {
  "common.signInRequired": "upstream.signInToContinue",
  "common.forbidden": "upstream.forbidden",
  "common.notFound": "upstream.notFound",
  "common.noSuchEndpoint": "upstream.notFound",
  "common.csrf": "upstream.csrf",
  "common.badRequest": "upstream.badRequest",
  "common.tooLarge": "upstream.tooLarge",
  "common.invalidFields": "security:upstream.correctFields",
  "common.internal": "errors.internal",
  "ratelimit.tooMany": { key: "security:upstream.tooManyMinutes", params: (p) => ({ count: Number(p.minutes) }) },
  "auth.invalidLogin": "upstream.invalidLogin",
  "auth.invalidCode": "upstream.invalidCode",
  "auth.signInExpired": "upstream.signInExpired",
  "auth.enterCode": "upstream.enterCode",
  "auth.signedIn": "upstream.signedIn",
  "auth.signedOut": "upstream.signedOut",
  // Account security (api/routes/account.ts, account-totp.ts): keys of the "security" namespace.
  "account.resetSent": "security:upstream.resetSent",
  "account.linkInvalid": "security:upstream.linkInvalid",
  "account.linkUsed": "security:upstream.linkUsed",
  "account.linkExpired": "security:upstream.linkExpired",
  "account.passwordSet": "security:upstream.passwordSet",
  "account.currentPasswordWrong": "security:upstream.currentPasswordWrong",
  "account.passwordChanged": "security:upstream.passwordChanged",
  "account.emailAlreadyVerified": "security:upstream.emailAlreadyVerified",
  "account.emailVerified": "security:upstream.emailVerified",
  "account.emailVerifySent": { key: "security:upstream.emailVerifySent", params: (p) => ({ email: p.email }) },
  "account.emailChangeSent": { key: "security:upstream.emailChangeSent", params: (p) => ({ email: p.email }) },
  "account.emailUnusable": "security:upstream.emailUnusable",
  "account.emailUnusableShort": "security:upstream.emailUnusableShort",
  "account.emailChanged": "security:upstream.emailChanged",
  "account.sessionSignedOut": "security:upstream.sessionSignedOut",
  "account.othersSignedOut": { key: "security:upstream.othersSignedOut", params: (p) => ({ count: Number(p.count) }) },
  "account.noSuchSession": "security:upstream.noSuchSession",
  "account.totpAlreadyOn": "security:upstream.totpAlreadyOn",
  "account.totpNoSetup": "security:upstream.totpNoSetup",
  "account.totpEnterCode": "security:upstream.totpEnterCode",
  "account.totpOn": "security:upstream.totpOn",
  "account.totpScan": "security:upstream.totpScan",
  "account.totpAlreadyOff": "security:upstream.totpAlreadyOff",
  "account.passwordWrong": "security:upstream.passwordWrong",
  "account.totpOff": "security:upstream.totpOff",
  "account.profileUpdated": "security:upstream.profileUpdated",
  // Patient account (api/contract/patient-account.ts): keys of the "account" namespace.
  "account.avatarUpdated": "account:upstream.avatarUpdated",
  "account.avatarRemoved": "account:upstream.avatarRemoved",
  "account.avatarTooLarge": "account:upstream.avatarTooLarge",
  "account.avatarType": "account:upstream.avatarType",
  "account.avatarUnreadable": "account:upstream.avatarUnreadable",
  "account.avatarMissing": "account:upstream.avatarMissing",
  "account.uploadUnreadable": "account:upstream.uploadUnreadable",
  "account.shippingSaved": "account:upstream.shippingSaved",
  "account.billingSaved": "account:upstream.billingSaved",
  "account.addressNotFound": "account:upstream.addressNotFound",
  "account.cardAdded": "account:upstream.cardAdded",
  "account.primaryChanged": "account:upstream.primaryChanged",
  "account.cardRemoved": "account:upstream.cardRemoved",
  "account.cardNotFound": "account:upstream.cardNotFound",
  "account.cardDeclined": "account:upstream.cardDeclined",
  "account.tooManyCards": "account:upstream.tooManyCards",
  "account.addCardsInPortal": "account:upstream.addCardsInPortal",
  "account.billingSynced": "account:upstream.billingSynced",
  "account.cannotDownloadInvoice": "account:upstream.cannotDownloadInvoice",
  // Task calls (api/routes/tasks.ts): keys of the "tasks" namespace.
  "tasks.created": "tasks:toast.created",
  "tasks.updated": "tasks:toast.updated",
  "tasks.deleted": "tasks:toast.deleted",
  "tasks.commented": "tasks:toast.commented",
  "tasks.massUpdated": "tasks:toast.massUpdated",
  "tasks.massDeleted": "tasks:toast.massDeleted",
  "tasks.notFound": "tasks:toast.notFound",
  // The patients list (api/routes/provider-list.ts): keys of the "patientList" namespace.
  "providerList.assigned": { key: "patientList:workload.assigned", params: (p) => ({ count: Number(p.count ?? 0) }) },
  "providerList.notFound": "patientList:errors.notFound",
  // The clinical review queues (api/routes/review-queues.ts): keys of the "review" namespace.
  "charts.notFound": "review:chart.notFound",
  "charts.signed": "review:chart.signed",
  "charts.cancelled": "review:chart.cancelled",
  "charts.addendumAdded": "review:chart.addendumAdded",
  "charts.transitionRefused": "review:chart.refused",
  "charts.notSigned": "review:chart.notSigned",
  "uploads.notFound": "review:uploads.notFound",
  "uploads.reviewUpdated": "review:uploads.reviewSaved",
  "uploads.visibilityUpdated": "review:uploads.visibilitySaved",
  // The patient record (api/routes/patients.ts, treatments.ts): keys of the "patients" namespace.
  "patients.notFound": "patients:profile.notFound",
  "journeys.notFound": "journeys:notFound",
  "patients.updated": "patients:profile.saved",
  "patients.statusUpdated": "patients:status.saved",
  "treatments.notFound": "patients:treatments.notFound",
  "treatments.providerAssigned": "patients:treatments.assigned",
  "treatments.providerUnassigned": "patients:treatments.providerUnassigned",
  "treatments.statusUpdated": "patients:treatments.statusSaved",
  "treatments.transitionRefused": { key: "patients:treatments.transitionRefused", params: (p, t) => ({ from: reviewLabel(t, p.from), to: reviewLabel(t, p.to) }) },
  // The clinical review (api/routes/treatment-review.ts): keys of the "review" namespace.
  "treatments.changesRequested": "review:messages.changesRequested",
  "treatments.approved": "review:messages.approved",
  "treatments.declined": "review:messages.declined",
  "treatments.cancelled": "review:messages.cancelled",
  "treatments.noShow": "review:messages.noShow",
  "treatments.resumed": "review:messages.resumed",
  "licenses.outOfState": { key: "patients:licenses.outOfState", params: (p) => ({ state: p.state }) },
  "licenses.noShippingState": "patients:licenses.noShippingState",
  // The clinical review's steps (api/routes/clinical-review.ts): keys of the "clinical" namespace.
  "visits.recorded": "clinical:visit.saved",
  "notes.recorded": "clinical:note.saved",
  "prescriptions.saved": "clinical:prescription.saved",
  "prescriptions.notFound": "clinical:prescription.notFound",
  "prescriptions.notApproved": "clinical:prescription.notApproved",
  "messages.sent": "clinical:inform.sent",
  // The patient's documents (issue 18, api/routes/documents.ts): keys of the "documents" namespace.
  "documents.uploaded": "documents:messages.uploaded",
  "documents.notFound": "documents:messages.notFound",
  "documents.missing": "documents:messages.missing",
  "documents.type": "documents:messages.type",
  "documents.tooLarge": "documents:messages.tooLarge",
  "documents.unreadable": "documents:messages.unreadable",
  // Progress (issue 18, api/routes/progress.ts): keys of the "progress" namespace.
  "progress.weightLogged": "progress:messages.weightLogged",
  // Users and roles (issue 19; api/routes/staff-admin.ts): keys of the "staffAdmin" namespace.
  "users.invited": { key: "staffAdmin:upstream.invited", params: (p) => ({ email: p.email }) },
  "users.updated": "staffAdmin:upstream.updated",
  "users.suspended": "staffAdmin:upstream.suspended",
  "users.unsuspended": "staffAdmin:upstream.unsuspended",
  "users.deactivated": "staffAdmin:upstream.deactivated",
  "users.inviteResent": "staffAdmin:upstream.inviteResent",
  "users.emailTaken": "staffAdmin:upstream.emailTaken",
  "users.lastManager": "staffAdmin:upstream.lastManager",
  "users.notOnSelf": "staffAdmin:upstream.notOnSelf",
  "users.transitionRefused": { key: "staffAdmin:upstream.transitionRefused", params: (p, t) => ({ status: t(`staffAdmin:status.${String(p.status)}`) }) },
  // Subscriptions (api/routes/subscriptions.ts): keys of the "subscriptions" namespace.
  "subscriptions.notFound": "subscriptions:upstream.notFound",
  "subscriptions.notActiveOrFuture": "subscriptions:upstream.notActiveOrFuture",
  "subscriptions.notActive": "subscriptions:upstream.notActive",
  "subscriptions.notPaused": "subscriptions:upstream.notPaused",
  "subscriptions.pendingCancellation": "subscriptions:upstream.pendingCancellation",
  "subscriptions.noScheduledChange": "subscriptions:upstream.noScheduledChange",
  "subscriptions.notCancelled": "subscriptions:upstream.notCancelled",
  "subscriptions.pastDue": "subscriptions:upstream.pastDue",
  "subscriptions.resumePending": "subscriptions:upstream.resumePending",
  "subscriptions.retentionUsed": "subscriptions:upstream.retentionUsed",
  "subscriptions.offerFirst": "subscriptions:upstream.offerFirst",
  "subscriptions.noPaymentSource": "subscriptions:upstream.noPaymentSource",
  "subscriptions.planRequired": "subscriptions:upstream.planRequired",
  "subscriptions.samePlan": "subscriptions:upstream.samePlan",
  "subscriptions.planNotOffered": "subscriptions:upstream.planNotOffered",
  "subscriptions.productNotLive": "subscriptions:upstream.productNotLive",
  "subscriptions.productUnavailable": "subscriptions:upstream.productUnavailable",
  "subscriptions.prescriptionRequired": "subscriptions:upstream.prescriptionRequired",
  "subscriptions.addonPeriod": "subscriptions:upstream.addonPeriod",
  "subscriptions.addonNotOffered": "subscriptions:upstream.addonNotOffered",
  "subscriptions.addonPresent": "subscriptions:upstream.addonPresent",
  "subscriptions.reasonRequired": "subscriptions:upstream.reasonRequired",
  "subscriptions.planChangeScheduled": "subscriptions:upstream.planChangeScheduled",
  "subscriptions.scheduledChangeCancelled": "subscriptions:upstream.scheduledChangeCancelled",
  "subscriptions.addonAdded": "subscriptions:upstream.addonAdded",
  "subscriptions.addonRemoved": "subscriptions:upstream.addonRemoved",
  "subscriptions.cancelled": "subscriptions:upstream.cancelled",
  "subscriptions.paused": "subscriptions:upstream.paused",
  "subscriptions.resumeRequested": "subscriptions:upstream.resumeRequested",
  "subscriptions.reactivated": "subscriptions:upstream.reactivated",
  "subscriptions.retentionAccepted": "subscriptions:upstream.retentionAccepted",
  // Schedules, availability, licenses, payouts (issue 19 part B): keys of the "staffOps" namespace.
  "schedule.staffNotFound": "staffOps:messages.staffNotFound",
  "schedule.overlap": "staffOps:messages.overlap",
  "schedule.saved": "staffOps:messages.scheduleSaved",
  "schedule.daysSaved": { key: "staffOps:messages.daysSaved", params: (p) => ({ count: Number(p.count) }) },
  "schedule.availabilitySaved": "staffOps:messages.availabilitySaved",
  "licenses.notFound": "staffOps:messages.licenseNotFound",
  "licenses.duplicate": "staffOps:messages.licenseDuplicate",
  "licenses.added": "staffOps:messages.licenseAdded",
  "licenses.saved": "staffOps:messages.licenseSaved",
  "licenses.removed": "staffOps:messages.licenseRemoved",
  "payouts.requestError": "staffOps:messages.payoutRequestError",
  "payouts.requested": "staffOps:messages.payoutRequested",
  "payouts.notFound": "staffOps:messages.payoutNotFound",
  "signatures.saved": "staffOps:signature.messages.saved",
  "signatures.imageSaved": "staffOps:signature.messages.imageSaved",
  "signatures.imageRemoved": "staffOps:signature.messages.imageRemoved",
  "signatures.removed": "staffOps:signature.messages.removed",
  "signatures.imageTooLarge": "staffOps:signature.messages.imageTooLarge",
  "signatures.imageType": "staffOps:signature.messages.imageType",
  "signatures.imageUnreadable": "staffOps:signature.messages.imageUnreadable",
  "signatures.imageMissing": "staffOps:signature.messages.imageMissing",
  // Refer a friend (issue 18, api/routes/referrals.ts): referral.X → referral:messages.X (listed compactly: the root's JS budget).
  ...Object.fromEntries(
    ["invited", "selfInvite", "alreadyPatient", "alreadyInvited", "joined", "unknownCode", "ownCode", "alreadyReferred", "tooLate"].map((k) => [`referral.${k}`, `referral:messages.${k}`]),
  ),
  // Joining from an invitation (api/routes/referral-join.ts): join.X → referral:join.messages.X.
  ...Object.fromEntries(["linkInvalid", "linkUsed", "linkExpired", "accountExists"].map((k) => [`join.${k}`, `referral:join.messages.${k}`])),
  "join.welcome": { key: "referral:join.messages.welcome", params: (p) => ({ name: p.name }) },
  // Check-ins (api/routes/check-ins.ts): keys of the "checkIns" namespace.
  "checkIns.notFound": "checkIns:messages.notFound",
  "checkIns.requested": "checkIns:messages.requested",
  "checkIns.answered": "checkIns:messages.answered",
  "checkIns.approved": "checkIns:messages.approved",
  "checkIns.declined": "checkIns:messages.declined",
  "checkIns.alreadyAnswered": "checkIns:messages.alreadyAnswered",
  "checkIns.alreadyReviewed": "checkIns:messages.alreadyReviewed",
  "checkIns.notAnswered": "checkIns:messages.notAnswered",
  // Messaging (api/routes/chats.ts): keys of the "chat" namespace.
  "chats.sent": "chat:upstream.sent",
  "chats.edited": "chat:toast.edited",
  "chats.deleted": "chat:toast.deleted",
  "chats.allRead": "chat:toast.allRead",
  "chats.assigned": "chat:toast.assigned",
  "chats.botOn": "chat:toast.botOn",
  "chats.botOff": "chat:toast.botOff",
  "chats.notOwnMessage": "chat:upstream.notOwnMessage",
  "chats.messageDeleted": "chat:upstream.messageDeleted",
  "chats.tooManyStreams": "chat:upstream.tooManyStreams",
  "chats.noSuchProvider": "chat:upstream.noSuchProvider",
  "chats.attachmentTooLarge": "chat:errors.tooLarge",
  "chats.attachmentType": "chat:upstream.attachmentType",
  "chats.attachmentUnreadable": "chat:upstream.attachmentUnreadable",
  "chats.tooManyAttachments": "chat:errors.tooMany",
  "chats.sendFailed": "chat:errors.send",
  "chats.editFailed": "chat:errors.edit",
  // Staff access (api/routes/patient-access.ts): keys of the "access" namespace.
  "access.granted": "access:toast.granted",
  "access.revoked": "access:toast.revoked",
  "access.noSuchGrant": "access:upstream.noSuchGrant",
  "access.noSuchStaff": "access:upstream.noSuchStaff",
  "access.notScoped": "access:upstream.notScoped",
  "access.alreadyGranted": "access:upstream.alreadyGranted",
  "access.selfDependent": "access:upstream.selfDependent",
  "access.alreadyDependent": "access:upstream.alreadyDependent",
  "access.dependentAdded": "access:upstream.dependentAdded",
  "access.dependentRemoved": "access:upstream.dependentRemoved",
  // Journeys and the medical intake (api/routes/intake.ts): keys of the "intake" namespace.
  "journeys.started": "intake:upstream.journeys_started",
  "journeys.resumed": "intake:upstream.journeys_resumed",
  "intake.saved": "intake:upstream.intake_saved",
  "intake.stepOutOfOrder": "intake:upstream.intake_stepOutOfOrder",
  "intake.closed": "intake:upstream.intake_closed",
  "intake.incomplete": "intake:upstream.intake_incomplete",
  "intake.submitted": "intake:upstream.intake_submitted",
  "intake.denied": "intake:upstream.intake_denied",
  "intake.cancelled": "intake:upstream.intake_cancelled",
  "intake.productUnavailable": "intake:upstream.intake_productUnavailable",
  "intake.imageUploaded": "intake:upstream.intake_imageUploaded",
  "intake.imageTooLarge": "intake:upstream.intake_imageTooLarge",
  "intake.imageType": "intake:upstream.intake_imageType",
  "intake.imageUnreadable": "intake:upstream.intake_imageUnreadable",
  "intake.imageMissing": "intake:upstream.intake_imageMissing",
  "qualify.connectionError": "intake:upstream.qualify_connectionError",
  "qualify.unavailable": "intake:upstream.qualify_unavailable",
  // The pharmacy and shipments (api/routes/pharmacy.ts, shipments.ts): keys of the "pharmacy" namespace.
  "pharmacy.notFound": "pharmacy:upstream.notFound",
  "pharmacy.notLive": "pharmacy:upstream.notLive",
  "pharmacy.prescriptionRequired": "pharmacy:upstream.prescriptionRequired",
  "pharmacy.planRequired": "pharmacy:upstream.planRequired",
  "pharmacy.addonPeriodMismatch": "pharmacy:upstream.addonPeriodMismatch",
  "pharmacy.couponUnknown": "pharmacy:upstream.couponUnknown",
  "pharmacy.couponNotApplicable": "pharmacy:upstream.couponNotApplicable",
  "pharmacy.couponUsed": "pharmacy:upstream.couponUsed",
  "pharmacy.noPaymentSource": "pharmacy:upstream.noPaymentSource",
  "pharmacy.ordered": { key: "pharmacy:upstream.ordered", params: (p) => ({ orderNumber: p.orderNumber }) },
  "shipments.notFound": "pharmacy:upstream.shipmentNotFound",
  "shipments.updated": "pharmacy:upstream.shipmentUpdated",
  "shipments.transitionRefused": "pharmacy:upstream.transitionRefused",
  "shipments.trackingRequired": "pharmacy:upstream.trackingRequired",
};

/** What an answer says: its code, the code's values and the upstream's English message. */
export type UpstreamNotice = { code?: string | null; params?: ApiParams | null; message: string };

/** The answer's text in the user's language: its code translated, or else its message as the upstream wrote it. */
export function translateUpstream({ code, params, message }: UpstreamNotice, t: TFunction): string {
  const entry = code ? UPSTREAM_CODE_KEYS[code as ApiCode] : undefined;
  if (!entry) return message;
  const key = typeof entry === "string" ? entry : entry.key;
  const values = typeof entry === "string" ? {} : entry.params(params ?? {}, t);
  return t(key.includes(":") ? key : `common:${key}`, values);
}

/**
 * One field error of a 400: a validation message key (translated like the forms' own messages) or an ApiCode;
 * `message` (the upstream's English text) when the web knows neither.
 */
export function translateFieldCode(field: FieldCode | undefined, message: string, t: TFunction): string {
  if (field?.code.startsWith("validation.")) return translateMessage(t, field.code, field.params);
  return translateUpstream({ code: field?.code, params: field?.params, message }, t);
}

/** A success answer's text in the user's language, or `fallback` when it said nothing (code "ok", no message). */
export function translateSuccess(notice: UpstreamNotice, t: TFunction, fallback: string): string {
  return translateUpstream(notice, t) || fallback;
}
