/**
 * The patient's progress (issue 18; contract api/contract/progress.ts, decisions api/contract/progress-rules.ts):
 *   GET /api/v1/patient/progress, POST /api/v1/patient/progress/weights (the patient's own)
 *   GET /api/v1/patient/{patientId}/progress (staff, patients they may see; else 404; audited)
 * Registered before the patient record's routes: /api/v1/patient/progress is not a patient id.
 */
import { Router, type Request } from "express";
import { auditEvents } from "../db/schema.ts";
import { logWeightRequestSchema } from "../contract/progress.ts";
import { auditRead } from "../domain/audit.ts";
import { loadProgress, logWeight } from "../domain/progress.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { visiblePatient } from "./patients.ts";

function me(req: Request): number {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user.id;
}

export function progressRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/progress", async (req, res) => {
    ok(res, await loadProgress(req.deps.db, me(req)));
  });

  endpoint(router, "POST /api/v1/patient/progress/weights", async (req, res) => {
    const patientId = me(req);
    const input = parseBody(req, logWeightRequestSchema);
    await req.deps.db.transaction(async (tx) => {
      const entryId = await logWeight(tx, patientId, input.weightLb, input.measuredOn);
      await tx.insert(auditEvents).values({
        actorId: patientId,
        actorRole: req.auth.role,
        action: "progress.weight.log",
        entityType: "weight_entry",
        entityId: String(entryId),
        patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: null,
      });
    });
    ok(res, await loadProgress(req.deps.db, patientId), "progress.weightLogged");
  });

  endpoint(router, "GET /api/v1/patient/:patientId/progress", async (req, res) => {
    const id = await visiblePatient(req, req.params.patientId);
    const progress = await loadProgress(req.deps.db, id);
    await auditRead(req, { action: "patient.progress.read", patientId: id, entityType: "patient", entityId: id });
    ok(res, progress);
  });

  return router;
}
