/**
 * Refer a friend, plain rules the browser may import (issue 18; spec §9: "$20 off for both when the friend spends
 * $99 or more"). Contract api/contract/referrals.ts, the rule api/domain/referrals.ts.
 */
export const REFERRAL_RULES = {
  /** Each of the two gets this much, once per referral. */
  creditCents: 2000,
  /** The friend's paid orders must reach this (sum of paid invoices of their orders; voided/refunded never count). */
  thresholdCents: 9900,
  /** Invitations a patient may send per hour (api/domain/ratelimit.ts). */
  invitesPerHour: 10,
  /** A code: letters and digits. */
  codeMaxLength: 24,
} as const;

export type ReferralState = "invited" | "joined" | "qualified";

/** A code as typed: trimmed, upper-cased; null if it cannot be a code. */
export function normalizeReferralCode(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9]{3,24}$/.test(code) ? code : null;
}
