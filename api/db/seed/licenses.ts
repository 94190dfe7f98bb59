/**
 * Demo licenses (staff_licenses; the rule: api/domain/licenses.ts), so license-aware review shows each case:
 * - manager@demo.test (Olivia Bennett, MD): licensed in every state the demo population lives in;
 * - provider@demo.test (Marcus Hale, NP): CA, CO, WA, OR, NV, AZ, UT (the two demo patients live in CA and CO)
 *   with Olivia as collaborating doctor, and an expired TX license (so a Texas patient is out of state for him);
 * - the other clinicians: a few states each (Robert Chen the East Coast, Sofia Alvarez the South, James Okafor
 *   the Midwest, Emily Novak the West).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";

const ALL_STATES = ["AZ", "CA", "CO", "FL", "GA", "IL", "MA", "MN", "NC", "NV", "NY", "OH", "OR", "TN", "TX", "UT", "WA"];
const GRANTS: readonly { email: string; type: string; states: readonly string[] }[] = [
  { email: "manager@demo.test", type: "MD", states: ALL_STATES },
  { email: "provider@demo.test", type: "NP", states: ["AZ", "CA", "CO", "NV", "OR", "UT", "WA"] },
  { email: "robert.chen@staff.demo.test", type: "MD", states: ["MA", "NC", "NY"] },
  { email: "sofia.alvarez@staff.demo.test", type: "PA", states: ["FL", "GA", "TN", "TX"] },
  { email: "james.okafor@staff.demo.test", type: "MD", states: ["IL", "MN", "OH"] },
  { email: "emily.novak@staff.demo.test", type: "NP", states: ["CA", "OR", "WA"] },
];

export async function seedDemoLicenses(db: Db): Promise<void> {
  const rows: SQL[] = [];
  let n = 0;
  for (const g of GRANTS) {
    for (const state of g.states) {
      n += 1;
      rows.push(sql`(${g.email}, ${state}, ${g.type}, ${`${state}-${g.type}-${String(40_000 + n * 37).padStart(6, "0")}`}, ${200 + ((n * 53) % 500)}::int)`);
    }
  }
  // The last row: an expired license, Texas for the demo provider (a Texas patient is out of state for him).
  rows.push(sql`('provider@demo.test', 'TX', 'NP', 'TX-NP-039911', -30)`);
  await db.execute(sql`
    insert into staff_licenses (staff_id, state, license_type, license_number, expires_on, collaborating_doctor_id)
    select u.id, v.state, v.type, v.number, current_date + v.days,
           case when v.type in ('NP', 'PA') then (select id from users where email = 'manager@demo.test') end
      from (values ${sql.join(rows, sql`, `)}) as v(email, state, type, number, days)
      join users u on u.email = v.email`);
}
