/**
 * Rate limits against brute force and abuse (ARCHITECTURE §6), shared by every API instance: fixed-window
 * counters in the rate_limits table, bumped with one atomic statement
 *   INSERT … ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count.
 *
 * An attempt is counted BEFORE the work it guards (so parallel requests cannot slip past the limit), and
 * handed back with `release()` when it turns out not to count (a successful sign-in). A refused attempt
 * (429) is handed back too, so hammering a closed door does not push other counters up.
 *
 * Policy (numbers in LIMITS below):
 * - sign-in failures: strict per account+IP (5 / 15 min), per IP (50 / 15 min), and a looser global cap per
 *   account (100 / hour, the ceiling ARCHITECTURE sets). Successful sign-ins do not count. An attacker's
 *   burst from another IP therefore never touches the real user's account+IP counter; and once the global
 *   cap is hit, a browser that signed in to the account before (device cookie) or an IP that had a session
 *   of the account in the last 30 days is still let through — no lock-out an attacker can trigger.
 * - TOTP / recovery codes: per account+IP (5 / 5 min) and per account (20 / hour, known devices exempt).
 * - wrong current password (update-password, disable-totp): per user, 5 / 15 min.
 * - reset emails: per address 5 / hour and per IP 20 / hour (every request counts);
 *   unusable emailed links: per IP 10 / 15 min for set-password, and 10 / 15 min for confirm-email;
 *   email verification / change: per user 5 / hour and per IP 20 / hour.
 * - joining from a referral invitation: unusable links per IP 10 / 15 min (checks and joins alike), and any
 *   attempt with a usable link per invited address 10 / 15 min.
 * Accounts are keyed by a hash of the login name (not the user id), so an unknown address behaves exactly
 * like a known one. Old windows are deleted opportunistically.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { parse as parseCookie } from "cookie";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits, sessions } from "../db/schema.ts";
import { clientIp } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import { audit } from "./audit.ts";

export type Policy = { name: string; max: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  loginAccountIp: { name: "login:acct-ip", max: 5, windowSeconds: 15 * MINUTE },
  loginIp: { name: "login:ip", max: 50, windowSeconds: 15 * MINUTE },
  loginAccount: { name: "login:acct", max: 100, windowSeconds: HOUR },
  totpAccountIp: { name: "totp:acct-ip", max: 5, windowSeconds: 5 * MINUTE },
  totpAccount: { name: "totp:acct", max: 20, windowSeconds: HOUR },
  passwordUser: { name: "password:user", max: 5, windowSeconds: 15 * MINUTE },
  resetAccount: { name: "reset:acct", max: 5, windowSeconds: HOUR },
  resetIp: { name: "reset:ip", max: 20, windowSeconds: HOUR },
  resetLinkIp: { name: "reset-link:ip", max: 10, windowSeconds: 15 * MINUTE },
  emailLinkIp: { name: "email-link:ip", max: 10, windowSeconds: 15 * MINUTE },
  emailUser: { name: "email:user", max: 5, windowSeconds: HOUR },
  emailIp: { name: "email:ip", max: 20, windowSeconds: HOUR },
  // Joining from a referral invitation (api/routes/referral-join.ts): unusable links per IP (as set-password's),
  // and every attempt with a usable link per invited address (a weak password, missing names…).
  joinIp: { name: "join:ip", max: 10, windowSeconds: 15 * MINUTE },
  joinAddress: { name: "join:acct", max: 10, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, Policy>;

/** The longest window: rows older than this (plus a margin) are garbage. */
const MAX_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((p) => p.windowSeconds));

export type Counter = { policy: Policy; subject: string };

/** A login name as a counter subject: a hash, so the table holds no email addresses. */
export const accountSubject = (loginName: string) => createHash("sha256").update("acct:" + loginName.trim().toLowerCase()).digest("hex").slice(0, 32);

/** The caller's IP as a counter subject; IPv6 by its /64 (one host usually owns the whole prefix). */
export function ipSubject(req: Request): string {
  const ip = clientIp(req) ?? "unknown";
  if (ip.startsWith("::ffff:") && ip.includes(".")) return ip.slice(7);
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return groups.slice(0, 4).map((g) => g.toLowerCase() || "0").join(":") + "::/64";
}

const keyOf = (c: Counter) => `${c.policy.name}:${c.subject}`;
const windowStartOf = (policy: Policy, now: number) => {
  const size = policy.windowSeconds * 1000;
  return new Date(Math.floor(now / size) * size);
};

async function bump(db: Db, key: string, windowStart: Date, by: 1 | -1): Promise<number> {
  if (by === -1) {
    const rows = await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
      .returning({ count: rateLimits.count });
    return rows[0]?.count ?? 0;
  }
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** The count of the current window (no change). */
export async function currentCount(db: Db, counter: Counter, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(counter)), eq(rateLimits.windowStart, windowStartOf(counter.policy, now))));
  return row?.count ?? 0;
}

export class RateLimitedError extends ApiError {
  constructor(
    readonly policy: Policy,
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, "ratelimit.tooMany", { params: { minutes }, data: { retryAfter: retryAfterSeconds }, headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}

export type Reservation = {
  /** Hands the attempt back: it does not count (e.g. the password was right). */
  release(): Promise<void>;
};

export type ReserveOptions = {
  now?: number;
  /** May this caller pass although this counter is over its limit? (known devices, for global caps) */
  exempt?: (counter: Counter) => Promise<boolean>;
  /** Audit the refusal (outcome "denied"). */
  audit?: { action: string; actorId?: number | null };
};

/**
 * Counts one attempt against every counter, in order. When one is over its limit (and not exempt), the
 * attempt is handed back everywhere and a 429 RateLimitedError is thrown, with Retry-After = the seconds
 * until that counter's window ends.
 */
export async function reserve(req: Request, counters: readonly Counter[], opts: ReserveOptions = {}): Promise<Reservation> {
  const { db } = req.deps;
  const now = opts.now ?? Date.now();
  const taken: { key: string; windowStart: Date }[] = [];
  const release = async () => {
    for (const t of taken.splice(0)) await bump(db, t.key, t.windowStart, -1);
  };
  if (Math.random() < 0.02) await purgeRateLimits(db, now);
  for (const counter of counters) {
    const key = keyOf(counter);
    const windowStart = windowStartOf(counter.policy, now);
    const count = await bump(db, key, windowStart, 1);
    taken.push({ key, windowStart });
    if (count > counter.policy.max && !(opts.exempt && (await opts.exempt(counter)))) {
      await release();
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + counter.policy.windowSeconds * 1000 - now) / 1000));
      if (opts.audit) {
        await audit(req, { action: opts.audit.action, actorId: opts.audit.actorId ?? null, outcome: "denied", meta: { reason: "rate_limit", limit: counter.policy.name } });
      }
      throw new RateLimitedError(counter.policy, retryAfter);
    }
  }
  return { release };
}

/** Deletes windows that ended long ago (called now and then by reserve; safe to call any time). */
export async function purgeRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - (MAX_WINDOW_SECONDS + HOUR) * 1000)));
}

/** Forgets the sign-in failures of an account (after its owner proved control of the mailbox). */
export async function clearLoginFailures(db: Db, loginName: string): Promise<void> {
  const subject = accountSubject(loginName);
  await db
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, `${LIMITS.loginAccount.name}:${subject}`),
        sql`${rateLimits.key} like ${`${LIMITS.loginAccountIp.name}:${subject}:%`}`,
      ),
    );
}

/** Counters of one sign-in attempt (password step). */
export function loginCounters(req: Request, loginName: string): Counter[] {
  const acct = accountSubject(loginName);
  const ip = ipSubject(req);
  return [
    { policy: LIMITS.loginAccountIp, subject: `${acct}:${ip}` },
    { policy: LIMITS.loginIp, subject: ip },
    { policy: LIMITS.loginAccount, subject: acct },
  ];
}

/** Counters of one TOTP or recovery-code attempt for a user. */
export function totpCounters(req: Request, userId: number): Counter[] {
  return [
    { policy: LIMITS.totpAccountIp, subject: `${userId}:${ipSubject(req)}` },
    { policy: LIMITS.totpAccount, subject: String(userId) },
  ];
}

// ---- Known devices: the escape hatch from the global per-account caps. ----

export const DEVICE_COOKIE = "th_device";
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * HOUR;
const KNOWN_IP_DAYS = 30;

function deviceMac(secret: string, userId: number, issued: number): string {
  return createHmac("sha256", secret).update(`device:${userId}.${issued}`).digest("base64url");
}

/** After a complete sign-in: marks this browser as one the user signs in from. */
export function rememberDevice(req: Request, res: Response, userId: number): void {
  const { config } = req.deps;
  const issued = Date.now();
  res.cookie(DEVICE_COOKIE, `${userId}.${issued}.${deviceMac(config.sessionSecret, userId, issued)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.production,
    path: "/",
    maxAge: DEVICE_MAX_AGE_SECONDS * 1000,
  });
}

/**
 * Is the caller a browser or a network this user has signed in from: a valid device cookie for them, or
 * an IP that had a session of theirs in the last 30 days?
 */
export async function isKnownDevice(req: Request, userId: number | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const { config, db } = req.deps;
  const value = parseCookie(req.headers.cookie ?? "")[DEVICE_COOKIE];
  if (value) {
    const [id, issued, mac] = value.split(".");
    if (Number(id) === userId && issued && mac && Date.now() - Number(issued) < DEVICE_MAX_AGE_SECONDS * 1000) {
      const expected = Buffer.from(deviceMac(config.sessionSecret, userId, Number(issued)));
      const got = Buffer.from(mac);
      if (expected.length === got.length && timingSafeEqual(expected, got)) return true;
    }
  }
  const ip = clientIp(req);
  if (!ip) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, new Date(Date.now() - KNOWN_IP_DAYS * 24 * HOUR * 1000))))
    .limit(1);
  return Boolean(row);
}

/** `exempt` for reserve(): global per-account caps let known devices through. */
export const knownDeviceExempt = (req: Request, userId: number | null | undefined) => async (counter: Counter) =>
  (counter.policy === LIMITS.loginAccount || counter.policy === LIMITS.totpAccount) && (await isKnownDevice(req, userId));
