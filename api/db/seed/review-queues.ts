/**
 * Demo charts (chart_reviews, made to review by the approval trigger of migration 0017 for every approved treatment):
 * every third approved treatment's chart is signed by its provider (or the demo manager) a day after approval, the
 * first of them with an addendum, and one chart's review is cancelled, so the charts pages show each state. The
 * demo patient's (patient@demo.test) charts stay to review. Ready for review (review_queue) and the uploads waiting
 * come from the demo population itself (pending treatments of ready-to-review patients, uploads for review).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { CHART_CONSENT_VERSION } from "../../contract/review-queue-rules.ts";

export async function seedDemoReviewQueues(db: Db): Promise<void> {
  await db.execute(sql`
    with charts as (
      select c.treatment_id, coalesce(t.provider_id, (select id from users where email = 'manager@demo.test')) as signer,
             row_number() over (order by c.treatment_id) as n
        from chart_reviews c join treatments t on t.id = c.treatment_id
       where c.patient_id <> (select id from users where email = 'patient@demo.test'))
    update chart_reviews c
       set status = 'reviewed', signed_by_id = charts.signer, signed_at = c.created_at + interval '1 day',
           consent_version = ${CHART_CONSENT_VERSION}, updated_at = c.created_at + interval '1 day'
      from charts
     where charts.treatment_id = c.treatment_id and charts.n % 3 = 1`);
  await db.execute(sql`
    insert into chart_addenda (treatment_id, author_id, body, created_at)
    select c.treatment_id, c.signed_by_id,
           'Addendum: the patient reported mild nausea at the first dose; continue the current dose and recheck in two weeks.',
           c.signed_at + interval '3 days'
      from chart_reviews c where c.status = 'reviewed' order by c.treatment_id limit 1`);
  await db.execute(sql`
    update chart_reviews c
       set status = 'cancelled', cancelled_by_id = (select id from users where email = 'manager@demo.test'), cancelled_at = c.created_at + interval '2 hours'
     where c.treatment_id = (select treatment_id from chart_reviews
                              where status = 'to_review' and patient_id <> (select id from users where email = 'patient@demo.test')
                              order by treatment_id desc limit 1)`);
}

/**
 * The scaled population's charts (api/db/seed/scaled.ts, set-based): the approval trigger made every approved
 * treatment's chart to review; two of every three are signed (by the treatment's provider) a day after, so both tabs
 * of the charts list are large. Charts already signed stay as they are.
 */
export async function signScaledCharts(db: Db, firstPatientId: number): Promise<void> {
  await db.execute(sql`
    update chart_reviews c
       set status = 'reviewed', signed_by_id = t.provider_id, signed_at = c.created_at + interval '1 day',
           consent_version = ${CHART_CONSENT_VERSION}, updated_at = c.created_at + interval '1 day'
      from treatments t
     where t.id = c.treatment_id and c.patient_id >= ${firstPatientId} and c.status = 'to_review'
       and t.provider_id is not null and c.treatment_id % 3 <> 0`);
}
