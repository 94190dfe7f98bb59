import { z } from "zod";
import { email, V } from "../../../api/contract/validation.ts";

/**
 * Form schemas of the sign-in and password pages, shared by the browser (conform validates as you type) and
 * the server (the action parses with the same schema). Messages are i18n keys ("validation.*" from the API's
 * shared rules, "common.*" from the web), translated where they are shown.
 */
const redirectTo = z.string().max(1000).optional();

export const passwordSignInSchema = z.object({
  intent: z.literal("password"),
  email: email(),
  password: z.string({ error: V.required }).min(1, V.required).max(1024, V.maxLength),
  redirectTo,
});

export const totpSignInSchema = z.object({
  intent: z.literal("totp"),
  code: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .regex(/^[0-9]{6}$/, "validation.totpCode"),
  redirectTo,
});

export const signInSchema = z.discriminatedUnion("intent", [passwordSignInSchema, totpSignInSchema]);

/**
 * The password-reset forms use the API's own schemas (api/contract/account.ts), so the rules and messages
 * are the same in the browser, the web action and the API: { loginName } and { code, id, newPassword,
 * passwordConfirm } (spec §5 password rules, each failing rule listed).
 */
export { sendPasswordResetRequestSchema as forgotPasswordSchema, setPasswordRequestSchema as setPasswordSchema } from "../../../api/contract/account.ts";
