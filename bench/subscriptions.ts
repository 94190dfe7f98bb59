/**
 * Subscriptions at scale (issue 16 part B). One command each:
 *   npm run bench -- --subscriptions    the staff renewals list at 1,000,000 subscriptions (also part of `npm run bench`)
 *   npm run bench -- --renewals         the renewal worker's rate, 10,000 due renewals on PostgreSQL, then PGlite
 *                                       (BENCH_RENEWAL_DBS=postgres or =pglite for one of them)
 * (or `npx tsx bench/subscriptions.ts [--renewals] [--list]`, both without a flag).
 *
 * --renewals: the renewal worker's rate. On PostgreSQL (a fresh database `<BENCH_SUBS_DATABASE_URL>_renew`, created and
 *   dropped each run) and on PGlite (in memory): migrate, seed the demo, add BENCH_RENEWALS (default 10,000) Active
 *   subscriptions due an hour ago (sildenafil 3-month plan, an approved treatment and a primary card per patient, over
 *   the demo's patients), then one scheduler run (api/domain/renewals.ts scheduleDueRenewals) and one in-process worker
 *   (startJobs, as `npm start` runs it) until every renewal is paid: invoice, charge, order each. Reports the scheduler's
 *   time and renewals per second from the first enqueue to the last renewal paid, and checks one charge and one order
 *   per renewal.
 * --list: the staff renewals list (GET /api/v1/renewals) at BENCH_SUBSCRIPTIONS (default 1,000,000) subscriptions in
 *   BENCH_SUBS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench_subs; filled once by
 *   seedSubscriptions — each subscription with its treatment, plan item and one order, so 1,000,000 orders too, and
 *   the check-ins of the weight-loss renewals — reused after), p50/p95/p99 of BENCH_REQUESTS (200) sequential requests
 *   after BENCH_WARMUP (20): the first page and a far page (by cursor) as the provider manager (clinic-wide) and as a
 *   provider (their patients).
 *
 * Writes bench/results/subscriptions.json and prints Markdown tables for the README.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { loadApiConfig } from "../api/config.ts";
import { resolveSecrets } from "../api/domain/secrets.ts";
import { createLogger } from "../api/logger.ts";
import { startJobs } from "../api/jobs/queue.ts";
import { scheduleDueRenewals } from "../api/domain/renewals.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { percentile, runWhenMain } from "./db.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_SUBS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench_subs";
const RENEWALS = Number(env.BENCH_RENEWALS ?? 10_000);
const SUBSCRIPTIONS = Number(env.BENCH_SUBSCRIPTIONS ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const BUDGET_P95_MS = 20;
const log = (s: string) => process.stdout.write(s + "\n");
const round = (n: number) => Math.round(n * 100) / 100;
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

async function recreate(url: string, drop: boolean): Promise<boolean> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  u.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    if (drop) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
    return !exists;
  } finally {
    await admin.end();
  }
}

/** RENEWALS due subscriptions over the demo's patients, each patient with an approved treatment and a primary card. */
async function seedDue(database: Database, count: number): Promise<number[]> {
  const db = database.db;
  await db.execute(sql`INSERT INTO payment_methods (user_id, provider, provider_token, brand, last4, exp_month, exp_year, is_primary)
    SELECT p.user_id, 'local', 'pm_local_bench_' || p.user_id, 'visa', '4242', 12, 2035, true FROM patients p
    WHERE NOT EXISTS (SELECT 1 FROM payment_methods m WHERE m.user_id = p.user_id AND m.is_primary)`);
  const [v] = rowsOf<{ variant: number; product: number }>(
    await db.execute(sql`SELECT v.id AS variant, p.id AS product FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'sildenafil' AND v.period_months = 3 ORDER BY v.id LIMIT 1`),
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`WITH t AS (
        INSERT INTO treatments (patient_id, section_type, product_id, review_status, reviewed_at)
        SELECT user_id, 2, ${v!.product}, 'approved', now() FROM patients RETURNING id, patient_id
      ), numbered AS (SELECT id, patient_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM t),
      subs AS (
        INSERT INTO subscriptions (patient_id, treatment_id, status, cycle_months, membership_status, next_charge_at)
        SELECT n.patient_id, n.id, 1, 3, 'active', now() - interval '1 hour' - g * interval '1 millisecond'
          FROM generate_series(1, ${count}) g JOIN numbered n ON n.n = g % n.total
        RETURNING id
      ), items AS (INSERT INTO subscription_items (subscription_id, variant_id, quantity, is_addon) SELECT id, ${v!.variant}, 1, false FROM subs RETURNING subscription_id)
      SELECT subscription_id AS id FROM items`),
  );
  return ids.map((r) => r.id);
}

type RenewalResult = { database: string; renewals: number; scheduleSeconds: number; seconds: number; perSecond: number; load1: number };

async function benchRenewals(kind: "postgres" | "pglite"): Promise<RenewalResult> {
  const url = `${DB_URL}_renew`;
  if (kind === "postgres") await recreate(url, true);
  const database = kind === "postgres" ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const ids = await seedDue(database, RENEWALS);
    const config = await resolveSecrets(loadApiConfig({ NODE_ENV: "test", SESSION_SECRET: "b".repeat(48), DATA_DIR: ".tmp/unused", LOG_LEVEL: "silent", ...(kind === "postgres" ? { DATABASE_URL: url } : {}) }), database.db);
    const jobs = await startJobs({ database, config, logger: createLogger("silent"), worker: false });
    const started = performance.now();
    const sent = await scheduleDueRenewals({ db: database.db, jobs });
    const scheduled = performance.now();
    if (sent < ids.length) throw new Error(`the scheduler sent ${sent} of ${ids.length}`);
    const worker = await startJobs({ database, config, logger: createLogger("silent"), worker: true });
    const paid = async () => rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM subscription_renewals WHERE status = 'paid'`))[0]!.n;
    let last = 0;
    for (;;) {
      const n = await paid();
      if (n >= ids.length) break;
      if (n !== last && Math.floor(n / 1000) !== Math.floor(last / 1000)) log(`    ${kind}: ${n} paid after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      last = n;
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    await jobs.stop();
    const [check] = rowsOf<{ charges: number; orders: number }>(
      await database.db.execute(sql`SELECT (SELECT count(*)::int FROM charges WHERE idempotency_key LIKE 'renewal:%' AND status = 'succeeded') AS charges,
        (SELECT count(*)::int FROM orders WHERE source = 'renewal') AS orders`),
    );
    if (check!.charges !== ids.length || check!.orders !== ids.length) throw new Error(`expected ${ids.length} charges and orders, got ${check!.charges} and ${check!.orders}`);
    return { database: kind === "postgres" ? "PostgreSQL" : "PGlite", renewals: ids.length, scheduleSeconds: round((scheduled - started) / 1000), seconds: round(seconds), perSecond: round(ids.length / seconds), load1: round(os.loadavg()[0]!) };
  } finally {
    await database.close();
    if (kind === "postgres") {
      const u = new URL(url);
      const name = u.pathname.slice(1);
      u.pathname = "/postgres";
      const admin = new pg.Client({ connectionString: u.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

type ListResult = { name: string; viewer: string; p50: number; p95: number; p99: number; rows: number; load1: number };

/**
 * Subscriptions up to `target` in batches of 100,000, set-based, shaped like a running clinic's book: each
 * subscription has its own treatment (half weight loss, a quarter each sexual wellness and haircare; 1 in 41 no longer
 * approved: the "prescription" blocker), its plan item and one order (its first shipment: 1,000,000 orders beside
 * 1,000,000 subscriptions); status by g mod 10 (10 % Future, 40 % Active, 10 % Paused, 20 % Cancelled, 20 % Not
 * renewed: Future and Active have a next charge spread over a year, the others none); 1 in 97 past due, 1 in 53
 * pending cancellation; 7 in 10 weight-loss renewals have a check-in approved for the current period. Patients are
 * the demo's, round robin. Reused once filled.
 */
export async function seedSubscriptions(db: Database["db"], target: number): Promise<number> {
  const have = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM subscriptions`))[0]!.n;
  if (have >= target) return 0;
  const t0 = performance.now();
  const BATCH = 100_000;
  for (let from = have + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1);
    await db.execute(sql`
      WITH pts AS (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM patients),
      plan AS (SELECT p.section_type AS section, min(p.id) AS product, min(v.id) AS variant FROM products p JOIN product_variants v ON v.product_id = p.id
                WHERE p.slug IN ('compounded-tirzepatide', 'sildenafil', 'finasteride') AND v.period_months = 3 GROUP BY p.section_type),
      gen AS (SELECT g, pts.ids[1 + (g % array_length(pts.ids, 1))] AS patient, CASE WHEN g % 4 < 2 THEN 1 WHEN g % 4 = 2 THEN 2 ELSE 4 END AS section
                FROM generate_series(${from}::int, ${to}::int) g, pts),
      t AS (INSERT INTO treatments (patient_id, section_type, product_id, review_status, reviewed_at, created_at)
            SELECT gen.patient, gen.section, plan.product, CASE WHEN gen.g % 41 = 0 THEN 'cancelled' ELSE 'approved' END, now() - interval '120 days', now() - interval '121 days'
              FROM gen JOIN plan ON plan.section = gen.section ORDER BY gen.g
            RETURNING id, patient_id, section_type),
      tn AS (SELECT id, patient_id, section_type, ${from - 1}::int + row_number() OVER (ORDER BY id)::int AS g FROM t),
      s AS (INSERT INTO subscriptions (patient_id, treatment_id, status, cycle_months, membership_status, next_charge_at, past_due_since, pending_cancellation, created_at)
            SELECT tn.patient_id, tn.id, st.status, 3, st.membership,
                   CASE WHEN st.status IN (0, 1) THEN now() + ((tn.g::bigint * 7919) % 525600) * interval '1 minute' END,
                   CASE WHEN st.status = 1 AND tn.g % 97 = 0 THEN now() - interval '2 days' END,
                   st.status = 1 AND tn.g % 53 = 0, now() - interval '120 days'
              FROM tn, LATERAL (SELECT CASE WHEN tn.g % 10 = 0 THEN 0 WHEN tn.g % 10 < 5 THEN 1 WHEN tn.g % 10 = 5 THEN 2 WHEN tn.g % 10 < 8 THEN 3 ELSE 4 END::smallint AS status) st0,
                   LATERAL (SELECT st0.status, CASE st0.status WHEN 0 THEN 'future' WHEN 1 THEN 'active' WHEN 2 THEN 'paused' WHEN 3 THEN 'cancelled' ELSE 'not_renewed' END AS membership) st
            RETURNING id, patient_id, treatment_id, status, next_charge_at),
      sg AS (SELECT s.*, tn.g, tn.section_type FROM s JOIN tn ON tn.id = s.treatment_id),
      items AS (INSERT INTO subscription_items (subscription_id, variant_id, quantity, is_addon)
                SELECT sg.id, plan.variant, 1, false FROM sg JOIN plan ON plan.section = sg.section_type RETURNING 1),
      ords AS (INSERT INTO orders (order_number, patient_id, subscription_id, status, total_cents, date_ordered, date_shipped, fulfiller, tracking_number, source)
               SELECT 'S' || lpad(sg.g::text, 9, '0'), sg.patient_id, sg.id, 4, 29900, now() - interval '120 days', now() - interval '117 days', 'UPS', '1Z' || lpad(sg.g::text, 16, '0'), 'renewal'
                 FROM sg RETURNING 1),
      checks AS (INSERT INTO check_ins (patient_id, treatment_id, subscription_id, requested_at, completed_at, approval, reviewed_at)
                 SELECT sg.patient_id, sg.treatment_id, sg.id, now() - interval '10 days', now() - interval '9 days', 'approved', now() - interval '8 days'
                   FROM sg WHERE sg.section_type = 1 AND sg.status IN (0, 1) AND sg.g % 10 < 7 RETURNING 1)
      SELECT (SELECT count(*) FROM items) + (SELECT count(*) FROM ords) + (SELECT count(*) FROM checks) AS n`);
    log(`    ${to.toLocaleString("en-US")} subscriptions after ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  for (const table of ["treatments", "subscriptions", "subscription_items", "orders", "check_ins", "staff_patient_visibility"]) await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  log(`  seeded ${(target - have).toLocaleString("en-US")} subscriptions (with their treatments, orders and check-ins) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return target - have;
}

async function benchList(): Promise<ListResult[]> {
  await recreate(DB_URL, false);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 4 });
  const results: ListResult[] = [];
  try {
    await database.migrate();
    await seedDemo(database.db);
    await seedSubscriptions(database.db, SUBSCRIPTIONS);
    const { server, base } = await startBenchApi(database, DB_URL);
    try {
      for (const viewer of [{ label: "manager", email: "manager@demo.test" }, { label: "provider", email: "provider@demo.test" }]) {
        const client = new BenchClient(base);
        await client.signIn(viewer.email);
        // A far page: the cursor after the 5,000th row of this viewer's list (walked by pages of 100).
        let cursor: string | null = null;
        for (let i = 0; i < 50; i++) {
          const r = await client.request("GET", `/api/v1/renewals?perPage=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          cursor = r.json.pages.nextCursor;
          if (!cursor) break;
        }
        const cases = [
          { name: "first page (25)", path: "/api/v1/renewals" },
          ...(cursor ? [{ name: "far page (after 5,000 rows, by cursor)", path: `/api/v1/renewals?cursor=${encodeURIComponent(cursor)}` }] : []),
        ];
        for (const c of cases) {
          let rows = 0;
          for (let i = 0; i < WARMUP; i++) await client.request("GET", c.path);
          const times: number[] = [];
          for (let i = 0; i < REQUESTS; i++) {
            const t0 = performance.now();
            const r = await client.request("GET", c.path);
            times.push(performance.now() - t0);
            if (r.status !== 200) throw new Error(`${c.path}: ${r.status}`);
            rows = r.json.data.length;
          }
          times.sort((a, b) => a - b);
          const res = { name: c.name, viewer: viewer.label, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), rows, load1: round(os.loadavg()[0]!) };
          results.push(res);
          log(`  ${res.p95 <= BUDGET_P95_MS ? " " : "!"} [${viewer.label}] ${c.name.padEnd(44)} p50 ${res.p50.toFixed(2)}  p95 ${res.p95.toFixed(2)}  p99 ${res.p99.toFixed(2)} ms (rows ${rows}, load ${res.load1})`);
        }
      }
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  } finally {
    await database.close();
  }
  return results;
}

/**
 * The subscriptions bench: `parts` "list" (the renewals list at BENCH_SUBSCRIPTIONS) and/or "renewals" (the worker's
 * rate on BENCH_RENEWAL_DBS). `npm run bench` runs the list (bench/run.ts); `npm run bench -- --renewals` the rate.
 */
export async function runSubscriptionsBench(parts: { list: boolean; renewals: boolean }): Promise<void> {
  const out: { renewals?: RenewalResult[]; list?: ListResult[]; subscriptions?: number; when: string; loadAverage?: number[] } = { when: new Date().toISOString() };
  const file = path.join(here, "results", "subscriptions.json");
  // Keep the other part's last figures when only one part runs.
  try {
    const before = JSON.parse(readFileSync(file, "utf8")) as typeof out;
    if (before.renewals) out.renewals = before.renewals;
    if (!parts.list && before.list) {
      out.list = before.list;
      out.subscriptions = before.subscriptions;
    }
  } catch {
    // first run
  }
  if (parts.renewals) {
    const kinds = (env.BENCH_RENEWAL_DBS ?? "postgres,pglite").split(",") as Array<"postgres" | "pglite">;
    const named = { postgres: "PostgreSQL", pglite: "PGlite" } as const;
    // A run on one database keeps the other's last figures.
    out.renewals = (out.renewals ?? []).filter((r) => !kinds.some((k) => named[k] === r.database));
    for (const kind of kinds) {
      log(`renewal worker on ${kind}: ${RENEWALS} due renewals`);
      const r = await benchRenewals(kind);
      out.renewals.push(r);
      log(`  ${r.database}: ${r.renewals} renewals in ${r.seconds} s (scheduler ${r.scheduleSeconds} s) = ${r.perSecond} renewals/s (load ${r.load1})`);
    }
    log("\n| database | renewals | scheduler s | total s | renewals/s | load |\n|---|---:|---:|---:|---:|---:|");
    for (const r of out.renewals) log(`| ${r.database} | ${r.renewals} | ${r.scheduleSeconds} | ${r.seconds} | ${r.perSecond} | ${r.load1} |`);
  }
  if (parts.list) {
    log(`renewals list at ${SUBSCRIPTIONS.toLocaleString("en-US")} subscriptions: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}`);
    out.list = await benchList();
    out.subscriptions = SUBSCRIPTIONS;
    log("\n| viewer | case | p50 ms | p95 ms | p99 ms | rows | load |\n|---|---|---:|---:|---:|---:|---:|");
    for (const r of out.list) log(`| ${r.viewer} | ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rows} | ${r.load1} |`);
    const worst = Math.max(...out.list.map((r) => r.p95));
    log(`worst p95 ${worst} ms (budget ${BUDGET_P95_MS} ms)`);
  }
  out.loadAverage = os.loadavg().map(round);
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
}

runWhenMain(import.meta.url, () =>
  runSubscriptionsBench({
    list: process.argv.includes("--list") || !process.argv.includes("--renewals"),
    renewals: process.argv.includes("--renewals") || !process.argv.includes("--list"),
  }),
);
