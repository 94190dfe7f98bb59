import type { TFunction } from "i18next";

/**
 * The upstream answers in English (en-US, the fallback language). Messages the user can meet are mapped
 * here to i18n keys so that es-US users read them in Spanish: a bare key is in the "common" namespace, a
 * "ns:key" names its namespace; messages that carry a value (minutes, an address, a count) are matched by
 * pattern. Any other message is shown as the upstream wrote it (spec §8: "the response message").
 */
export const UPSTREAM_MESSAGE_KEYS: Record<string, string> = {
  "Invalid email or password.": "upstream.invalidLogin",
  "Invalid code.": "upstream.invalidCode",
  "Your sign-in has expired. Please sign in again.": "upstream.signInExpired",
  "Enter the code from your authenticator app.": "upstream.enterCode",
  "You are signed in.": "upstream.signedIn",
  "You have been signed out.": "upstream.signedOut",
  "Please sign in to continue.": "upstream.signInToContinue",
  "You are not allowed to do that.": "upstream.forbidden",
  "Not found.": "upstream.notFound",
  "No such endpoint.": "upstream.notFound",
  "Invalid CSRF token. Reload the page and try again.": "upstream.csrf",
  "The request could not be read.": "upstream.badRequest",
  "The request is too large.": "upstream.tooLarge",
  "Internal error": "errors.internal",
  // Account security (api/routes/account.ts, account-totp.ts): keys of the "security" namespace.
  "If an account exists for this email address, we have sent it a link to reset the password. It can take a few minutes; check your spam folder if nothing arrives within 15 minutes.":
    "security:upstream.resetSent",
  "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.": "security:upstream.linkInvalid",
  "This link has already been used. Ask for a new one if you still need it.": "security:upstream.linkUsed",
  "This link has expired. Please ask for a new one.": "security:upstream.linkExpired",
  "Your password has been set. Please sign in with your new password.": "security:upstream.passwordSet",
  "The current password is not correct.": "security:upstream.currentPasswordWrong",
  "Your password has been changed. Other devices have been signed out.": "security:upstream.passwordChanged",
  "Your email address is already verified.": "security:upstream.emailAlreadyVerified",
  "Your email address is verified.": "security:upstream.emailVerified",
  "This email address cannot be used. Please choose another one.": "security:upstream.emailUnusable",
  "This email address cannot be used.": "security:upstream.emailUnusableShort",
  "Your email address has been changed. Sign in with the new address from now on.": "security:upstream.emailChanged",
  "The session has been signed out.": "security:upstream.sessionSignedOut",
  "No such session.": "security:upstream.noSuchSession",
  "Two-factor authentication is already on. Turn it off first to set up another device.": "security:upstream.totpAlreadyOn",
  "There is no two-factor setup in progress. Start again to get a new QR code.": "security:upstream.totpNoSetup",
  "Enter the 6-digit code from your authenticator app.": "security:upstream.totpEnterCode",
  "Two-factor authentication is on. Keep your recovery codes somewhere safe: they are shown only this once.": "security:upstream.totpOn",
  "Scan the QR code with your authenticator app, then enter the code it shows.": "security:upstream.totpScan",
  "Two-factor authentication is already off.": "security:upstream.totpAlreadyOff",
  "The password is not correct.": "security:upstream.passwordWrong",
  "Two-factor authentication is off.": "security:upstream.totpOff",
  "Your profile has been updated.": "security:upstream.profileUpdated",
  "Please correct the highlighted fields.": "security:upstream.correctFields",
  // Task calls (api/routes/tasks.ts): keys of the "tasks" namespace.
  "Task created.": "tasks:toast.created",
  "Task updated.": "tasks:toast.updated",
  "Task deleted.": "tasks:toast.deleted",
  "Comment added.": "tasks:toast.commented",
  "Tasks updated.": "tasks:toast.massUpdated",
  "Tasks deleted.": "tasks:toast.massDeleted",
  // Patient account (api/contract/patient-account.ts): keys of the "account" namespace.
  "Your profile picture has been updated.": "account:upstream.avatarUpdated",
  "Your profile picture has been removed.": "account:upstream.avatarRemoved",
  "Uploaded image is too large": "account:upstream.avatarTooLarge",
  "Upload a JPG, PNG or GIF image.": "account:upstream.avatarType",
  "The image could not be read. Upload another JPG, PNG or GIF image.": "account:upstream.avatarUnreadable",
  "Choose an image to upload.": "account:upstream.avatarMissing",
  "Your shipping address has been saved.": "account:upstream.shippingSaved",
  "Your billing address has been saved.": "account:upstream.billingSaved",
  "Your card has been added.": "account:upstream.cardAdded",
  "Your primary card has been changed.": "account:upstream.primaryChanged",
  "Your card has been removed.": "account:upstream.cardRemoved",
  "Your card was declined. Please contact your bank to approve the charge, then try again.": "account:upstream.cardDeclined",
  "You can save up to 10 cards.": "account:upstream.tooManyCards",
  "Add cards in the billing portal.": "account:upstream.addCardsInPortal",
  "Your billing details are up to date.": "account:upstream.billingSynced",
  "Cannot download invoice": "account:upstream.cannotDownloadInvoice",
};

/** Upstream messages that carry a value: the pattern, the key and the interpolation values. */
const UPSTREAM_MESSAGE_PATTERNS: { pattern: RegExp; key: string; values: (match: RegExpExecArray) => Record<string, unknown> }[] = [
  // 429 of every rate-limited call (api/domain/ratelimit.ts).
  { pattern: /^Too many attempts\. Try again in (\d+) minutes?\.$/, key: "security:upstream.tooManyMinutes", values: (m) => ({ count: Number(m[1]) }) },
  {
    pattern: /^We sent a confirmation link to (.+)\. Your email address changes when you open it\.$/,
    key: "security:upstream.emailChangeSent",
    values: (m) => ({ email: m[1] }),
  },
  { pattern: /^We sent a confirmation link to (.+)\.$/, key: "security:upstream.emailVerifySent", values: (m) => ({ email: m[1] }) },
  { pattern: /^(\d+) other sessions? (?:has|have) been signed out\.$/, key: "security:upstream.othersSignedOut", values: (m) => ({ count: Number(m[1]) }) },
];

export function translateUpstreamMessage(message: string, t: TFunction): string {
  const key = UPSTREAM_MESSAGE_KEYS[message];
  if (key) return t(key.includes(":") ? key : `common:${key}`);
  for (const { pattern, key: patternKey, values } of UPSTREAM_MESSAGE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, values(match));
  }
  if (/^Too many/i.test(message)) return t("common:upstream.tooMany");
  return message;
}
