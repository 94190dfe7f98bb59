/**
 * Secrets a deployment agrees on without the operator having to share them: when SESSION_SECRET or
 * ENCRYPTION_KEYS is not given, the first API instance to start generates the value and keeps it in the
 * database (app_secrets); every other instance, and every restart, reads the same row. The write is
 * insert-if-absent, so two instances starting at once still end up with one value.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNotNull, notLike, or } from "drizzle-orm";
import { parseEncryptionKey, type ApiConfig, type ApiSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import { appSecrets, users } from "../db/schema.ts";
import { decryptTotpSecret, encryptTotpSecret, keyRing, type KeyRing } from "./totp.ts";

export const SESSION_SECRET_ROW = "session-secret";
export const ENCRYPTION_KEY_ROW = "totp-encryption-key";

/** The stored value of `name`, generating and storing `initial()` when there is none (first writer wins). */
export async function storedSecret(db: Db, name: string, initial: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: initial() }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  return row?.value;
}

/**
 * Completes the settings with the secrets: SESSION_SECRET or the stored one (outside production only; the
 * configuration refuses production without it), and the TOTP key ring: ENCRYPTION_KEYS (the first encrypts)
 * or the stored default key, plus the stored key for reading when ENCRYPTION_KEYS was added later, plus the
 * session secrets that encrypted rows written before key ids existed.
 */
export async function resolveSecrets(settings: ApiSettings, db: Db): Promise<ApiConfig> {
  const storedSession = await readSecret(db, SESSION_SECRET_ROW);
  let sessionSecret = settings.sessionSecret;
  if (!sessionSecret) {
    // The embedded default kept its secret in DATA_DIR before; carry it over so old sessions and TOTP rows still read.
    const legacyFile = settings.databaseUrl ? undefined : path.join(settings.dataDir, "dev-session-secret");
    const legacy = legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, "utf8").trim() : "";
    sessionSecret = await storedSecret(db, SESSION_SECRET_ROW, () => (legacy.length >= 32 ? legacy : randomBytes(32).toString("hex")));
  }
  const stored = settings.encryptionKeys.length
    ? await readSecret(db, ENCRYPTION_KEY_ROW)
    : await storedSecret(db, ENCRYPTION_KEY_ROW, () => `d${randomBytes(4).toString("hex")}:${randomBytes(32).toString("base64")}`);
  const storedKey = stored ? parseEncryptionKey(stored) : null;
  const keys = [...settings.encryptionKeys];
  if (storedKey && !keys.some((k) => k.id === storedKey.id)) keys.push(storedKey);
  const legacySecrets = [...new Set([sessionSecret, ...(storedSession ? [storedSession] : [])])];
  return { ...settings, sessionSecret, keys: keyRing(keys, legacySecrets) };
}

/**
 * Re-encrypts every TOTP secret not written with the current key (old "v1" rows, superseded keys), so that a later
 * change of SESSION_SECRET or removal of an old key locks nobody out. Run at start; each update is conditional on
 * the row being unchanged, so instances starting together do no harm. Rows no key can read are left and counted.
 */
export async function reencryptTotpSecrets(db: Db, ring: KeyRing): Promise<{ reencrypted: number; unreadable: number }> {
  const current = `v2.${ring.current.id}.%`;
  const rows = await db
    .select({ id: users.id, secret: users.totpSecretEnc, pending: users.totpPendingSecretEnc })
    .from(users)
    .where(
      or(
        and(isNotNull(users.totpSecretEnc), notLike(users.totpSecretEnc, current)),
        and(isNotNull(users.totpPendingSecretEnc), notLike(users.totpPendingSecretEnc, current)),
      ),
    );
  let reencrypted = 0;
  let unreadable = 0;
  for (const row of rows) {
    for (const column of ["secret", "pending"] as const) {
      const stored = row[column];
      if (!stored || stored.startsWith(current.slice(0, -1))) continue;
      let plain: string;
      try {
        plain = decryptTotpSecret(stored, ring).secret;
      } catch {
        unreadable++;
        continue;
      }
      const target = column === "secret" ? users.totpSecretEnc : users.totpPendingSecretEnc;
      await db
        .update(users)
        .set(column === "secret" ? { totpSecretEnc: encryptTotpSecret(plain, ring) } : { totpPendingSecretEnc: encryptTotpSecret(plain, ring) })
        .where(and(eq(users.id, row.id), eq(target, stored)));
      reencrypted++;
    }
  }
  return { reencrypted, unreadable };
}
