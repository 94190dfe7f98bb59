import type { RouterContextProvider } from "react-router";
import type { TFunction } from "i18next";
import type { Profile } from "../../api/contract/patient-account.ts";
import { errorToastMessage, notify } from "./toast.server.ts";
import { translateFieldCode, translateSuccess, type UpstreamNotice } from "./upstream-messages.ts";
import { readOwnProfile } from "./profile.server.ts";
import { getUpstream, UpstreamError, type BodyOf } from "./upstream.server.ts";

/**
 * Server helpers of the patient account pages (issue 7): reading the profile, and turning an upstream failure
 * into what a form shows (spec §8: the error toast, plus the API's field errors beside the fields).
 */

/**
 * GET /api/v1/profile (the whole profile of spec §3), for loaders: one call per request, shared with the layouts
 * (app/lib/profile.server.ts). A 401 ends the session in the upstream client.
 */
export async function getProfile(context: Readonly<RouterContextProvider>): Promise<Profile> {
  return readOwnProfile(context);
}

/**
 * The patient account's calls of the upstream (api/contract/patient-account.ts): the account pages reach the
 * upstream only through these. Each answer is parsed with the contract's schema by the upstream client.
 */
export function accountApi(context: Readonly<RouterContextProvider>) {
  const upstream = getUpstream(context);
  return {
    profile: () => upstream.call("GET /api/v1/profile"),
    updateProfile: (body: BodyOf<"PUT /api/v1/profile">) => upstream.call("PUT /api/v1/profile", { body }),
    /** The account's language (the language switcher): best effort, so a 401 throws instead of redirecting. */
    saveLanguage: (locale: NonNullable<BodyOf<"PUT /api/v1/profile">["locale"]>) => upstream.call("PUT /api/v1/profile", { body: { locale }, on401: "throw" }),
    uploadAvatar: (body: FormData) => upstream.call("POST /api/v1/profile/avatar", { body }),
    removeAvatar: () => upstream.call("DELETE /api/v1/profile/avatar"),
    saveAddress: (body: BodyOf<"POST /actions/users/save-address">) => upstream.call("POST /actions/users/save-address", { body }),
    paymentMethods: () => upstream.call("GET /api/v2/profile/payment-methods"),
    addCard: (body: BodyOf<"POST /api/v2/profile/payment-methods">) => upstream.call("POST /api/v2/profile/payment-methods", { body }),
    makePrimary: (id: number) => upstream.call("PUT /api/v2/profile/primary-payment-method", { body: { id } }),
    removeCard: (id: number) => upstream.call("DELETE /api/v2/profile/payment-method", { body: { id } }),
    invoices: (page: number, perPage: number) => upstream.call("GET /api/v1/profile/invoices", { query: { page, perPage } }),
    invoicePdf: (id: string) => upstream.download("GET /api/v1/profile/invoices/:id/pdf", { params: { id } }),
    portalSession: () => upstream.call("GET /api/v1/profile/portal-session"),
    syncBilling: (portalSessionId?: string) => upstream.call("PUT /api/v1/profile/chargebee-sync", { body: portalSessionId ? { portalSessionId } : {} }),
    /** A profile picture (anyone's, by its key): the upstream's Response, unread. A 401 throws (an image redirects nowhere). */
    avatar: (key: string) => upstream.download("GET /api/v1/avatars/:key", { params: { key }, on401: "throw" }),
  };
}

export type FormFailure = { formErrors: string[]; fieldErrors: Record<string, string[]> };

/**
 * An upstream failure of a form post: raises the §8 error toast and answers the field errors the API gave
 * (translated where the web knows the text), renamed to the form's field names by `rename`; with no field
 * errors, the toast text also sits above the form. Anything that is not an upstream failure is rethrown.
 */
export function formFailure(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  t: TFunction,
  rename: (apiField: string) => string = (field) => field,
): FormFailure {
  if (!(error instanceof UpstreamError)) throw error;
  const message = errorToastMessage(error, t);
  notify(context, "error", message);
  const fieldErrors: Record<string, string[]> = {};
  const codes = error.fieldCodes ?? {};
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    if (!Array.isArray(messages)) continue;
    (fieldErrors[rename(field)] ??= []).push(...messages.map((m, i) => translateFieldCode(codes[field]?.[i], String(m), t)));
  }
  return { formErrors: Object.keys(fieldErrors).length > 0 ? [] : [message], fieldErrors };
}

/** The upstream's answer to a success (its code), in the user's language, or `fallback` when the API said nothing. */
export function successMessage(notice: UpstreamNotice, t: TFunction, fallback: string): string {
  return translateSuccess(notice, t, fallback);
}
