/**
 * The dashboard's kept figures (migration 0032_dashboard_counts; api/domain/staff-dashboard.ts): after every kind of
 * write that moves them, the kept sums (staff_patient_visibility's columns, staff_queue_counts), the renewal flag
 * (subscriptions.renewal_awaits_check_in) and the dashboard's answers equal a straightforward count of the rows —
 * orders put on hold and released, inserted and deleted, uploads added and reviewed, access granted and revoked, a
 * treatment reassigned, a check-in approved and removed, a shipment, a patient deleted (cascades), a dependent
 * provider (the union of patients, counted from the rows), a subscription's window, status, patient and deletion, and
 * a bulk load of the scaled seed. Runs on PGlite and, with API_TEST_DB=postgres, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { rows } from "../../api/db/client.ts";
import { staffDashboard } from "../../api/domain/staff-dashboard.ts";
import { seedScaled } from "../../api/db/seed/scaled.ts";
import type { StaffDashboard } from "../../api/contract/staff-dashboard.ts";
import { LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const db = () => api.database.db;
const one = async <R>(q: SQL): Promise<R> => (await rows<R>(db(), q))[0]!;
const num = async (q: SQL): Promise<number> => (await one<{ n: number }>(sql`SELECT (${q})::int AS n`)).n;
/** The id an INSERT … RETURNING id answers. */
const ins = async (q: SQL): Promise<number> => (await one<{ id: number }>(q)).id;
/** A count as the dashboard shows it: exact up to 1,000, then "1,000+". */
const capped = (n: number) => ({ count: Math.min(n, 1000), capped: n > 1000 });
let providerId = 0;
let managerId = 0;

beforeAll(async () => {
  api = await startTestApi();
  providerId = await num(sql`SELECT id FROM users WHERE email = ${LOGINS.providerUsers}`);
  managerId = await num(sql`SELECT id FROM users WHERE email = ${LOGINS.providers}`);
});
afterAll(() => api?.close());

/** The patients a scoped viewer sees, straightforwardly: their own and their active supervisors' visibility rows. */
const seen = (staffId: number) => sql`(SELECT v.patient_id FROM staff_patient_visibility v WHERE v.staff_id = ${staffId}
  OR v.staff_id IN (SELECT d.supervisor_id FROM staff_dependents d JOIN users s ON s.id = d.supervisor_id WHERE d.dependent_id = ${staffId} AND s.user_status = 'active'))`;

/** The renewal rule as it was counted before the kept flag (renewalMayProceed, api/domain/check-ins.ts). */
const blockedRenewals = sql`subscriptions s JOIN treatments t ON t.id = s.treatment_id
  WHERE s.status = 1 AND s.next_charge_at < now() + interval '7 days' AND t.section_type = 1
    AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.subscription_id = s.id AND c.approval = 'approved' AND c.reviewed_at >= coalesce(s.last_shipment_at, s.created_at))`;

async function expectConsistent(step: string, viewers: number[] = [providerId]) {
  // Every visibility row holds its patient's figures; every staff member's sums are those of their rows.
  const badRows = await num(sql`SELECT count(*) FROM staff_patient_visibility v
    WHERE v.orders_on_hold <> (SELECT count(*) FROM orders o WHERE o.patient_id = v.patient_id AND o.status = 3)
       OR v.uploads_for_review <> (SELECT count(*) FROM uploads u WHERE u.patient_id = v.patient_id AND u.status = 'for_review')`);
  expect(badRows, `${step}: visibility rows`).toBe(0);
  const badSums = await num(sql`SELECT count(*) FROM (
      SELECT staff_id, sum(orders_on_hold) AS o, sum(uploads_for_review) AS u FROM staff_patient_visibility GROUP BY staff_id) x
    FULL JOIN staff_queue_counts q ON q.staff_id = x.staff_id
    WHERE coalesce(x.o, 0) <> coalesce(q.orders_on_hold, 0) OR coalesce(x.u, 0) <> coalesce(q.uploads_for_review, 0)`);
  expect(badSums, `${step}: staff sums`).toBe(0);
  const badFlags = await num(sql`SELECT count(*) FROM subscriptions s LEFT JOIN treatments t ON t.id = s.treatment_id
    WHERE s.renewal_awaits_check_in <> (coalesce(t.section_type = 1, false) AND NOT EXISTS (SELECT 1 FROM check_ins c
      WHERE c.subscription_id = s.id AND c.approval = 'approved' AND c.reviewed_at >= coalesce(s.last_shipment_at, s.created_at)))`);
  expect(badFlags, `${step}: renewal flags`).toBe(0);
  const watchDiff = await num(sql`SELECT count(*) FROM (
      (SELECT v.staff_id, s.id, s.next_charge_at FROM subscriptions s JOIN staff_patient_visibility v ON v.patient_id = s.patient_id
        WHERE s.status = 1 AND s.renewal_awaits_check_in
       EXCEPT ALL SELECT staff_id, subscription_id, next_charge_at FROM staff_renewal_watch)
      UNION ALL
      (SELECT staff_id, subscription_id, next_charge_at FROM staff_renewal_watch
       EXCEPT ALL SELECT v.staff_id, s.id, s.next_charge_at FROM subscriptions s JOIN staff_patient_visibility v ON v.patient_id = s.patient_id
        WHERE s.status = 1 AND s.renewal_awaits_check_in)) x`);
  expect(watchDiff, `${step}: renewal watch rows`).toBe(0);

  for (const id of viewers) {
    const d = await staffDashboard(db(), { id, role: "providerUsers" });
    expect(d.shipmentsOnHold, `${step}: shipments of ${id}`).toEqual(capped(await num(sql`SELECT count(*) FROM orders WHERE status = 3 AND patient_id IN ${seen(id)}`)));
    expect(d.uploadsToReview, `${step}: uploads of ${id}`).toEqual(capped(await num(sql`SELECT count(*) FROM uploads WHERE status = 'for_review' AND patient_id IN ${seen(id)}`)));
    expect(d.renewalsBlocked, `${step}: renewals of ${id}`).toEqual(capped(await num(sql`SELECT count(*) FROM ${blockedRenewals} AND s.patient_id IN ${seen(id)}`)));
  }
  const m = await staffDashboard(db(), { id: managerId, role: "providers" });
  expect(m.renewalsBlocked, `${step}: clinic renewals`).toEqual(capped(await num(sql`SELECT count(*) FROM ${blockedRenewals}`)));
  expect(m.shipmentsOnHold, `${step}: clinic shipments`).toEqual(capped(await num(sql`SELECT count(*) FROM orders WHERE status = 3`)));
}

async function newPatient(tag: string): Promise<number> {
  const id = await ins(sql`INSERT INTO users (email, role, first_name, last_name, user_status) VALUES (${`dash-${tag}@example.test`}, 'patients', 'Dash', ${tag}, 'active') RETURNING id`);
  await db().execute(sql`INSERT INTO patients (user_id) VALUES (${id})`);
  return id;
}
const newOrder = (patientId: number, status: number) =>
  ins(sql`INSERT INTO orders (order_number, patient_id, status) VALUES (${`DASH-${patientId}-${Math.random().toString(36).slice(2)}`}, ${patientId}, ${status}) RETURNING id`);
const newUpload = (patientId: number) =>
  ins(sql`INSERT INTO uploads (patient_id, category, file_name, mime_type, size_bytes, storage_key) VALUES (${patientId}, 1, 'a.png', 'image/png', 1, 'demo/a.png') RETURNING id`);
const newTreatment = (patientId: number, provider: number | null, section = 1) =>
  ins(sql`INSERT INTO treatments (patient_id, section_type, provider_id) VALUES (${patientId}, ${section}, ${provider}) RETURNING id`);

describe("kept dashboard figures", () => {
  it("equal a straightforward count after every kind of write", async () => {
    await expectConsistent("after the migration's backfill of the demo data");

    // A patient of the provider (a treatment assigned to them): orders and uploads come and go.
    const a = await newPatient("a");
    await newTreatment(a, providerId);
    const o1 = await newOrder(a, 3);
    const o2 = await newOrder(a, 1);
    const u1 = await newUpload(a);
    await expectConsistent("orders and an upload of a visible patient");
    await db().execute(sql`UPDATE orders SET status = 3 WHERE id = ${o2}`);
    await db().execute(sql`UPDATE orders SET status = 4 WHERE id = ${o1}`);
    await db().execute(sql`UPDATE uploads SET status = 'completed' WHERE id = ${u1}`);
    await expectConsistent("status changes");
    await db().execute(sql`DELETE FROM orders WHERE id = ${o2}`);
    await newUpload(a);
    await expectConsistent("an order deleted, another upload");

    // A patient the provider does not see, then is granted, then loses.
    const b = await newPatient("b");
    await newOrder(b, 3);
    await newOrder(b, 3);
    await newUpload(b);
    await expectConsistent("an invisible patient's rows");
    const grant = await ins(sql`INSERT INTO staff_patient_access (patient_id, staff_id, granted_by_id) VALUES (${b}, ${providerId}, ${managerId}) RETURNING id`);
    expect(await num(sql`SELECT orders_on_hold FROM staff_patient_visibility WHERE staff_id = ${providerId} AND patient_id = ${b}`)).toBe(2);
    await expectConsistent("access granted");
    await db().execute(sql`UPDATE staff_patient_access SET revoked_at = now() WHERE id = ${grant}`);
    await expectConsistent("access revoked");

    // A treatment moved from another clinician to the provider, and back.
    const c = await newPatient("c");
    const tc = await newTreatment(c, managerId);
    await newOrder(c, 3);
    await expectConsistent("another clinician's patient");
    await db().execute(sql`UPDATE treatments SET provider_id = ${providerId} WHERE id = ${tc}`);
    await expectConsistent("treatment reassigned to the provider");
    await db().execute(sql`UPDATE orders SET patient_id = ${a} WHERE patient_id = ${c}`);
    await expectConsistent("an order moved between patients");
    await db().execute(sql`UPDATE treatments SET provider_id = ${managerId} WHERE id = ${tc}`);
    await expectConsistent("treatment reassigned back");

    // Renewals: a weight-loss subscription due in 2 days waits for a check-in; an approved one lets it proceed; a
    // later shipment makes it wait again; the check-in removed, a section changed.
    const s = await ins(sql`INSERT INTO subscriptions (patient_id, treatment_id, status, next_charge_at) VALUES (${a},
      (SELECT id FROM treatments WHERE patient_id = ${a} LIMIT 1), 1, now() + interval '2 days') RETURNING id`);
    expect(await num(sql`SELECT renewal_awaits_check_in::int FROM subscriptions WHERE id = ${s}`)).toBe(1);
    await expectConsistent("a subscription due");
    const ci = await ins(sql`INSERT INTO check_ins (patient_id, subscription_id, approval, reviewed_at) VALUES (${a}, ${s}, 'approved', now()) RETURNING id`);
    expect(await num(sql`SELECT renewal_awaits_check_in::int FROM subscriptions WHERE id = ${s}`)).toBe(0);
    await expectConsistent("check-in approved");
    await db().execute(sql`UPDATE subscriptions SET last_shipment_at = now() + interval '1 minute' WHERE id = ${s}`);
    await expectConsistent("shipped after the check-in");
    await db().execute(sql`UPDATE subscriptions SET last_shipment_at = now() - interval '1 day' WHERE id = ${s}`);
    await db().execute(sql`UPDATE check_ins SET approval = 'declined' WHERE id = ${ci}`);
    await expectConsistent("check-in declined");
    await db().execute(sql`UPDATE check_ins SET approval = 'approved' WHERE id = ${ci}`);
    await db().execute(sql`DELETE FROM check_ins WHERE id = ${ci}`);
    await expectConsistent("check-in removed");
    await db().execute(sql`UPDATE treatments SET section_type = 2 WHERE id = (SELECT treatment_id FROM subscriptions WHERE id = ${s})`);
    await expectConsistent("section changed");
    await db().execute(sql`UPDATE treatments SET section_type = 1 WHERE id = (SELECT treatment_id FROM subscriptions WHERE id = ${s})`);
    await db().execute(sql`UPDATE subscriptions SET next_charge_at = now() + interval '30 days' WHERE id = ${s}`);
    await expectConsistent("next charge moved out of the window");
    await db().execute(sql`UPDATE subscriptions SET next_charge_at = now() - interval '1 day' WHERE id = ${s}`);
    await db().execute(sql`UPDATE subscriptions SET status = 2 WHERE id = ${s}`);
    await expectConsistent("overdue, then no longer active");
    await db().execute(sql`UPDATE subscriptions SET status = 1, patient_id = ${c} WHERE id = ${s}`);
    await expectConsistent("moved to another patient");
    await db().execute(sql`UPDATE subscriptions SET patient_id = ${a} WHERE id = ${s}`);
    const s2 = await ins(sql`INSERT INTO subscriptions (patient_id, treatment_id, status, next_charge_at) VALUES (${a},
      (SELECT id FROM treatments WHERE patient_id = ${a} LIMIT 1), 1, now() + interval '1 day') RETURNING id`);
    await db().execute(sql`DELETE FROM subscriptions WHERE id = ${s2}`);
    await expectConsistent("a subscription deleted");

    // A dependent provider sees their supervisor's patients too: counted from the rows, the same answers.
    const dep = await ins(sql`INSERT INTO users (email, role, first_name, last_name, user_status) VALUES ('dash-dependent@staff.demo.test', 'providerUsers', 'Dash', 'Dependent', 'active') RETURNING id`);
    await db().execute(sql`INSERT INTO staff_dependents (supervisor_id, dependent_id) VALUES (${providerId}, ${dep})`);
    const d = await newPatient("d");
    await newTreatment(d, dep);
    await newOrder(d, 3);
    await newOrder(a, 3);
    await expectConsistent("a dependent", [providerId, dep]);
    // Over the cap: the supervisor's own sum says "1,000+" for the dependent without counting; then back under it.
    await db().execute(sql`INSERT INTO orders (order_number, patient_id, status) SELECT 'DASH-BULK-' || g, ${a}, 3 FROM generate_series(1, 1001) g`);
    expect((await staffDashboard(db(), { id: dep, role: "providerUsers" })).shipmentsOnHold).toEqual({ count: 1000, capped: true });
    await expectConsistent("over the cap", [providerId, dep]);
    await db().execute(sql`DELETE FROM orders WHERE order_number LIKE 'DASH-BULK-%'`);
    await expectConsistent("back under the cap", [providerId, dep]);

    // Deleting a patient cascades to their orders, uploads, treatments and so their visibility rows.
    await db().execute(sql`DELETE FROM users WHERE id = ${a}`);
    await db().execute(sql`DELETE FROM users WHERE id = ${b}`);
    await expectConsistent("patients deleted", [providerId, dep]);

    // The rebuild recomputes the same figures.
    const before = await rows(db(), sql`SELECT staff_id, orders_on_hold, uploads_for_review FROM staff_queue_counts ORDER BY staff_id`);
    await db().execute(sql`UPDATE staff_queue_counts SET orders_on_hold = orders_on_hold + 5`);
    await db().execute(sql`SELECT dashboard_counts_rebuild()`);
    expect(await rows(db(), sql`SELECT staff_id, orders_on_hold, uploads_for_review FROM staff_queue_counts ORDER BY staff_id`)).toEqual(before);
    await expectConsistent("rebuilt", [providerId, dep]);
  });

  it("a bulk load of the scaled seed (these triggers off, then the rebuild) leaves them equal too", async () => {
    await seedScaled(db(), { patients: 400, chunkSize: 150, bulk: true });
    await expectConsistent("after a bulk scaled seed");
    const enabled = await num(sql`SELECT count(*) FROM pg_trigger WHERE tgname IN ('orders_queue_counts_ins', 'staff_visibility_queue_ins', 'subscriptions_renewal_watch_ins', 'subscriptions_renewal_flag') AND tgenabled = 'O'`);
    expect(enabled).toBe(4);
  }, 120_000);

  it("the API answers the provider the kept figures", async () => {
    const c = await signedIn(api.url, "providerUsers");
    const r = await c.get<StaffDashboard>("/api/v1/staff/dashboard");
    expect(r.status).toBe(200);
    const kept = await one<{ o: number; u: number }>(sql`SELECT coalesce((SELECT orders_on_hold FROM staff_queue_counts WHERE staff_id = ${providerId}), 0)::int AS o,
      coalesce((SELECT uploads_for_review FROM staff_queue_counts WHERE staff_id = ${providerId}), 0)::int AS u`);
    expect(r.body.data!.shipmentsOnHold!.count).toBe(Math.min(kept.o, 1000));
    expect(r.body.data!.uploadsToReview!.count).toBe(Math.min(kept.u, 1000));
  });
});
