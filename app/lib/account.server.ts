import type { RouterContextProvider } from "react-router";
import type { TFunction } from "i18next";
import type { Profile } from "../../api/contract/patient-account.ts";
import { errorToastMessage, notify } from "./toast.server.ts";
import { translateFieldCode, translateSuccess, type UpstreamNotice } from "./upstream-messages.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

/**
 * Server helpers of the patient account pages (issue 7): reading the profile, and turning an upstream failure
 * into what a form shows (spec §8: the error toast, plus the API's field errors beside the fields).
 */

/** GET /api/v1/profile (the whole profile of spec §3). A 401 ends the session in the upstream client. */
export async function getProfile(context: Readonly<RouterContextProvider>): Promise<Profile> {
  return (await getUpstream(context).get<Profile>("/api/v1/profile")).data;
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
