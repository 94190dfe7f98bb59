/**
 * Refer a friend (issue 18; contract api/contract/referrals.ts, rules api/contract/referral-rules.ts).
 *
 * A patient's code is `patients.referral_code` (made on first use when missing). There is no general self sign-up: a
 * friend invited by email joins from the invitation's link (api/routes/referral-join.ts: the account, and the
 * invitation becomes theirs); a patient who got an account another way types the code on their own refer-a-friend
 * page (before their first paid order). An invitation is a row (state invited) for an address that is not yet an account;
 * the friend's claim links it (joined); the rule below makes it qualified.
 *
 * The rule of spec §9, enforced by the ledger: when the friend's paid orders reach $99 (the sum of
 * `amount_paid_cents` of the paid invoices of their orders — a voided or refunded invoice is no longer `paid` and
 * never counts), the referral qualifies once (a conditional update) and each of the two gets a $20 credit, once (the
 * credits' unique keys `referral:<id>:referrer|friend`). The commerce core's createInvoice takes open credits off the
 * next invoice. Idempotent: call it as often as you like after a charge succeeded.
 */
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rows } from "../db/client.ts";
import { accountCredits, patients, referrals, users } from "../db/schema.ts";
import { REFERRAL_RULES, type ReferralState } from "../contract/referral-rules.ts";
import type { ReferralFriend, ReferralSummary } from "../contract/referrals.ts";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The patient's code, made and stored on first use when the patient has none. */
export async function referralCodeOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ code: patients.referralCode }).from(patients).where(eq(patients.userId, userId));
  if (row?.code) return row.code;
  for (;;) {
    const code = "R" + Array.from({ length: 7 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
    const [taken] = await db.select({ id: patients.userId }).from(patients).where(eq(patients.referralCode, code)).limit(1);
    if (taken) continue;
    await db.update(patients).set({ referralCode: code }).where(and(eq(patients.userId, userId), isNull(patients.referralCode)));
    const [after] = await db.select({ code: patients.referralCode }).from(patients).where(eq(patients.userId, userId));
    return after!.code!;
  }
}

export const stateOf = (r: { friendUserId: number | null; qualifiedAt: Date | null }): ReferralState =>
  r.qualifiedAt ? "qualified" : r.friendUserId ? "joined" : "invited";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Friends listed: at most this many, newest first (an inviter's list is short; invites are rate limited). */
const FRIENDS_MAX = 200;

export async function loadReferrals(db: Db, userId: number): Promise<ReferralSummary> {
  const [code, friends, credits, mine] = await Promise.all([
    referralCodeOf(db, userId),
    db.select().from(referrals).where(eq(referrals.referrerId, userId)).orderBy(desc(referrals.id)).limit(FRIENDS_MAX),
    rows<{ earned: number; available: number }>(
      db,
      sql`SELECT coalesce(sum(amount_cents), 0)::int AS earned,
                 coalesce(sum(amount_cents) FILTER (WHERE applied_invoice_id IS NULL), 0)::int AS available
            FROM account_credits WHERE user_id = ${userId}`,
    ),
    db.select().from(referrals).where(eq(referrals.friendUserId, userId)).limit(1),
  ]);
  return {
    code,
    creditCents: REFERRAL_RULES.creditCents,
    thresholdCents: REFERRAL_RULES.thresholdCents,
    earnedCents: credits[0]?.earned ?? 0,
    availableCents: credits[0]?.available ?? 0,
    friends: friends.map(
      (r): ReferralFriend => ({ id: r.id, email: r.email, state: stateOf(r), invitedAt: iso(r.invitedAt), joinedAt: iso(r.joinedAt), qualifiedAt: iso(r.qualifiedAt) }),
    ),
    referredBy: mine[0] ? { state: mine[0].qualifiedAt ? "qualified" : "joined" } : null,
  };
}

/** The patient's credit not used yet (cents): what createInvoice takes off their next invoice. */
export async function openCreditCents(db: Db, userId: number): Promise<number> {
  const [row] = await rows<{ open: number }>(
    db,
    sql`SELECT coalesce(sum(amount_cents), 0)::int AS open FROM account_credits WHERE user_id = ${userId} AND applied_invoice_id IS NULL`,
  );
  return row?.open ?? 0;
}

export type InviteProblem = "referral.selfInvite" | "referral.alreadyPatient" | "referral.alreadyInvited";

/** Records an invitation to `email` (lower-cased), or says why not (nothing stored). */
export async function recordInvite(db: Db, userId: number, rawEmail: string): Promise<{ ok: true; id: number } | { ok: false; code: InviteProblem }> {
  const email = rawEmail.trim().toLowerCase();
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (me && me.email.toLowerCase() === email) return { ok: false, code: "referral.selfInvite" };
  const [account] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (account) return { ok: false, code: "referral.alreadyPatient" };
  const [row] = await db.insert(referrals).values({ referrerId: userId, email, invitedAt: new Date() }).onConflictDoNothing().returning({ id: referrals.id });
  if (!row) return { ok: false, code: "referral.alreadyInvited" };
  return { ok: true, id: row.id };
}

export type ClaimProblem = "referral.unknownCode" | "referral.ownCode" | "referral.alreadyReferred" | "referral.tooLate";

/** The friend's side: links this patient to the code's owner (their invitation to this address if any). */
export async function claimCode(db: Db, friendUserId: number, code: string): Promise<{ ok: true; id: number } | { ok: false; code: ClaimProblem }> {
  const [owner] = await db
    .select({ userId: patients.userId })
    .from(patients)
    .where(eq(patients.referralCode, code.trim().toUpperCase()))
    .orderBy(asc(patients.userId))
    .limit(1);
  if (!owner) return { ok: false, code: "referral.unknownCode" };
  if (owner.userId === friendUserId) return { ok: false, code: "referral.ownCode" };
  const [already] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.friendUserId, friendUserId)).limit(1);
  if (already) return { ok: false, code: "referral.alreadyReferred" };
  if ((await paidOrderCents(db, friendUserId)) > 0) return { ok: false, code: "referral.tooLate" };
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, friendUserId));
  const email = me!.email.toLowerCase();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [linked] = await tx
      .update(referrals)
      .set({ friendUserId, joinedAt: now })
      .where(and(eq(referrals.referrerId, owner.userId), eq(referrals.email, email), isNull(referrals.friendUserId)))
      .returning({ id: referrals.id });
    if (linked) return { ok: true as const, id: linked.id };
    const [row] = await tx
      .insert(referrals)
      .values({ referrerId: owner.userId, email, friendUserId, joinedAt: now })
      .onConflictDoNothing()
      .returning({ id: referrals.id });
    if (!row) return { ok: false as const, code: "referral.alreadyReferred" as const };
    return { ok: true as const, id: row.id };
  });
}

/** What the patient has paid for their orders: paid invoices only (voided, refunded, unpaid ones never count). */
export async function paidOrderCents(db: Db, userId: number): Promise<number> {
  const [row] = await rows<{ cents: number }>(
    db,
    sql`SELECT coalesce(sum(i.amount_paid_cents), 0)::int AS cents
          FROM invoices i
         WHERE i.user_id = ${userId} AND i.status = 'paid'
           AND EXISTS (SELECT 1 FROM orders o WHERE o.invoice_id = i.id AND o.patient_id = ${userId})`,
  );
  return row?.cents ?? 0;
}

/** The sum that counts toward the threshold: paid invoices only (a voided or refunded one never counts). */
export function paidTowardReferral(invoiceRows: readonly { status: string; amountPaidCents: number }[]): number {
  return invoiceRows.filter((i) => i.status === "paid").reduce((sum, i) => sum + i.amountPaidCents, 0);
}

/** The rule's decision, pure: credit now, or why not. */
export function referralDecision(r: { referrerId: number; friendUserId: number | null; qualifiedAt: Date | null } | undefined, paidCents: number): "credit" | "notReferred" | "self" | "done" | "notDue" {
  if (!r || r.friendUserId === null) return "notReferred";
  if (r.referrerId === r.friendUserId) return "self";
  if (r.qualifiedAt) return "done";
  return paidCents >= REFERRAL_RULES.thresholdCents ? "credit" : "notDue";
}

/**
 * The rule of §9 for this friend: when their paid orders reach the threshold, the referral qualifies and both get
 * their credit, once. Answers whether this call did it (false: not due, not referred, or done before).
 */
export async function creditReferralIfDue(db: Db, friendUserId: number): Promise<boolean> {
  const [referral] = await db.select().from(referrals).where(eq(referrals.friendUserId, friendUserId)).limit(1);
  if (!referral || referral.qualifiedAt) return false;
  if (referralDecision(referral, await paidOrderCents(db, friendUserId)) !== "credit") return false;
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(referrals)
      .set({ qualifiedAt: new Date() })
      .where(and(eq(referrals.id, referral.id), isNull(referrals.qualifiedAt)))
      .returning({ id: referrals.id });
    if (!done) return false;
    await tx
      .insert(accountCredits)
      .values([
        { userId: referral.referrerId, amountCents: REFERRAL_RULES.creditCents, reason: "referral", referralId: referral.id, idempotencyKey: `referral:${referral.id}:referrer` },
        { userId: friendUserId, amountCents: REFERRAL_RULES.creditCents, reason: "referral", referralId: referral.id, idempotencyKey: `referral:${referral.id}:friend` },
      ])
      .onConflictDoNothing();
    return true;
  });
}
