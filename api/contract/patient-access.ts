/**
 * Staff access to a patient and dependent staff (spec §3 "Staff access and dependent staff", §6 "Staff can be
 * given access to a patient; dependent staff managed"). The spec shows no call: these are ours. Who sees which
 * patient is decided in one place, api/domain/patient-access.ts (read its decision comment); these calls show
 * and change its inputs.
 *
 *   GET  /api/v1/patient/{patientId}/access                 who reaches the patient and how (every staff role)
 *   POST /api/v1/patient/{patientId}/access                 grant { staffId }   (ACCESS_MANAGER_ROLES)
 *   POST /api/v1/patient/{patientId}/access/{grantId}/revoke revoke a live grant (ACCESS_MANAGER_ROLES)
 *   GET  /api/v1/patient/{patientId}/access-log             the patient's PHI access log (ACCESS_LOG_ROLES)
 *   GET  /api/v1/staff/{staffId}/dependents                 a staff member's supervisors and dependents (staff)
 *   POST /api/v1/staff/{staffId}/dependents                 add a dependent { dependentId } (DEPENDENT_MANAGER_ROLES)
 *   DELETE /api/v1/staff/{staffId}/dependents/{dependentId} remove a dependent (DEPENDENT_MANAGER_ROLES)
 *
 * Decisions:
 * - Every patient call answers 404 for a patient the caller may not see (canSeePatient), exactly as for an
 *   unknown id, and for a user who is not a patient.
 * - Only providers (providerUsers) are scoped (the other staff roles see every patient), so only a providerUser
 *   can be given access or made a dependent: anyone else is refused with the field code `access.notScoped`.
 * - Grant and revoke: the provider manager (providers), providers (providerUsers: for a patient they can see,
 *   e.g. to bring in a colleague) and the two manager roles. The others (customer support, nurses) see the tab
 *   read-only. A revoked grant keeps its row (revokedAt, revokedBy), so the tab shows who had access.
 * - Dependents: the three manager roles (providers, customerSupportManagers, medicalSupportManagers). One level:
 *   a dependent sees what the supervisor sees through assignment or grants, not the supervisor's supervisors'.
 * - The access log is the patient's rows of audit_events (patient_id = X, or X in patient_ids of a list read),
 *   newest first, keyset paged by id (`cursor` = the last id seen). Readers: the three manager roles
 *   (ARCHITECTURE §6: "visible to managers on the patient's access-management tab"). Reading it is itself
 *   audited (action `patient.accessLog.read`), after the page is read, so the page does not show its own read.
 */
import { z } from "zod";
import { V } from "./rules.ts";
import { userRoleSchema } from "./users.ts";

import { ACCESS_LOG_MAX_PAGE, ACCESS_LOG_PAGE } from "./patient-access-rules.ts";
export * from "./patient-access-rules.ts";

export const staffRefSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: userRoleSchema,
  roleTitle: z.string(),
  userStatus: z.string(),
});
export type StaffRef = z.infer<typeof staffRefSchema>;

export const accessGrantSchema = z.object({
  id: z.number().int(),
  staff: staffRefSchema,
  grantedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  grantedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type AccessGrant = z.infer<typeof accessGrantSchema>;

/** `GET /api/v1/patient/{patientId}/access`. */
export const patientAccessSchema = z.object({
  patientId: z.number().int(),
  /** Roles that see every patient (a note on the tab, not a list of people). */
  clinicWideRoles: z.array(z.object({ handle: userRoleSchema, title: z.string() })),
  /** Providers assigned to one of the patient's treatments, with those treatments' ids. */
  assigned: z.array(z.object({ staff: staffRefSchema, treatmentIds: z.array(z.number().int()) })),
  /** Live grants first (newest first), then the last 20 revoked ones. */
  grants: z.array(accessGrantSchema),
  /** Dependent staff who reach the patient through a supervisor who has access (assigned or granted). */
  dependents: z.array(z.object({ staff: staffRefSchema, supervisor: staffRefSchema })),
  /** Whether the caller may grant and revoke (ACCESS_MANAGER_ROLES). */
  canManage: z.boolean(),
  /** Whether the caller may read the access log (ACCESS_LOG_ROLES). */
  canReadLog: z.boolean(),
});
export type PatientAccess = z.infer<typeof patientAccessSchema>;

const id = () => z.coerce.number({ error: V.required }).int(V.invalid).positive(V.required).max(2147483647, V.invalid);

export const grantAccessRequestSchema = z.object({ staffId: id() }).strict();
export const addDependentRequestSchema = z.object({ dependentId: id() }).strict();

export const accessLogQuerySchema = z.object({
  cursor: z.coerce.number().int().positive().max(2147483647).optional(),
  perPage: z.coerce.number().int().min(1).max(ACCESS_LOG_MAX_PAGE).default(ACCESS_LOG_PAGE),
});

/** One row of the access log: who (name, role), what (action and the record), when, from where. */
export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  outcome: z.string(),
  /** true when the row is a list read that returned this patient among others (patient_ids). */
  inList: z.boolean(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogPagesSchema = z.object({
  totalCount: z.number().int().meta({ description: "Rows on this page (the log is not counted: keyset paging)" }),
  page: z.number().int(),
  perPage: z.number().int(),
  hasMore: z.boolean(),
  nextCursor: z.number().int().nullable(),
});
export type AccessLogPages = z.infer<typeof accessLogPagesSchema>;

/** `GET /api/v1/staff/{staffId}/dependents`. */
export const staffDependentsSchema = z.object({
  staff: staffRefSchema,
  supervisors: z.array(staffRefSchema),
  dependents: z.array(staffRefSchema),
});
export type StaffDependents = z.infer<typeof staffDependentsSchema>;

export const grantResultSchema = z.object({ grant: accessGrantSchema });
export const dependentResultSchema = z.object({ supervisorId: z.number().int(), dependentId: z.number().int() });
