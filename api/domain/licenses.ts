/**
 * License-aware clinical work (issue 14, "License-aware review"): a clinician may approve a treatment or prescribe
 * only for a patient whose shipping state is among the clinician's active licenses (staff_licenses: not expired,
 * not revoked). The one place that decides it; the treatment actions and the prescribing step ask
 * `checkLicensedFor`, the ready-for-review list orders by `activeLicenseStates`.
 *
 * Decision (the spec names licenses, not the rule): the state that counts is the patient's shipping address
 * (where the medication goes and where the patient is treated); a patient without a shipping address cannot be
 * approved or prescribed for until they add one. Managers (providers) are clinicians too: the same rule applies.
 * A refusal is a 409 with the code `licenses.outOfState` (params `{ state }`) or `licenses.noShippingState`.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

/** The states (two-letter codes) where `staffId` holds an active license today, sorted. */
export async function activeLicenseStates(db: Db, staffId: number): Promise<string[]> {
  const rows = rowsOf<{ state: string }>(
    await db.execute(sql`
      select distinct state from staff_licenses
       where staff_id = ${staffId} and revoked_at is null and expires_on >= current_date
       order by state`),
  );
  return rows.map((r) => r.state);
}

/** The patient's shipping state (two-letter code), or null when they have no shipping address. */
export async function patientShippingState(db: Db, patientId: number): Promise<string | null> {
  const rows = rowsOf<{ state: string }>(
    await db.execute(sql`select upper(administrative_area) as state from addresses where user_id = ${patientId} and address_type = 'shipping'`),
  );
  return rows[0]?.state ?? null;
}

export type LicenseCheck =
  | { ok: true; state: string }
  | { ok: false; code: "licenses.outOfState"; params: { state: string } }
  | { ok: false; code: "licenses.noShippingState"; params: Record<string, never> };

/** Whether `staffId` may approve or prescribe for `patientId` (one statement). */
export async function checkLicensedFor(db: Db, staffId: number, patientId: number): Promise<LicenseCheck> {
  const rows = rowsOf<{ state: string | null; licensed: boolean }>(
    await db.execute(sql`
      select a.state,
             exists (select 1 from staff_licenses l
                      where l.staff_id = ${staffId} and l.state = a.state and l.revoked_at is null and l.expires_on >= current_date) as licensed
        from (select (select upper(administrative_area) from addresses where user_id = ${patientId} and address_type = 'shipping') as state) a`),
  );
  const { state, licensed } = rows[0] ?? { state: null, licensed: false };
  if (!state) return { ok: false, code: "licenses.noShippingState", params: {} };
  return licensed ? { ok: true, state } : { ok: false, code: "licenses.outOfState", params: { state } };
}
