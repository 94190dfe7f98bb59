/**
 * The patient record of staff and managers (spec §7 patients calls; contract api/contract/patients.ts; reads in
 * api/domain/patient-record.ts). Every call names one patient and asks api/domain/patient-access.ts whether the
 * caller may see them: a patient they may not see answers 404 exactly like an unknown or malformed id. Every read
 * writes an audit record (committed without waiting for the disk, `auditRead`); every change writes its record in
 * its own transaction, and a change that fails saves nothing.
 */
import { Router, type Request } from "express";
import { and, eq, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { idParam } from "../contract/common.ts";
import {
  PATIENT_STATUS_OF_KEY,
  patientOrdersQuerySchema,
  patientRecordsQuerySchema,
  patientStatusUpdateSchema,
  patientUpdateSchema,
  patientUploadsQuerySchema,
  uploadFilePath,
  type PatientOrder,
  type PatientRecord,
  type PatientUpload,
} from "../contract/patients.ts";
import { fieldCodesOf } from "../contract/validation.ts";
import { auditEvents, patients, uploads, users } from "../db/schema.ts";
import { allergyById } from "../domain/allergies.ts";
import { auditRead } from "../domain/audit.ts";
import { canSeePatient } from "../domain/patient-access.ts";
import { iso, isoDate, loadOverview } from "../domain/patient-record.ts";
import { objectStorage } from "../domain/storage.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseWith } from "../http/validate.ts";
import { rows, type Db } from "../db/client.ts";

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

/**
 * The id of a patient the caller may see, from a path or body value; otherwise 404 (`patients.notFound`): a
 * malformed id, a user who is not a patient, and a patient outside the caller's access answer the same.
 */
export async function visiblePatient(req: Request, raw: unknown): Promise<number> {
  const user = me(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("patients.notFound");
  const id = parsed.data;
  const { db } = req.deps;
  const [found] = await db.select({ id: patients.userId }).from(patients).where(eq(patients.userId, id)).limit(1);
  if (!found || !(await canSeePatient(db, { id: user.id, role: req.auth.role }, id))) throw notFound("patients.notFound");
  return id;
}

/** The names of a visit record's allergy ids (unknown ids are left out: the page shows them as they are). */
function allergyNamesOf(value: unknown): Record<string, { en: string; es: string }> {
  const out: Record<string, { en: string; es: string }> = {};
  for (const id of Array.isArray(value) ? value : []) {
    const a = typeof id === "string" ? allergyById(id) : undefined;
    if (a) out[a.id] = { en: a.en, es: a.es };
  }
  return out;
}

function changeAudit(req: Request, action: string, patientId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return {
    actorId: req.auth.user?.id ?? null,
    actorRole: req.auth.role,
    action,
    entityType: "patient",
    entityId: String(patientId),
    patientId,
    ip: clientIp(req),
    outcome: "success",
    meta,
  };
}

const bmi = (weightLb: number | null, heightIn: number | null) =>
  weightLb && heightIn ? Math.round(((703 * weightLb) / (heightIn * heightIn)) * 10) / 10 : null;

function pageOf(q: { page: number; perPage: number }) {
  return { limit: q.perPage, offset: (q.page - 1) * q.perPage };
}

/**
 * A plain placeholder picture for a demo upload whose file was never stored (the demo seed writes rows only). One
 * per category, drawn once per process (constant bytes: nothing another instance needs to agree on).
 */
const placeholders = new Map<number, Promise<Buffer>>();
export function placeholder(category: number): Promise<Buffer> {
  const colours: Record<number, string> = { 1: "#dbeafe", 2: "#fee2e2", 3: "#dcfce7", 4: "#fef9c3", 5: "#ede9fe" };
  let png = placeholders.get(category);
  if (!png) {
    png = sharp({ create: { width: 480, height: 300, channels: 3, background: colours[category] ?? "#e5e7eb" } }).png().toBuffer();
    placeholders.set(category, png);
  }
  return png;
}

export function patientsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/:patientId", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const patient = await loadOverview(req.deps.db, id);
    if (!patient) throw notFound("patients.notFound");
    await auditRead(req, { action: "patient.read", patientId: id, entityType: "patient", entityId: id });
    ok(res, { patient });
  });

  endpoint(router, "POST /api/v1/patient/update-status", async (req, res) => {
    // A malformed body is a 400; then a patient the caller may not see is a 404 like an unknown one.
    const input = parseWith(patientStatusUpdateSchema, req.body ?? {});
    const id = await visiblePatient(req, input.patientId);
    const status = PATIENT_STATUS_OF_KEY[input.statusKey];
    await req.deps.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: patients.status, statusKey: patients.statusKey }).from(patients).where(eq(patients.userId, id)).for("update");
      await tx.update(patients).set({ status, statusKey: input.statusKey, updatedAt: new Date() }).where(eq(patients.userId, id));
      await tx.insert(auditEvents).values(changeAudit(req, "patient.status.update", id, { from: before?.statusKey ?? null, to: input.statusKey, status }));
    });
    ok(res, { patientId: id, status, statusKey: input.statusKey }, "patients.statusUpdated");
  });

  endpoint(router, "POST /api/v2/patients/:id/update", async (req, res) => {
    const id = await visiblePatient(req, req.params.id);
    const parsed = patientUpdateSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
    const input = parsed.data;
    const { db } = req.deps;
    if (input.email !== undefined) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${input.email})`, ne(users.id, id)))
        .limit(1);
      if (taken) throw badRequest("common.invalidFields", fieldCode("email", "account.emailUnusableShort"));
    }
    const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(patients).where(eq(patients.userId, id)).for("update");
      if (!current) throw notFound("patients.notFound");
      const userSet: Partial<typeof users.$inferInsert> = {};
      if (input.firstName !== undefined) userSet.firstName = input.firstName;
      if (input.middleName !== undefined) userSet.middleName = input.middleName;
      if (input.lastName !== undefined) userSet.lastName = input.lastName;
      if (input.phone !== undefined) userSet.phone = input.phone === "" ? null : input.phone.replace(/\D/g, "").replace(/^1?(\d{10})$/, "+1$1");
      if (input.email !== undefined) userSet.email = input.email;
      if (Object.keys(userSet).length) await tx.update(users).set({ ...userSet, updatedAt: new Date() }).where(eq(users.id, id));
      const height = input.heightInches !== undefined ? input.heightInches : current.heightInches;
      const start = input.weightStart !== undefined ? input.weightStart : current.weightStart;
      const now = input.weightCurrent !== undefined ? input.weightCurrent : current.weightCurrent;
      const patientSet: Partial<typeof patients.$inferInsert> = { updatedAt: new Date(), bmiStart: bmi(start, height), bmiCurrent: bmi(now, height) };
      if (input.dateOfBirth !== undefined) patientSet.dateOfBirth = input.dateOfBirth;
      if (input.gender !== undefined) patientSet.gender = input.gender === "" ? null : input.gender;
      if (input.heightInches !== undefined) patientSet.heightInches = input.heightInches;
      if (input.weightStart !== undefined) patientSet.weightStart = input.weightStart;
      if (input.weightCurrent !== undefined) patientSet.weightCurrent = input.weightCurrent;
      if (input.weightGoal !== undefined) patientSet.weightGoal = input.weightGoal;
      await tx.update(patients).set(patientSet).where(eq(patients.userId, id));
      await tx.insert(auditEvents).values(changeAudit(req, "patient.update", id, { fields: fields.join(",") }));
    });
    const patient = await loadOverview(db, id);
    if (!patient) throw notFound("patients.notFound");
    ok(res, { patient }, "patients.updated");
  });

  endpoint(router, "GET /api/v1/patient/:patientId/records", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const q = parseWith(patientRecordsQuerySchema, req.query);
    const { limit, offset } = pageOf(q);
    const { db } = req.deps;
    const visits = sql`SELECT 'visit' AS type, v.id, v.created_at AS "createdAt", v.treatment_id AS "treatmentId", t.section_type AS "sectionType",
        v.visit_type AS "visitType", NULL::text AS kind, NULL::text AS body, v.record_form AS "recordForm", v.provider_id AS "personId", pu.full_name AS "personName"
      FROM visit_records v LEFT JOIN treatments t ON t.id = v.treatment_id LEFT JOIN users pu ON pu.id = v.provider_id WHERE v.patient_id = ${id}`;
    const notes = sql`SELECT 'note' AS type, n.id, n.created_at AS "createdAt", n.treatment_id AS "treatmentId", t.section_type AS "sectionType",
        NULL::text AS "visitType", n.kind, n.body, NULL::jsonb AS "recordForm", n.author_id AS "personId", pu.full_name AS "personName"
      FROM visit_notes n LEFT JOIN treatments t ON t.id = n.treatment_id LEFT JOIN users pu ON pu.id = n.author_id WHERE n.patient_id = ${id}`;
    const union = q.type === "visit" ? visits : q.type === "note" ? notes : sql`${visits} UNION ALL ${notes}`;
    type Row = {
      type: "visit" | "note";
      id: number;
      createdAt: unknown;
      treatmentId: number | null;
      sectionType: number | null;
      visitType: "async" | "video" | "phone" | "follow_up" | null;
      kind: "provider" | "nurse" | null;
      body: string | null;
      recordForm: Record<string, string | number | boolean | string[] | null> | null;
      personId: number | null;
      personName: string | null;
    };
    const [page, [counted]] = await Promise.all([
      rows<Row>(db, sql`SELECT * FROM (${union}) r ORDER BY "createdAt" DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
      rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${union}) r`),
    ]);
    const items: PatientRecord[] = page.map((r) => {
      const who = r.personId !== null && r.personName !== null ? { id: r.personId, fullName: r.personName } : null;
      const base = { id: r.id, createdAt: iso(r.createdAt)!, treatmentId: r.treatmentId, sectionType: r.sectionType };
      return r.type === "visit"
        ? { type: "visit", ...base, visitType: r.visitType ?? "async", provider: who, recordForm: r.recordForm ?? {}, allergyNames: allergyNamesOf(r.recordForm?.allergies) }
        : { type: "note", ...base, kind: r.kind ?? "provider", author: who, body: r.body ?? "" };
    });
    await auditRead(req, { action: "patient.records.read", patientId: id, entityType: "patient", entityId: id, meta: { page: q.page, type: q.type ?? "all" } });
    ok(res, items, "ok", { totalCount: counted?.n ?? 0, page: q.page, perPage: q.perPage });
  });

  endpoint(router, "GET /api/v1/patient/:patientId/orders", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const q = parseWith(patientOrdersQuerySchema, req.query);
    const { limit, offset } = pageOf(q);
    const { db } = req.deps;
    type Row = Omit<PatientOrder, "dateOrdered" | "dateShipped"> & { dateOrdered: unknown; dateShipped: unknown };
    const [page, [counted]] = await Promise.all([
      rows<Row>(
        db,
        sql`SELECT o.id, o.order_number AS "orderNumber", o.status, o.total_cents AS "totalCents", o.currency, o.date_ordered AS "dateOrdered",
          o.date_shipped AS "dateShipped", o.fulfiller, o.tracking_number AS "trackingNumber", o.tracking_url AS "trackingUrl",
          (SELECT coalesce(json_agg(json_build_object('name', p.name, 'dosage', v.dosage, 'quantity', oi.quantity, 'priceCents', oi.price_cents) ORDER BY oi.id), '[]'::json)
             FROM order_items oi JOIN product_variants v ON v.id = oi.variant_id JOIN products p ON p.id = v.product_id WHERE oi.order_id = o.id) AS items
        FROM orders o WHERE o.patient_id = ${id} ORDER BY o.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
      rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE patient_id = ${id}`),
    ]);
    const items: PatientOrder[] = page.map((o) => ({ ...o, dateOrdered: iso(o.dateOrdered)!, dateShipped: iso(o.dateShipped) }));
    await auditRead(req, { action: "patient.orders.read", patientId: id, entityType: "patient", entityId: id, meta: { page: q.page } });
    ok(res, items, "ok", { totalCount: counted?.n ?? 0, page: q.page, perPage: q.perPage });
  });

  endpoint(router, "GET /api/v1/patient/:patientId/uploads", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const q = parseWith(patientUploadsQuerySchema, req.query);
    const { limit, offset } = pageOf(q);
    const { db } = req.deps;
    const category = q.category === undefined ? sql`true` : sql`up.category = ${q.category}`;
    type Row = Omit<PatientUpload, "createdAt" | "url" | "uploadedBy"> & { createdAt: unknown; byId: number | null; byName: string | null };
    const [page, [counted]] = await Promise.all([
      rows<Row>(
        db,
        sql`SELECT up.id, up.category, up.title, up.file_name AS "fileName", up.mime_type AS "mimeType", up.size_bytes AS "sizeBytes",
          up.status, up.visibility, up.image_kind AS "imageKind", up.created_at AS "createdAt", up.uploaded_by_id AS "byId", u.full_name AS "byName"
        FROM uploads up LEFT JOIN users u ON u.id = up.uploaded_by_id
        WHERE up.patient_id = ${id} AND ${category} ORDER BY up.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
      rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM uploads up WHERE up.patient_id = ${id} AND ${category}`),
    ]);
    const items: PatientUpload[] = page.map(({ byId, byName, ...u }) => ({
      ...u,
      createdAt: iso(u.createdAt)!,
      uploadedBy: byId !== null && byName !== null ? { id: byId, fullName: byName } : null,
      url: uploadFilePath(id, u.id),
    }));
    await auditRead(req, { action: "patient.uploads.read", patientId: id, entityType: "patient", entityId: id, meta: { page: q.page, category: q.category ?? null } });
    ok(res, items, "ok", { totalCount: counted?.n ?? 0, page: q.page, perPage: q.perPage });
  });

  endpoint(router, "GET /api/v1/patient/:patientId/uploads/:uploadId/file", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const uploadId = idParam.safeParse(req.params.uploadId);
    if (!uploadId.success) throw notFound();
    const { db } = req.deps;
    const [row] = await db
      .select({ id: uploads.id, category: uploads.category, mimeType: uploads.mimeType, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId.data), eq(uploads.patientId, id)))
      .limit(1);
    // Pictures, and the PDFs a patient uploads as documents (issue 18: sent as an attachment, never shown inline).
    if (!row || !/^(image\/(png|jpeg|gif)|application\/pdf)$/.test(row.mimeType)) throw notFound();
    let object: { bytes: Buffer; contentType: string } | null = null;
    try {
      object = await objectStorage(req.deps.config).get(row.storageKey);
    } catch {
      object = null; // a key the store refuses (never one of ours) is a missing file
    }
    if (!object && row.storageKey.startsWith("demo/")) object = { bytes: await placeholder(row.category), contentType: "image/png" };
    if (!object) throw notFound();
    await auditRead(req, { action: "patient.upload.file", patientId: id, entityType: "upload", entityId: row.id });
    res.status(200);
    res.set({
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.length),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": row.mimeType === "application/pdf" ? `attachment; filename="document-${row.id}.pdf"` : "inline",
    });
    res.end(object.bytes);
  });

  endpoint(router, "GET /api/v1/patient/:patientId/weights", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const { db } = req.deps;
    const [entries, [p]] = await Promise.all([
      rows<{ id: number; weightLb: number; measuredOn: unknown; source: "intake" | "patient" | "staff" }>(
        db,
        sql`SELECT * FROM (SELECT id, weight_lb AS "weightLb", measured_on AS "measuredOn", source FROM weight_entries
          WHERE patient_id = ${id} ORDER BY measured_on DESC, id DESC LIMIT 500) w ORDER BY "measuredOn", id`,
      ),
      (db as Db).select({ weightStart: patients.weightStart, weightGoal: patients.weightGoal }).from(patients).where(eq(patients.userId, id)).limit(1),
    ]);
    await auditRead(req, { action: "patient.weights.read", patientId: id, entityType: "patient", entityId: id });
    ok(res, {
      weights: entries.map((e) => ({ ...e, measuredOn: isoDate(e.measuredOn)! })),
      weightStart: p?.weightStart ?? null,
      weightGoal: p?.weightGoal ?? null,
    });
  });

  return router;
}
