/**
 * The patient's documents (issue 18; contract api/contract/documents.ts, decisions api/contract/document-rules.ts):
 *   GET /api/v1/patient/uploads, POST /api/v1/patient/uploads (multipart), GET /api/v1/patient/uploads/{id}/file
 * The patient's own only: another patient's, a hidden or an unknown document answers 404. Registered before the
 * patient record's routes: /api/v1/patient/uploads is not a patient id. An upload and its audit row are one
 * transaction (the file is stored first: a failed insert leaves an unreferenced object, never a row without a file).
 */
import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { DOCUMENT_FILE_FIELD, DOCUMENT_MAX_BYTES, DOCUMENTS_PAGE, documentFilePath } from "../contract/document-rules.ts";
import { documentUploadFieldsSchema, documentsQuerySchema, type PatientDocument } from "../contract/documents.ts";
import { auditEvents, uploads } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { DocumentRejectedError, checkedDocument } from "../domain/documents.ts";
import { objectStorage } from "../domain/storage.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseWith } from "../http/validate.ts";
import { placeholder } from "./patients.ts";
import { singleFileReader } from "../http/single-file.ts";

function me(req: Request): number {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user.id;
}

const readUpload = singleFileReader({ field: DOCUMENT_FILE_FIELD, maxBytes: DOCUMENT_MAX_BYTES, tooLarge: "documents.tooLarge", missing: "documents.missing" });

type Row = { id: number; category: number; title: string; fileName: string; mimeType: string; sizeBytes: number; status: "for_review" | "completed"; uploadedById: number | null; createdAt: Date };
const COLUMNS = {
  id: uploads.id,
  category: uploads.category,
  title: uploads.title,
  fileName: uploads.fileName,
  mimeType: uploads.mimeType,
  sizeBytes: uploads.sizeBytes,
  status: uploads.status,
  uploadedById: uploads.uploadedById,
  createdAt: uploads.createdAt,
};

const toDocument = (r: Row, patientId: number): PatientDocument => ({
  id: r.id,
  category: r.category,
  title: r.title,
  fileName: r.fileName,
  mimeType: r.mimeType,
  sizeBytes: r.sizeBytes,
  status: r.status,
  uploadedBy: r.uploadedById === patientId ? "patient" : "staff",
  createdAt: r.createdAt.toISOString(),
  url: documentFilePath(r.id),
});

/** A file name safe in a header and on any disk: letters, digits, dot, dash, underscore; the stored extension. */
function safeName(original: string, extension: string): string {
  const base = (original.replace(/\.[^.]*$/, "") || "document").replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  return `${base}.${extension}`;
}

export function documentsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/uploads", async (req, res) => {
    const patientId = me(req);
    const query = parseWith(documentsQuerySchema, req.query);
    const where: SQL[] = [eq(uploads.patientId, patientId), eq(uploads.visibility, 1)];
    if (query.category) where.push(eq(uploads.category, query.category));
    if (query.cursor) where.push(lt(uploads.id, query.cursor));
    const found = await req.deps.db
      .select(COLUMNS)
      .from(uploads)
      .where(and(...where))
      .orderBy(desc(uploads.id))
      .limit(DOCUMENTS_PAGE + 1);
    const page = found.slice(0, DOCUMENTS_PAGE);
    ok(res, { documents: page.map((r) => toDocument(r, patientId)), nextCursor: found.length > DOCUMENTS_PAGE ? String(page.at(-1)!.id) : null });
  });

  endpoint(router, "POST /api/v1/patient/uploads", async (req, res) => {
    const patientId = me(req);
    const file = await readUpload(req, res);
    const fields = parseWith(documentUploadFieldsSchema, req.body ?? {});
    if (!file || file.fieldname !== DOCUMENT_FILE_FIELD || file.size === 0) throw badRequest("documents.missing", fieldCode(DOCUMENT_FILE_FIELD, "documents.missing"));
    let checked: Awaited<ReturnType<typeof checkedDocument>>;
    try {
      checked = await checkedDocument(file.buffer);
    } catch (err) {
      if (!(err instanceof DocumentRejectedError)) throw err;
      await audit(req, { action: "document.upload", patientId, entityType: "upload", outcome: "failure", meta: { reason: err.reason } });
      const code = err.reason === "type" ? "documents.type" : "documents.unreadable";
      throw new ApiError(err.reason === "type" ? 415 : 400, code, { fields: fieldCode(DOCUMENT_FILE_FIELD, code) });
    }
    const key = `uploads/${patientId}/${randomBytes(16).toString("hex")}.${checked.extension}`;
    await objectStorage(req.deps.config).put(key, checked.bytes, checked.mimeType);
    const fileName = safeName(file.originalname ?? "", checked.extension);
    const row = await req.deps.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(uploads)
        .values({ patientId, uploadedById: patientId, category: fields.category, title: fields.title, fileName, mimeType: checked.mimeType, sizeBytes: checked.bytes.length, storageKey: key, status: "for_review", visibility: 1 })
        .returning(COLUMNS);
      await tx.insert(auditEvents).values({
        actorId: patientId,
        actorRole: req.auth.role,
        action: "document.upload",
        entityType: "upload",
        entityId: String(u!.id),
        patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: { category: fields.category, mimeType: checked.mimeType, sizeBytes: checked.bytes.length },
      });
      return u!;
    });
    ok(res, { document: toDocument(row, patientId) }, "documents.uploaded");
  });

  endpoint(router, "GET /api/v1/patient/uploads/:id/file", async (req, res) => {
    const patientId = me(req);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw notFound("documents.notFound");
    const [row] = await req.deps.db
      .select({ storageKey: uploads.storageKey, fileName: uploads.fileName, mimeType: uploads.mimeType, category: uploads.category })
      .from(uploads)
      .where(and(eq(uploads.id, id.data), eq(uploads.patientId, patientId), eq(uploads.visibility, 1)))
      .limit(1);
    if (!row || !/^(image\/(png|jpeg|gif)|application\/pdf)$/.test(row.mimeType)) throw notFound("documents.notFound");
    let object: { bytes: Buffer; contentType: string } | null = null;
    try {
      object = await objectStorage(req.deps.config).get(row.storageKey);
    } catch {
      object = null; // a key the store refuses is a missing file
    }
    // A demo row whose file was never stored (the demo seed writes rows only): the record's placeholder picture.
    const demo = !object && row.storageKey.startsWith("demo/") && row.mimeType.startsWith("image/");
    if (demo) object = { bytes: await placeholder(row.category), contentType: "image/png" };
    if (!object) throw notFound("documents.notFound");
    res.status(200);
    res.set({
      "Content-Type": demo ? "image/png" : row.mimeType,
      "Content-Length": String(object.bytes.length),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `attachment; filename="${row.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    });
    res.end(object.bytes);
  });

  return router;
}
