/**
 * Payouts (issue 19 part B; spec §3 Invoice of payouts: number, period, amount, payout date; §8 'Payout request
 * error'). Plain constants, no zod: the browser and the contract (./payouts.ts) import them.
 */
import type { Role } from "./roles.ts";

/** The payouts page and calls: provider users only (spec §2: the hidden sidebar entry "payouts, providerUsers only"). */
export const PAYOUT_ROLES = ["providerUsers"] as const satisfies readonly Role[];
/** A payout is paid this many days after it is requested (the weekly payout run). */
export const PAYOUT_DELAY_DAYS = 7;
export const PAYOUT_STATUSES = ["open", "paid"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
