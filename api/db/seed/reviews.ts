/**
 * Demo data of the intake review (issue 14, H1): realistic intake answers per journey, so the review page shows
 * questions, BMI and contraindication flags (api/contract/review-rules.ts), and two pending reviews of the demo
 * provider (provider@demo.test) for patients who ship to Texas, where his license has expired: approving them is
 * refused as out of state. Deterministic (by treatment id order), set-based.
 *
 * The answers are merged over what the population seed wrote (goal, allergies, current medications, conditions):
 *  - weight loss: height and weight (from the patient's profile), goal weight, pregnancy and breastfeeding, MTC/MEN2
 *    history (every 11th treatment: flagged), pancreatitis history (every 13th: flagged), treatments tried before;
 *  - sexual wellness: nitrates (every 7th: flagged, with nitroglycerin among the medications), a recent cardiac
 *    event, how long the symptoms have lasted;
 *  - haircare: the pattern of hair loss, how long, pregnancy.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export async function seedDemoReviews(db: Db): Promise<void> {
  await db.execute(sql`
    with numbered as (
      select t.id, t.section_type, row_number() over (partition by t.section_type order by t.id) as n,
             p.height_inches, p.weight_start, p.weight_goal
        from treatments t join patients p on p.user_id = t.patient_id)
    update treatments t set intake_answers = coalesce(t.intake_answers, '{}'::jsonb) || case n.section_type
      when 1 then jsonb_build_object(
        'heightInches', n.height_inches, 'weightLb', n.weight_start, 'goalWeightLb', n.weight_goal,
        'pregnant', false, 'breastfeeding', false,
        'thyroidCancerHistory', n.n % 11 = 0, 'pancreatitisHistory', n.n % 13 = 0,
        'previousTreatments', case when n.n % 3 = 0 then 'Diet and exercise, phentermine' else 'Diet and exercise' end)
      when 2 then jsonb_build_object(
        'takesNitrates', n.n % 7 = 0, 'recentCardiacEvent', false,
        'symptomDuration', case when n.n % 2 = 0 then 'More than a year' else '6 to 12 months' end,
        'currentMedications', case when n.n % 7 = 0 then 'Nitroglycerin 0.4mg as needed' else coalesce(t.intake_answers->>'currentMedications', 'None') end)
      when 4 then jsonb_build_object(
        'hairLossPattern', case when n.n % 2 = 0 then 'Receding hairline' else 'Thinning at the crown' end,
        'symptomDuration', case when n.n % 3 = 0 then 'More than 5 years' else '1 to 2 years' end,
        'pregnant', false)
      else '{}'::jsonb end
      from numbered n where n.id = t.id`);
  // Two pending reviews of the demo provider for patients outside the demo accounts move to Texas.
  await db.execute(sql`
    update addresses a set locality = 'Austin', administrative_area = 'TX', postal_code = '78701'
     where a.address_type = 'shipping' and a.user_id in (
       select distinct t.patient_id from treatments t
         join users u on u.id = t.patient_id
        where t.review_status = 'pending'
          and t.provider_id = (select id from users where email = 'provider@demo.test')
          and u.email not in ('patient@demo.test', 'patient2@demo.test')
        order by t.patient_id limit 2)`);
}
