/**
 * The stable `code` of every API answer (no zod: the web imports this module too).
 *
 * Every answer's envelope carries `code` beside the English `message` (spec §7's `{ message, data }`; `code`
 * and `params` are additions): `{ code, message, data, params? }` on success and `{ code, message, data?,
 * params? }` on failure. `message` is this table's English text with `params` filled in, kept for clients that
 * show it as it is; a client that translates reads `code` (and `params`) and never the English sentence.
 * Plain reads answer `code: "ok"` with an empty message.
 *
 * Validation failures (400 `common.invalidFields`) list each field's messages as `data.errors`
 * (field → English messages, as before) and the same entries as `data.fieldCodes` (field → `{ code, params? }`):
 * the code is either a validation message key ("validation.required", params `{ max }` / `{ min }` where the
 * rule has one; the keys of api/contract/rules.ts `V` and of the task rules) or a code of this table
 * (e.g. `auth.invalidCode` on the `code` field).
 *
 * A new code is added here, to the web's code → translation map (app/lib/upstream-messages.ts) and to both
 * locales; an unknown code is shown by the web as its `message` (spec §8).
 */
import {
  AVATAR_MISSING_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AVATAR_UNREADABLE_MESSAGE,
} from "./patient-account-rules.ts";
import { CARD_DECLINED_MESSAGE } from "./card-rules.ts";
import { SIGNATURE_MISSING_MESSAGE, SIGNATURE_TOO_LARGE_MESSAGE, SIGNATURE_TYPE_MESSAGE, SIGNATURE_UNREADABLE_MESSAGE } from "./signature-rules.ts";

export const API_MESSAGES = {
  ok: "",
  // Any endpoint.
  "common.signInRequired": "Please sign in to continue.",
  "common.forbidden": "You are not allowed to do that.",
  "common.notFound": "Not found.",
  "common.noSuchEndpoint": "No such endpoint.",
  "common.csrf": "Invalid CSRF token. Reload the page and try again.",
  "common.badRequest": "The request could not be read.",
  "common.tooLarge": "The request is too large.",
  "common.invalidFields": "Please correct the highlighted fields.",
  "common.internal": "Internal error",
  /** 429 of every rate-limited call; params `{ minutes }`, header Retry-After. */
  "ratelimit.tooMany": "Too many attempts. Try again in {{minutes}} minutes.",
  // Sign-in (api/routes/session.ts).
  "auth.invalidLogin": "Invalid email or password.",
  "auth.invalidCode": "Invalid code.",
  "auth.signInExpired": "Your sign-in has expired. Please sign in again.",
  "auth.enterCode": "Enter the code from your authenticator app.",
  "auth.signedIn": "You are signed in.",
  "auth.signedOut": "You have been signed out.",
  // Account security (api/routes/account.ts, account-totp.ts).
  "account.resetSent":
    "If an account exists for this email address, we have sent it a link to reset the password. It can take a few minutes; check your spam folder if nothing arrives within 15 minutes.",
  "account.linkInvalid":
    "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.",
  "account.linkUsed":
    "This link has already been used. Ask for a new one if you still need it.",
  "account.linkExpired": "This link has expired. Please ask for a new one.",
  "account.passwordSet":
    "Your password has been set. Please sign in with your new password.",
  "account.currentPasswordWrong": "The current password is not correct.",
  "account.passwordChanged":
    "Your password has been changed. Other devices have been signed out.",
  "account.emailAlreadyVerified": "Your email address is already verified.",
  "account.emailVerified": "Your email address is verified.",
  /** params `{ email }` */
  "account.emailVerifySent": "We sent a confirmation link to {{email}}.",
  /** params `{ email }` */
  "account.emailChangeSent":
    "We sent a confirmation link to {{email}}. Your email address changes when you open it.",
  "account.emailUnusable":
    "This email address cannot be used. Please choose another one.",
  /** The field message of account.emailUnusable. */
  "account.emailUnusableShort": "This email address cannot be used.",
  "account.emailChanged":
    "Your email address has been changed. Sign in with the new address from now on.",
  "account.sessionSignedOut": "The session has been signed out.",
  /** params `{ count }` */
  "account.othersSignedOut": "{{count}} other sessions have been signed out.",
  "account.noSuchSession": "No such session.",
  "account.totpAlreadyOn":
    "Two-factor authentication is already on. Turn it off first to set up another device.",
  "account.totpNoSetup":
    "There is no two-factor setup in progress. Start again to get a new QR code.",
  "account.totpEnterCode":
    "Enter the 6-digit code from your authenticator app.",
  "account.totpOn":
    "Two-factor authentication is on. Keep your recovery codes somewhere safe: they are shown only this once.",
  "account.totpScan":
    "Scan the QR code with your authenticator app, then enter the code it shows.",
  "account.totpAlreadyOff": "Two-factor authentication is already off.",
  "account.passwordWrong": "The password is not correct.",
  "account.totpOff": "Two-factor authentication is off.",
  "account.profileUpdated": "Your profile has been updated.",
  // Patient account (api/routes/patient-account.ts, avatar.ts).
  "account.avatarUpdated": "Your profile picture has been updated.",
  "account.avatarRemoved": "Your profile picture has been removed.",
  "account.avatarTooLarge": AVATAR_TOO_LARGE_MESSAGE,
  "account.avatarType": AVATAR_TYPE_MESSAGE,
  "account.avatarUnreadable": AVATAR_UNREADABLE_MESSAGE,
  "account.avatarMissing": AVATAR_MISSING_MESSAGE,
  "account.uploadUnreadable": "The upload could not be read.",
  "account.shippingSaved": "Your shipping address has been saved.",
  "account.billingSaved": "Your billing address has been saved.",
  "account.addressNotFound": "Address not found.",
  "account.cardAdded": "Your card has been added.",
  "account.primaryChanged": "Your primary card has been changed.",
  "account.cardRemoved": "Your card has been removed.",
  "account.cardNotFound": "Payment method not found.",
  "account.cardDeclined": CARD_DECLINED_MESSAGE,
  /** params `{ max }` */
  "account.tooManyCards": "You can save up to {{max}} cards.",
  "account.addCardsInPortal": "Add cards in the billing portal.",
  "account.billingSynced": "Your billing details are up to date.",
  "account.cannotDownloadInvoice": "Cannot download invoice",
  // Tasks (api/routes/tasks.ts).
  "tasks.created": "Task created.",
  "tasks.updated": "Task updated.",
  "tasks.deleted": "Task deleted.",
  "tasks.commented": "Comment added.",
  "tasks.massUpdated": "Tasks updated.",
  "tasks.massDeleted": "Tasks deleted.",
  "tasks.notFound": "No such task.",
  // The patients list (api/routes/provider-list.ts).
  /** params `{ count }` */
  "providerList.assigned": "Provider assigned to {{count}} treatments.",
  "providerList.notFound": "One of the treatments does not exist. Nothing was changed.",
  // The patient record (api/routes/patients.ts, treatments.ts).
  "patients.notFound": "No such patient.",
  "patients.updated": "The patient's profile has been updated.",
  "patients.statusUpdated": "The patient's status has been updated.",
  "treatments.notFound": "No such treatment.",
  // The patient's journeys (api/routes/journeys.ts).
  "journeys.notFound": "No such journey.",
  "treatments.providerAssigned": "The provider has been assigned.",
  "treatments.providerUnassigned": "The treatment has no provider now.",
  "treatments.statusUpdated": "The treatment's status has been updated.",
  /** params `{ from, to }` (review statuses); api/domain/treatment-review.ts */
  "treatments.transitionRefused": "This treatment cannot go from {{from}} to {{to}}.",
  // The clinical review (api/routes/treatment-review.ts).
  "treatments.changesRequested": "The patient has been asked for changes.",
  "treatments.approved": "The intake has been approved.",
  "treatments.declined": "The intake has been declined.",
  "treatments.cancelled": "The treatment has been cancelled.",
  "treatments.noShow": "The review has been closed as a no-show.",
  "treatments.resumed": "The review has been reopened.",
  // The clinical review queues (api/routes/review-queues.ts).
  "charts.notFound": "No such chart.",
  "charts.signed": "The chart has been signed.",
  "charts.cancelled": "The chart review has been cancelled.",
  "charts.addendumAdded": "The addendum has been added to the chart.",
  /** params `{ from, action }` (the chart status and the refused action): api/domain/chart-review.ts */
  "charts.transitionRefused": "This chart was already signed or its review cancelled: it cannot change now.",
  "charts.notSigned": "Only a signed chart takes an addendum. Sign the chart first.",
  "uploads.notFound": "No such upload.",
  "uploads.reviewUpdated": "The upload's review status has been updated.",
  "uploads.visibilityUpdated": "The upload's visibility has been updated.",
  // License-aware review (api/domain/licenses.ts). params `{ state }` (two-letter code)
  "licenses.outOfState": "You are not licensed in {{state}}, where this patient lives. A provider licensed there must do this.",
  "licenses.noShippingState": "This patient has no shipping address, so their state is not known. Ask them to add one first.",
  // The clinical review's steps (api/routes/clinical-review.ts; contract api/contract/clinical-review.ts).
  "visits.recorded": "The visit has been recorded.",
  "notes.recorded": "The note has been recorded.",
  "prescriptions.saved": "The prescription has been saved.",
  "prescriptions.notFound": "No such prescription.",
  "prescriptions.notApproved": "A prescription can be written only for an approved treatment.",
  "messages.sent": "The message has been sent to the patient.",
  // Messaging (api/routes/chats.ts; issue 17).
  "chats.sent": "Message sent.",
  "chats.edited": "Message updated.",
  "chats.deleted": "Message deleted.",
  "chats.allRead": "All messages marked as read.",
  "chats.assigned": "The chat has been assigned.",
  "chats.botOn": "Automatic replies are on for this chat.",
  "chats.botOff": "Automatic replies are off for this chat.",
  "chats.notOwnMessage": "You can only change your own messages.",
  "chats.messageDeleted": "This message has been deleted.",
  "chats.tooManyStreams": "Too many live connections are open. Close a tab and try again.",
  "chats.noSuchProvider": "Choose an active staff member.",
  "chats.attachmentTooLarge": "Uploaded image is too large",
  "chats.attachmentType": "Attach a JPG, PNG or GIF image or a PDF.",
  "chats.attachmentUnreadable": "This file could not be read. Try another one.",
  "chats.tooManyAttachments": "Attach at most 5 files to a message.",
  "chats.sendFailed": "Error while sending message",
  "chats.editFailed": "Error while editing message",
  // Staff access to a patient and dependent staff (api/routes/patient-access.ts).
  "access.granted": "Access granted.",
  "access.revoked": "Access revoked.",
  "access.noSuchGrant": "No such access grant.",
  "access.noSuchStaff": "Choose an active staff member.",
  "access.notScoped": "This staff member already sees every patient.",
  "access.alreadyGranted": "This staff member already has access to this patient.",
  "access.selfDependent": "A staff member cannot be their own dependent.",
  "access.alreadyDependent": "This staff member is already a dependent.",
  "access.dependentAdded": "Dependent staff member added.",
  "access.dependentRemoved": "Dependent staff member removed.",
  // Check-ins (api/routes/check-ins.ts; contract api/contract/check-ins.ts; state machine api/domain/check-ins.ts).
  "checkIns.notFound": "No such check-in.",
  "checkIns.requested": "The check-in has been requested from the patient.",
  "checkIns.answered": "Thank you: your check-in has been sent to your care team.",
  "checkIns.approved": "The check-in has been approved.",
  "checkIns.declined": "The check-in has been declined.",
  "checkIns.alreadyAnswered": "This check-in has already been answered.",
  "checkIns.alreadyReviewed": "This check-in has already been reviewed. Request a new one instead.",
  "checkIns.notAnswered": "This check-in has not been answered yet. It can be reviewed once the patient answers.",
  // The patient's documents (issue 18; api/routes/documents.ts).
  "documents.uploaded": "Your document has been uploaded. Your care team will review it.",
  "documents.notFound": "No such document.",
  "documents.missing": "Choose a file to upload.",
  "documents.type": "Upload a JPG, PNG, GIF or PDF file.",
  "documents.tooLarge": "The file is too large: at most 10 MB.",
  "documents.unreadable": "The file could not be read. Upload another copy.",
  // Progress (issue 18; api/routes/progress.ts).
  "progress.weightLogged": "Your weight has been saved.",
  // Refer a friend (issue 18; api/routes/referrals.ts).
  /** params `{ email }` (the address, lower-cased) */
  "referral.invited": "Your invitation has been sent.",
  "referral.selfInvite": "You cannot invite yourself.",
  "referral.alreadyPatient": "This person already has an account, so they cannot be referred.",
  "referral.alreadyInvited": "You have already invited this address.",
  "referral.joined": "Thank you: your friend's code has been saved.",
  "referral.unknownCode": "This referral code is not valid.",
  "referral.ownCode": "You cannot use your own referral code.",
  "referral.alreadyReferred": "You have already used a referral code.",
  "referral.tooLate": "A referral code can only be used before your first order.",
  // Joining from a referral invitation (api/routes/referral-join.ts; contract api/contract/referral-join.ts).
  "join.linkInvalid": "This invitation link is not valid.",
  "join.linkUsed": "This invitation link has already been used. Sign in with the password you chose.",
  "join.linkExpired": "This invitation link has expired. Ask your friend to invite you again.",
  "join.accountExists": "An account with this email address already exists. Please sign in.",
  /** params `{ name }` (the new patient's first name) */
  "join.welcome": "Welcome, {{name}}: your account is ready.",
  // Journeys and the medical intake (api/routes/intake.ts; rules api/domain/intake/).
  "journeys.started": "Your intake has started.",
  "journeys.resumed": "Welcome back: your intake continues where you left it.",
  "intake.saved": "Your answers have been saved.",
  /** params `{ step }` (the step to answer first) */
  "intake.stepOutOfOrder": "Please answer the earlier steps first.",
  "intake.closed": "This intake has already been submitted and cannot be changed.",
  /** params `{ step }` (the first step with missing answers) */
  "intake.incomplete": "Some answers are missing. Please complete every step first.",
  "intake.submitted": "Your intake has been submitted. A provider will review it within 24 to 48 hours.",
  "intake.denied": "Intake denied: not eligible for the requested treatment",
  "intake.cancelled": "Your intake has been cancelled. You can start this journey again at any time.",
  "intake.productUnavailable": "Product unavailable in your state",
  "intake.imageUploaded": "Your picture has been uploaded.",
  "intake.imageTooLarge": AVATAR_TOO_LARGE_MESSAGE,
  "intake.imageType": AVATAR_TYPE_MESSAGE,
  "intake.imageUnreadable": AVATAR_UNREADABLE_MESSAGE,
  "intake.imageMissing": AVATAR_MISSING_MESSAGE,
  "qualify.connectionError": "Error while connecting to Qualify service",
  "qualify.unavailable": "Qualify service is unavailable now",
  // The pharmacy, orders and shipments (api/routes/pharmacy.ts, shipments.ts; contract api/contract/pharmacy.ts).
  "pharmacy.notFound": "No such product.",
  "pharmacy.notLive": "Product is not enabled (not live)",
  "pharmacy.prescriptionRequired": "This product needs a prescription: start the journey and wait for your provider's approval first.",
  "pharmacy.planRequired": "Please select a plan.",
  "pharmacy.addonPeriodMismatch": "An add-on's period must match the main plan's period.",
  "pharmacy.couponUnknown": "This coupon code is not valid.",
  "pharmacy.couponNotApplicable": "This coupon code does not apply to this order.",
  "pharmacy.couponUsed": "You have already used this coupon code.",
  "pharmacy.noPaymentSource": "No payment source in subscription",
  "pharmacy.ordered": "Thank you: your order {{orderNumber}} has been placed.",
  "shipments.notFound": "No such order.",
  "shipments.updated": "The order has been updated.",
  "shipments.transitionRefused": "This order cannot move to that status.",
  "shipments.trackingRequired": "A fulfiller and a tracking number are needed to mark an order shipped or delivered.",
  // Users and roles (issue 19; api/routes/staff-admin.ts, decisions api/contract/staff-admin-rules.ts).
  /** params `{ email }` */
  "users.invited": "An invitation has been sent to {{email}}.",
  "users.updated": "The user has been updated.",
  "users.suspended": "The user has been suspended and signed out.",
  "users.unsuspended": "The user has been restored.",
  "users.deactivated": "The user has been deactivated and signed out.",
  "users.inviteResent": "A new invitation has been sent.",
  "users.emailTaken": "A user with this email already exists.",
  "users.lastManager": "The last provider manager cannot lose the role or be suspended. Make another user a provider manager first.",
  "users.notOnSelf": "You cannot suspend or deactivate your own account.",
  /** params `{ status }` */
  "users.transitionRefused": "This action is not possible for a user who is {{status}}.",
  // Subscriptions (issue 16 part B; api/routes/subscriptions.ts; contract api/contract/subscriptions.ts; state machine
  // api/domain/subscriptions.ts). Spec §8 texts where it has one.
  "subscriptions.notFound": "No such subscription.",
  "subscriptions.notActiveOrFuture": "Subscription is not active or not future",
  "subscriptions.notActive": "Only an active subscription can be paused.",
  "subscriptions.notPaused": "This subscription is not paused.",
  "subscriptions.pendingCancellation": "This subscription is already set to end. Re-activate it first.",
  "subscriptions.noScheduledChange": "This subscription has no scheduled change.",
  "subscriptions.notCancelled": "This subscription is not cancelled.",
  "subscriptions.pastDue": "The last payment of this subscription was declined. Update your card first.",
  "subscriptions.resumePending": "This subscription is already being resumed.",
  "subscriptions.retentionUsed": "This offer is no longer available.",
  "subscriptions.offerFirst": "Please review the offer before you cancel.",
  "subscriptions.noPaymentSource": "No payment source in subscription",
  "subscriptions.planRequired": "Please select a plan.",
  "subscriptions.samePlan": "This is already your plan.",
  "subscriptions.planNotOffered": "This plan is not offered for this subscription.",
  "subscriptions.productNotLive": "Product is not enabled (not live)",
  "subscriptions.productUnavailable": "Product unavailable in your state",
  "subscriptions.prescriptionRequired": "This plan needs a prescription: your provider must approve the treatment first.",
  "subscriptions.addonPeriod": "The add-on period must match the main plan period.",
  "subscriptions.addonNotOffered": "This add-on is not offered for this subscription.",
  "subscriptions.addonPresent": "This add-on is already part of your subscription.",
  "subscriptions.reasonRequired": "Please tell us why you are cancelling.",
  "subscriptions.planChangeScheduled": "Your plan change is scheduled for your next renewal.",
  "subscriptions.scheduledChangeCancelled": "Your scheduled plan change has been cancelled.",
  "subscriptions.addonAdded": "The add-on has been added to your subscription.",
  "subscriptions.addonRemoved": "The add-on has been removed from your subscription.",
  "subscriptions.cancelled": "Your subscription has been cancelled.",
  "subscriptions.paused": "Your subscription has been paused.",
  "subscriptions.resumeRequested": "Your subscription will resume in a few minutes, once your card has been charged.",
  "subscriptions.reactivated": "Your subscription has been re-activated.",
  "subscriptions.retentionAccepted": "You will switch to the maintenance plan at your next renewal.",
  // Schedules, availability, licenses, payouts (issue 19 part B; api/routes/schedule.ts, staff-licenses.ts, payouts.ts).
  "schedule.staffNotFound": "No such staff member.",
  "schedule.overlap": "Two time ranges of the same day overlap. Change one so they do not.",
  "schedule.saved": "Your weekly schedule has been saved.",
  /** params `{ count }` (days set) */
  "schedule.daysSaved": "The schedule of the selected days ({{count}}) has been saved.",
  "schedule.availabilitySaved": "Your availability has been updated.",
  "licenses.notFound": "No such license.",
  "licenses.duplicate": "This license is already on file.",
  "licenses.added": "The license has been added.",
  "licenses.saved": "The license has been saved.",
  "licenses.removed": "The license has been removed.",
  "payouts.requestError": "Payout request error",
  "payouts.requested": "Your payout has been requested.",
  "payouts.notFound": "No such payout invoice.",
  // Signature (issue 19; api/routes/signatures.ts).
  "signatures.saved": "Your signature has been saved.",
  "signatures.imageSaved": "Your signature image has been saved.",
  "signatures.imageRemoved": "Your signature image has been removed.",
  "signatures.removed": "Your signature has been removed.",
  "signatures.imageTooLarge": SIGNATURE_TOO_LARGE_MESSAGE,
  "signatures.imageType": SIGNATURE_TYPE_MESSAGE,
  "signatures.imageUnreadable": SIGNATURE_UNREADABLE_MESSAGE,
  "signatures.imageMissing": SIGNATURE_MISSING_MESSAGE,
} as const satisfies Record<string, string>;

export type ApiCode = keyof typeof API_MESSAGES;
export type ApiParams = Record<string, string | number>;
/** One entry of `data.fieldCodes`: a validation message key or an ApiCode, with its values. */
export type FieldCode = { code: string; params?: ApiParams };
export type FieldCodes = Record<string, FieldCode[]>;

/** The singular English form of the codes whose count param is 1. */
const ONE: Partial<Record<ApiCode, [param: string, text: string]>> = {
  "ratelimit.tooMany": ["minutes", "Too many attempts. Try again in 1 minute."],
  "account.othersSignedOut": ["count", "1 other session has been signed out."],
  "providerList.assigned": ["count", "Provider assigned to 1 treatment."],
};

export const isApiCode = (code: unknown): code is ApiCode =>
  typeof code === "string" && Object.hasOwn(API_MESSAGES, code);

/** The English `message` the API sends with `code`. */
export function apiMessage(code: ApiCode, params?: ApiParams): string {
  const one = ONE[code];
  const template = one && params?.[one[0]] === 1 ? one[1] : API_MESSAGES[code];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params?.[name] ?? ""),
  );
}
