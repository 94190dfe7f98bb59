/**
 * Demo staff access (spec §6 "Staff can be given access to a patient; dependent staff managed"; the rule:
 * api/domain/patient-access.ts), so the access-management tab and the scoped provider's lists show each kind:
 * - patient@demo.test: a live grant to Sofia Alvarez (by the provider manager) and a revoked one of James Okafor;
 * - provider@demo.test (providerUsers): a grant to the first generated patient none of whose treatments is theirs
 *   (so the demo provider sees one patient by a grant), and Emily Novak as their dependent (she sees the demo
 *   provider's patients too).
 * The demo provider still sees the sample patients of the test suites (patient@ and patient2@ are theirs by
 * treatment) and does not see the generated patients whose treatments are other providers'.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export async function seedDemoAccess(db: Db): Promise<void> {
  await db.execute(sql`
    with ids as (
      select (select id from users where email = 'patient@demo.test') as p1,
             (select id from users where email = 'provider@demo.test') as provider,
             (select id from users where email = 'manager@demo.test') as manager,
             (select id from users where email = 'sofia.alvarez@staff.demo.test') as sofia,
             (select id from users where email = 'james.okafor@staff.demo.test') as james,
             (select id from users where email = 'emily.novak@staff.demo.test') as emily
    ),
    other as (
      select u.id from users u, ids
       where u.role = 'patients' and u.email like '%@example.test'
         and not exists (select 1 from treatments t where t.patient_id = u.id and t.provider_id = ids.provider)
       order by u.id limit 1
    )
    insert into staff_patient_access (patient_id, staff_id, granted_by_id, created_at, revoked_at, revoked_by_id)
    select p1, sofia, manager, now() - interval '20 days', null, null from ids
    union all select p1, james, manager, now() - interval '60 days', now() - interval '30 days', manager from ids
    union all select other.id, ids.provider, ids.manager, now() - interval '10 days', null, null from ids, other`);
  await db.execute(sql`
    insert into staff_dependents (supervisor_id, dependent_id, created_by_id, created_at)
    select (select id from users where email = 'provider@demo.test'), (select id from users where email = 'emily.novak@staff.demo.test'),
           (select id from users where email = 'manager@demo.test'), now() - interval '40 days'`);
}
