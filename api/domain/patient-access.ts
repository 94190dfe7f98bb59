/**
 * Which staff member may see which patient (spec §6: "Staff can be given access to a patient; dependent staff
 * managed"). The one place that decides it: every staff read or change of a patient's data asks
 * `canSeePatient` (one patient: a foreign or invisible id answers 404, never the record) or filters its list
 * with `visiblePatientsSql` (a list shows only visible patients).
 *
 * Decision (the spec does not say who sees whom):
 * - Clinic-wide: the provider manager (providers) and the support and nursing teams with their managers
 *   (customerSupport, customerSupportManagers, medicalSupport, medicalSupportManagers). They work the shared
 *   queues (messages, tasks, renewals, shipments, uploads) of every patient; every read of theirs is audited.
 * - Scoped: a provider (providerUsers) sees the patients
 *   1. of a treatment assigned to them (treatments.provider_id),
 *   2. they were given access to (staff_patient_access, not revoked), and
 *   3. any patient a staff member they are a dependent of sees through 1 or 2 (staff_dependents, one level).
 * - Patients see only themselves (their own routes check that); guests nothing.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Role } from "../contract/roles.ts";
import type { Db } from "../db/client.ts";
import { staffDependents, staffPatientVisibility, users } from "../db/schema.ts";

/** Roles that see every patient (see the decision above). */
export const CLINIC_WIDE_ROLES = [
  "providers",
  "customerSupport",
  "customerSupportManagers",
  "medicalSupport",
  "medicalSupportManagers",
] as const satisfies readonly Role[];

/** Roles whose patients are scoped by assignment, grants and supervisors. */
export const SCOPED_ROLES = ["providerUsers"] as const satisfies readonly Role[];

export type Viewer = { id: number; role: Role };

export function seesEveryPatient(role: Role): boolean {
  return (CLINIC_WIDE_ROLES as readonly Role[]).includes(role);
}

/** The staff ids whose patients `viewer` sees: themselves and the supervisors they are a dependent of. */
export async function accessIdsOf(db: Db, viewer: Viewer): Promise<number[]> {
  const rows = await db
    .select({ id: staffDependents.supervisorId })
    .from(staffDependents)
    .innerJoin(users, eq(users.id, staffDependents.supervisorId))
    .where(and(eq(staffDependents.dependentId, viewer.id), eq(users.userStatus, "active")));
  return [viewer.id, ...rows.map((r) => r.id)];
}

/**
 * The staff ids whose visibility rows a scoped viewer reads (themselves and their active supervisors); undefined for
 * every other role. A list may read staff_treatment_list by these ids (api/domain/provider-list.ts, ListSource): its
 * rows are exactly the treatments of the patients of staff_patient_visibility, so it decides the same as
 * visiblePatientsSql.
 */
export async function scopedAccessIds(db: Db, viewer: Viewer): Promise<number[] | undefined> {
  if (!(SCOPED_ROLES as readonly Role[]).includes(viewer.role)) return undefined;
  return accessIdsOf(db, viewer);
}

/**
 * An SQL condition on a column holding a patient's user id: true for the patients `viewer` may see. Undefined
 * for a clinic-wide role (no filter); for a patient, only their own id. Reads staff_patient_visibility (kept by
 * triggers from assignments and live grants, migration 0015) by its primary key (staff_id, patient_id).
 *
 * `form`: "set" (the default), `IN (subquery)`, which PostgreSQL joins as a set, one index range per staff id; or
 * "probe", a correlated `EXISTS` on the primary key, for a condition under an OR (e.g. "no patient, or a visible
 * one"): there an `IN (subquery)` cannot be joined and is built into a hash of the viewer's whole visible set for
 * every statement (70,000 patients: about 100 ms) however few rows it then checks.
 */
export async function visiblePatientsSql(db: Db, viewer: Viewer, patientColumn: AnyPgColumn | SQL, form: "set" | "probe" = "set"): Promise<SQL | undefined> {
  if (seesEveryPatient(viewer.role)) return undefined;
  if (viewer.role === "patients") return sql`${patientColumn} = ${viewer.id}`;
  if (!(SCOPED_ROLES as readonly Role[]).includes(viewer.role)) return sql`false`;
  const ids = await accessIdsOf(db, viewer);
  return form === "probe"
    ? sql`exists (select 1 from ${staffPatientVisibility} where ${inArray(staffPatientVisibility.staffId, ids)} and ${staffPatientVisibility.patientId} = ${patientColumn})`
    : sql`${patientColumn} in (select ${staffPatientVisibility.patientId} from ${staffPatientVisibility} where ${inArray(staffPatientVisibility.staffId, ids)})`;
}

/** Whether `viewer` may see the patient `patientId` (which must be a patient's user id; the caller checks that). */
export async function canSeePatient(db: Db, viewer: Viewer, patientId: number): Promise<boolean> {
  if (seesEveryPatient(viewer.role)) return true;
  if (viewer.role === "patients") return viewer.id === patientId;
  if (!(SCOPED_ROLES as readonly Role[]).includes(viewer.role)) return false;
  const ids = await accessIdsOf(db, viewer);
  const rows = await db.execute(sql`
    select 1 from ${staffPatientVisibility}
     where ${staffPatientVisibility.patientId} = ${patientId} and ${inArray(staffPatientVisibility.staffId, ids)}
    limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}
