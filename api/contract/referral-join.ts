/**
 * Contract of joining from a referral invitation (our decision where the spec is silent: the spec's route list has
 * no sign-up page, and there is no general self sign-up; the one way in for a new person is the join link of a
 * patient's invitation). Routes api/routes/referral-join.ts; the invitation api/routes/referrals.ts.
 *
 * | call                                    | who    | body / data                                                   |
 * |-----------------------------------------|--------|---------------------------------------------------------------|
 * | GET  /actions/referrals/join/check?token=… | anyone | JoinCheck { email } (the address the invitation was sent to) |
 * | POST /actions/referrals/join            | anyone | JoinRequest → the login call's answer, and its session cookie |
 *
 * The token is the one of the invitation mail's link `${PUBLIC_URL}/join?token=…` (a user_tokens row of kind
 * referral_join: only its SHA-256 stored, single use, 14 days). POST needs the CSRF token (as the login call does).
 *
 * Refusals (stable codes, API_MESSAGES):
 *   400 join.linkInvalid / join.linkUsed / join.linkExpired (`data.reason` invalid | used | expired, as a reset link)
 *   409 join.accountExists — an account with the invitation's address was made meanwhile (nothing stored)
 *   400 common.invalidFields — names missing or not names, a password that breaks a rule (every failing rule
 *       listed, `validation.password.*`), the terms and telehealth consent not accepted (`validation.joinConsent`)
 *   429 ratelimit.tooMany — per IP (set-password's 10 / 15 min for unusable links) and per invited address
 */
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_RULES, passwordProblems } from "./account-rules.ts";
import { personName } from "./validation.ts";
import { V } from "./rules.ts";

/** The join link's path on the web (the mail links `${PUBLIC_URL}${JOIN_PATH}?token=…`). */
export const JOIN_PATH = "/join";
/** How long a join link works. */
export const JOIN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The single-use token of the link (base64url, 43 characters as issued). */
export const joinToken = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(200, V.maxLength)
    .regex(/^[A-Za-z0-9_-]+$/, V.invalid);

/**
 * A new password under spec §5's rules, every failing rule its own message — checked on the field itself, so that
 * the rules are reported with the other fields' errors in one answer (an object's refinement waits for its fields).
 */
export const newPasswordField = () =>
  z
    .string({ error: V.required })
    .max(PASSWORD_MAX, V.maxLength)
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: "custom", message: V.required, input: value });
      // A password over the maximum has that one message (as set-password's).
      else if (value.length <= PASSWORD_MAX) for (const rule of passwordProblems(value)) ctx.addIssue({ code: "custom", message: PASSWORD_RULES[rule], input: value });
    });

export const joinCheckQuerySchema = z.object({ token: joinToken() });

export const joinCheckSchema = z.object({
  /** The address the invitation was sent to: the new account's email. */
  email: z.string(),
});
export type JoinCheck = z.infer<typeof joinCheckSchema>;

/** The terms and the telehealth consent accepted: a checkbox ("on", or true from a JSON client). */
export const acceptTermsField = () =>
  z.preprocess((v) => (v === undefined || v === null ? "" : v === true ? "on" : v), z.enum(["on", "true"], { error: V.joinConsent })).meta({
    description: "\"on\": the new patient accepts the terms and conditions and the telehealth consent",
  });

export const joinRequestSchema = z
  .object({
    token: joinToken(),
    firstName: personName(true),
    lastName: personName(true),
    /** Spec §5's password rules, each failing rule its own message (as set-password). */
    password: newPasswordField(),
    acceptTerms: acceptTermsField(),
  })
  .strict();
export type JoinRequest = z.input<typeof joinRequestSchema>;
