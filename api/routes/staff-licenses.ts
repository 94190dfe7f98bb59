/**
 * Staff licenses (issue 19 part B; contract and decisions api/contract/staff-licenses.ts). The same rows the clinical
 * review's license-aware rule reads (api/domain/licenses.ts). A change and its audit row are one transaction.
 */
import { Router, type Request } from "express";
import { sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { LICENSE_V, LICENSE_WARNING_DAYS, licenseRequestSchema, type License, type LicenseRequest } from "../contract/staff-licenses.ts";
import { rows } from "../db/client.ts";
import { auditEvents, staffLicenses } from "../db/schema.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { scheduleTarget } from "./schedule.ts";
import type { Db } from "../db/client.ts";
import { and, eq, isNull } from "drizzle-orm";

type Row = {
  id: number;
  ownerId: number;
  ownerName: string;
  state: string;
  licenseType: string;
  licenseNumber: string;
  expiresOn: string;
  daysLeft: number;
  doctorId: number | null;
  doctorName: string | null;
};

const SELECT = sql`l.id, l.staff_id AS "ownerId", o.full_name AS "ownerName", l.state, l.license_type AS "licenseType",
  l.license_number AS "licenseNumber", to_char(l.expires_on, 'YYYY-MM-DD') AS "expiresOn", (l.expires_on - current_date)::int AS "daysLeft",
  l.collaborating_doctor_id AS "doctorId", d.full_name AS "doctorName"`;
const FROM = sql`FROM staff_licenses l JOIN users o ON o.id = l.staff_id LEFT JOIN users d ON d.id = l.collaborating_doctor_id`;

function toLicense(r: Row): License {
  return {
    id: r.id,
    owner: { id: r.ownerId, fullName: r.ownerName },
    state: r.state,
    licenseType: r.licenseType,
    licenseNumber: r.licenseNumber,
    expiresOn: r.expiresOn,
    status: r.daysLeft < 0 ? "expired" : r.daysLeft <= LICENSE_WARNING_DAYS ? "expiringSoon" : "active",
    daysLeft: r.daysLeft,
    collaboratingDoctor: r.doctorId === null ? null : { id: r.doctorId, fullName: r.doctorName ?? "" },
  };
}

/** Who may be named collaboration doctor: active medical doctors among the clinicians. */
const DOCTORS = sql`role IN ('providers', 'providerUsers') AND profession = 'medicalDoctor' AND user_status = 'active'`;

async function doctorsFor(db: Db, staffId: number) {
  return rows<{ id: number; fullName: string }>(db, sql`SELECT id, full_name AS "fullName" FROM users WHERE ${DOCTORS} AND id <> ${staffId} ORDER BY full_name, id LIMIT 200`);
}

async function loadLicense(db: Db, staffId: number, raw: unknown): Promise<Row> {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("licenses.notFound");
  const [row] = await rows<Row>(db, sql`SELECT ${SELECT} ${FROM} WHERE l.id = ${parsed.data} AND l.staff_id = ${staffId} AND l.revoked_at IS NULL`);
  if (!row) throw notFound("licenses.notFound");
  return row;
}

/** The checks the schema cannot make: the date not past, the doctor one who may be named, no duplicate. */
async function checkLicense(db: Db, staffId: number, input: LicenseRequest, exceptId: number | null): Promise<void> {
  const [{ past } = { past: false }] = await rows<{ past: boolean }>(db, sql`SELECT ${input.expiresOn}::date < current_date AS past`);
  if (past) throw badRequest("common.invalidFields", fieldCode("expiresOn", LICENSE_V.expired));
  if (input.collaboratingDoctorId !== null) {
    const [doctor] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE id = ${input.collaboratingDoctorId} AND id <> ${staffId} AND ${DOCTORS}`);
    if (!doctor) throw badRequest("common.invalidFields", fieldCode("collaboratingDoctorId", LICENSE_V.doctor));
  }
  const [dup] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM staff_licenses WHERE staff_id = ${staffId} AND state = ${input.state} AND license_type = ${input.licenseType}
        AND upper(license_number) = upper(${input.licenseNumber}) AND revoked_at IS NULL ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  );
  if (dup) throw new ApiError(409, "licenses.duplicate", { fields: fieldCode("licenseNumber", "licenses.duplicate") });
}

function changeAudit(req: Request, action: string, licenseId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType: "staff_license", entityId: String(licenseId), ip: clientIp(req), outcome: "success", meta };
}

export function staffLicensesRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/staff-licenses/:staffId", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    const db = req.deps.db;
    const [owner] = await rows<{ id: number; fullName: string }>(db, sql`SELECT id, full_name AS "fullName" FROM users WHERE id = ${staffId}`);
    // Live licenses: not revoked; an expired one stays listed (flagged) until it is removed or renewed.
    const list = await rows<Row>(db, sql`SELECT ${SELECT} ${FROM} WHERE l.staff_id = ${staffId} AND l.revoked_at IS NULL ORDER BY l.state, l.license_type, l.id LIMIT 200`);
    ok(res, { owner: owner!, licenses: list.map(toLicense), doctors: await doctorsFor(db, staffId) });
  });

  endpoint(router, "POST /api/v1/staff-licenses/:staffId", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    const input = parseBody(req, licenseRequestSchema);
    const db = req.deps.db;
    await checkLicense(db, staffId, input, null);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffLicenses)
        .values({ staffId, state: input.state, licenseType: input.licenseType, licenseNumber: input.licenseNumber, expiresOn: input.expiresOn, collaboratingDoctorId: input.collaboratingDoctorId })
        .returning({ id: staffLicenses.id });
      await tx.insert(auditEvents).values(changeAudit(req, "license.add", row!.id, { staffId, state: input.state, type: input.licenseType }));
      return row!.id;
    });
    ok(res, { license: toLicense(await loadLicense(db, staffId, id)) }, "licenses.added");
  });

  endpoint(router, "PUT /api/v1/staff-licenses/:staffId/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    const db = req.deps.db;
    const current = await loadLicense(db, staffId, req.params.id);
    const input = parseBody(req, licenseRequestSchema);
    await checkLicense(db, staffId, input, current.id);
    await db.transaction(async (tx) => {
      await tx
        .update(staffLicenses)
        .set({ state: input.state, licenseType: input.licenseType, licenseNumber: input.licenseNumber, expiresOn: input.expiresOn, collaboratingDoctorId: input.collaboratingDoctorId, updatedAt: new Date() })
        .where(eq(staffLicenses.id, current.id));
      await tx.insert(auditEvents).values(changeAudit(req, "license.edit", current.id, { staffId, state: input.state, type: input.licenseType }));
    });
    ok(res, { license: toLicense(await loadLicense(db, staffId, current.id)) }, "licenses.saved");
  });

  endpoint(router, "DELETE /api/v1/staff-licenses/:staffId/:id", async (req, res) => {
    const staffId = await scheduleTarget(req, req.params.staffId);
    const db = req.deps.db;
    const current = await loadLicense(db, staffId, req.params.id);
    await db.transaction(async (tx) => {
      await tx
        .update(staffLicenses)
        .set({ revokedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(staffLicenses.id, current.id), isNull(staffLicenses.revokedAt)));
      await tx.insert(auditEvents).values(changeAudit(req, "license.remove", current.id, { staffId, state: current.state }));
    });
    ok(res, { id: current.id }, "licenses.removed");
  });

  return router;
}


