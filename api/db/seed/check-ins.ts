/**
 * Demo check-ins (issue 14/15): the demo patient (patient@demo.test) has one due (requested, not answered), one
 * answered and waiting for review, and one approved by the demo manager; six other weight-loss patients (three of
 * them provider@demo.test's) have answered ones, so the pending queue has rows for every reviewer. Each is linked to
 * the patient's newest weight-loss treatment and its newest subscription.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { WEIGHT_LOSS_CHECK_IN } from "../../contract/check-in-rules.ts";

const QUESTIONS = JSON.stringify(WEIGHT_LOSS_CHECK_IN.map((q) => ({ key: q.key, type: q.type })));
const answers = (weight: number, sideEffects: string[], satisfaction: string, note = "") =>
  JSON.stringify({ currentWeightLb: weight, sideEffects, doseSatisfaction: satisfaction, newMedications: "no", ...(note ? { forProvider: note } : {}) });

export async function seedDemoCheckIns(db: Db): Promise<void> {
  // The demo patient: due, answered (waiting), approved.
  await db.execute(sql`
    with p as (select id from users where email = 'patient@demo.test'),
         t as (select t.id from treatments t, p where t.patient_id = p.id and t.section_type = 1 order by t.id desc limit 1),
         s as (select s.id from subscriptions s, t where s.treatment_id = t.id order by s.id desc limit 1),
         m as (select id from users where email = 'manager@demo.test')
    insert into check_ins (patient_id, treatment_id, subscription_id, requested_at, due_at, completed_at, questions, answers, approval, reviewed_by_id, reviewed_at, review_note, created_at)
    select p.id, (select id from t), (select id from s), x.requested_at, x.due_at, x.completed_at, ${QUESTIONS}::jsonb, x.answers::jsonb, x.approval,
           case when x.approval = 'approved' then (select id from m) end, x.reviewed_at, x.review_note, x.requested_at
      from p, (values
        (now() - interval '40 days', now() - interval '33 days', now() - interval '36 days', ${answers(212.4, ["nausea"], "satisfied")}, 'approved', now() - interval '35 days', 'Doing well: continue the current dose.'),
        (now() - interval '10 days', now() - interval '3 days', now() - interval '4 days', ${answers(205.8, ["constipation", "fatigue"], "neutral", "The nausea is gone, but I feel tired in the afternoons.")}, 'pending', null::timestamptz, null::text),
        (now() - interval '2 days', now() + interval '5 days', null::timestamptz, null::text, 'pending', null::timestamptz, null::text)
      ) as x(requested_at, due_at, completed_at, answers, approval, reviewed_at, review_note)`);
  // Six other weight-loss patients with an answered check-in each (three of provider@demo.test's first).
  await db.execute(sql`
    with prov as (select id from users where email = 'provider@demo.test'),
         wl as (
           select distinct on (t.patient_id) t.patient_id, t.id as treatment_id, (t.provider_id = (select id from prov)) as mine
             from treatments t join users u on u.id = t.patient_id
            where t.section_type = 1 and u.email not in ('patient@demo.test', 'patient2@demo.test')
            order by t.patient_id, t.id desc),
         picked as (
           (select * from wl where mine order by patient_id limit 3)
           union all
           (select * from wl where not mine order by patient_id limit 3)),
         numbered as (select picked.*, row_number() over (order by patient_id) as n from picked)
    insert into check_ins (patient_id, treatment_id, subscription_id, requested_at, due_at, completed_at, questions, answers, approval, created_at)
    select n.patient_id, n.treatment_id, (select s.id from subscriptions s where s.treatment_id = n.treatment_id order by s.id desc limit 1),
           now() - (n.n + 7) * interval '1 day', now() - n.n * interval '1 day', now() - n.n * interval '1 day' - interval '5 hours',
           ${QUESTIONS}::jsonb,
           jsonb_build_object('currentWeightLb', 180 + n.n * 7.5, 'sideEffects', case when n.n % 2 = 0 then '["none"]'::jsonb else '["nausea","heartburn"]'::jsonb end,
                              'doseSatisfaction', case when n.n % 3 = 0 then 'unsatisfied' else 'satisfied' end, 'newMedications', 'no'),
           'pending', now() - (n.n + 7) * interval '1 day'
      from numbered n`);
}
