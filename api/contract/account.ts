/**
 * Contract of the account-security calls (spec §4 login/reset/set-password, §5 password rules, §7 users
 * calls): password reset and change, two-factor authentication (TOTP, RFC 6238) with recovery codes, email
 * verification and change, the signed-in user's sessions, and the development outbox.
 *
 * Shared with the web: its actions parse forms with these schemas, with the same messages as the API (the
 * browser checks the same rules from ./account-rules.ts, without zod), and the response types are the `data`
 * of each call's `{ message, data }` envelope.
 *
 * Errors common to these calls (the `{ message, data? }` failure body of ARCHITECTURE §5):
 *   400  invalid input — `data.errors` maps each field to its messages (every failing password rule listed);
 *        or a business refusal with a clear `message` (expired link, wrong current password, wrong code…)
 *   401  not signed in (calls that need a user)
 *   403  CSRF token missing or invalid (every POST/PUT)
 *   429  too many attempts — `message` "Too many attempts. Try again in N minutes.", `data.retryAfter`
 *        (seconds) and the `Retry-After` header
 */
import { z } from "zod";
import { email, V } from "./validation.ts";
import { PASSWORD_MAX, PASSWORD_MISMATCH, PASSWORD_RULES, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN, passwordProblems } from "./account-rules.ts";

// The rules themselves are plain functions and constants the browser may import without zod (./account-rules.ts).
export * from "./account-rules.ts";

const passwordField = () => z.string({ error: V.required }).max(PASSWORD_MAX, V.maxLength);

/** The fields of a new password and its confirmation. */
export const newPasswordShape = { newPassword: passwordField(), passwordConfirm: passwordField() };

type PasswordPair = { newPassword: string; passwordConfirm: string };

/** The password rules of spec §5 as one check: every failing rule is reported, each with its own message. */
export function checkPasswordRules(value: PasswordPair, ctx: z.core.$RefinementCtx<PasswordPair>): void {
  const { newPassword, passwordConfirm } = value;
  if (newPassword.length === 0) {
    ctx.addIssue({ code: "custom", message: V.required, path: ["newPassword"], input: newPassword });
  } else if (newPassword.length <= PASSWORD_MAX) {
    for (const rule of passwordProblems(newPassword)) {
      ctx.addIssue({ code: "custom", message: PASSWORD_RULES[rule], path: ["newPassword"], input: newPassword });
    }
  }
  if (passwordConfirm.length === 0) {
    ctx.addIssue({ code: "custom", message: V.required, path: ["passwordConfirm"], input: passwordConfirm });
  } else if (passwordConfirm !== newPassword) {
    ctx.addIssue({ code: "custom", message: PASSWORD_MISMATCH, path: ["passwordConfirm"], input: passwordConfirm });
  }
}

/**
 * THE password schema (spec §5), for every form that sets a password: { newPassword, passwordConfirm }.
 * More than 8 characters, an uppercase letter, a lowercase letter, a digit, no spaces, confirmation matches.
 * `withPasswordRules(extra)` adds other fields (the reset code, the current password) under the same rules.
 */
export function withPasswordRules<S extends z.core.$ZodLooseShape>(extra: S) {
  return z.object({ ...extra, ...newPasswordShape }).superRefine((value, ctx) => checkPasswordRules(value as unknown as PasswordPair, ctx as never));
}
export const newPasswordSchema = withPasswordRules({});
export type NewPassword = z.infer<typeof newPasswordSchema>;

/** The single-use token of an emailed link (base64url, 43 characters as issued). */
const linkCode = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(200, V.maxLength)
    .regex(/^[A-Za-z0-9_-]+$/, V.invalid);

/**
 * POST /actions/users/send-password-reset-email — guest or signed in; CSRF.
 * Always 200 with the same message (and `data: null`) whether or not the account exists. When it exists
 * (and is active or pending) a link `${PUBLIC_URL}/set-password?code=<token>&id=<userId>` is mailed in the
 * user's language; it works once, for 1 hour, and asking again voids the earlier links.
 * Errors: 400 (loginName missing or not an email), 429 (5 an hour per address, 20 an hour per IP).
 */
export const sendPasswordResetRequestSchema = z.object({ loginName: email() });
export const SET_PASSWORD_PATH = "/set-password";

/**
 * POST /actions/users/set-password — guest or signed in; CSRF. `code` and `id` come from the link.
 * Success: 200, `data: null`; the password is set, the link is used up and EVERY session of the user ends
 * (the web then shows /password-changed and the user signs in again).
 * Errors: 400 with `data.errors` (password rules, confirmation, code missing); 400 with `data.reason`
 * "invalid" | "used" | "expired" and `data.errors.code` for a link that cannot be used;
 * 429 (10 unusable links per IP in 15 minutes).
 */
export const setPasswordRequestSchema = withPasswordRules({
  code: linkCode(),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).optional()),
});
/**
 * POST /actions/users/check-reset-link — guest or signed in; CSRF. Read-only: says whether the link of a reset
 * mail can still set a password, without using it up, so that the page can say a used or expired link on
 * opening it rather than after the new password is typed. A POST so that the code never sits in a URL the API
 * logs. Success: 200, `data: null`. Errors: 400 with `data.reason` and `data.errors.code` as set-password;
 * 429 (the same limit on unusable links per IP as set-password, which this shares).
 */
export const checkResetLinkRequestSchema = z.object({
  code: linkCode(),
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).optional()),
});

export const linkProblemSchema = z.object({
  reason: z.enum(["invalid", "used", "expired"]),
  errors: z.record(z.string(), z.array(z.string())),
});

/**
 * POST /api/v1/users/update-password — signed in; CSRF.
 * Success: 200, `data: null`; every OTHER session of the user ends, this one stays.
 * Errors: 400 with `data.errors` (rules; `currentPassword` "The current password is not correct");
 * 429 (5 wrong current passwords in 15 minutes).
 */
export const updatePasswordRequestSchema = withPasswordRules({
  currentPassword: z.string({ error: V.required }).min(1, V.required).max(PASSWORD_MAX, V.maxLength),
});

/**
 * GET /api/v1/users/get-totp-secret — signed in. Creates a new pending secret (stored encrypted; the
 * enabled one, if any, is untouched) and returns it for the authenticator app. Confirm it with verify-totp.
 * Errors: 400 when two-factor authentication is already on (turn it off first).
 */
export const totpSecretSchema = z.object({
  /** Base32 secret, for manual entry. */
  secret: z.string(),
  /** otpauth://totp/… URI (issuer, account email, SHA1, 6 digits, 30 s). */
  otpauthUrl: z.string(),
  /** The otpauthUrl as a QR code, an <svg> document rendered on the server. */
  qrSvg: z.string(),
});

/** A recovery code as handed out: 12 letters/digits in groups of four ("abcd-efgh-jkmn"). */

export const RECOVERY_CODE_COUNT = 10;
const totpCode = () => z.string({ error: V.required }).trim().min(1, V.required).regex(TOTP_CODE_PATTERN, V.totpCode);
const recoveryCode = () => z.string({ error: V.required }).trim().min(1, V.required).regex(RECOVERY_CODE_PATTERN, V.recoveryCode);

/**
 * POST /api/v1/users/verify-totp — CSRF. Two uses:
 *  1. completing a sign-in (the th_mfa cookie from login is present): { code } or { recoveryCode }; success is
 *     the login success (`loginSuccessSchema` of users.ts), a recovery code is used up;
 *  2. confirming an enrolment (signed in, no pending sign-in): { code } from the secret of get-totp-secret;
 *     success `totpEnabledSchema` — the 10 recovery codes are shown this once only.
 * Errors: 400 "Invalid code." (`data.errors.code`), 400 "Your sign-in has expired. Please sign in again." (no
 * pending sign-in and not signed in), 400 when there is no pending secret to confirm, 429 (5 wrong codes per
 * account and IP in 5 minutes; 20 per account an hour).
 */
export const verifyTotpRequestSchema = z
  .object({ code: totpCode().optional(), recoveryCode: recoveryCode().optional() })
  .superRefine((v, ctx) => {
    if (v.code === undefined && v.recoveryCode === undefined) ctx.addIssue({ code: "custom", message: V.required, path: ["code"], input: v.code });
  });
export const totpEnabledSchema = z.object({
  totp: z.literal(true),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** GET /api/v1/users/get-auth-methods — signed in. */
export const authMethodsSchema = z.object({
  password: z.boolean(),
  totp: z.boolean(),
  /** Unused recovery codes (0 when two-factor authentication is off). */
  recoveryCodesLeft: z.number().int(),
});

/**
 * POST /api/v1/users/disable-totp — signed in; CSRF. { code } (a current authenticator code) or
 * { password } (the account password). Success 200, `data: null`; the secret and recovery codes are deleted.
 * Errors: 400 (neither given; wrong code; wrong password; already off), 429 (as verify-totp / update-password).
 */
export const disableTotpRequestSchema = z
  .object({
    code: totpCode().optional(),
    password: z.string().max(PASSWORD_MAX, V.maxLength).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.code === undefined && !v.password) ctx.addIssue({ code: "custom", message: V.codeOrPassword, path: ["code"], input: v.code });
  });

/**
 * POST /api/v1/users/verify-email — signed in; CSRF. { email }:
 *  - the current address: mails a link that marks it verified (nothing is sent when it already is);
 *  - another address: starts an email change, exactly like PUT /api/v1/profile { user: { email } }: a link is
 *    mailed to the NEW address, and the email stays unchanged until the link is opened.
 * Always the same answer for a new address, whether or not another account uses it (that account's owner
 * is told by mail instead). Link: `${PUBLIC_URL}/confirm-email?code=<token>`, valid 24 hours, single use.
 * Success: 200, `emailRequestSchema`. Errors: 400 (not an email), 429 (5 an hour per user, 20 per IP).
 */
export const verifyEmailRequestSchema = z.object({ email: email() });
export const CONFIRM_EMAIL_PATH = "/confirm-email";
export const emailRequestSchema = z.object({
  /** "verify": link sent to the current address; "change": link sent to the new one; "verified": nothing to do. */
  kind: z.enum(["verify", "change", "verified"]),
  email: z.string(),
});

/**
 * POST /actions/users/confirm-email — guest or signed in; CSRF. { code } from the link.
 * Success: 200 `confirmEmailSchema` (the account's email after the change, now verified; the old address
 * is told by mail). Errors: 400 with `data.reason` invalid | used | expired, or "This email address cannot
 * be used." when another account took it meanwhile; 429 (10 unusable links per IP in 15 minutes).
 */
export const confirmEmailRequestSchema = z.object({ code: linkCode() });
export const confirmEmailSchema = z.object({ email: z.string(), changed: z.boolean() });
export type ConfirmEmailResult = z.infer<typeof confirmEmailSchema>;

/** GET /api/v1/users/sessions — signed in. The caller's live sessions, most recently used first. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export const userSessionsSchema = z.object({ sessions: z.array(userSessionSchema) });

/**
 * POST /api/v1/users/sessions/{id}/revoke — signed in; CSRF. Ends one of the caller's sessions (the current
 * one too: that is a sign-out). Success `{ revoked: 1, current }`. Errors: 404 for a session that is not the
 * caller's, or already ended.
 * POST /api/v1/users/sessions/revoke-others — signed in; CSRF. Ends every other session of the caller.
 * Success `{ revoked: n, current: false }`.
 */
export const revokeSessionsSchema = z.object({ revoked: z.number().int(), current: z.boolean() });

/**
 * GET /api/v1/dev/outbox — the mails "sent" on the embedded default, newest first (`?to=` filters by
 * recipient). Development only: 404 in production, when SMTP_URL is set, and to callers that are not on
 * the loopback interface (the mails hold reset links). Any role may call it where it exists.
 */
export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  transport: z.enum(["outbox", "smtp"]),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export const outboxSchema = z.object({ messages: z.array(outboxItemSchema) });

/** 429 body: `{ message: "Too many attempts. Try again in N minutes.", data: { retryAfter } }`. */
export const rateLimitedSchema = z.object({ message: z.string(), data: z.object({ retryAfter: z.number().int() }) });
