import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** RFC 6238: SHA-1, 6 digits, 30-second steps (what authenticator apps expect). */
const PERIOD = 30;

function key(secret: string): Buffer {
  return createHash("sha256").update("totp-at-rest:" + secret).digest();
}

/** AES-256-GCM, so a database dump alone does not reveal anyone's second factor. */
export function encryptTotpSecret(base32: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(appSecret), iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function decryptTotpSecret(stored: string, appSecret: string): string {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("unreadable TOTP secret");
  const decipher = createDecipheriv("aes-256-gcm", key(appSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(base32: string, label = "", issuer = "Telehealth"): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });
}

/**
 * Checks a code against the current step ±1. Returns the accepted time step, or null when the code is
 * wrong or its step is not after the last one used (single use within the window).
 */
export function acceptTotp(base32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
