/** GET /api/v1/treatments-v2/{id} (spec §7): one treatment, for the staff pages that name one (intakes, charts). */
import { Router } from "express";
import { eq } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import type { Treatment } from "../contract/treatments.ts";
import { treatments } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { endpoint } from "../http/endpoint.ts";
import { notFound, ok } from "../http/errors.ts";

export function treatmentsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/treatments-v2/:id", async (req, res) => {
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const [row] = await req.deps.db.select().from(treatments).where(eq(treatments.id, parsed.data)).limit(1);
    if (!row) throw notFound();
    await audit(req, { action: "treatment.read", patientId: row.patientId, entityType: "treatment", entityId: row.id });
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

  return router;
}
