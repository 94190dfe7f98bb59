/**
 * Contract of refer a friend (issue 18; plain rules ./referral-rules.ts; routes api/routes/referrals.ts; the rule
 * and the ledger api/domain/referrals.ts, credits applied by the commerce core's createInvoice).
 *
 * | call                                   | who                  | body / data                                      |
 * |----------------------------------------|----------------------|--------------------------------------------------|
 * | GET  /api/v1/patient/referrals         | patients (their own) | ReferralSummary                                  |
 * | POST /api/v1/patient/referrals/invites | patients             | { email } → ReferralSummary; rate limited; mail  |
 * | POST /api/v1/patient/referrals/claim   | patients             | { code } → ReferralSummary (the friend's side)   |
 *
 * The invitation mails the friend a single-use join link: joining (the account, signed in) is
 * api/contract/referral-join.ts.
 *
 * Refused (409, nothing stored): an invite to one's own address or to an existing account's address, the same
 * address twice; a code that is unknown, one's own, a second code, or a code after one's first paid order.
 */
import { z } from "zod";
import { email } from "./validation.ts";
import { V } from "./rules.ts";
import { REFERRAL_RULES } from "./referral-rules.ts";

export const referralFriendSchema = z.object({
  id: z.number().int(),
  /** The address invited (the friend's own); a friend who claimed the code without an invite shows it too. */
  email: z.string(),
  state: z.enum(["invited", "joined", "qualified"]),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
  qualifiedAt: z.string().nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralSummarySchema = z.object({
  code: z.string(),
  creditCents: z.number().int(),
  thresholdCents: z.number().int(),
  /** Credits earned (referrals, all time) and those not yet used on an invoice. */
  earnedCents: z.number().int(),
  availableCents: z.number().int(),
  friends: z.array(referralFriendSchema),
  /** The code this patient joined with, if any (their referrer's). */
  referredBy: z.object({ state: z.enum(["joined", "qualified"]) }).nullable(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const inviteRequestSchema = z.object({ email: email() }).strict();
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const claimRequestSchema = z
  .object({
    code: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .max(REFERRAL_RULES.codeMaxLength, V.maxLength)
      .regex(/^[A-Za-z0-9]+$/, V.invalid),
  })
  .strict();
export type ClaimRequest = z.input<typeof claimRequestSchema>;
