/**
 * The scaled seed's rows of the patient record (issue 13): visit records, visit notes, weight entries and the
 * overview's images (an ID photo and an insurance card front) for each generated patient, set-based like the rest
 * of api/db/seed/scaled.ts, which calls `scaledRecordSteps` once per chunk (one statement per table).
 *
 * Per patient n: a visit record and a provider note about their treatment unless it is still pending, a nurse note
 * for one in three, three weights from the start weight to the current one over the last 90 days, and two uploads.
 * The values follow n, as the rest of the scaled data does; the uploads' files are placeholders (storage keys under
 * "demo/", answered by the API with a plain picture).
 */
import { sql, type SQL } from "drizzle-orm";

export type ScaledRecordsInput = {
  /** `generate_series(a, b) as n` of the chunk. */
  series: SQL;
  /** First user id of the block minus one (patient n is user ub + n), and the same for treatments. */
  ub: number;
  tb: number;
  /** The clinicians' ids as an int[] literal, and how many there are. */
  clinArr: SQL;
  nClin: SQL;
  /** The active staff's ids as an int[] literal, and how many there are (nurses write the nurse notes). */
  staffArr: SQL;
  nStaff: SQL;
};

export function scaledRecordSteps(i: ScaledRecordsInput): [name: string, query: SQL][] {
  const { series, ub, tb, clinArr, nClin, staffArr, nStaff } = i;
  // The treatments' review status is reviewCycle[1 + (n / 4) % 8] in scaled.ts: pending at positions 3 and 7.
  const reviewed = sql.raw("((n / 4) % 8 not in (2, 6))");
  return [
    [
      "visit_records",
      sql`insert into visit_records (patient_id, treatment_id, provider_id, visit_type, record_form, created_at)
        select ${ub} + n, ${tb} + n, ${clinArr}[1 + (n / 3) % ${nClin}], (array['async', 'video', 'phone', 'follow_up'])[1 + n % 4],
               jsonb_build_object('chiefComplaint', 'Follow-up', 'assessment', 'Tolerating the current dose well.',
                                  'plan', 'Continue the current plan; follow up in 4 weeks.', 'followUpWeeks', 4, 'labsOrdered', n % 3 = 0),
               now() - ((n % 300) + 1) * interval '1 day'
        from ${series} where ${reviewed}`,
    ],
    [
      "visit_notes",
      sql`insert into visit_notes (patient_id, treatment_id, author_id, kind, body, created_at)
        select ${ub} + n, ${tb} + n, ${clinArr}[1 + (n / 3) % ${nClin}], 'provider', 'Reviewed the intake; history is consistent.',
               now() - ((n % 300) + 1) * interval '1 day'
        from ${series} where ${reviewed}
        union all
        select ${ub} + n, ${tb} + n, ${staffArr}[1 + n % ${nStaff}], 'nurse', 'Called the patient to review the plan.',
               now() - (n % 200) * interval '1 day'
        from ${series} where n % 3 = 0`,
    ],
    [
      "weight_entries",
      sql`insert into weight_entries (patient_id, weight_lb, measured_on, source, created_at)
        select ${ub} + n, round((ws + (wc - ws) * k / 2.0)::numeric, 1)::real, (now() - (90 - 45 * k) * interval '1 day')::date,
               case when k = 0 then 'intake' else 'patient' end, now() - (90 - 45 * k) * interval '1 day'
        from (select n, (140 + (n * 31) % 160)::real as ws, (140 + (n * 31) % 160 - (n % 35))::real as wc from ${series}) s,
             generate_series(0, 2) as k`,
    ],
    [
      "uploads",
      sql`insert into uploads (patient_id, uploaded_by_id, category, title, file_name, mime_type, size_bytes, storage_key, status, visibility, image_kind, created_at)
        select ${ub} + n, ${ub} + n, c, case c when 3 then 'Photo ID' else 'Insurance card' end,
               case c when 3 then 'photo-id.jpg' else 'insurance-card.jpg' end, 'image/jpeg', 200000,
               'demo/' || (${ub} + n) || '/' || case c when 3 then 'photo-id' else 'insurance-card' end || '.jpg',
               case when n % 2 = 0 then 'completed' else 'for_review' end, 1, 'front', now() - ((n % 300) + 2) * interval '1 day'
        from ${series}, (values (3), (4)) as v(c)`,
    ],
  ];
}
