/**
 * Staff access to a patient, dependent staff and the patient's PHI access log (contract and decisions:
 * api/contract/patient-access.ts; the rule itself: api/domain/patient-access.ts).
 */
import { Router, type Request } from "express";
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { idParam } from "../contract/common.ts";
import {
  ACCESS_LOG_ROLES,
  ACCESS_MANAGER_ROLES,
  accessLogQuerySchema,
  addDependentRequestSchema,
  grantAccessRequestSchema,
  type AccessGrant,
  type AccessLogEntry,
  type AccessLogPages,
  type PatientAccess,
  type StaffRef,
} from "../contract/patient-access.ts";
import { ROLE_TITLES, isStaffRole, type Role } from "../contract/roles.ts";
import type { Db } from "../db/client.ts";
import { auditEvents, staffDependents, staffPatientAccess, treatments, users } from "../db/schema.ts";
import { audit, auditRead } from "../domain/audit.ts";
import { CLINIC_WIDE_ROLES, SCOPED_ROLES, canSeePatient, type Viewer } from "../domain/patient-access.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody, parseWith } from "../http/validate.ts";

type UserRow = Pick<typeof users.$inferSelect, "id" | "fullName" | "email" | "avatarUrl" | "role" | "userStatus">;
const staffColumns = { id: users.id, fullName: users.fullName, email: users.email, avatarUrl: users.avatarUrl, role: users.role, userStatus: users.userStatus };

export const toStaffRef = (u: UserRow): StaffRef => ({
  id: u.id,
  fullName: u.fullName,
  email: u.email,
  avatarUrl: u.avatarUrl,
  role: u.role,
  roleTitle: ROLE_TITLES[u.role],
  userStatus: u.userStatus,
});

export function viewerOf(req: Request): Viewer {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return { id: user.id, role: req.auth.role };
}

const isScoped = (role: string) => (SCOPED_ROLES as readonly string[]).includes(role);

function idOf(value: unknown): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * The patient of the address, when it is a patient the caller may see; 404 otherwise (unknown, not a patient,
 * or not visible: the same answer, so ids cannot be probed).
 */
async function visiblePatient(req: Request): Promise<number> {
  const patientId = idOf(req.params.patientId);
  const { db } = req.deps;
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, patientId)).limit(1);
  if (!row || row.role !== "patients" || !(await canSeePatient(db, viewerOf(req), patientId))) throw notFound();
  return patientId;
}

async function staffById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A staff member who may be given access or made a dependent: an active providerUser. */
function scopedStaffError(field: string, u: UserRow | undefined) {
  if (!u || !isStaffRole(u.role as Role) || u.userStatus !== "active") return fieldCode(field, "access.noSuchStaff");
  if (!isScoped(u.role)) return fieldCode(field, "access.notScoped");
  return null;
}

const granter = alias(users, "granter");
const revoker = alias(users, "revoker");

async function grantsOf(db: Db, where: SQL, limit: number): Promise<AccessGrant[]> {
  const rows = await db
    .select({
      id: staffPatientAccess.id,
      staff: staffColumns,
      grantedById: granter.id,
      grantedByName: granter.fullName,
      grantedAt: staffPatientAccess.createdAt,
      revokedAt: staffPatientAccess.revokedAt,
      revokedById: revoker.id,
      revokedByName: revoker.fullName,
    })
    .from(staffPatientAccess)
    .innerJoin(users, eq(users.id, staffPatientAccess.staffId))
    .leftJoin(granter, eq(granter.id, staffPatientAccess.grantedById))
    .leftJoin(revoker, eq(revoker.id, staffPatientAccess.revokedById))
    .where(where)
    .orderBy(desc(staffPatientAccess.createdAt), desc(staffPatientAccess.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    staff: toStaffRef(r.staff),
    grantedBy: r.grantedById === null ? null : { id: r.grantedById, fullName: r.grantedByName ?? "" },
    grantedAt: r.grantedAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    revokedBy: r.revokedById === null ? null : { id: r.revokedById, fullName: r.revokedByName ?? "" },
  }));
}

async function patientAccess(db: Db, patientId: number, role: Role): Promise<PatientAccess> {
  const assignedRows = await db
    .select({ treatmentId: treatments.id, staff: staffColumns })
    .from(treatments)
    .innerJoin(users, eq(users.id, treatments.providerId))
    .where(and(eq(treatments.patientId, patientId), isNotNull(treatments.providerId)))
    .orderBy(treatments.id);
  const assigned = new Map<number, { staff: StaffRef; treatmentIds: number[] }>();
  for (const r of assignedRows) {
    const entry = assigned.get(r.staff.id) ?? { staff: toStaffRef(r.staff), treatmentIds: [] };
    entry.treatmentIds.push(r.treatmentId);
    assigned.set(r.staff.id, entry);
  }
  const live = await grantsOf(db, and(eq(staffPatientAccess.patientId, patientId), isNull(staffPatientAccess.revokedAt))!, 200);
  const revoked = await grantsOf(db, and(eq(staffPatientAccess.patientId, patientId), isNotNull(staffPatientAccess.revokedAt))!, 20);
  const supervisorIds = [...new Set([...assigned.keys(), ...live.map((g) => g.staff.id)])];
  const dependents: PatientAccess["dependents"] = [];
  if (supervisorIds.length) {
    const supervisor = alias(users, "supervisor");
    const rows = await db
      .select({
        staff: staffColumns,
        supervisor: { id: supervisor.id, fullName: supervisor.fullName, email: supervisor.email, avatarUrl: supervisor.avatarUrl, role: supervisor.role, userStatus: supervisor.userStatus },
      })
      .from(staffDependents)
      .innerJoin(users, eq(users.id, staffDependents.dependentId))
      .innerJoin(supervisor, eq(supervisor.id, staffDependents.supervisorId))
      .where(and(inArray(staffDependents.supervisorId, supervisorIds), eq(supervisor.userStatus, "active")))
      .orderBy(users.fullName, users.id);
    for (const r of rows) dependents.push({ staff: toStaffRef(r.staff), supervisor: toStaffRef(r.supervisor) });
  }
  return {
    patientId,
    clinicWideRoles: CLINIC_WIDE_ROLES.map((handle) => ({ handle, title: ROLE_TITLES[handle] })),
    assigned: [...assigned.values()],
    grants: [...live, ...revoked],
    dependents,
    canManage: (ACCESS_MANAGER_ROLES as readonly string[]).includes(role),
    canReadLog: (ACCESS_LOG_ROLES as readonly string[]).includes(role),
  };
}

type LogRow = {
  id: number;
  at: Date | string;
  actorId: number | null;
  actorName: string | null;
  actorRole: string;
  action: string;
  entityType: string | null;
  entityId: string | null;
  outcome: string;
  patientId: number | null;
};

/**
 * A page of the patient's rows of audit_events, newest first, before `cursor` (an id). Two index reads merged:
 * audit_events_patient_idx (patient_id, id) backwards, and the GIN index on patient_ids (list reads).
 */
async function accessLogPage(db: Db, patientId: number, cursor: number | undefined, perPage: number): Promise<LogRow[]> {
  const before = cursor ? sql`and e.id < ${cursor}` : sql``;
  const limit = perPage + 1;
  const result = await db.execute(sql`
    select e.id, e.at, e.actor_id as "actorId", u.full_name as "actorName", e.actor_role as "actorRole", e.action,
           e.entity_type as "entityType", e.entity_id as "entityId", e.outcome, e.patient_id as "patientId"
      from (
        (select id from ${auditEvents} e where e.patient_id = ${patientId} ${before} order by e.id desc limit ${limit})
        union
        (select id from ${auditEvents} e where e.patient_ids @> array[${patientId}]::int[] ${before} order by e.id desc limit ${limit})
      ) ids
      join ${auditEvents} e on e.id = ids.id
      left join ${users} u on u.id = e.actor_id
     order by e.id desc
     limit ${limit}`);
  return (result as unknown as { rows: LogRow[] }).rows;
}

export function patientAccessRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/:patientId/access", async (req, res) => {
    const patientId = await visiblePatient(req);
    const answer = await patientAccess(req.deps.db, patientId, req.auth.role);
    await auditRead(req, { action: "patient.access.read", patientId, entityType: "patient", entityId: patientId });
    ok(res, answer);
  });

  endpoint(router, "POST /api/v1/patient/:patientId/access", async (req, res) => {
    const patientId = await visiblePatient(req);
    const { staffId } = parseBody(req, grantAccessRequestSchema);
    const { db } = req.deps;
    const staff = await staffById(db, staffId);
    const invalid = scopedStaffError("staffId", staff);
    if (invalid) throw badRequest("common.invalidFields", invalid);
    const me = viewerOf(req);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffPatientAccess)
        .values({ patientId, staffId, grantedById: me.id })
        .onConflictDoNothing()
        .returning({ id: staffPatientAccess.id });
      if (!row) throw badRequest("common.invalidFields", fieldCode("staffId", "access.alreadyGranted"));
      await tx.insert(auditEvents).values({
        actorId: me.id,
        actorRole: me.role,
        action: "patient.access.grant",
        entityType: "staff_patient_access",
        entityId: String(row.id),
        patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: { staffId },
      });
      return row.id;
    });
    const [grant] = await grantsOf(db, eq(staffPatientAccess.id, id), 1);
    ok(res, { grant }, "access.granted");
  });

  endpoint(router, "POST /api/v1/patient/:patientId/access/:grantId/revoke", async (req, res) => {
    const patientId = await visiblePatient(req);
    const grantId = idOf(req.params.grantId);
    const me = viewerOf(req);
    const { db } = req.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffPatientAccess)
        .set({ revokedAt: new Date(), revokedById: me.id })
        .where(and(eq(staffPatientAccess.id, grantId), eq(staffPatientAccess.patientId, patientId), isNull(staffPatientAccess.revokedAt)))
        .returning({ id: staffPatientAccess.id, staffId: staffPatientAccess.staffId });
      if (!row) throw notFound("access.noSuchGrant");
      await tx.insert(auditEvents).values({
        actorId: me.id,
        actorRole: me.role,
        action: "patient.access.revoke",
        entityType: "staff_patient_access",
        entityId: String(row.id),
        patientId,
        ip: clientIp(req),
        outcome: "success",
        meta: { staffId: row.staffId },
      });
    });
    const [grant] = await grantsOf(db, eq(staffPatientAccess.id, grantId), 1);
    ok(res, { grant }, "access.revoked");
  });

  endpoint(router, "GET /api/v1/patient/:patientId/access-log", async (req, res) => {
    const patientId = await visiblePatient(req);
    const q = parseWith(accessLogQuerySchema, req.query);
    const rows = await accessLogPage(req.deps.db, patientId, q.cursor, q.perPage);
    const hasMore = rows.length > q.perPage;
    const items: AccessLogEntry[] = rows.slice(0, q.perPage).map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actorId === null ? null : { id: r.actorId, fullName: r.actorName ?? "" },
      actorRole: r.actorRole,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      outcome: r.outcome,
      inList: r.patientId !== patientId,
    }));
    // After the read: the page shows who else saw the patient, and this read is the next page's first row.
    await auditRead(req, { action: "patient.accessLog.read", patientId, entityType: "patient", entityId: patientId, meta: { rows: items.length, cursor: Boolean(q.cursor) } });
    const pages: AccessLogPages = {
      totalCount: items.length,
      page: 1,
      perPage: q.perPage,
      hasMore,
      nextCursor: hasMore ? items[items.length - 1].id : null,
    };
    ok(res, items, "ok", pages);
  });

  endpoint(router, "GET /api/v1/staff/:staffId/dependents", async (req, res) => {
    const staffId = idOf(req.params.staffId);
    const { db } = req.deps;
    const staff = await staffById(db, staffId);
    if (!staff || !isStaffRole(staff.role as Role)) throw notFound();
    const supervisor = alias(users, "supervisor");
    const [supervisors, dependents] = await Promise.all([
      db
        .select({ id: supervisor.id, fullName: supervisor.fullName, email: supervisor.email, avatarUrl: supervisor.avatarUrl, role: supervisor.role, userStatus: supervisor.userStatus })
        .from(staffDependents)
        .innerJoin(supervisor, eq(supervisor.id, staffDependents.supervisorId))
        .where(eq(staffDependents.dependentId, staffId))
        .orderBy(supervisor.fullName, supervisor.id),
      db
        .select(staffColumns)
        .from(staffDependents)
        .innerJoin(users, eq(users.id, staffDependents.dependentId))
        .where(eq(staffDependents.supervisorId, staffId))
        .orderBy(users.fullName, users.id),
    ]);
    ok(res, { staff: toStaffRef(staff), supervisors: supervisors.map(toStaffRef), dependents: dependents.map(toStaffRef) });
  });

  endpoint(router, "POST /api/v1/staff/:staffId/dependents", async (req, res) => {
    const staffId = idOf(req.params.staffId);
    const { db } = req.deps;
    const supervisorRow = await staffById(db, staffId);
    if (!supervisorRow || !isStaffRole(supervisorRow.role as Role)) throw notFound();
    const { dependentId } = parseBody(req, addDependentRequestSchema);
    const invalid = dependentId === staffId ? fieldCode("dependentId", "access.selfDependent") : scopedStaffError("dependentId", await staffById(db, dependentId));
    if (invalid) throw badRequest("common.invalidFields", invalid);
    const me = viewerOf(req);
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(staffDependents).values({ supervisorId: staffId, dependentId, createdById: me.id }).onConflictDoNothing().returning({ id: staffDependents.dependentId });
      if (!row) throw badRequest("common.invalidFields", fieldCode("dependentId", "access.alreadyDependent"));
    });
    await audit(req, { action: "staff.dependent.add", entityType: "staff", entityId: staffId, meta: { dependentId } });
    ok(res, { supervisorId: staffId, dependentId }, "access.dependentAdded");
  });

  endpoint(router, "DELETE /api/v1/staff/:staffId/dependents/:dependentId", async (req, res) => {
    const staffId = idOf(req.params.staffId);
    const dependentId = idOf(req.params.dependentId);
    const gone = await req.deps.db
      .delete(staffDependents)
      .where(and(eq(staffDependents.supervisorId, staffId), eq(staffDependents.dependentId, dependentId)))
      .returning({ id: staffDependents.dependentId });
    if (!gone.length) throw notFound();
    await audit(req, { action: "staff.dependent.remove", entityType: "staff", entityId: staffId, meta: { dependentId } });
    ok(res, { supervisorId: staffId, dependentId }, "access.dependentRemoved");
  });

  return router;
}
