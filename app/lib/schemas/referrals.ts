/**
 * Refer a friend's forms (app/lib/referrals.server.ts parses them with parse-form.server): the contract's rules on the
 * form's strings. Server only (zod).
 */
import { z } from "zod";
import { V } from "../../../api/contract/rules.ts";
import { email } from "../../../api/contract/validation.ts";

export const inviteFormSchema = z.object({ intent: z.literal("invite"), email: email() });

export const claimFormSchema = z.object({
  intent: z.literal("claim"),
  code: z.string({ error: V.required }).trim().min(1, V.required).max(24, V.maxLength).regex(/^[A-Za-z0-9]+$/, V.invalid),
});
