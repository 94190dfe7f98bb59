/**
 * Profile pictures (contract: api/contract/patient-account.ts "Avatar"):
 *   POST   /api/v1/profile/avatar   multipart, file field `avatar` → checked by content, re-encoded, stored
 *   DELETE /api/v1/profile/avatar   removes it
 *   GET    /api/v1/avatars/{key}    the stored PNG, for any signed-in user who knows the key
 */
import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { eq } from "drizzle-orm";
import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  AVATAR_URL_PREFIX,
  avatarKeyParam,
} from "../contract/patient-account.ts";
import { users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { objectStorage } from "../domain/storage.ts";
import { ImageRejectedError, reencodeSquarePng } from "../domain/uploads.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, notFound, ok, unauthorized, fieldCode } from "../http/errors.ts";
import { loadProfile } from "./profile.ts";
import { singleFileReader } from "../http/single-file.ts";

const storageKey = (key: string) => `avatars/${key}.png`;

const readUpload = singleFileReader({ field: AVATAR_FIELD, maxBytes: AVATAR_MAX_BYTES, tooLarge: "account.avatarTooLarge", missing: "account.avatarMissing" });

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

export function avatarRoutes(): Router {
  const router = Router();

  endpoint(router, "POST /api/v1/profile/avatar", async (req, res) => {
    const user = me(req);
    const patientId = user.role === "patients" ? user.id : null;
    const file = await readUpload(req, res);
    if (!file || file.fieldname !== AVATAR_FIELD || file.size === 0) throw badRequest("account.avatarMissing", fieldCode(AVATAR_FIELD, "account.avatarMissing"));
    let image: Awaited<ReturnType<typeof reencodeSquarePng>>;
    try {
      image = await reencodeSquarePng(file.buffer, AVATAR_SIZE);
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err;
      await audit(req, { action: "avatar.update", patientId, entityType: "user", entityId: user.id, outcome: "failure", meta: { reason: err.reason } });
      const code = err.reason === "type" ? "account.avatarType" : "account.avatarUnreadable";
      throw new ApiError(err.reason === "type" ? 415 : 400, code, { fields: fieldCode(AVATAR_FIELD, code) });
    }
    const key = randomBytes(16).toString("hex");
    const storage = objectStorage(req.deps.config);
    await storage.put(storageKey(key), image.bytes, "image/png");
    const [before] = await req.deps.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, user.id));
    await req.deps.db
      .update(users)
      .set({ avatarKey: key, avatarUrl: AVATAR_URL_PREFIX + key, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    if (before?.avatarKey) await storage.delete(storageKey(before.avatarKey));
    await audit(req, {
      action: "avatar.update",
      patientId,
      entityType: "user",
      entityId: user.id,
      meta: { sourceType: image.sourceType, width: image.width, height: image.height, bytes: image.bytes.length },
    });
    ok(res, await loadProfile(req.deps.db, user.id), "account.avatarUpdated");
  });

  endpoint(router, "DELETE /api/v1/profile/avatar", async (req, res) => {
    const user = me(req);
    const [before] = await req.deps.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, user.id));
    await req.deps.db.update(users).set({ avatarKey: null, avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (before?.avatarKey) await objectStorage(req.deps.config).delete(storageKey(before.avatarKey));
    await audit(req, { action: "avatar.delete", patientId: user.role === "patients" ? user.id : null, entityType: "user", entityId: user.id });
    ok(res, await loadProfile(req.deps.db, user.id), "account.avatarRemoved");
  });

  endpoint(router, "GET /api/v1/avatars/:key", async (req, res) => {
    me(req);
    const parsed = avatarKeyParam.safeParse(req.params.key);
    if (!parsed.success) throw notFound();
    const [owner] = await req.deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.avatarKey, parsed.data)).limit(1);
    const object = owner ? await objectStorage(req.deps.config).get(storageKey(parsed.data)) : null;
    if (!owner || !object) throw notFound();
    if (owner.role === "patients") await audit(req, { action: "avatar.read", patientId: owner.id, entityType: "user", entityId: owner.id });
    res.status(200);
    res.set({
      "Content-Type": "image/png",
      "Content-Length": String(object.bytes.length),
      // The key changes at every upload: the bytes behind a key never change.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "Content-Disposition": 'inline; filename="avatar.png"',
    });
    res.end(object.bytes);
  });

  return router;
}
