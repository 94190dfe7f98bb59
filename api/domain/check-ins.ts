/**
 * Check-ins (issue 14/15; spec §3 Check-in form, §4 approval: approved, pending, declined): the state machine, the
 * questionnaire (defined as data in api/contract/check-in-rules.ts so the pages render the same list; re-exported
 * here) and the renewal rule.
 *
 * A check-in is requested (by a reviewer, or before a renewal), answered by its patient, then reviewed:
 *
 *   requested ──answer──▶ answered ──approve──▶ approved   (final)
 *                                  └─decline──▶ declined   (final; a note is required)
 *
 * - answer: only a requested check-in (not completed, approval pending). Answering twice is refused
 *   (`checkIns.alreadyAnswered`); a reviewed one too (`checkIns.alreadyReviewed`).
 * - approve / decline: only an answered check-in still pending. Before the answers: `checkIns.notAnswered`;
 *   after a review: `checkIns.alreadyReviewed`. Approved and declined are final: a new check-in is requested instead.
 * A refused transition answers 409 with its code (api/contract/codes.ts).
 *
 * Answering with a weight also records a weight entry (weight_entries, source "patient") dated that day, so the
 * progress pages show it.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { checkInStatus, type CheckInApproval, type CheckInStatus } from "../contract/check-in-rules.ts";
import type { Db } from "../db/client.ts";
import { checkIns } from "../db/schema.ts";

export { WEIGHT_LOSS_CHECK_IN, validateCheckInAnswers, checkInStatus } from "../contract/check-in-rules.ts";

export const CHECK_IN_ACTIONS = ["answer", "approve", "decline"] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

export type CheckInRefusal = "checkIns.alreadyAnswered" | "checkIns.alreadyReviewed" | "checkIns.notAnswered";
export type CheckInTransition = { ok: true; to: CheckInStatus } | { ok: false; code: CheckInRefusal };

/** The allowed transitions: action → from → to. */
export const CHECK_IN_TRANSITIONS: Record<CheckInAction, Partial<Record<CheckInStatus, CheckInStatus>>> = {
  answer: { requested: "answered" },
  approve: { answered: "approved" },
  decline: { answered: "declined" },
};

/** Apply an action to a check-in in status `from`. */
export function checkInTransition(action: CheckInAction, from: CheckInStatus): CheckInTransition {
  const to = CHECK_IN_TRANSITIONS[action][from];
  if (to) return { ok: true, to };
  if (from === "approved" || from === "declined") return { ok: false, code: "checkIns.alreadyReviewed" };
  if (action === "answer") return { ok: false, code: "checkIns.alreadyAnswered" };
  return { ok: false, code: "checkIns.notAnswered" };
}

/** The actions allowed now (the pages offer only these). */
export function allowedCheckInActions(from: CheckInStatus): CheckInAction[] {
  return CHECK_IN_ACTIONS.filter((a) => CHECK_IN_TRANSITIONS[a][from] !== undefined);
}

/** The approval a review writes. */
export const approvalOf = (action: "approve" | "decline"): CheckInApproval => (action === "approve" ? "approved" : "declined");

export const statusOfRow = (row: { completedAt: Date | null; approval: CheckInApproval }): CheckInStatus => checkInStatus(row);

/** The newest approved check-in of a subscription (by review time), or null. */
export async function latestApprovedCheckIn(db: Db, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.subscriptionId, subscriptionId), eq(checkIns.approval, "approved"), isNotNull(checkIns.completedAt)))
    .orderBy(desc(checkIns.reviewedAt), desc(checkIns.id))
    .limit(1);
  return row ?? null;
}

/**
 * For the subscriptions issue: a renewal of a weight-loss plan waits for an approved check-in. It may proceed when
 * the subscription's newest approved check-in was reviewed after `since` (the previous renewal or the start of the
 * plan); otherwise it waits (`checkInApproved` false), and the caller requests a check-in.
 */
export async function renewalMayProceed(db: Db, subscriptionId: number, since: Date): Promise<{ ok: boolean; checkInId: number | null }> {
  const latest = await latestApprovedCheckIn(db, subscriptionId);
  if (!latest || !latest.reviewedAt || latest.reviewedAt < since) return { ok: false, checkInId: latest?.id ?? null };
  return { ok: true, checkInId: latest.id };
}
