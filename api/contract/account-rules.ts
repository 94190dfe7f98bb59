/**
 * The account rules of spec §5 as plain functions, patterns and message keys, no zod: the password rules and
 * the two-factor code formats. The API's schemas (./account.ts, which re-exports all of this) and the browser's
 * checks (app/lib/form-checks.ts, the checklist of new-password-fields.tsx) use the same ones.
 */
/** Message keys of the password rules (validation namespace, locales/<lng>/validation.json). */
export const PASSWORD_RULES = {
  tooShort: "validation.password.tooShort",
  uppercase: "validation.password.uppercase",
  lowercase: "validation.password.lowercase",
  digit: "validation.password.digit",
  spaces: "validation.password.spaces",
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;
export const PASSWORD_MISMATCH = "validation.password.mismatch";
/** Spec §5/§9: "more than 8 characters". */
export const PASSWORD_MIN_EXCLUSIVE = 8;
export const PASSWORD_MAX = 1024;

/** Every rule the password breaks, in a stable order (empty when it is acceptable). For live checklists. */
export function passwordProblems(password: string): PasswordRule[] {
  const out: PasswordRule[] = [];
  if ([...password].length <= PASSWORD_MIN_EXCLUSIVE) out.push("tooShort");
  if (!/\p{Lu}/u.test(password)) out.push("uppercase");
  if (!/\p{Ll}/u.test(password)) out.push("lowercase");
  if (!/[0-9]/.test(password)) out.push("digit");
  if (/\s/u.test(password)) out.push("spaces");
  return out;
}

/** A code of the authenticator app (RFC 6238: six digits), and one of the recovery codes handed out with it. */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}$/;
