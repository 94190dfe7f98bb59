/**
 * A clinician's signature (issue 19; contract and decisions: api/contract/signatures.ts). The picture goes through the
 * same checks as every upload (api/domain/uploads.ts) and the storage adapter; the row and the picture's key change
 * together, the previous picture is deleted after unless a signed chart or prescription keeps it.
 */
import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { eq } from "drizzle-orm";
import {
  SIGNATURE_FIELD,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_SIDE,
  SIGNATURE_URL_PREFIX,
  signatureKeyParam,
  typedNameRequestSchema,
  type Signature,
} from "../contract/signatures.ts";
import type { Db } from "../db/client.ts";
import { staffSignatures, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { objectStorage } from "../domain/storage.ts";
import { referencedByDocument } from "../domain/signature-snapshot.ts";
import { ImageRejectedError, reencodePng } from "../domain/uploads.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { singleFileReader } from "../http/single-file.ts";

const storageKey = (key: string) => `signatures/${key}.png`;

/**
 * Deletes a replaced or removed picture unless a document refers to it. Runs after the signature row changed: a
 * signing transaction reads that row FOR SHARE, so the change waited for it to commit and its copy is seen here.
 */
async function deleteUnlessSigned(req: Request, key: string): Promise<void> {
  if (await referencedByDocument(req.deps.db, key)) return;
  await objectStorage(req.deps.config).delete(storageKey(key));
}


const readUpload = singleFileReader({ field: SIGNATURE_FIELD, maxBytes: SIGNATURE_MAX_BYTES, tooLarge: "signatures.imageTooLarge", missing: "signatures.imageMissing" });

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

type Row = { staffId: number; typedName: string; imageKey: string | null; updatedAt: Date };

const toSignature = (r: Row): Signature => ({
  staffId: r.staffId,
  typedName: r.typedName,
  imageUrl: r.imageKey ? SIGNATURE_URL_PREFIX + r.imageKey : null,
  updatedAt: r.updatedAt.toISOString(),
});

async function own(db: Db, staffId: number): Promise<Row | null> {
  const [row] = await db
    .select({ staffId: staffSignatures.staffId, typedName: staffSignatures.typedName, imageKey: staffSignatures.imageKey, updatedAt: staffSignatures.updatedAt })
    .from(staffSignatures)
    .where(eq(staffSignatures.staffId, staffId));
  return row ?? null;
}

/** Sets the row's typed name and/or picture key (creating the row), answering the row as it is after. */
async function upsert(db: Db, staffId: number, set: { typedName?: string; imageKey?: string | null }, fallbackName: string): Promise<Row> {
  const now = new Date();
  const [row] = await db
    .insert(staffSignatures)
    .values({ staffId, typedName: set.typedName ?? fallbackName, imageKey: set.imageKey ?? null, updatedAt: now })
    .onConflictDoUpdate({ target: staffSignatures.staffId, set: { ...set, updatedAt: now } })
    .returning({ staffId: staffSignatures.staffId, typedName: staffSignatures.typedName, imageKey: staffSignatures.imageKey, updatedAt: staffSignatures.updatedAt });
  return row!;
}

export function signatureRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/profile/signature", async (req, res) => {
    const row = await own(req.deps.db, me(req).id);
    ok(res, { signature: row ? toSignature(row) : null });
  });

  endpoint(router, "POST /api/v1/profile/signature", async (req, res) => {
    const user = me(req);
    const { typedName } = parseBody(req, typedNameRequestSchema);
    const row = await upsert(req.deps.db, user.id, { typedName }, typedName);
    await audit(req, { action: "signature.update", patientId: null, entityType: "user", entityId: user.id, meta: { part: "typedName" } });
    ok(res, { signature: toSignature(row) }, "signatures.saved");
  });

  endpoint(router, "POST /api/v1/profile/signature/image", async (req, res) => {
    const user = me(req);
    const file = await readUpload(req, res);
    if (!file || file.fieldname !== SIGNATURE_FIELD || file.size === 0) throw badRequest("signatures.imageMissing", fieldCode(SIGNATURE_FIELD, "signatures.imageMissing"));
    let image: Awaited<ReturnType<typeof reencodePng>>;
    try {
      image = await reencodePng(file.buffer, SIGNATURE_MAX_SIDE);
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err;
      await audit(req, { action: "signature.update", patientId: null, entityType: "user", entityId: user.id, outcome: "failure", meta: { reason: err.reason } });
      const code = err.reason === "type" ? "signatures.imageType" : "signatures.imageUnreadable";
      throw new ApiError(err.reason === "type" ? 415 : 400, code, { fields: fieldCode(SIGNATURE_FIELD, code) });
    }
    const key = randomBytes(16).toString("hex");
    const storage = objectStorage(req.deps.config);
    await storage.put(storageKey(key), image.bytes, "image/png");
    const before = await own(req.deps.db, user.id);
    const [account] = await req.deps.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, user.id));
    const row = await upsert(req.deps.db, user.id, { imageKey: key }, account?.fullName || "—");
    if (before?.imageKey) await deleteUnlessSigned(req, before.imageKey);
    await audit(req, {
      action: "signature.update",
      patientId: null,
      entityType: "user",
      entityId: user.id,
      meta: { part: "image", sourceType: image.sourceType, width: image.width, height: image.height, bytes: image.bytes.length },
    });
    ok(res, { signature: toSignature(row) }, "signatures.imageSaved");
  });

  endpoint(router, "DELETE /api/v1/profile/signature/image", async (req, res) => {
    const user = me(req);
    const before = await own(req.deps.db, user.id);
    if (!before) return ok(res, { signature: null }, "signatures.imageRemoved");
    const row = await upsert(req.deps.db, user.id, { imageKey: null }, before.typedName);
    if (before.imageKey) await deleteUnlessSigned(req, before.imageKey);
    await audit(req, { action: "signature.delete", patientId: null, entityType: "user", entityId: user.id, meta: { part: "image" } });
    ok(res, { signature: toSignature(row) }, "signatures.imageRemoved");
  });

  endpoint(router, "DELETE /api/v1/profile/signature", async (req, res) => {
    const user = me(req);
    const [before] = await req.deps.db.delete(staffSignatures).where(eq(staffSignatures.staffId, user.id)).returning({ imageKey: staffSignatures.imageKey });
    if (before?.imageKey) await deleteUnlessSigned(req, before.imageKey);
    await audit(req, { action: "signature.delete", patientId: null, entityType: "user", entityId: user.id, meta: { part: "all" } });
    ok(res, { signature: null }, "signatures.removed");
  });

  endpoint(router, "GET /api/v1/signatures/:key", async (req, res) => {
    me(req);
    const parsed = signatureKeyParam.safeParse(req.params.key);
    if (!parsed.success) throw notFound();
    // A current signature's picture, or one a signed document keeps.
    const [owner] = await req.deps.db.select({ staffId: staffSignatures.staffId }).from(staffSignatures).where(eq(staffSignatures.imageKey, parsed.data)).limit(1);
    const known = Boolean(owner) || (await referencedByDocument(req.deps.db, parsed.data));
    const object = known ? await objectStorage(req.deps.config).get(storageKey(parsed.data)) : null;
    if (!known || !object) throw notFound();
    res.status(200);
    res.set({
      "Content-Type": "image/png",
      "Content-Length": String(object.bytes.length),
      // A new key at every upload: the bytes behind a key never change.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "Content-Disposition": 'inline; filename="signature.png"',
    });
    res.end(object.bytes);
  });

  return router;
}
