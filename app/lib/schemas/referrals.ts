/**
 * Refer a friend's forms (app/lib/referrals.server.ts parses them with parse-form.server): the contract's rules on the
 * form's strings. Server only (zod).
 */
import { z } from "zod";
import { V } from "../../../api/contract/rules.ts";
import { email, personName } from "../../../api/contract/validation.ts";
import { PASSWORD_MISMATCH, newPasswordShape } from "../../../api/contract/account.ts";
import { acceptTermsField, joinToken, newPasswordField } from "../../../api/contract/referral-join.ts";

export const inviteFormSchema = z.object({ intent: z.literal("invite"), email: email() });

export const claimFormSchema = z.object({
  intent: z.literal("claim"),
  code: z.string({ error: V.required }).trim().min(1, V.required).max(24, V.maxLength).regex(/^[A-Za-z0-9]+$/, V.invalid),
});

/**
 * /join (joining from a referral invitation, app/routes/public/join.tsx): the names, a new password and its
 * confirmation under the password rules of spec §5 (the set-password schema's), the consent checkbox, and the
 * link's token. The API checks the same again (api/contract/referral-join.ts) without the confirmation.
 */
export const joinFormSchema = z
  .object({
    token: joinToken(),
    firstName: personName(true),
    lastName: personName(true),
    newPassword: newPasswordField(),
    passwordConfirm: newPasswordShape.passwordConfirm,
    acceptTerms: acceptTermsField(),
  })
  .superRefine((value, ctx) => {
    if (value.passwordConfirm.length === 0) ctx.addIssue({ code: "custom", message: V.required, path: ["passwordConfirm"], input: value.passwordConfirm });
    else if (value.passwordConfirm !== value.newPassword) ctx.addIssue({ code: "custom", message: PASSWORD_MISMATCH, path: ["passwordConfirm"], input: value.passwordConfirm });
  });
