/**
 * Treatments (spec §7 treatments-v2 and treatment actions; contract api/contract/treatments.ts):
 *   GET /api/v1/treatments-v2?patientId=                 a patient's treatments (patient record, treatments tab)
 *   GET /api/v1/treatments-v2/latest-approved?patientId= the newest approved one, or null
 *   GET /api/v1/treatments-v2/{id}                       one treatment (intakes, charts)
 *   PUT /api/v1/treatments/{id}/assign-provider          assign an active provider, or none
 *   PUT /api/v1/treatments/{id}/update-status            change the review status (api/domain/treatment-review.ts)
 * Every call asks api/domain/patient-access.ts about the treatment's patient: one the caller may not see answers
 * 404 like an unknown id. Reads are audited (`auditRead`), changes in their own transaction.
 */
import { Router, type Request } from "express";
import { eq, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { assignProviderSchema, patientIdQuerySchema, treatmentStatusUpdateSchema, type Treatment } from "../contract/treatments.ts";
import { fieldCodesOf } from "../contract/validation.ts";
import { auditEvents, treatments, users } from "../db/schema.ts";
import { auditRead } from "../domain/audit.ts";
import { canSeePatient } from "../domain/patient-access.ts";
import { loadTreatments } from "../domain/patient-record.ts";
import { transition } from "../domain/treatment-review.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { visiblePatient } from "./patients.ts";

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

/** A treatment of a patient the caller may see, or 404 (`treatments.notFound`) for anything else. */
export async function visibleTreatment(req: Request, raw: unknown) {
  const user = me(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("treatments.notFound");
  const { db } = req.deps;
  const [row] = await db.select().from(treatments).where(eq(treatments.id, parsed.data)).limit(1);
  if (!row || !(await canSeePatient(db, { id: user.id, role: req.auth.role }, row.patientId))) throw notFound("treatments.notFound");
  return row;
}

/** ?patientId= of the list calls: missing or malformed is a 400 with the field named. */
function patientIdQuery(req: Request): number {
  const parsed = patientIdQuerySchema.safeParse(req.query);
  if (!parsed.success) throw badRequest("common.invalidFields", fieldCodesOf(parsed.error.issues));
  return parsed.data.patientId;
}

function changeAudit(req: Request, action: string, t: { id: number; patientId: number }, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType: "treatment", entityId: String(t.id), patientId: t.patientId, ip: clientIp(req), outcome: "success", meta };
}

async function detailOf(req: Request, id: number) {
  const [detail] = await loadTreatments(req.deps.db, sql`t.id = ${id}`, 1);
  if (!detail) throw notFound("treatments.notFound");
  return detail;
}

export function treatmentsRoutes(): Router {
  const router = Router();

  // Before /:id, which would take "latest-approved" for an id.
  endpoint(router, "GET /api/v1/treatments-v2/latest-approved", async (req, res) => {
    const patientId = await visiblePatient(req, patientIdQuery(req));
    const [treatment] = await loadTreatments(req.deps.db, sql`t.patient_id = ${patientId} AND t.review_status = 'approved'`, 1);
    await auditRead(req, { action: "treatments.latestApproved.read", patientId, entityType: "treatment", entityId: treatment?.id });
    ok(res, { treatment: treatment ?? null });
  });

  endpoint(router, "GET /api/v1/treatments-v2", async (req, res) => {
    const patientId = await visiblePatient(req, patientIdQuery(req));
    const list = await loadTreatments(req.deps.db, sql`t.patient_id = ${patientId}`);
    await auditRead(req, { action: "treatments.list", patientId, patientIds: [patientId], entityType: "patient", entityId: patientId });
    ok(res, { treatments: list });
  });

  endpoint(router, "GET /api/v1/treatments-v2/:id", async (req, res) => {
    const row = await visibleTreatment(req, req.params.id);
    await auditRead(req, { action: "treatment.read", patientId: row.patientId, entityType: "treatment", entityId: row.id });
    const treatment: Treatment = {
      id: row.id,
      patientId: row.patientId,
      sectionType: row.sectionType,
      reviewStatus: row.reviewStatus,
      reviewKind: row.reviewKind,
      providerId: row.providerId,
      createdAt: row.createdAt.toISOString(),
    };
    ok(res, { treatment });
  });

  endpoint(router, "PUT /api/v1/treatments/:id/assign-provider", async (req, res) => {
    const row = await visibleTreatment(req, req.params.id);
    const input = parseBody(req, assignProviderSchema);
    const providerId = input.providerId === "" ? null : input.providerId;
    const { db } = req.deps;
    if (providerId !== null) {
      const [p] = await db.select({ role: users.role, userStatus: users.userStatus }).from(users).where(eq(users.id, providerId)).limit(1);
      if (!p || (p.role !== "providers" && p.role !== "providerUsers") || p.userStatus !== "active") {
        throw badRequest("common.invalidFields", fieldCode("providerId", "validation.invalid"));
      }
    }
    await db.transaction(async (tx) => {
      await tx.update(treatments).set({ providerId, updatedAt: new Date() }).where(eq(treatments.id, row.id));
      await tx.insert(auditEvents).values(changeAudit(req, "treatment.assignProvider", row, { from: row.providerId, to: providerId }));
    });
    ok(res, { treatment: await detailOf(req, row.id) }, providerId === null ? "treatments.providerUnassigned" : "treatments.providerAssigned");
  });

  endpoint(router, "PUT /api/v1/treatments/:id/update-status", async (req, res) => {
    const row = await visibleTreatment(req, req.params.id);
    const input = parseBody(req, treatmentStatusUpdateSchema);
    await req.deps.db.transaction(async (tx) => {
      const [current] = await tx.select({ reviewStatus: treatments.reviewStatus }).from(treatments).where(eq(treatments.id, row.id)).for("update");
      const result = transition("update-status", current!.reviewStatus, input.reviewStatus);
      if (!result.ok) throw new ApiError(409, result.code, { params: result.params });
      const reviewed = result.to === "pending" ? null : new Date();
      await tx.update(treatments).set({ reviewStatus: result.to, reviewedAt: reviewed, updatedAt: new Date() }).where(eq(treatments.id, row.id));
      await tx.insert(auditEvents).values(changeAudit(req, "treatment.updateStatus", row, { from: current!.reviewStatus, to: result.to }));
    });
    ok(res, { treatment: await detailOf(req, row.id) }, "treatments.statusUpdated");
  });

  return router;
}
