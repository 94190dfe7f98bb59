/** Session info, sign-in (with the TOTP step), sign-out: spec §4 Login, §7 Session and users. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { parse as parseCookie } from "cookie";
import { eq, sql } from "drizzle-orm";
import { loginRequestSchema, verifyTotpRequestSchema } from "../contract/users.ts";
import { users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { dummyHash, verifyPassword } from "../domain/password.ts";
import { knownDeviceExempt, loginCounters, rememberDevice, reserve, totpCounters } from "../domain/ratelimit.ts";
import { claimTotpCode, confirmTotpEnrolment, invalidCode, useRecoveryCode } from "./account-totp.ts";
import { loadSessionSummary } from "./profile.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, ok, fieldCode, type Notice } from "../http/errors.ts";
import {
  GUEST_COOKIE,
  SESSION_COOKIE,
  cookieOptions,
  csrfTokenFor,
  randomToken,
  revokeSession,
  startSession,
} from "../http/session.ts";
import { parseBody } from "../http/validate.ts";
import type { UserRole } from "../contract/roles.ts";
import type { ApiCode } from "../contract/codes.ts";

export const MFA_COOKIE = "th_mfa";
const MFA_TTL_MS = 5 * 60 * 1000;

function signMfa(secret: string, userId: number, expires: number): string {
  const body = `${userId}.${expires}`;
  return body + "." + createHmac("sha256", secret).update("mfa:" + body).digest("base64url");
}

function readMfa(secret: string, value: string | undefined): number | null {
  if (!value) return null;
  const [id, expires, mac] = value.split(".");
  if (!id || !expires || !mac) return null;
  const expected = Buffer.from(signMfa(secret, Number(id), Number(expires)).split(".")[2]);
  const got = Buffer.from(mac);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return null;
  if (Number(expires) < Date.now()) return null;
  return Number(id);
}

/** Signs the user in: a new session (cookie) and the login call's answer. Also the join call's (referral-join.ts). */
export async function grantSession(req: Request, res: Response, user: { id: number; role: UserRole }, method: string, notice: ApiCode | Notice = "auth.signedIn") {
  // A new session id at every sign-in; the session the browser came with (if any) ends.
  if (req.auth.sessionId) await revokeSession(req.deps.db, req.auth.sessionId, "replaced");
  const { csrfBinding } = await startSession(req, res, user);
  res.clearCookie(MFA_COOKIE, { path: "/" });
  // This browser may pass the global per-account rate limits later (ratelimit.ts, known devices).
  rememberDevice(req, res, user.id);
  await audit(req, { action: "auth.login", actorId: user.id, meta: { method } });
  ok(res, { id: user.id, groups: [user.role], csrfTokenValue: csrfTokenFor(req.deps.config.sessionSecret, csrfBinding) }, notice);
}

export function sessionRoutes(): Router {
  const router = Router();

  endpoint(router, "POST /api/v1/users/session-info", async (req, res) => {
    const { config } = req.deps;
    let binding = req.auth.csrfBinding;
    if (!binding) {
      const nonce = randomToken(24);
      res.cookie(GUEST_COOKIE, nonce, cookieOptions(config));
      binding = "g:" + nonce;
    }
    ok(res, {
      id: req.auth.user?.id ?? null,
      isGuest: req.auth.user === null,
      groups: req.auth.user ? [req.auth.user.role] : [],
      csrfTokenValue: csrfTokenFor(config.sessionSecret, binding),
      sessionEnded: req.auth.sessionEnded,
      // The layouts' profile fields, when asked ({ "summary": true }): a page then needs no GET /api/v1/profile.
      ...((req.body as { summary?: unknown } | undefined)?.summary === true
        ? { summary: req.auth.user ? await loadSessionSummary(req.deps.db, req.auth.user.id, req.auth.user.role) : null }
        : {}),
    });
  });

  endpoint(router, "POST /actions/users/login", async (req, res) => {
    const input = parseBody(req, loginRequestSchema);
    const { db, config } = req.deps;
    const [user] = await db
      .select({ id: users.id, role: users.role, hash: users.passwordHash, status: users.userStatus, totp: users.totpEnabled })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.loginName.toLowerCase()))
      .limit(1);
    // Failed sign-ins are limited per account+IP, per IP and per account (ratelimit.ts); a right
    // password hands its attempt back, so successful sign-ins never count.
    const attempt = await reserve(req, loginCounters(req, input.loginName), {
      exempt: knownDeviceExempt(req, user?.id),
      audit: { action: "auth.login", actorId: user?.id ?? null },
    });
    // Same work and the same answer whether the account exists or not (no user enumeration).
    const valid = await verifyPassword(user?.hash ?? (await dummyHash()), input.password);
    if (!user || !user.hash || !valid || user.status !== "active") {
      await audit(req, { action: "auth.login", actorId: user?.id ?? null, outcome: "failure" });
      throw new ApiError(400, "auth.invalidLogin");
    }
    await attempt.release();
    if (user.totp) {
      res.cookie(MFA_COOKIE, signMfa(config.sessionSecret, user.id, Date.now() + MFA_TTL_MS), cookieOptions(config, MFA_TTL_MS / 1000));
      await audit(req, { action: "auth.login.challenge", actorId: user.id });
      ok(res, { authMethod: "totp" }, "auth.enterCode");
      return;
    }
    await grantSession(req, res, user, "password");
  });

  endpoint(router, "POST /api/v1/users/verify-totp", async (req, res) => {
    const { db, config } = req.deps;
    const userId = readMfa(config.sessionSecret, parseCookie(req.headers.cookie ?? "")[MFA_COOKIE]);
    if (userId === null) {
      // No sign-in pending: a signed-in user confirms a TOTP enrolment (account-totp.ts).
      if (req.auth.user) return confirmTotpEnrolment(req, res);
      throw new ApiError(400, "auth.signInExpired");
    }
    const input = parseBody(req, verifyTotpRequestSchema);
    const [user] = await db
      .select({ id: users.id, role: users.role, secret: users.totpSecretEnc, lastStep: users.totpLastStep, status: users.userStatus })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || !user.secret || user.status !== "active") throw new ApiError(400, "auth.signInExpired");
    const attempt = await reserve(req, totpCounters(req, user.id), { exempt: knownDeviceExempt(req, user.id), audit: { action: "auth.totp", actorId: user.id } });
    if (input.recoveryCode !== undefined) {
      // A recovery code instead of a TOTP code: single use.
      if (!(await useRecoveryCode(db, user.id, input.recoveryCode))) {
        await audit(req, { action: "auth.totp", actorId: user.id, outcome: "failure", meta: { method: "recovery_code" } });
        throw new ApiError(400, "auth.invalidCode", { fields: fieldCode("recoveryCode", "auth.invalidCode") });
      }
      await attempt.release();
      await grantSession(req, res, user, "recovery_code");
      return;
    }
    // Single use within the window: claimTotpCode's conditional update lets only one request win a step.
    const step = await claimTotpCode(db, user.id, user.secret, config.keys, input.code ?? "", user.lastStep);
    if (step === null) {
      await audit(req, { action: "auth.totp", actorId: user.id, outcome: "failure" });
      throw invalidCode();
    }
    await attempt.release();
    await grantSession(req, res, user, "totp");
  });

  endpoint(router, "POST /actions/users/logout", async (req, res) => {
    if (req.auth.sessionId) {
      await revokeSession(req.deps.db, req.auth.sessionId, "logout");
      await audit(req, { action: "auth.logout" });
    }
    res.clearCookie(SESSION_COOKIE, { path: "/" });
    ok(res, null, "auth.signedOut");
  });

  return router;
}
