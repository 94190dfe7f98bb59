import { z } from "zod";
import {
  confirmEmailRequestSchema,
  disableTotpRequestSchema,
  sendPasswordResetRequestSchema,
  setPasswordRequestSchema,
  updatePasswordRequestSchema,
  verifyEmailRequestSchema,
  verifyTotpRequestSchema,
} from "../../../api/contract/account.ts";
import { email, V } from "../../../api/contract/validation.ts";

/**
 * Form schemas of the sign-in, password and account-security pages, parsed by the web's actions. Wherever the
 * API has the rule, the API's own schema is used (api/contract/account.ts), so the rules and messages are the
 * same in the web action and the API. Server only: the browser checks the same rules without zod
 * (app/lib/form-checks.ts), held to these schemas by tests/unit/form-checks.test.ts. Messages are i18n keys ("validation.*" from the API's shared
 * rules), translated where they are shown.
 */
const redirectTo = z.string().max(1000).optional();

/** The 6-digit authenticator code and the recovery code, exactly as verify-totp checks them. */
const totpCode = verifyTotpRequestSchema.shape.code.unwrap();
const recoveryCode = verifyTotpRequestSchema.shape.recoveryCode.unwrap();

export const passwordSignInSchema = z.object({
  intent: z.literal("password"),
  email: email(),
  password: z.string({ error: V.required }).min(1, V.required).max(1024, V.maxLength),
  redirectTo,
});

/** The two-factor step of sign-in: a code from the authenticator app… */
export const totpSignInSchema = z.object({ intent: z.literal("totp"), code: totpCode, redirectTo });
/** …or one of the recovery codes handed out when two-factor authentication was turned on. */
export const recoverySignInSchema = z.object({ intent: z.literal("recovery"), recoveryCode, redirectTo });

export const signInSchema = z.discriminatedUnion("intent", [passwordSignInSchema, totpSignInSchema, recoverySignInSchema]);
export type SignInStep = z.infer<typeof signInSchema>["intent"];

/**
 * The password-reset forms: { loginName } and { code, id, newPassword, passwordConfirm } (spec §5 password
 * rules, each failing rule listed with its own message).
 */
export { sendPasswordResetRequestSchema as forgotPasswordSchema, setPasswordRequestSchema as setPasswordSchema };

/** /confirm-email: the code of the emailed link, posted by the page's button. */
export { confirmEmailRequestSchema as confirmEmailSchema };

// ---- Account security (app/components/account-security, app/lib/account-security.server.ts) ----

/** Change password: { currentPassword, newPassword, passwordConfirm } under the same rules. */
export { updatePasswordRequestSchema as changePasswordSchema };

/**
 * Change email: { email } as verify-email / PUT /api/v1/profile { user: { email } } check it, plus
 * `keepTypo`, set when the user keeps an address the "Did you mean…?" suggestion questioned.
 */
export const changeEmailSchema = verifyEmailRequestSchema.extend({ keepTypo: z.literal("1").optional() });

/** Confirm the two-factor setup with a code from the new secret. */
export const totpConfirmSchema = z.object({ code: totpCode });

/** Turn two-factor authentication off: a current code, or the account password. */
export { disableTotpRequestSchema as totpDisableSchema };

/** Sign out one session (the id from GET /api/v1/users/sessions). */
export const revokeSessionSchema = z.object({ sessionId: z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid) });
