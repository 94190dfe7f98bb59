/**
 * /join (app/routes/public/join.tsx): a person a patient invited creates their patient account from the
 * invitation mail's link (api/contract/referral-join.ts). The only module of the web that calls the join endpoints.
 *
 * The loader checks the link without using it up (GET /actions/referrals/join/check) so that a used, expired or
 * broken link — or an address that has an account by now — says so on opening it, not after the form was filled in.
 * The action posts the form (with or without JavaScript); the upstream answers as its login call does, with the
 * session cookie, and the web session is the new patient's from then on.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { adoptUpstreamSignIn, getViewer } from "./auth.server.ts";
import { readForm } from "./csrf.server.ts";
import { homeFor } from "./home.ts";
import { getT } from "./i18n.server.ts";
import { parseWithZod } from "./parse-form.server.ts";
import { joinFormSchema } from "./schemas/referrals.ts";
import { notifyUpstreamError, redirectWithToast } from "./toast.server.ts";
import { translateSuccess, translateUpstream } from "./upstream-messages.ts";
import { getUpstream, upstreamFieldErrors, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Where a new patient starts: their first journey. */
export const AFTER_JOIN_PATH = "/patient/journeys/start";

export type JoinProblem = { reason: "invalid" | "used" | "expired" | "exists"; message: string };

const linkReason = z.object({ reason: z.enum(["invalid", "used", "expired"]) });

/** The upstream's refusal of the link itself (400 with `data.reason`, or 409 an account exists), translated; else null. */
function problemOf(error: unknown, t: ReturnType<typeof getT>): JoinProblem | null {
  if (!(error instanceof UpstreamError)) return null;
  if (error.status === 409 && error.code === "join.accountExists") return { reason: "exists", message: translateUpstream(error, t) };
  const parsed = error.status === 400 ? linkReason.safeParse(error.data) : null;
  return parsed?.success ? { reason: parsed.data.reason, message: translateUpstream(error, t) } : null;
}

export async function joinLoader(request: Request, context: Context) {
  const { role } = getViewer(context);
  // Signed in already: on to their home, as the sign-in page does.
  if (role !== "guest") throw redirect(homeFor(role));
  const t = getT(context);
  const token = (new URL(request.url).searchParams.get("token") ?? "").trim();
  if (!token || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return { token: "", email: null as string | null, problem: { reason: "invalid", message: t("referral:join.messages.linkInvalid") } as JoinProblem | null };
  try {
    const answer = await getUpstream(context).call("GET /actions/referrals/join/check", { query: { token } });
    return { token, email: answer.data.email as string | null, problem: null as JoinProblem | null };
  } catch (error) {
    const problem = problemOf(error, t);
    // The check itself failed (the upstream is down, too many tries): the form shows, and posting it judges.
    if (!problem) notifyUpstreamError(context, error, t);
    return { token, email: null as string | null, problem };
  }
}

/** Fields never sent back into the page. */
const SECRET_FIELDS = ["newPassword", "passwordConfirm"];

export async function joinAction(request: Request, context: Context) {
  const t = getT(context);
  const submission = parseWithZod(await readForm(request), { schema: joinFormSchema });
  if (submission.status !== "success") {
    return data({ reply: submission.reply({ hideFields: SECRET_FIELDS }), problem: null as JoinProblem | null }, { status: 400 });
  }
  const { token, firstName, lastName, newPassword } = submission.value;
  try {
    const answer = await getUpstream(context).call("POST /actions/referrals/join", {
      body: { token, firstName, lastName, password: newPassword, acceptTerms: "on" },
      on401: "throw",
    });
    adoptUpstreamSignIn(context, answer.data);
    return redirectWithToast(context, AFTER_JOIN_PATH, "success", translateSuccess(answer, t, t("referral:join.messages.welcome", { name: firstName })));
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = problemOf(error, t);
    if (problem) return data({ reply: submission.reply({ hideFields: SECRET_FIELDS }), problem }, { status: 400 });
    notifyUpstreamError(context, error, t);
    // The API's field is `password`; the form's is `newPassword`.
    const { password, ...fieldErrors } = upstreamFieldErrors(error, t);
    if (password) fieldErrors.newPassword = password;
    return data({ reply: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), problem: null as JoinProblem | null }, { status: 400 });
  }
}
