/**
 * Refer a friend (issue 18; contract api/contract/referrals.ts, the rule api/domain/referrals.ts):
 *   GET  /api/v1/patient/referrals           the patient's code, friends and credit
 *   POST /api/v1/patient/referrals/invites   invite an address (rate limited; mail in the inviter's language)
 *   POST /api/v1/patient/referrals/claim     the friend enters a code
 * Registered before the patient record's routes: /api/v1/patient/referrals is not a patient id.
 */
import { Router, type Request } from "express";
import { eq } from "drizzle-orm";
import { claimRequestSchema, inviteRequestSchema } from "../contract/referrals.ts";
import { REFERRAL_RULES } from "../contract/referral-rules.ts";
import { userTokens, users } from "../db/schema.ts";
import { JOIN_PATH, JOIN_TTL_MS } from "../contract/referral-join.ts";
import { randomToken, sha256 } from "../http/session.ts";
import { audit } from "../domain/audit.ts";
import { deliverLater, renderMail, sendMail, type MailLocale } from "../domain/mail.ts";
import { reserve, type Policy } from "../domain/ratelimit.ts";
import { claimCode, loadReferrals, recordInvite, referralCodeOf } from "../domain/referrals.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";

export const INVITES: Policy = { name: "referral-invite:user", max: REFERRAL_RULES.invitesPerHour, windowSeconds: 3600 };

function me(req: Request): number {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user.id;
}

export function referralRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/referrals", async (req, res) => {
    ok(res, await loadReferrals(req.deps.db, me(req)));
  });

  endpoint(router, "POST /api/v1/patient/referrals/invites", async (req, res) => {
    const userId = me(req);
    const input = parseBody(req, inviteRequestSchema);
    const { db, config, logger } = req.deps;
    // Every attempt counts (a refused address too): the form cannot be used to probe which addresses have accounts.
    await reserve(req, [{ policy: INVITES, subject: String(userId) }], { audit: { action: "referral.invite", actorId: userId } });
    const outcome = await recordInvite(db, userId, input.email);
    if (!outcome.ok) throw new ApiError(409, outcome.code);
    await audit(req, { action: "referral.invite", entityType: "referral", entityId: outcome.id });
    const [u] = await db.select({ firstName: users.firstName, fullName: users.fullName, locale: users.locale }).from(users).where(eq(users.id, userId));
    const code = await referralCodeOf(db, userId);
    const locale = (u?.locale ?? "en-US") as MailLocale;
    const deps = { db, config, logger };
    const link = `${config.publicUrl}/patient/refer-friend?code=${encodeURIComponent(code)}`;
    const to = input.email.trim().toLowerCase();
    // The friend's way in (api/routes/referral-join.ts): a single-use join link, 14 days; only its hash is stored.
    const token = randomToken(32);
    await db.insert(userTokens).values({ userId, kind: "referral_join", tokenHash: sha256(token), newEmail: to, expiresAt: new Date(Date.now() + JOIN_TTL_MS) });
    const joinLink = `${config.publicUrl}${JOIN_PATH}?token=${token}`;
    deliverLater(deps, () => sendMail(deps, { to, ...renderMail("referralInvite", locale, { inviter: u?.fullName || u?.firstName || "", code, link, joinLink }) }));
    ok(res, await loadReferrals(db, userId), { code: "referral.invited", params: { email: to } });
  });

  endpoint(router, "POST /api/v1/patient/referrals/claim", async (req, res) => {
    const userId = me(req);
    const input = parseBody(req, claimRequestSchema);
    const outcome = await claimCode(req.deps.db, userId, input.code);
    if (!outcome.ok) throw new ApiError(409, outcome.code);
    await audit(req, { action: "referral.claim", entityType: "referral", entityId: outcome.id });
    ok(res, await loadReferrals(req.deps.db, userId), "referral.joined");
  });

  return router;
}
