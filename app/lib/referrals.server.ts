/**
 * Refer a friend (issue 18; api/contract/referrals.ts): the patient's page /patient/refer-friend — the code and link,
 * the invite form, the friends and their state, the credit, and the form where a friend enters a code. The only
 * module of the web that calls the referral endpoints (the billing page reads the credit through openReferralCredit).
 *
 * Both forms post with and without JavaScript: a failed form comes back with its errors beside the field (and an
 * error summary) and what was typed kept; a success redirects back with the API's message as a toast.
 */
import { data, type RouterContextProvider } from "react-router";
import type { ReferralSummary } from "../../api/contract/referrals.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { readForm } from "./csrf.server.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { claimFormSchema, inviteFormSchema } from "./schemas/referrals.ts";
import { redirectWithToast } from "./toast.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { ReferralSummary };

export const REFER_FRIEND_PATH = "/patient/refer-friend";

/** What a failed form sends back: which form, its errors (field → messages; "" the form's own) and the value typed. */
export type ReferralFormResult = { intent: "invite" | "claim"; errors: Record<string, string[]>; value: string };

/** The summary, the personal link (this site's origin) and a code arriving in the link (?code=) for the claim form. */
export async function referFriendLoader(request: Request, context: Context) {
  const answer = await getUpstream(context).call("GET /api/v1/patient/referrals");
  const url = new URL(request.url);
  const summary = answer.data;
  const link = `${url.origin}${REFER_FRIEND_PATH}?code=${encodeURIComponent(summary.code)}`;
  const incoming = (url.searchParams.get("code") ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 24).toUpperCase();
  return { summary, link, incomingCode: incoming && incoming !== summary.code ? incoming : "" };
}

/**
 * The patient's referral credit not used yet (cents), which the commerce core takes off their next invoice: the
 * billing page shows it. Null when it cannot be read now (the billing page then shows nothing about it).
 */
export async function openReferralCredit(context: Context): Promise<number | null> {
  try {
    return (await getUpstream(context).call("GET /api/v1/patient/referrals")).data.availableCents;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

function flatten(errors: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors ?? {})) if (list?.length) out[key] = list;
  return out;
}

export async function referFriendAction(request: Request, context: Context) {
  const t = getT(context);
  const form = await readForm(request);
  const intent = form.get("intent") === "claim" ? "claim" : "invite";
  const field = intent === "claim" ? "code" : "email";
  const value = String(form.get(field) ?? "").slice(0, 254);
  const submission = parseWithZod(form, { schema: intent === "claim" ? claimFormSchema : inviteFormSchema });
  if (submission.status !== "success") return data<ReferralFormResult>({ intent, errors: flatten(submission.reply().error), value }, { status: 400 });
  try {
    const upstream = getUpstream(context);
    const answer =
      submission.value.intent === "claim"
        ? await upstream.call("POST /api/v1/patient/referrals/claim", { body: { code: submission.value.code } })
        : await upstream.call("POST /api/v1/patient/referrals/invites", { body: { email: submission.value.email } });
    return redirectWithToast(context, REFER_FRIEND_PATH, "success", successMessage(answer, t, t(intent === "claim" ? "referral:messages.joined" : "referral:messages.invited")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    // A refusal of the rule (409: oneself, an existing account, a code not valid) belongs to the field.
    const errors = { ...failure.fieldErrors, ...(failure.formErrors.length ? { [field]: failure.formErrors } : {}) };
    return data<ReferralFormResult>({ intent, errors, value }, { status: 400 });
  }
}
