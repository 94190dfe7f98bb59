/**
 * Demo data of the medical intake (issue 15):
 *  - product availability by state (product_state_exclusions): the compounded GLP-1 medications are not offered in
 *    Louisiana (LA), so a weight-loss intake from LA that picks one reads 'Product unavailable in your state'
 *    (Zepbound stays available there);
 *  - patient@demo.test has a weight-loss intake in progress (about you and body measurements answered; the next step
 *    is the medical history), to resume from /patient/journeys/{id}/intake, and a haircare intake that was denied
 *    (pregnant: 'Intake denied: not eligible for the requested treatment'). patient2@demo.test has none: they start
 *    fresh from /patient/journeys/start.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export const UNAVAILABLE_DEMO_STATE = "LA";

export async function seedDemoIntake(db: Db): Promise<void> {
  await db.execute(sql`
    insert into product_state_exclusions (product_id, state)
    select id, ${UNAVAILABLE_DEMO_STATE} from products where slug in ('compounded-tirzepatide', 'compounded-semaglutide')
    on conflict do nothing`);
  await db.execute(sql`
    insert into journeys (patient_id, section_type, status, intake_answers, intake_step)
    select u.id, 1, 'in_progress',
           jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'dateOfBirth', '1988-04-12', 'sex', 'female',
                              'stateOfResidence', 'CA', 'heightInches', 65, 'weightLb', 198, 'goalWeightLb', 160),
           'history'
      from users u where u.email = 'patient@demo.test'
    on conflict do nothing`);
  await db.execute(sql`
    insert into journeys (patient_id, section_type, status, intake_answers, intake_step, denial_code, submitted_at)
    select u.id, 4, 'denied',
           jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'dateOfBirth', '1988-04-12', 'sex', 'female',
                              'stateOfResidence', 'CA', 'heightInches', 65, 'weightLb', 198, 'pregnant', true),
           'review', 'intake.denied', now() - interval '20 days'
      from users u where u.email = 'patient@demo.test'`);
}
