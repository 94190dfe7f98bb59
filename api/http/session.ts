import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { parse as parseCookie } from "cookie";
import { and, eq, isNull, sql } from "drizzle-orm";
import { sessions, users } from "../db/schema.ts";
import { isStaffRole, type UserRole } from "../contract/roles.ts";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { clientIp, type Auth } from "./context.ts";

export const SESSION_COOKIE = "th_session";
export const GUEST_COOKIE = "th_guest";
/** Only refresh last_seen_at when it is older than this, to keep reads from writing on every call. */
const TOUCH_AFTER_MS = 30_000;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export function csrfTokenFor(secret: string, binding: string): string {
  return createHmac("sha256", secret).update("csrf:" + binding).digest("base64url");
}

export function csrfMatches(secret: string, binding: string | null, presented: unknown): boolean {
  if (!binding || typeof presented !== "string" || presented.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(secret, binding));
  const got = Buffer.from(presented);
  return expected.length === got.length && timingSafeEqual(expected, got);
}

export function cookieOptions(config: ApiConfig, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.production,
    path: "/",
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds * 1000 } : {}),
  };
}

export function idleTimeoutFor(config: ApiConfig, role: UserRole): number {
  return isStaffRole(role) ? config.sessionIdleStaffSeconds : config.sessionIdlePatientSeconds;
}

/** Creates a session for a user who has just proved who they are; sets the cookie; returns the binding. */
export async function startSession(
  req: Request,
  res: Response,
  user: { id: number; role: UserRole },
): Promise<{ sessionId: number; csrfBinding: string }> {
  const { config, db } = req.deps;
  const token = randomToken();
  const tokenHash = sha256(token);
  const now = Date.now();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash,
      userId: user.id,
      idleTimeoutSeconds: idleTimeoutFor(config, user.role),
      expiresAt: new Date(now + config.sessionAbsoluteSeconds * 1000),
      ip: clientIp(req),
      userAgent: (req.get("user-agent") ?? "").slice(0, 300),
    })
    .returning({ id: sessions.id });
  res.cookie(SESSION_COOKIE, token, cookieOptions(config));
  res.clearCookie(GUEST_COOKIE, { path: "/" });
  return { sessionId: row.id, csrfBinding: "s:" + tokenHash };
}

export async function revokeSession(db: Db, sessionId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, reason: string, exceptId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId ? sql`${sessions.id} <> ${exceptId}` : undefined,
      ),
    );
}

/** Loads the caller's session (if any) into req.auth. Never throws for a bad cookie: the caller is a guest. */
export function loadSession(): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const cookies = parseCookie(req.headers.cookie ?? "");
    const guest = cookies[GUEST_COOKIE];
    const auth: Auth = {
      role: "guest",
      user: null,
      sessionId: null,
      csrfBinding: guest && /^[A-Za-z0-9_-]{20,64}$/.test(guest) ? "g:" + guest : null,
      sessionEnded: null,
    };
    req.auth = auth;
    const token = cookies[SESSION_COOKIE];
    if (!token) return next();

    const tokenHash = sha256(token);
    const { db } = req.deps;
    const [row] = await db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        idle: sessions.idleTimeoutSeconds,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        revokedReason: sessions.revokedReason,
        userId: users.id,
        email: users.email,
        role: users.role,
        fullName: users.fullName,
        locale: users.locale,
        userStatus: users.userStatus,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);

    const now = Date.now();
    if (!row) {
      res.clearCookie(SESSION_COOKIE, { path: "/" });
      return next();
    }
    const idleExpired = row.lastSeenAt.getTime() + row.idle * 1000 < now;
    const absoluteExpired = row.expiresAt.getTime() < now;
    if (row.revokedAt || row.userStatus !== "active" || idleExpired || absoluteExpired) {
      const reason = row.revokedAt ? row.revokedReason : idleExpired ? "idle" : absoluteExpired ? "absolute" : "user-inactive";
      if (!row.revokedAt) await revokeSession(db, row.sessionId, reason ?? "revoked");
      // Timed out (now or earlier) reads "expired" — the "you were signed out" notice; anything else "revoked".
      auth.sessionEnded = reason === "idle" || reason === "absolute" ? "expired" : "revoked";
      res.clearCookie(SESSION_COOKIE, { path: "/" });
      return next();
    }
    auth.role = row.role;
    auth.user = { id: row.userId, email: row.email, role: row.role, fullName: row.fullName, locale: row.locale };
    auth.sessionId = row.sessionId;
    auth.csrfBinding = "s:" + tokenHash;
    if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.sessionId));
    }
    next();
  };
}
