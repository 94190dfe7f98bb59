import { parseWithZod } from "~/lib/parse-form.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { suggestEmail } from "../../api/contract/email-suggest.ts";
import {
  isSecurityIntent,
  type AccountSecurityData,
  type SecurityActionData,
  type SecurityIntent,
  type TotpSetup,
} from "../components/account-security/types.ts";
import { getT } from "./i18n.server.ts";
import { readOwnProfile } from "./profile.server.ts";
import { changeEmailSchema, changePasswordSchema, revokeSessionSchema, totpConfirmSchema, totpDisableSchema } from "./schemas/auth.ts";
import { getWebSession } from "./session.server.ts";
import { errorToastMessage, notify, notifyUpstreamError, redirectWithToast } from "./toast.server.ts";
import { translateUpstream, type UpstreamNotice } from "./upstream-messages.ts";
import type { ApiCode } from "../../api/contract/codes.ts";
import { getUpstream, MALFORMED_ANSWER, upstreamFieldErrors, UpstreamError, type BodyOf } from "./upstream.server.ts";
import { readForm } from "./csrf.server.ts";

/**
 * The account security panel's server side (issue 5), shared by /patient/account/security, /staff/profile
 * and /manager/profile: what the panel shows (loader) and its forms (one action, one `intent` per form).
 * Every form works as a plain HTML post: a failure re-renders the page with that form's errors and input
 * (never a password or a code), a finished change redirects back with a toast.
 *
 * Upstream calls (api/contract/account.ts): GET /api/v1/profile (email), GET /api/v1/users/get-auth-methods,
 * GET /api/v1/users/sessions; POST /api/v1/users/update-password, PUT /api/v1/profile { user: { email } },
 * GET /api/v1/users/get-totp-secret, POST /api/v1/users/verify-totp, POST /api/v1/users/disable-totp,
 * POST /api/v1/users/sessions/{id}/revoke, POST /api/v1/users/sessions/revoke-others.
 */

type Context = Readonly<RouterContextProvider>;

/**
 * The calls of the public account-security pages (forgot password, set password, confirm email;
 * api/contract/account.ts): those pages reach the upstream only through these.
 */
export const passwordResetApi = {
  sendResetLink: (context: Context, body: { loginName: string }) => getUpstream(context).call("POST /actions/users/send-password-reset-email", { body }),
  /** Read-only: whether the link can still set a password (a used, expired or broken one is a 400 with `data.reason`). */
  checkLink: (context: Context, body: { code: string; id: string }) => getUpstream(context).call("POST /actions/users/check-reset-link", { body }),
  setPassword: (context: Context, body: BodyOf<"POST /actions/users/set-password">) => getUpstream(context).call("POST /actions/users/set-password", { body }),
  confirmEmail: (context: Context, body: { code: string }) => getUpstream(context).call("POST /actions/users/confirm-email", { body }),
};

/** Settled upstream reads: a redirect (the session ended) goes on; any other failure is a toast and null. */
function settled<T>(context: Context, result: PromiseSettledResult<T>): T | null {
  if (result.status === "fulfilled") return result.value;
  if (result.reason instanceof Response) throw result.reason;
  notifyUpstreamError(context, result.reason, getT(context));
  return null;
}

export async function loadAccountSecurity(context: Context): Promise<AccountSecurityData> {
  const upstream = getUpstream(context);
  const [profile, methods, sessions] = await Promise.allSettled([
    readOwnProfile(context), // shared with the account layout: one call per request
    upstream.call("GET /api/v1/users/get-auth-methods"),
    upstream.call("GET /api/v1/users/sessions"),
  ]);
  const p = settled(context, profile) ?? null;
  return {
    email: p?.email ?? null,
    utcOffsetMinutes: p?.utcOffsetMinutes ?? 0,
    authMethods: settled(context, methods)?.data ?? null,
    sessions:
      settled(context, sessions)?.data.sessions.map(({ id, createdAt, lastSeenAt, ip, userAgent, current }) => ({ id, createdAt, lastSeenAt, ip, userAgent, current })) ??
      null,
  };
}

/** The fields a reply never sends back into the page. */
const SECRETS = ["currentPassword", "newPassword", "passwordConfirm", "password", "code"];

/** Section anchors of the panel (ids in app/components/account-security/security-panel.tsx). */
const SECTION: Record<SecurityIntent, string> = {
  "change-password": "password",
  "change-email": "email",
  "totp-start": "two-factor",
  "totp-confirm": "two-factor",
  "totp-disable": "two-factor",
  "revoke-session": "sessions",
  "revoke-others": "sessions",
};

const answer = (body: SecurityActionData, status = 200) => data(body, { status });

/** An upstream failure of one form: field errors beside the fields, anything else above the form and in a toast. */
function failed(context: Context, intent: SecurityIntent, reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>, error: unknown, extra: Partial<SecurityActionData> = {}) {
  if (!(error instanceof UpstreamError)) throw error;
  const t = getT(context);
  const fieldErrors = upstreamFieldErrors(error, t);
  const message = errorToastMessage(error, t);
  notify(context, "error", message);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return answer({ intent, reply: reply({ fieldErrors, formErrors: hasFieldErrors ? [] : [message] }), ...extra }, error.status === 429 ? 429 : 400);
}

const SECRET_PATTERN = /^[A-Z2-7]{16,128}=*$/;
const QR_PREFIX = "data:image/svg+xml;base64,";

/** The upstream's QR code as an image URL, if it is an SVG document at all (else the key alone is shown). */
function qrImage(svg: string): string {
  const body = svg.trim();
  if (!/^(<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(body) || body.length > 150_000) return "";
  return QR_PREFIX + Buffer.from(body, "utf8").toString("base64");
}

/** The setup carried back by the confirm form's hidden fields, if it is well-formed. */
function setupFrom(formData: FormData): TotpSetup | null {
  const secret = String(formData.get("setupSecret") ?? "");
  const otpauthUrl = String(formData.get("setupUri") ?? "");
  const qr = String(formData.get("setupQr") ?? "");
  if (!SECRET_PATTERN.test(secret) || !otpauthUrl.startsWith("otpauth://totp/") || otpauthUrl.length > 1000) return null;
  const qrOk = qr === "" || (qr.startsWith(QR_PREFIX) && qr.length <= 200_000 && /^[A-Za-z0-9+/]*={0,2}$/.test(qr.slice(QR_PREFIX.length)));
  return { secret, otpauthUrl, qr: qrOk ? qr : "" };
}

/**
 * The panel's action. `path` is the page it is mounted on; finished changes redirect there (to the
 * section's anchor) with the upstream's message as a toast, in the user's language.
 */
export async function accountSecurityAction({ request, context }: { request: Request; context: Context }, path: string) {
  const t = getT(context);
  const upstream = getUpstream(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (!isSecurityIntent(intent)) throw data(null, { status: 400, statusText: "Unknown intent" });
  /** The answer's text; `fallback` when it said nothing (code "ok", no message). */
  const done = (notice: UpstreamNotice, fallback?: ApiCode) =>
    redirectWithToast(context, `${path}#${SECTION[intent]}`, "success", translateUpstream(notice.code === "ok" && !notice.message && fallback ? { code: fallback, message: "" } : notice, t));

  switch (intent) {
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") return answer({ intent, reply: submission.reply({ hideFields: SECRETS }) }, 400);
      try {
        const response = await upstream.call("POST /api/v1/users/update-password", { body: submission.value });
        return done(response, "account.passwordChanged");
      } catch (error) {
        return failed(context, intent, (o) => submission.reply({ ...o, hideFields: SECRETS }), error);
      }
    }

    case "change-email": {
      const submission = parseWithZod(formData, { schema: changeEmailSchema });
      if (submission.status !== "success") return answer({ intent, reply: submission.reply() }, 400);
      const { email, keepTypo } = submission.value;
      // Spec §5: a likely typo of a common provider's domain is questioned before any link goes out.
      const suggested = keepTypo ? null : suggestEmail(email);
      if (suggested) return answer({ intent, reply: submission.reply(), suggestion: { typed: email, suggested } });
      try {
        const { data: profile } = await upstream.call("GET /api/v1/profile");
        if (profile.email.toLowerCase() === email.toLowerCase()) {
          return answer({ intent, reply: submission.reply({ fieldErrors: { email: [t("security:email.same")] } }) }, 400);
        }
        await upstream.call("PUT /api/v1/profile", { body: { user: { email } } });
        return answer({ intent, reply: submission.reply({ resetForm: true }), emailSentTo: email });
      } catch (error) {
        return failed(context, intent, (o) => submission.reply(o), error);
      }
    }

    case "totp-start": {
      try {
        const { data: secret } = await upstream.call("GET /api/v1/users/get-totp-secret");
        return answer({ intent, setup: { secret: secret.secret, otpauthUrl: secret.otpauthUrl, qr: qrImage(secret.qrSvg) } });
      } catch (error) {
        notifyUpstreamError(context, error, t);
        return answer({ intent }, error instanceof UpstreamError && error.status === 429 ? 429 : 400);
      }
    }

    case "totp-confirm": {
      const setup = setupFrom(formData);
      const submission = parseWithZod(formData, { schema: totpConfirmSchema });
      if (!setup) {
        // Without the setup the code cannot be matched to a QR code the user saw: start again.
        notify(context, "error", t("security:upstream.totpNoSetup"));
        return answer({ intent }, 400);
      }
      if (submission.status !== "success") return answer({ intent, reply: submission.reply({ hideFields: SECRETS }), setup }, 400);
      try {
        const response = await upstream.call("POST /api/v1/users/verify-totp", { body: { code: submission.value.code } });
        // verify-totp's other answer (a sign-in's) does not belong to the enrolment: a contract break.
        if (!("recoveryCodes" in response.data)) throw new UpstreamError(502, "The upstream's answer does not match the contract.", undefined, MALFORMED_ANSWER);
        return answer({ intent, recoveryCodes: response.data.recoveryCodes });
      } catch (error) {
        return failed(context, intent, (o) => submission.reply({ ...o, hideFields: SECRETS }), error, { setup });
      }
    }

    case "totp-disable": {
      const submission = parseWithZod(formData, { schema: totpDisableSchema });
      if (submission.status !== "success") return answer({ intent, reply: submission.reply({ hideFields: SECRETS }) }, 400);
      const { code, password } = submission.value;
      try {
        const response = await upstream.call("POST /api/v1/users/disable-totp", { body: code !== undefined ? { code } : { password } });
        return done(response, "account.totpOff");
      } catch (error) {
        return failed(context, intent, (o) => submission.reply({ ...o, hideFields: SECRETS }), error);
      }
    }

    case "revoke-session": {
      const submission = parseWithZod(formData, { schema: revokeSessionSchema });
      if (submission.status !== "success") return answer({ intent, reply: submission.reply() }, 400);
      try {
        const response = await upstream.call("POST /api/v1/users/sessions/:id/revoke", { params: { id: submission.value.sessionId } });
        if (response.data.current) {
          // This browser's own session: that is a sign-out.
          getWebSession(context).signOut();
          upstream.resetSessionInfo();
          return redirectWithToast(context, "/login", "success", translateUpstream(response, t));
        }
        return done(response, "account.sessionSignedOut");
      } catch (error) {
        return failed(context, intent, (o) => submission.reply(o), error);
      }
    }

    case "revoke-others": {
      try {
        const response = await upstream.call("POST /api/v1/users/sessions/revoke-others");
        return done(response);
      } catch (error) {
        notifyUpstreamError(context, error, t);
        return answer({ intent }, 400);
      }
    }
  }
}
