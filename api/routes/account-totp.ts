/**
 * Two-factor authentication (RFC 6238 TOTP) for the signed-in user: get a secret (QR code rendered on the
 * server), confirm it with verify-totp (see confirmTotpEnrolment, called by api/routes/session.ts when no
 * sign-in is pending), list the auth methods, turn it off; and the recovery codes (10, shown once, stored
 * as hashes, single use) that can replace a code at the sign-in step.
 */
import { createHash, randomInt } from "node:crypto";
import type { Request, Response, Router } from "express";
import { and, eq, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT, disableTotpRequestSchema, verifyTotpRequestSchema } from "../contract/account.ts";
import type { Db } from "../db/client.ts";
import { recoveryCodes, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { verifyPassword } from "../domain/password.ts";
import { LIMITS, knownDeviceExempt, reserve, totpCounters } from "../domain/ratelimit.ts";
import { acceptTotp, decryptTotpSecret, encryptTotpSecret, newTotpSecret, totpFor, type KeyRing } from "../domain/totp.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, ok, unauthorized, fieldCode } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";

export const invalidCode = () => new ApiError(400, "auth.invalidCode", { fields: fieldCode("code", "auth.invalidCode") });

// ---- Recovery codes ----

/** No 0/o, 1/l/i: easy to copy by hand. 31 symbols × 12 ≈ 59 bits each. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashRecoveryCode = (code: string) => createHash("sha256").update("recovery:" + normalizeRecoveryCode(code)).digest("hex");

function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 12; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones; returns them (the only time). */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

/** Uses up one recovery code; false when it is wrong or was used already. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Accepts a TOTP code for the user and records its time step, so that it cannot be used again (the
 * conditional update makes two racing requests with the same code fail but one). Null when refused.
 */
export async function claimTotpCode(db: Db, userId: number, secretEnc: string, ring: KeyRing, code: string, lastStep: number | null): Promise<number | null> {
  const { secret, stale } = decryptTotpSecret(secretEnc, ring);
  const step = acceptTotp(secret, code, lastStep);
  if (step === null) return null;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(sql`${users.id} = ${userId} and (${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`)
    .returning({ id: users.id });
  if (claimed.length && stale) await reencryptOnUse(db, userId, secretEnc, secret, ring);
  return claimed.length ? step : null;
}

/** A secret read with an old key (or the session secret, before key ids) is written again with the current key. */
async function reencryptOnUse(db: Db, userId: number, stored: string, secret: string, ring: KeyRing): Promise<void> {
  await db
    .update(users)
    .set({ totpSecretEnc: encryptTotpSecret(secret, ring) })
    .where(and(eq(users.id, userId), eq(users.totpSecretEnc, stored)));
}

const alreadyOn = () => new ApiError(400, "account.totpAlreadyOn");

/**
 * POST /api/v1/users/verify-totp by a signed-in user with no sign-in pending: confirms the pending secret
 * from get-totp-secret with a code from it, turns two-factor authentication on and returns new recovery codes.
 */
export async function confirmTotpEnrolment(req: Request, res: Response): Promise<void> {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  const { db, config } = req.deps;
  const input = parseBody(req, verifyTotpRequestSchema);
  if (input.code === undefined) {
    throw new ApiError(400, "account.totpEnterCode", { fields: fieldCode("code", "account.totpEnterCode") });
  }
  const attempt = await reserve(req, totpCounters(req, user.id), { exempt: knownDeviceExempt(req, user.id), audit: { action: "auth.totp.enable", actorId: user.id } });
  const [row] = await db
    .select({ enabled: users.totpEnabled, pending: users.totpPendingSecretEnc })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) throw unauthorized();
  if (row.enabled) throw alreadyOn();
  if (!row.pending) throw new ApiError(400, "account.totpNoSetup");
  // Single use is per secret: the last step used belongs to the previous secret (turned off maybe seconds ago),
  // so a code of this new secret is checked against none; the update below records its step.
  const step = acceptTotp(decryptTotpSecret(row.pending, config.keys).secret, input.code, null);
  const claimed =
    step === null
      ? []
      : await db
          .update(users)
          .set({ totpSecretEnc: row.pending, totpPendingSecretEnc: null, totpEnabled: true, totpLastStep: step, updatedAt: new Date() })
          .where(
            sql`${users.id} = ${user.id} and ${users.totpPendingSecretEnc} = ${row.pending} and not ${users.totpEnabled}`,
          )
          .returning({ id: users.id });
  if (claimed.length === 0) {
    await audit(req, { action: "auth.totp.enable", outcome: "failure", meta: { reason: "code" } });
    throw invalidCode();
  }
  await attempt.release();
  const codes = await replaceRecoveryCodes(db, user.id);
  await audit(req, { action: "auth.totp.enable", entityType: "user", entityId: user.id, meta: { recoveryCodes: codes.length } });
  ok(res, { totp: true, recoveryCodes: codes }, "account.totpOn");
}

export function totpRoutes(router: Router): void {
  endpoint(router, "GET /api/v1/users/get-totp-secret", async (req, res) => {
    const user = req.auth.user;
    if (!user) throw unauthorized();
    const { db, config } = req.deps;
    const [row] = await db.select({ enabled: users.totpEnabled, email: users.email }).from(users).where(eq(users.id, user.id)).limit(1);
    if (!row) throw unauthorized();
    if (row.enabled) throw alreadyOn();
    const secret = newTotpSecret();
    await db.update(users).set({ totpPendingSecretEnc: encryptTotpSecret(secret, config.keys) }).where(eq(users.id, user.id));
    const otpauthUrl = totpFor(secret, row.email).toString();
    const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    await audit(req, { action: "auth.totp.secret", entityType: "user", entityId: user.id });
    ok(res, { secret, otpauthUrl, qrSvg }, "account.totpScan");
  });

  endpoint(router, "GET /api/v1/users/get-auth-methods", async (req, res) => {
    const user = req.auth.user;
    if (!user) throw unauthorized();
    const { db } = req.deps;
    const [row] = await db.select({ hash: users.passwordHash, totp: users.totpEnabled }).from(users).where(eq(users.id, user.id)).limit(1);
    if (!row) throw unauthorized();
    ok(res, { password: Boolean(row.hash), totp: row.totp, recoveryCodesLeft: row.totp ? await recoveryCodesLeft(db, user.id) : 0 });
  });

  endpoint(router, "POST /api/v1/users/disable-totp", async (req, res) => {
    const user = req.auth.user;
    if (!user) throw unauthorized();
    const input = parseBody(req, disableTotpRequestSchema);
    const { db, config } = req.deps;
    const [row] = await db
      .select({ enabled: users.totpEnabled, secret: users.totpSecretEnc, lastStep: users.totpLastStep, hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1);
    if (!row) throw unauthorized();
    if (!row.enabled || !row.secret) throw new ApiError(400, "account.totpAlreadyOff");
    const method = input.code !== undefined ? "totp" : "password";
    if (input.code !== undefined) {
      const attempt = await reserve(req, totpCounters(req, user.id), { exempt: knownDeviceExempt(req, user.id), audit: { action: "auth.totp.disable", actorId: user.id } });
      if ((await claimTotpCode(db, user.id, row.secret, config.keys, input.code, row.lastStep)) === null) {
        await audit(req, { action: "auth.totp.disable", outcome: "failure", meta: { reason: "code" } });
        throw invalidCode();
      }
      await attempt.release();
    } else {
      const attempt = await reserve(req, [{ policy: LIMITS.passwordUser, subject: String(user.id) }], { audit: { action: "auth.totp.disable", actorId: user.id } });
      if (!row.hash || !(await verifyPassword(row.hash, input.password ?? ""))) {
        await audit(req, { action: "auth.totp.disable", outcome: "failure", meta: { reason: "password" } });
        throw new ApiError(400, "account.passwordWrong", { fields: fieldCode("password", "account.passwordWrong") });
      }
      await attempt.release();
    }
    await db
      .update(users)
      .set({ totpEnabled: false, totpSecretEnc: null, totpPendingSecretEnc: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await audit(req, { action: "auth.totp.disable", entityType: "user", entityId: user.id, meta: { method } });
    ok(res, null, "account.totpOff");
  });
}
