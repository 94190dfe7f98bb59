import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** RFC 6238: SHA-1, 6 digits, 30-second steps (what authenticator apps expect). */
const PERIOD = 30;

function legacyKey(secret: string): Buffer {
  return createHash("sha256").update("totp-at-rest:" + secret).digest();
}

export type EncryptionKey = { id: string; key: Buffer };

/**
 * The keys TOTP secrets are encrypted with: `current` encrypts, every key reads its own ciphertexts (by the key id
 * stored with each), and the session secrets read the rows written before key ids existed ("v1", whose key was
 * derived from the session secret).
 */
export type KeyRing = { current: EncryptionKey; byId: ReadonlyMap<string, Buffer>; legacySecrets: readonly string[] };

export function keyRing(keys: EncryptionKey[], legacySecrets: string[]): KeyRing {
  if (!keys[0]) throw new Error("no TOTP encryption key");
  return { current: keys[0], byId: new Map(keys.map((k) => [k.id, k.key])), legacySecrets };
}

function seal(version: string[], key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [...version, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

function unseal(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** AES-256-GCM with the ring's current key, its id stored beside: "v2.<key id>.<iv>.<tag>.<ciphertext>". */
export function encryptTotpSecret(base32: string, ring: KeyRing): string {
  return seal(["v2", ring.current.id], ring.current.key, base32);
}

/**
 * Reads a stored TOTP secret with whichever key wrote it. `stale` says it was not written with the current key
 * (an old "v1" row or a key since superseded): the caller re-encrypts it with encryptTotpSecret.
 */
export function decryptTotpSecret(stored: string, ring: KeyRing): { secret: string; stale: boolean } {
  const parts = stored.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const [, id, iv, tag, body] = parts as [string, string, string, string, string];
    const key = ring.byId.get(id);
    if (!key) throw new Error("TOTP secret encrypted with an unknown key id");
    return { secret: unseal(key, iv, tag, body), stale: id !== ring.current.id };
  }
  if (parts[0] === "v1" && parts.length === 4) {
    const [, iv, tag, body] = parts as [string, string, string, string];
    for (const secret of ring.legacySecrets) {
      try {
        return { secret: unseal(legacyKey(secret), iv, tag, body), stale: true };
      } catch {
        // another session secret, maybe
      }
    }
  }
  throw new Error("unreadable TOTP secret");
}

/** The format before key ids ("v1", key derived from the session secret): kept so tests can write old rows. */
export function encryptTotpSecretV1(base32: string, appSecret: string): string {
  return seal(["v1"], legacyKey(appSecret), base32);
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
