/**
 * Joining from a referral invitation (contract api/contract/referral-join.ts): the one way a new person gets a
 * patient account. The invitation (api/routes/referrals.ts) mails a single-use join link; its token is a
 * user_tokens row of kind referral_join (the inviter's user id, the friend's address as `new_email`, SHA-256 only).
 *   GET  /actions/referrals/join/check?token=…  whether the link can still be used, and for which address
 *   POST /actions/referrals/join                 the account: an active, confirmed patient, the referral joined,
 *                                                the token spent, and the new patient signed in (as login does)
 */
import { Router, type Request } from "express";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ApiCode } from "../contract/codes.ts";
import { joinCheckQuerySchema, joinRequestSchema, joinToken } from "../contract/referral-join.ts";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { patients, referrals, userTokens, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { hashPassword } from "../domain/password.ts";
import { LIMITS, accountSubject, ipSubject, reserve, type Reservation } from "../domain/ratelimit.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, ok, fieldCode } from "../http/errors.ts";
import { parseBody, parseQuery } from "../http/validate.ts";
import { findToken } from "./account.ts";
import { grantSession } from "./session.ts";
import { isUniqueViolation } from "../db/errors.ts";

const LINK_PROBLEMS = { invalid: "join.linkInvalid", used: "join.linkUsed", expired: "join.linkExpired" } as const satisfies Record<string, ApiCode>;
type LinkProblem = keyof typeof LINK_PROBLEMS;

const linkError = (reason: LinkProblem) => new ApiError(400, LINK_PROBLEMS[reason], { data: { reason }, fields: fieldCode("token", LINK_PROBLEMS[reason]) });
const joinTokenSchema = z.looseObject({ token: joinToken() });
const accountExists = () => new ApiError(409, "join.accountExists");

const hasAccount = async (db: Db, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1)).length > 0;

/**
 * The link's token, if it can still be used: its row and the invited address. Unusable links count against the
 * IP (a usable one hands its attempt back); a usable one then counts against its address.
 */
async function usableLink(req: Request, token: string, action: string): Promise<{ id: number; inviterId: number; email: string; attempt: Reservation }> {
  const { db } = req.deps;
  const ipAttempt = await reserve(req, [{ policy: LIMITS.joinIp, subject: ipSubject(req) }], { audit: { action } });
  const found = await findToken(db, token, ["referral_join"]);
  if (!found.ok || !found.row.newEmail) {
    const reason: LinkProblem = found.ok ? "invalid" : found.reason;
    await audit(req, { action, outcome: "failure", meta: { reason } });
    throw linkError(reason);
  }
  await ipAttempt.release();
  const email = found.row.newEmail.toLowerCase();
  const attempt = await reserve(req, [{ policy: LIMITS.joinAddress, subject: accountSubject(email) }], { audit: { action } });
  return { id: found.row.id, inviterId: found.row.userId, email, attempt };
}

export function referralJoinRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /actions/referrals/join/check", async (req, res) => {
    const { token } = parseQuery(req, joinCheckQuerySchema);
    const link = await usableLink(req, token, "referral.join.check");
    // A check never counts against the address (the page opens it each time it shows the form).
    await link.attempt.release();
    if (await hasAccount(req.deps.db, link.email)) throw accountExists();
    ok(res, { email: link.email });
  });

  endpoint(router, "POST /actions/referrals/join", async (req, res) => {
    const { db } = req.deps;
    // The link first: every attempt with a usable link then counts against its address, a refused form included.
    const link = await usableLink(req, parseBody(req, joinTokenSchema).token, "referral.join");
    const input = parseBody(req, joinRequestSchema);
    if (await hasAccount(db, link.email)) {
      await audit(req, { action: "referral.join", outcome: "failure", meta: { reason: "account_exists" } });
      throw accountExists();
    }
    const passwordHash = await hashPassword(input.password);
    const locale = /^es\b/i.test(req.get("accept-language") ?? "") ? "es-US" : "en-US";
    let joined: { userId: number; referralId: number } | "used" | "exists";
    try {
      joined = await db.transaction(async (tx) => {
        const now = new Date();
        // Single use: of two requests racing with one link, only one wins this conditional update.
        const spent = await tx
          .update(userTokens)
          .set({ usedAt: now })
          .where(and(eq(userTokens.id, link.id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
          .returning({ id: userTokens.id });
        if (spent.length === 0) return "used" as const;
        const [user] = await tx
          .insert(users)
          .values({
            email: link.email,
            role: "patients",
            userStatus: "active",
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            passwordChangedAt: now,
            // The link reached the mailbox: the address is confirmed.
            emailVerifiedAt: now,
            locale,
          })
          .returning({ id: users.id });
        await tx.insert(patients).values({ userId: user.id });
        // The invitation becomes the new patient's (state joined), as POST /api/v1/patient/referrals/claim does.
        const [linked] = await tx
          .update(referrals)
          .set({ friendUserId: user.id, joinedAt: now })
          .where(and(eq(referrals.referrerId, link.inviterId), eq(referrals.email, link.email), isNull(referrals.friendUserId)))
          .returning({ id: referrals.id });
        const referralId =
          linked?.id ??
          (await tx.insert(referrals).values({ referrerId: link.inviterId, email: link.email, friendUserId: user.id, joinedAt: now }).returning({ id: referrals.id }))[0].id;
        return { userId: user.id, referralId };
      });
    } catch (error) {
      // An account with the address made between the check above and the insert (the unique lower(email) index).
      if (!isUniqueViolation(error)) throw error;
      joined = "exists";
    }
    if (joined === "used") throw linkError("used");
    if (joined === "exists") throw accountExists();
    await link.attempt.release();
    await audit(req, { action: "referral.join", actorId: joined.userId, entityType: "referral", entityId: joined.referralId, meta: { termsAccepted: true } });
    await grantSession(req, res, { id: joined.userId, role: "patients" }, "referral_join", { code: "join.welcome", params: { name: input.firstName } });
  });

  return router;
}
