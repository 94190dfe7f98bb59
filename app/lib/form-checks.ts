import { parse, type Submission } from "@conform-to/react";
import {
  PASSWORD_MAX,
  PASSWORD_MISMATCH,
  PASSWORD_RULES,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  passwordProblems,
} from "../../api/contract/account-rules.ts";
import { V, maxLengthMessage } from "../../api/contract/rules.ts";

/**
 * The browser's checks of a form, without zod (ARCHITECTURE §8: zod alone was 28.8 KB of every form page).
 * The server parses every post with the contract's zod schema and stays the judge. These checks only tell the
 * user sooner, as they leave a field, with the same message keys. They are built from the same plain rules
 * (api/contract/account-rules.ts, rules.ts…), and tests/unit/form-checks.test.ts runs each page's checks
 * and its schema over the same inputs and requires the same messages.
 *
 * How the schemas behave, and so these checks: an empty field is missing ("required", and nothing else is
 * checked in it), unless it is `optional` (then it is not checked at all); the steps of a field run in order,
 * every check of a step runs, and a step that finds something ends the field (as zod's checks add up and a `.pipe()` stops); a form's `refine` (the rules
 * across fields, a zod `superRefine`) runs only when no field is missing.
 *
 * A check returns the message key(s) of what is wrong with a field's value, or null.
 */
export type Check = (value: string, values: Record<string, string>) => string | readonly string[] | null;
export type FormChecks = {
  fields: Record<string, readonly (readonly Check[])[]>;
  optional?: readonly string[];
  refine?: (values: Record<string, string>) => Record<string, readonly string[]>;
};

/**
 * conform's `onValidate` with these checks: `onValidate: ({ formData }) => checkForm(formData, CHECKS)`. `Value`
 * is the form's shape for conform's field names; the value itself is only ever checked on the server.
 */
export function checkForm<Value = Record<string, unknown>>(formData: FormData, checks: FormChecks): Submission<Value, string[]> {
  return parse<Value, string[]>(formData, {
    resolve(payload) {
      const values: Record<string, string> = {};
      for (const name of Object.keys(checks.fields)) values[name] = typeof payload[name] === "string" ? payload[name] : "";
      const error: Record<string, string[]> = {};
      let missing = false;
      for (const [name, steps] of Object.entries(checks.fields)) {
        if (values[name] === "") {
          if (checks.optional?.includes(name)) continue;
          error[name] = [V.required];
          missing = true;
          continue;
        }
        for (const step of steps) {
          const found = step.flatMap((check) => check(values[name], values) ?? []);
          if (found.length > 0) {
            error[name] = found;
            break;
          }
        }
      }
      if (!missing && checks.refine) {
        for (const [name, messages] of Object.entries(checks.refine(values))) if (messages.length > 0) (error[name] ??= []).push(...messages);
      }
      return Object.keys(error).length > 0 ? { error } : { value: payload as Value };
    },
  });
}

/** Not empty once spaces are trimmed. */
export const notBlank: Check = (value) => (value.trim() === "" ? V.required : null);

/** At most `max` characters (after trimming, as the schemas trim; `trim` false for a password); the message says `max`. */
export const maxLength =
  (max: number, trim = true): Check =>
  (value) =>
    (trim ? value.trim() : value).length > max ? maxLengthMessage(max) : null;

/** zod's own email pattern (z.regexes.email; tests/unit/form-checks.test.ts keeps the two the same). */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character, so that the test can compare them
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Matches `pattern` (after trimming), else `message`. */
export const matches =
  (pattern: RegExp, message: string): Check =>
  (value) =>
    pattern.test(value.trim()) ? null : message;

/** An email address as the contract's `email()` checks it: not blank and at most 254 characters, then an address. */
export const EMAIL = [[notBlank, maxLength(254)], [matches(EMAIL_PATTERN, V.email)]] as const;

/** A new password and its confirmation (spec §5): every failing rule its own message; then the two must match. */
const PASSWORD_FIELD = [[maxLength(PASSWORD_MAX, false)]] as const;
export function passwordRules(values: Record<string, string>): Record<string, string[]> {
  const { newPassword = "", passwordConfirm = "" } = values;
  return {
    newPassword: newPassword.length <= PASSWORD_MAX ? passwordProblems(newPassword).map((rule) => PASSWORD_RULES[rule]) : [],
    passwordConfirm: passwordConfirm !== newPassword ? [PASSWORD_MISMATCH] : [],
  };
}

// ---- The sign-in and password-reset pages (their schemas: app/lib/schemas/auth.ts) ----

/** /login, the password step: `passwordSignInSchema`. */
export const SIGN_IN_CHECKS: FormChecks = { fields: { email: EMAIL, password: [[maxLength(PASSWORD_MAX, false)]] } };
/** /login, the authenticator-code step: `totpSignInSchema`. */
export const TOTP_SIGN_IN_CHECKS: FormChecks = { fields: { code: [[notBlank, matches(TOTP_CODE_PATTERN, V.totpCode)]] } };
/** /login, the recovery-code step: `recoverySignInSchema`. */
export const RECOVERY_SIGN_IN_CHECKS: FormChecks = { fields: { recoveryCode: [[notBlank, matches(RECOVERY_CODE_PATTERN, V.recoveryCode)]] } };
/** /forgot-password: `forgotPasswordSchema`. */
export const FORGOT_PASSWORD_CHECKS: FormChecks = { fields: { loginName: EMAIL } };
/** /set-password (the link's code and id are the server's to judge): `setPasswordSchema`. */
export const SET_PASSWORD_CHECKS: FormChecks = { fields: { newPassword: PASSWORD_FIELD, passwordConfirm: PASSWORD_FIELD }, refine: passwordRules };

// ---- Account security (app/components/account-security; schemas: app/lib/schemas/auth.ts) ----

const TOTP_CODE = [[notBlank, matches(TOTP_CODE_PATTERN, V.totpCode)]] as const;

/** Change password: `changePasswordSchema` (the current password, then a new one under the rules). */
export const CHANGE_PASSWORD_CHECKS: FormChecks = {
  fields: { currentPassword: PASSWORD_FIELD, newPassword: PASSWORD_FIELD, passwordConfirm: PASSWORD_FIELD },
  refine: passwordRules,
};
/** Change email: `changeEmailSchema`. */
export const CHANGE_EMAIL_CHECKS: FormChecks = { fields: { email: EMAIL } };
/** Confirm the two-factor setup: `totpConfirmSchema`. */
export const TOTP_CONFIRM_CHECKS: FormChecks = { fields: { code: TOTP_CODE } };
/** Turn two-factor authentication off with a current code or the password: `totpDisableSchema`. */
export const TOTP_DISABLE_CHECKS: FormChecks = {
  fields: { code: TOTP_CODE, password: PASSWORD_FIELD },
  optional: ["code", "password"],
  refine: ({ code, password }) => ({ code: code === "" && password === "" ? [V.codeOrPassword] : [] }),
};
