/**
 * Account security (spec §4 reset / set-password, §5, §7 users calls): password reset by emailed link,
 * password change, email verification and change (confirmed from the new address), the user's sessions,
 * and the development outbox. Two-factor authentication lives in account-totp.ts.
 * Contract: api/contract/account.ts. Rate limits: api/domain/ratelimit.ts.
 */
import type { ApiCode } from "../contract/codes.ts";
import { Router, type Request } from "express";
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  CONFIRM_EMAIL_PATH,
  SET_PASSWORD_PATH,
  confirmEmailRequestSchema,
  outboxQuerySchema,
  sendPasswordResetRequestSchema,
  setPasswordRequestSchema,
  checkResetLinkRequestSchema,
  updatePasswordRequestSchema,
  verifyEmailRequestSchema,
} from "../contract/account.ts";
import { idParam } from "../contract/common.ts";
import type { Db } from "../db/client.ts";
import { emailOutbox, sessions, userTokens, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { deliverLater, renderMail, sendMail, type MailDeps, type MailLocale } from "../domain/mail.ts";
import { hashPassword, verifyPassword } from "../domain/password.ts";
import { LIMITS, accountSubject, clearLoginFailures, ipSubject, reserve } from "../domain/ratelimit.ts";
import type { AuthUser } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, notFound, ok, unauthorized, fieldCode, type Notice } from "../http/errors.ts";
import { SESSION_COOKIE, randomToken, revokeAllSessions, revokeSession, sha256 } from "../http/session.ts";
import { parseBody, parseParams, parseQuery } from "../http/validate.ts";
import { totpRoutes } from "./account-totp.ts";
import { z } from "zod";
import { isUniqueViolation } from "../db/errors.ts";

type TokenKind = (typeof userTokens.$inferSelect)["kind"];

const RESET_TTL_MS = 60 * 60 * 1000;
const EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

const LINK_PROBLEMS = {
  invalid: "account.linkInvalid",
  used: "account.linkUsed",
  expired: "account.linkExpired",
} as const satisfies Record<string, ApiCode>;
type LinkProblem = keyof typeof LINK_PROBLEMS;

const linkError = (reason: LinkProblem) => new ApiError(400, LINK_PROBLEMS[reason], { data: { reason }, fields: fieldCode("code", LINK_PROBLEMS[reason]) });

export function me(req: Request): AuthUser {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

// ---- Emailed single-use tokens (user_tokens: only the SHA-256 of the token is stored). ----

/** Issues a token of this kind for the user; earlier unused ones of the same kind stop working. */
export async function issueToken(db: Db, userId: number, kind: TokenKind, ttlMs: number, newEmail: string | null = null): Promise<string> {
  const now = new Date();
  // Superseded links expire now (the user is told "expired, ask for a new one").
  await db
    .update(userTokens)
    .set({ expiresAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)));
  const token = randomToken(32);
  await db.insert(userTokens).values({ userId, kind, tokenHash: sha256(token), newEmail, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

type TokenRow = typeof userTokens.$inferSelect;

/** Finds a token that can still be used, or says why it cannot. */
export async function findToken(db: Db, token: string, kinds: readonly TokenKind[]): Promise<{ ok: true; row: TokenRow } | { ok: false; reason: LinkProblem; row?: TokenRow }> {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, sha256(token))).limit(1);
  if (!row || !kinds.includes(row.kind)) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used", row };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired", row };
  return { ok: true, row };
}

/** Marks the token used if it still can be (two requests racing with one link cannot both win). */
async function claimToken(db: Db, id: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .returning({ id: userTokens.id });
  return rows.length > 0;
}

function link(req: Request, pathname: string, params: Record<string, string>): string {
  const url = new URL(pathname, req.deps.config.publicUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const mailDeps = (req: Request): MailDeps => ({ db: req.deps.db, config: req.deps.config, logger: req.deps.logger });

/** Tells the owner that their password changed (after a reset or a change). */
function notifyPasswordChanged(req: Request, user: { email: string; firstName: string; locale: MailLocale }): void {
  const deps = mailDeps(req);
  const forgot = new URL("/forgot-password", deps.config.publicUrl).toString();
  deliverLater(deps, () =>
    sendMail(deps, {
      to: user.email,
      ...renderMail("passwordChanged", user.locale, { name: user.firstName, link: forgot, when: new Date().toISOString().slice(0, 16).replace("T", " ") }),
    }),
  );
}

// ---- Email verification and change (also used by PUT /api/v1/profile { user: { email } }). ----

export type EmailRequest = { kind: "verify" | "change" | "verified"; email: string };

/**
 * Asks for a confirmation link for `email`: the current address → a verification link (unless verified);
 * another address → an email change confirmed from that address. The answer never says whether another
 * account already uses the address (its owner gets a notice instead of a link).
 */
export async function requestEmailConfirmation(req: Request, rawEmail: string): Promise<EmailRequest> {
  const me_ = me(req);
  const { db } = req.deps;
  const email = rawEmail.trim();
  await reserve(
    req,
    [
      { policy: LIMITS.emailIp, subject: ipSubject(req) },
      { policy: LIMITS.emailUser, subject: String(me_.id) },
    ],
    { audit: { action: "auth.email.request", actorId: me_.id } },
  );
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, me_.id))
    .limit(1);
  if (!user) throw unauthorized();
  const deps = mailDeps(req);

  if (user.email.toLowerCase() === email.toLowerCase()) {
    if (user.verifiedAt) return { kind: "verified", email: user.email };
    await audit(req, { action: "auth.email.verify.request", entityType: "user", entityId: user.id });
    deliverLater(deps, async () => {
      const token = await issueToken(db, user.id, "email_verify", EMAIL_TTL_MS, user.email);
      await sendMail(deps, { to: user.email, ...renderMail("emailVerify", user.locale, { name: user.firstName, link: link(req, CONFIRM_EMAIL_PATH, { code: token }) }) });
    });
    return { kind: "verify", email: user.email };
  }

  await audit(req, { action: "auth.email.change.request", entityType: "user", entityId: user.id });
  // Everything that depends on whether the address is taken happens after the answer.
  deliverLater(deps, async () => {
    const [owner] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(and(byEmail(email), ne(users.id, user.id)))
      .limit(1);
    if (owner) {
      const forgot = new URL("/forgot-password", deps.config.publicUrl).toString();
      await sendMail(deps, { to: owner.email, ...renderMail("emailInUse", owner.locale, { name: owner.firstName, email: owner.email, link: forgot }) });
      return;
    }
    const token = await issueToken(db, user.id, "email_change", EMAIL_TTL_MS, email);
    await sendMail(deps, { to: email, ...renderMail("emailChange", user.locale, { name: user.firstName, email, link: link(req, CONFIRM_EMAIL_PATH, { code: token }) }) });
  });
  return { kind: "change", email };
}

export const emailRequestNotice = (r: EmailRequest): Notice =>
  r.kind === "verified"
    ? { code: "account.emailAlreadyVerified" }
    : { code: r.kind === "verify" ? "account.emailVerifySent" : "account.emailChangeSent", params: { email: r.email } };

const isLoopback = (address: string | undefined) => !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

export function accountRoutes(): Router {
  const router = Router();

  // ---- Password reset ----

  endpoint(router, "POST /actions/users/send-password-reset-email", async (req, res) => {
    const input = parseBody(req, sendPasswordResetRequestSchema);
    const { db } = req.deps;
    await reserve(
      req,
      [
        { policy: LIMITS.resetIp, subject: ipSubject(req) },
        { policy: LIMITS.resetAccount, subject: accountSubject(input.loginName) },
      ],
      { audit: { action: "auth.password_reset.request" } },
    );
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale, status: users.userStatus })
      .from(users)
      .where(byEmail(input.loginName))
      .limit(1);
    const eligible = user && (user.status === "active" || user.status === "pending") ? user : null;
    await audit(req, { action: "auth.password_reset.request", actorId: user?.id ?? null, outcome: eligible ? "success" : "failure" });
    // The same answer, at the same point, for every address: the token and the mail come afterwards.
    ok(res, null, "account.resetSent");
    if (eligible) {
      const deps = mailDeps(req);
      deliverLater(deps, async () => {
        const token = await issueToken(db, eligible.id, "password_reset", RESET_TTL_MS);
        const url = link(req, SET_PASSWORD_PATH, { code: token, id: String(eligible.id) });
        await sendMail(deps, { to: eligible.email, ...renderMail("passwordReset", eligible.locale, { name: eligible.firstName, link: url }) });
      });
    }
  });

  endpoint(router, "POST /actions/users/check-reset-link", async (req, res) => {
    const input = parseBody(req, checkResetLinkRequestSchema);
    const attempt = await reserve(req, [{ policy: LIMITS.resetLinkIp, subject: ipSubject(req) }], { audit: { action: "auth.password_reset" } });
    const found = await findToken(req.deps.db, input.code, ["password_reset", "invite"]);
    const problem: LinkProblem | null = !found.ok ? found.reason : input.id !== undefined && input.id !== found.row.userId ? "invalid" : null;
    if (problem) throw linkError(problem);
    await attempt.release();
    ok(res, null);
  });

  endpoint(router, "POST /actions/users/set-password", async (req, res) => {
    const input = parseBody(req, setPasswordRequestSchema);
    const { db } = req.deps;
    const attempt = await reserve(req, [{ policy: LIMITS.resetLinkIp, subject: ipSubject(req) }], { audit: { action: "auth.password_reset" } });
    const found = await findToken(db, input.code, ["password_reset", "invite"]);
    const problem: LinkProblem | null = !found.ok ? found.reason : input.id !== undefined && input.id !== found.row.userId ? "invalid" : null;
    if (problem || !found.ok) {
      await audit(req, { action: "auth.password_reset", actorId: found.row?.userId ?? null, outcome: "failure", meta: { reason: problem ?? "invalid" } });
      throw linkError(problem ?? "invalid");
    }
    await attempt.release();
    const userId = found.row.userId;
    const passwordHash = await hashPassword(input.newPassword);
    const done = await db.transaction(async (tx) => {
      if (!(await claimToken(tx as unknown as Db, found.row.id))) return null;
      // An invite (issue 19) also activates the invited account and confirms its address (the link reached it).
      const invite = found.row.kind === "invite";
      const [u] = await tx
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: new Date(),
          updatedAt: new Date(),
          ...(invite ? { userStatus: sql`CASE WHEN ${users.userStatus} = 'pending' THEN 'active' ELSE ${users.userStatus} END`, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
        })
        .where(eq(users.id, userId))
        .returning({ email: users.email, firstName: users.firstName, locale: users.locale });
      // Any other reset link still in a mailbox stops working too.
      await tx
        .update(userTokens)
        .set({ expiresAt: new Date() })
        .where(and(eq(userTokens.userId, userId), inArray(userTokens.kind, ["password_reset", "invite"]), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())));
      return u ?? null;
    });
    if (!done) throw linkError("used");
    await revokeAllSessions(db, userId, "password-reset");
    if (req.auth.user?.id === userId) res.clearCookie(SESSION_COOKIE, { path: "/" });
    await clearLoginFailures(db, done.email);
    await audit(req, { action: "auth.password_reset", actorId: userId, entityType: "user", entityId: userId, meta: { sessionsRevoked: true } });
    notifyPasswordChanged(req, done);
    ok(res, null, "account.passwordSet");
  });

  // ---- Password change while signed in ----

  endpoint(router, "POST /api/v1/users/update-password", async (req, res) => {
    const user = me(req);
    const input = parseBody(req, updatePasswordRequestSchema);
    const { db } = req.deps;
    const attempt = await reserve(req, [{ policy: LIMITS.passwordUser, subject: String(user.id) }], { audit: { action: "auth.password.change", actorId: user.id } });
    const [row] = await db
      .select({ hash: users.passwordHash, email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    if (!row?.hash || !(await verifyPassword(row.hash, input.currentPassword))) {
      await audit(req, { action: "auth.password.change", outcome: "failure", meta: { reason: "current_password" } });
      throw new ApiError(400, "account.currentPasswordWrong", { fields: fieldCode("currentPassword", "account.currentPasswordWrong") });
    }
    await attempt.release();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(db, user.id, "password-change", req.auth.sessionId ?? undefined);
    await audit(req, { action: "auth.password.change", entityType: "user", entityId: user.id, meta: { otherSessionsRevoked: true } });
    notifyPasswordChanged(req, row);
    ok(res, null, "account.passwordChanged");
  });

  // ---- Email ----

  endpoint(router, "POST /api/v1/users/verify-email", async (req, res) => {
    me(req);
    const input = parseBody(req, verifyEmailRequestSchema);
    const result = await requestEmailConfirmation(req, input.email);
    ok(res, result, emailRequestNotice(result));
  });

  endpoint(router, "POST /actions/users/confirm-email", async (req, res) => {
    const input = parseBody(req, confirmEmailRequestSchema);
    const { db } = req.deps;
    const attempt = await reserve(req, [{ policy: LIMITS.emailLinkIp, subject: ipSubject(req) }], { audit: { action: "auth.email.confirm" } });
    const found = await findToken(db, input.code, ["email_change", "email_verify"]);
    if (!found.ok || !found.row.newEmail) {
      const reason = found.ok ? "invalid" : found.reason;
      await audit(req, { action: "auth.email.confirm", actorId: found.row?.userId ?? null, outcome: "failure", meta: { reason } });
      throw linkError(reason);
    }
    await attempt.release();
    const { row } = found;
    const newEmail = row.newEmail!;
    const [user] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!user) throw linkError("invalid");

    if (row.kind === "email_verify") {
      // Only for the address it was sent to: a link for an address the account no longer has is void.
      if (user.email.toLowerCase() !== newEmail.toLowerCase()) throw linkError("invalid");
      if (!(await claimToken(db, row.id))) throw linkError("used");
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
      await audit(req, { action: "auth.email.verify", actorId: user.id, entityType: "user", entityId: user.id });
      ok(res, { email: user.email, changed: false }, "account.emailVerified");
      return;
    }

    const unusable = () => new ApiError(400, "account.emailUnusable", { fields: fieldCode("email", "account.emailUnusableShort") });
    let changed: boolean;
    try {
      changed = await db.transaction(async (tx) => {
        if (!(await claimToken(tx as unknown as Db, row.id))) return false;
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(byEmail(newEmail), ne(users.id, user.id)))
          .limit(1);
        if (taken) throw unusable();
        await tx.update(users).set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
        return true;
      });
    } catch (e) {
      if (e instanceof ApiError || isUniqueViolation(e)) {
        // The link is spent either way: the address went to someone else in the meantime.
        await claimToken(db, row.id);
        await audit(req, { action: "auth.email.change", actorId: user.id, outcome: "failure", meta: { reason: "taken" } });
        throw unusable();
      }
      throw e;
    }
    if (!changed) throw linkError("used");
    await audit(req, { action: "auth.email.change", actorId: user.id, entityType: "user", entityId: user.id });
    const deps = mailDeps(req);
    deliverLater(deps, () => sendMail(deps, { to: user.email, ...renderMail("emailChanged", user.locale, { name: user.firstName, email: newEmail, oldEmail: user.email }) }));
    ok(res, { email: newEmail, changed: true }, "account.emailChanged");
  });

  // ---- Sessions ----

  endpoint(router, "GET /api/v1/users/sessions", async (req, res) => {
    const user = me(req);
    const now = new Date().toISOString();
    const rows = await req.deps.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${now}::timestamptz`,
          sql`${sessions.lastSeenAt} + ${sessions.idleTimeoutSeconds} * interval '1 second' > ${now}::timestamptz`,
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(100);
    ok(res, {
      sessions: rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        ip: r.ip,
        userAgent: r.userAgent,
        current: r.id === req.auth.sessionId,
      })),
    });
  });

  endpoint(router, "POST /api/v1/users/sessions/revoke-others", async (req, res) => {
    const user = me(req);
    const rows = await req.deps.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: "revoked-by-user" })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), req.auth.sessionId ? ne(sessions.id, req.auth.sessionId) : undefined))
      .returning({ id: sessions.id });
    await audit(req, { action: "auth.session.revoke_others", entityType: "user", entityId: user.id, meta: { revoked: rows.length } });
    ok(res, { revoked: rows.length, current: false }, { code: "account.othersSignedOut", params: { count: rows.length } });
  });

  endpoint(router, "POST /api/v1/users/sessions/:id/revoke", async (req, res) => {
    const user = me(req);
    const { id } = parseParams(req, z.object({ id: idParam }));
    const [row] = await req.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) throw notFound("account.noSuchSession");
    await revokeSession(req.deps.db, row.id, "revoked-by-user");
    const current = row.id === req.auth.sessionId;
    if (current) res.clearCookie(SESSION_COOKIE, { path: "/" });
    await audit(req, { action: "auth.session.revoke", entityType: "session", entityId: row.id, meta: { current } });
    ok(res, { revoked: 1, current }, current ? "auth.signedOut" : "account.sessionSignedOut");
  });

  // ---- Development outbox ----

  endpoint(router, "GET /api/v1/dev/outbox", async (req, res) => {
    const { config, db } = req.deps;
    // Only where the outbox is the delivery (never in production, never when real mail goes out), and only
    // to a caller on this machine (the developer, or the embedded web tier): the mails hold reset links.
    if (config.production || config.smtpUrl || !isLoopback(req.socket.remoteAddress)) throw notFound("common.noSuchEndpoint");
    const q = parseQuery(req, outboxQuerySchema);
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(q.to ? eq(sql`lower(${emailOutbox.toAddress})`, q.to.toLowerCase()) : undefined)
      .orderBy(desc(emailOutbox.id))
      .limit(q.limit);
    ok(res, {
      messages: rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody,
        transport: r.transport,
        sentAt: r.sentAt?.toISOString() ?? null,
        error: r.error,
        createdAt: r.createdAt.toISOString(),
      })),
    });
  });

  totpRoutes(router);
  return router;
}
