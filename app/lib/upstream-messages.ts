import type { TFunction } from "i18next";

/**
 * The upstream answers in English (en-US, the fallback language). Messages the user can meet are mapped
 * here to keys of the "common" namespace so that es-US users read them in Spanish; any other message is
 * shown as the upstream wrote it (spec §8: "the response message").
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

export function translateUpstreamMessage(message: string, t: TFunction): string {
  const key = UPSTREAM_MESSAGE_KEYS[message];
  if (key) return t(key.includes(":") ? key : `common:${key}`);
  if (/^Too many/i.test(message)) return t("common:upstream.tooMany");
  return message;
}
