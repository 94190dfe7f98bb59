/**
 * The scaled seed: fills a database with N generated patients and proportional data for load tests and
 * benchmarks, with set-based SQL only (INSERT … SELECT FROM generate_series), in chunks of `chunkSize`
 * patients per statement.
 *
 * Per patient: one user (password_hash NULL: cannot sign in), one patients row, one treatment, one order
 * with one item, one task, one chat with two messages; four in five patients outside the pharmacy journey
 * also get a subscription with one item, and one task in four an activity entry. Every status, category,
 * source and journey is represented; tasks are spread over every active staff member.
 *
 * Works on an empty database (creates the catalogue and a few dozen staff first) and on top of the demo
 * seed (ids continue after the existing ones). Ids of each new block are reserved up front by moving the
 * identity sequence. The catalogue and staff are committed first; the generated patients and everything
 * about them are inserted in one transaction, so a failure leaves none of them behind (and, in bulk mode,
 * the indexes and foreign keys exactly as they were).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { ServiceSection, TASK_CATEGORY_VALUES, TASK_SOURCES } from "../../contract/enums.ts";
import { STAFF_ROLES } from "../../contract/roles.ts";
import { insertCatalogue, loadCatalogue } from "./catalogue.ts";
import { PATIENT_STATUS_PAIRS, TASK_TITLES } from "./demo.ts";
import { scaledRecordSteps } from "./scaled-records.ts";
import { FIRST_NAMES, LAST_NAMES } from "./names.ts";
import { signScaledCharts } from "./review-queues.ts";

export type ScaledOptions = {
  patients: number;
  log?: (line: string) => void;
  /** Patients per INSERT statement (default 100,000). */
  chunkSize?: number;
  /** Staff members the data is spread over; created when fewer active staff exist (default 36). */
  minStaff?: number;
  /**
   * Bulk mode (default when patients >= 50,000): inside the seeding transaction, the secondary indexes and
   * foreign keys of the filled tables are dropped and re-created after the load (as pg_restore does), which
   * is several times faster than maintaining them row by row. The tables are locked until the end.
   */
  bulk?: boolean;
};

export type ScaledResult = { patients: number; staffCreated: number; firstPatientId: number; ms: number };

const PROFESSION_BY_ROLE: Record<(typeof STAFF_ROLES)[number], string> = {
  providers: "medicalDoctor",
  providerUsers: "nursePractitioner",
  customerSupport: "customerSupport",
  customerSupportManagers: "customerSupport",
  medicalSupport: "nurse",
  medicalSupportManagers: "nurse",
};

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
/** A text[] literal of constant strings (quotes doubled). */
function textArray(items: readonly string[]): SQL {
  return sql.raw(`(ARRAY[${items.map(literal).join(",")}]::text[])`);
}
/** An int[] literal; every item must be an integer. */
function intArray(items: readonly number[]): SQL {
  for (const x of items) if (!Number.isSafeInteger(x)) throw new Error(`not an integer: ${x}`);
  return sql.raw(`(ARRAY[${items.join(",")}]::int[])`);
}
/** arr[1 + idx mod len], with a NULL when the array is empty. */
function pick(arr: readonly number[], idx: SQL): SQL {
  if (arr.length === 0) return sql`NULL::int`;
  return sql`${intArray(arr)}[1 + (${idx}) % ${sql.raw(String(arr.length))}]`;
}
/** CASE over the section (1–4): picks from the section's array. */
function bySection(section: SQL, arrays: Record<number, number[]>, idx: SQL): SQL {
  return sql`(CASE ${section} WHEN 1 THEN ${pick(arrays[1], idx)} WHEN 2 THEN ${pick(arrays[2], idx)} WHEN 3 THEN ${pick(arrays[3], idx)} ELSE ${pick(arrays[4], idx)} END)`;
}

/** The tables the chunks insert into. */
const LOADED_TABLES = [
  "users", "patients", "treatments", "subscriptions", "subscription_items", "orders", "order_items", "tasks",
  "task_comments", "chats", "chat_messages",
] as const;

/**
 * Drops the secondary indexes (those not backing a constraint) and the foreign keys of the given tables and
 * returns a function that re-creates them from their saved definitions. Meant to run inside a transaction,
 * so that a failure anywhere leaves the schema as it was.
 */
async function setAsideIndexesAndForeignKeys(tx: Db, tables: readonly string[], log: (s: string) => void): Promise<() => Promise<void>> {
  const list = sql.raw(tables.map(literal).join(","));
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname in (${list})
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname, ic.relname`),
  );
  const fks = rowsOf<{ tbl: string; name: string; def: string }>(
    await tx.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as tbl, quote_ident(k.conname) as name,
             pg_get_constraintdef(k.oid) as def
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema() and c.relname in (${list})
      order by c.relname, k.conname`),
  );
  for (const f of fks) await tx.execute(sql.raw(`alter table ${f.tbl} drop constraint ${f.name}`));
  for (const i of indexes) await tx.execute(sql.raw(`drop index ${i.name}`));
  log(`  bulk mode: ${indexes.length} indexes and ${fks.length} foreign keys set aside until the end of the load`);
  return async () => {
    const timed = async (what: string, q: string) => {
      const t = performance.now();
      await tx.execute(sql.raw(q));
      const ms = performance.now() - t;
      if (ms > 1000) log(`    ${what}: ${(ms / 1000).toFixed(1)} s`);
    };
    for (const i of indexes) await timed(i.name, i.def);
    for (const f of fks) await timed(`${f.tbl} ${f.name}`, `alter table ${f.tbl} add constraint ${f.name} ${f.def}`);
  };
}

/** The triggers of migrations 0015 and 0032 kept off during a bulk load (their tables are filled set-based after it). */
const VISIBILITY_TRIGGERS = [
  ["treatments", "treatments_visibility_ins"],
  ["treatments", "treatments_list_ins"],
  ["staff_patient_visibility", "staff_visibility_list_ins"],
  // The dashboard's kept figures (migrations 0032, 0033): recomputed once by dashboard_counts_rebuild() after the load.
  ["staff_patient_visibility", "staff_visibility_queue_ins"],
  ["staff_patient_visibility", "staff_visibility_queue_upd"],
  ["staff_patient_visibility", "staff_visibility_queue_del"],
  ["orders", "orders_queue_counts_ins"],
  ["uploads", "uploads_queue_counts_ins"],
  ["subscriptions", "subscriptions_renewal_flag"],
  ["subscriptions", "subscriptions_renewal_watch_ins"],
  ["subscriptions", "subscriptions_renewal_watch_upd"],
  ["staff_patient_visibility", "staff_visibility_renewal_watch_ins"],
  ["staff_patient_visibility", "staff_visibility_renewal_watch_del"],
] as const;

/**
 * What those triggers would have written for the treatments ids base+1 … base+n (new patients' treatments, so no
 * earlier rows of theirs exist): one grouped upsert into staff_patient_visibility, then their list rows.
 */
async function fillStaffVisibility(tx: Db, base: number, n: number): Promise<void> {
  await tx.execute(sql`
    insert into staff_patient_visibility as v (staff_id, patient_id, assigned, granted)
    select provider_id, patient_id, count(*)::int, 0 from treatments
     where id > ${base} and id <= ${base + n} and provider_id is not null
     group by provider_id, patient_id
    on conflict (staff_id, patient_id) do update set assigned = v.assigned + excluded.assigned`);
  await tx.execute(sql`
    insert into staff_treatment_list (staff_id, treatment_id, list_tab, patient_id, patient_status, patient_name, section_type,
                                      provider_id, review_status, review_kind, created_at)
    select v.staff_id, t.id, t.list_tab, t.patient_id, t.patient_status, t.patient_name, t.section_type, t.provider_id,
           t.review_status, t.review_kind, t.created_at
      from treatments t join staff_patient_visibility v on v.patient_id = t.patient_id
     where t.id > ${base} and t.id <= ${base + n}
    on conflict do nothing`);
}

/** Reserves n ids of a table's identity sequence; returns the id before the block (ids are base+1 … base+n). */
async function reserveIds(db: Db, table: string, n: number): Promise<number> {
  const seq = sql.raw(`pg_get_serial_sequence('${table}', 'id')`);
  const r = await db.execute(sql`select greatest(nextval(${seq}) - 1, (select coalesce(max(id), 0) from ${sql.raw(table)}))::int as base`);
  const base = rowsOf<{ base: number }>(r)[0].base;
  await db.execute(sql`select setval(${seq}, ${base + n})`);
  return base;
}

export async function seedScaled(db: Db, opts: ScaledOptions): Promise<ScaledResult> {
  const started = performance.now();
  const total = opts.patients;
  if (!Number.isSafeInteger(total) || total < 0) throw new Error("patients must be a non-negative integer");
  const chunk = opts.chunkSize ?? 100_000;
  const minStaff = opts.minStaff ?? 36;
  const log = opts.log ?? (() => {});

  // ---- catalogue -----------------------------------------------------------------------------------
  let catalogue = await loadCatalogue(db);
  if (catalogue.length === 0) {
    catalogue = await insertCatalogue(db);
    log("catalogue created");
  }
  const mainBySection: Record<number, { id: number; productId: number; period: number; price: number }[]> = { 1: [], 2: [], 3: [], 4: [] };
  for (const v of catalogue) {
    const main = v.sectionType === ServiceSection.PharmacyPurchase ? v.kind === "pharmacy" : v.kind === "medication";
    if (v.isLive && main && mainBySection[v.sectionType]) {
      mainBySection[v.sectionType].push({ id: v.id, productId: v.productId, period: v.periodMonths, price: v.priceCents });
    }
  }
  const col = (f: (x: { id: number; productId: number; period: number; price: number }) => number) =>
    Object.fromEntries(Object.entries(mainBySection).map(([k, xs]) => [Number(k), xs.map(f)])) as Record<number, number[]>;
  const variantIds = col((x) => x.id);
  const productIds = col((x) => x.productId);
  const periods = col((x) => x.period);
  const prices = col((x) => x.price);

  // ---- staff ---------------------------------------------------------------------------------------
  const activeStaffCount = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from users where role <> 'patients' and user_status = 'active'`),
  )[0].n;
  const staffCreated = Math.max(0, minStaff - activeStaffCount);
  if (staffCreated > 0) {
    const base = await reserveIds(db, "users", staffCreated);
    const roles = textArray(STAFF_ROLES);
    const professions = textArray(STAFF_ROLES.map((r) => PROFESSION_BY_ROLE[r]));
    const nRoles = sql.raw(String(STAFF_ROLES.length));
    await db.execute(sql`
      insert into users (id, email, password_hash, role, first_name, last_name, phone, profession, user_status,
                         utc_offset_minutes, availability, created_at, updated_at)
      overriding system value
      select ${base} + n, 'scaled.staff.' || (${base} + n) || '@example.test', null,
             ${roles}[1 + n % ${nRoles}],
             ${textArray(FIRST_NAMES)}[1 + (n * 7) % ${FIRST_NAMES.length}],
             ${textArray(LAST_NAMES)}[1 + (n * 11) % ${LAST_NAMES.length}],
             '+1312556' || lpad(n::text, 4, '0'),
             ${professions}[1 + n % ${nRoles}],
             'active', (array[-480, -420, -360, -300])[1 + n % 4],
             (array['available', 'unavailable', 'unknown'])[1 + n % 3],
             now() - interval '400 days', now() - interval '10 days'
      from generate_series(1, ${staffCreated}) as n`);
    log(`${staffCreated} staff created`);
  }
  const staff = rowsOf<{ id: number; role: string }>(
    await db.execute(sql`select id, role from users where role <> 'patients' and user_status = 'active' order by id`),
  );
  const staffIds = staff.map((s) => s.id);
  const clinicianIds = staff.filter((s) => s.role === "providers" || s.role === "providerUsers").map((s) => s.id);
  if (clinicianIds.length === 0) clinicianIds.push(...staffIds);

  if (total === 0) return { patients: 0, staffCreated, firstPatientId: 0, ms: performance.now() - started };

  // ---- id blocks ----------------------------------------------------------------------------------
  const ub = await reserveIds(db, "users", total);
  const tb = await reserveIds(db, "treatments", total);
  const sb = await reserveIds(db, "subscriptions", total);
  const ob = await reserveIds(db, "orders", total);
  const kb = await reserveIds(db, "tasks", total);
  const cb = await reserveIds(db, "chats", total);

  const statusKeys = textArray(PATIENT_STATUS_PAIRS.map(([k]) => k));
  const statusNums = intArray(PATIENT_STATUS_PAIRS.map(([, n]) => n));
  const nPairs = sql.raw(String(PATIENT_STATUS_PAIRS.length));
  const firstNames = textArray(FIRST_NAMES);
  const lastNames = textArray(LAST_NAMES);
  const nFirst = sql.raw(String(FIRST_NAMES.length));
  const nLast = sql.raw(String(LAST_NAMES.length));
  const sec = sql.raw("(1 + n % 4)");
  const k = sql.raw("(n / 4)");
  const variantExpr = bySection(sec, variantIds, k);
  const productExpr = bySection(sec, productIds, k);
  const periodExpr = bySection(sec, periods, k);
  const priceExpr = bySection(sec, prices, k);
  /** Which patients have a subscription: four in five, outside the pharmacy journey. */
  const hasSub = sql.raw(`(n % 5 <> 0 and n % 4 <> ${ServiceSection.PharmacyPurchase - 1})`);
  const reviewCycle = textArray(["approved", "approved", "pending", "approved", "cancelled", "declined", "pending", "approved"]);
  const subCycle = intArray([1, 1, 2, 1, 3, 4, 0, 1, 100, 101, 1, 2]);
  const categories = TASK_CATEGORY_VALUES;
  const titles = textArray(categories.map((c) => TASK_TITLES[c][0]));
  const sources = textArray(TASK_SOURCES);
  const staffArr = intArray(staffIds);
  const nStaff = sql.raw(String(staffIds.length));
  const clinArr = intArray(clinicianIds);
  const nClin = sql.raw(String(clinicianIds.length));
  const chatCategories = textArray(["medical", "support", "pharmacy"]);
  const patientLines = textArray([
    "<p>Hi, I have a question about my dose.</p>",
    "<p>When will my next order ship?</p>",
    "<p>Can I pause my plan for a month?</p>",
    "<p>Thanks, that helps!</p>",
  ]);
  const staffLines = textArray([
    "<p>Thanks for reaching out! Your provider will reply within <b>24 hours</b>.</p>",
    "<p>Your order is with the pharmacy and ships in <i>2–3 days</i>.</p>",
    "<p>Done. You can manage your plan under <a href=\"/patient/subscriptions\">Subscriptions</a>.</p>",
  ]);

  const timings = new Map<string, number>();
  const bulk = opts.bulk ?? total >= 50_000;
  log(`seeding ${total.toLocaleString("en-US")} patients (users ${ub + 1}…${ub + total}), ${staffIds.length} staff assignees`);
  await db.transaction(async (tx) => {
    const step = async (name: string, q: SQL) => {
      const t = performance.now();
      await tx.execute(q);
      timings.set(name, (timings.get(name) ?? 0) + performance.now() - t);
    };
    let restore: (() => Promise<void>) | undefined;
    if (bulk) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      restore = await setAsideIndexesAndForeignKeys(tx, LOADED_TABLES, log);
      // The staff visibility triggers (migration 0015) look up a patient's treatments per visibility row: without
      // the indexes set aside above that is a scan of treatments per row (quadratic at a million). They are off
      // during the load, and their two tables are filled set-based once the indexes are back (below).
      for (const [table, trigger] of VISIBILITY_TRIGGERS) await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    }
    for (let a = 1; a <= total; a += chunk) {
      const b = Math.min(total, a + chunk - 1);
      const t0 = performance.now();
      const series = sql`generate_series(${a}::int, ${b}::int) as n`;

      await step("users", sql`
        insert into users (id, email, password_hash, role, first_name, last_name, phone, user_status,
                           utc_offset_minutes, locale, email_verified_at, created_at, updated_at)
        overriding system value
        select ${ub} + n, 'scaled.' || (${ub} + n) || '@example.test', null, 'patients',
               ${firstNames}[1 + n % ${nFirst}], ${lastNames}[1 + (n / ${nFirst}) % ${nLast}],
               '+1' || (200 + n % 800) || '555' || lpad((n % 10000)::text, 4, '0'),
               case when n % 50 = 0 then 'inactive' else 'active' end,
               (array[-480, -420, -360, -300])[1 + n % 4],
               case when n % 9 = 0 then 'es-US' else 'en-US' end,
               now() - ((n % 500) + 1) * interval '1 day',
               now() - ((n % 500) + 1) * interval '1 day', now() - (n % 30) * interval '1 day'
        from ${series}`);

      await step("patients", sql`
        insert into patients (user_id, status, status_key, date_of_birth, gender, height_inches, weight_start,
                              weight_current, weight_goal, bmi_start, bmi_current, is_progress_availability,
                              has_pharmacy_access, is_pharmacy_availability, referral_code, created_at, updated_at)
        select ${ub} + n, ${statusNums}[1 + n % ${nPairs}], ${statusKeys}[1 + n % ${nPairs}],
               date '1950-01-01' + ((n::bigint * 7919) % 19700)::int,
               (array['female', 'male', 'female', 'male', 'other'])[1 + (n / 7) % 5],
               h, ws, wc, case when ${sec} = 1 then ws - 40 else null end,
               round((703 * ws / (h * h))::numeric, 1), round((703 * wc / (h * h))::numeric, 1),
               ${sec} = 1, n % 3 <> 0, n % 2 = 0, 'SC' || (${ub} + n),
               now() - ((n % 500) + 1) * interval '1 day', now() - (n % 30) * interval '1 day'
        from (select n, (60 + n % 17)::real as h, (140 + (n * 31) % 160)::real as ws,
                     (140 + (n * 31) % 160 - (n % 35))::real as wc
              from ${series}) s`);

      await step("treatments", sql`
        insert into treatments (id, patient_id, section_type, product_id, review_status, provider_id, review_kind,
                                intake_answers, reviewed_at, created_at, updated_at)
        overriding system value
        select ${tb} + n, ${ub} + n, ${sec}, ${productExpr}, rs,
               case when rs = 'pending' and n % 3 = 0 then null else ${clinArr}[1 + (n / 3) % ${nClin}] end,
               case when rs = 'pending' and n % 5 = 0 then 'refill' else 'new_patient' end,
               '{"allergies":"None","currentMedications":"None"}'::jsonb,
               case when rs = 'pending' then null else now() - (n % 300) * interval '1 day' end,
               now() - ((n % 300) + 2) * interval '1 day', now() - (n % 300) * interval '1 day'
        from (select n, ${reviewCycle}[1 + (n / 4) % 8] as rs from ${series}) s`);

      await step("subscriptions", sql`
        insert into subscriptions (id, patient_id, treatment_id, status, cycle_months, pending_cancellation,
                                   membership_status, next_charge_at, last_shipment_at, ends_at, created_at, updated_at)
        overriding system value
        select ${sb} + n, ${ub} + n, ${tb} + n, st, coalesce(${periodExpr}, 3),
               st = 1 and n % 13 = 0,
               case when st = 1 and n % 13 = 0 then 'pending_cancellation'
                    else case st when 0 then 'future' when 1 then 'active' when 2 then 'paused' when 3 then 'cancelled'
                                 when 4 then 'not_renewed' when 100 then 'unknown' else 'deleted' end end,
               case when st in (0, 1, 2) then now() + ((n % 80) + 1) * interval '1 day' end,
               case when st <> 0 then now() - ((n % 80) + 3) * interval '1 day' end,
               case when st in (3, 4) then now() - (n % 60) * interval '1 day'
                    when st = 1 and n % 13 = 0 then now() + (n % 60 + 1) * interval '1 day' end,
               now() - ((n % 300) + 1) * interval '1 day', now() - (n % 20) * interval '1 day'
        from (select n, ${subCycle}[1 + (n / 20) % 12] as st from ${series}) s
        where ${hasSub}`);

      await step("subscription_items", sql`
        insert into subscription_items (subscription_id, variant_id, quantity, is_addon)
        select ${sb} + n, ${variantExpr}, 1, false from ${series}
        where ${hasSub} and ${variantExpr} is not null`);

      await step("orders", sql`
        insert into orders (id, order_number, patient_id, subscription_id, status, total_cents, currency,
                            date_ordered, date_shipped, fulfiller, tracking_number, tracking_url)
        overriding system value
        select ${ob} + n, 'SC-' || (${ob} + n), ${ub} + n,
               case when ${hasSub} then ${sb} + n end, st, coalesce(${priceExpr}, 0), 'usd',
               now() - ((n % 200) + 1) * interval '1 day',
               case when st in (4, 5, 6, 7) then now() - (n % 200) * interval '1 day' end,
               case when st <> 1 then (array['Northside Compounding Pharmacy', 'Harbor Pharmacy', 'Summit Rx Fulfillment'])[1 + n % 3] end,
               case when st in (4, 5, 6, 7) then '1ZSC' || lpad((${ob} + n)::text, 12, '0') end,
               case when st in (4, 5, 6, 7) then 'https://www.ups.com/track?tracknum=1ZSC' || lpad((${ob} + n)::text, 12, '0') end
        from (select n, 1 + (n / 7) % 9 as st from ${series}) s`);

      await step("order_items", sql`
        insert into order_items (order_id, variant_id, quantity, price_cents)
        select ${ob} + n, ${variantExpr}, 1, coalesce(${priceExpr}, 0) from ${series}
        where ${variantExpr} is not null`);

      await step("tasks", sql`
        insert into tasks (id, title, description, html_description, status, patient_id, provider_id, section_type,
                           source, category, auto, date_assigned, created_by_id, created_at, updated_at)
        overriding system value
        select ${kb} + n, ${titles}[cat], ${titles}[cat] || '. Please follow up with the patient.',
               '<p>' || ${titles}[cat] || '.</p><p>Please follow up with the patient.</p>',
               1 + n % 6, ${ub} + n, ${staffArr}[(1 + h % ${nStaff})::int], ${sec},
               ${sources}[1 + (n / 66) % 4], cat, cat in (5, 11),
               now() - (h % 129600) * interval '1 minute',
               case when cat in (5, 11) then null else ${staffArr}[(1 + (h / 7) % ${nStaff})::int] end,
               now() - (h % 129600) * interval '1 minute', now() - (h % 64800) * interval '1 minute'
        from (select n, 1 + (n / 6) % 11 as cat, abs(hashint4(n)::bigint) as h from ${series}) s`);

      await step("task_comments", sql`
        insert into task_comments (task_id, user_id, kind, description, created_at)
        select ${kb} + n, ${staffArr}[1 + n % ${nStaff}], 'activity', 'Task created', now() - (n % 90) * interval '1 day'
        from ${series} where n % 4 = 0`);

      await step("chats", sql`
        insert into chats (id, patient_id, treatment_id, category, assigned_provider_id, bot_enabled, last_message_at, created_at)
        overriding system value
        select ${cb} + n, ${ub} + n, ${tb} + n, ${chatCategories}[1 + n % 3],
               case when n % 3 = 0 and n % 2 = 0 then ${clinArr}[1 + (n / 6) % ${nClin}] end,
               n % 3 = 1 and n % 7 = 0, lm, lm - interval '90 minutes'
        from (select n, now() - (abs(hashint4(n + 7)::bigint) % 86400 + 1) * interval '1 minute' as lm from ${series}) s`);

      await step("chat_messages", sql`
        insert into chat_messages (chat_id, sender_id, message, created_at)
        select c.id,
               case when m = 0 or c.id % 4 = 0 then c.patient_id
                    else coalesce(c.assigned_provider_id, ${staffArr}[1 + c.id % ${nStaff}]) end,
               case when m = 0 or c.id % 4 = 0 then ${patientLines}[1 + (c.id + m) % 4] else ${staffLines}[1 + c.id % 3] end,
               c.last_message_at - (1 - m) * interval '90 minutes'
        from chats c cross join generate_series(0, 1) as m
        where c.id between ${cb + a} and ${cb + b}
        order by c.id, m`);

      for (const [name, q] of scaledRecordSteps({ series, ub, tb, clinArr, nClin, staffArr, nStaff })) await step(name, q);

      const ms = performance.now() - t0;
      log(`  ${b.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} patients (${Math.round(((b - a + 1) / ms) * 1000).toLocaleString("en-US")} patients/s)`);
    }
    if (restore) {
      const t = performance.now();
      await restore();
      log(`  indexes and foreign keys restored: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const v = performance.now();
      await fillStaffVisibility(tx, tb, total);
      await tx.execute(sql`select dashboard_counts_rebuild()`);
      for (const [table, trigger] of VISIBILITY_TRIGGERS) await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
      log(`  staff visibility of the new treatments filled: ${((performance.now() - v) / 1000).toFixed(1)} s`);
    }
  });
  log(`  time per table: ${[...timings].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
  await signScaledCharts(db, ub + 1);
  const t1 = performance.now();
  await db.execute(sql`analyze`);
  log(`analyze: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  return { patients: total, staffCreated, firstPatientId: ub + 1, ms: performance.now() - started };
}
