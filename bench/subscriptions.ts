/**
 * Subscriptions at scale (issue 16 part B): `npx tsx bench/subscriptions.ts [--renewals] [--list]` (both without a flag).
 *
 * --renewals: the renewal worker's rate. On PostgreSQL (a fresh database `<BENCH_SUBS_DATABASE_URL>_renew`, created and
 *   dropped each run) and on PGlite (in memory): migrate, seed the demo, add BENCH_RENEWALS (default 10,000) Active
 *   subscriptions due an hour ago (sildenafil 3-month plan, an approved treatment and a primary card per patient, over
 *   the demo's patients), then one scheduler run (api/domain/renewals.ts scheduleDueRenewals) and one in-process worker
 *   (startJobs, as `npm start` runs it) until every renewal is paid: invoice, charge, order each. Reports the scheduler's
 *   time and renewals per second from the first enqueue to the last renewal paid.
 * --list: the staff renewals list (GET /api/v1/renewals) at BENCH_SUBSCRIPTIONS (default 1,000,000) subscriptions in
 *   BENCH_SUBS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench_subs; filled once with
 *   generate_series, reused after), p50/p95/p99 of BENCH_REQUESTS (200) sequential requests after BENCH_WARMUP (20):
 *   the first page and a far page (by cursor) as the provider manager (clinic-wide) and as a provider (their patients).
 *
 * Writes bench/results/subscriptions.json and prints Markdown tables for the README.
 */
import { mkdirSync, writeFileSync } from "node:fs";
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
import { percentile } from "./db.ts";

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

async function benchList(): Promise<ListResult[]> {
  await recreate(DB_URL, false);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 4 });
  const results: ListResult[] = [];
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    const have = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM subscriptions`))[0]!.n;
    if (have < SUBSCRIPTIONS) {
      log(`  seeding ${SUBSCRIPTIONS - have} subscriptions…`);
      const [v] = rowsOf<{ variant: number }>(await db.execute(sql`SELECT v.id AS variant FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'sildenafil' AND v.period_months = 3 LIMIT 1`));
      await db.execute(sql`WITH pts AS (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS n, count(*) OVER () AS total FROM patients),
        subs AS (
          INSERT INTO subscriptions (patient_id, status, cycle_months, membership_status, next_charge_at, past_due_since, pending_cancellation)
          SELECT p.user_id, (g % 5)::smallint, 3, 'active', now() + (g % 525600) * interval '1 minute',
                 CASE WHEN g % 97 = 0 THEN now() - interval '2 days' END, g % 53 = 0
            FROM generate_series(1, ${SUBSCRIPTIONS - have}) g JOIN pts p ON p.n = g % p.total
          RETURNING id)
        INSERT INTO subscription_items (subscription_id, variant_id, quantity, is_addon) SELECT id, ${v!.variant}, 1, false FROM subs`);
      await db.execute(sql`ANALYZE subscriptions`);
      await db.execute(sql`ANALYZE subscription_items`);
    }
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

const wantRenewals = process.argv.includes("--renewals") || !process.argv.includes("--list");
const wantList = process.argv.includes("--list") || !process.argv.includes("--renewals");
const out: { renewals?: RenewalResult[]; list?: ListResult[]; when: string } = { when: new Date().toISOString() };
if (wantRenewals) {
  out.renewals = [];
  for (const kind of (env.BENCH_RENEWAL_DBS ?? "postgres,pglite").split(",") as Array<"postgres" | "pglite">) {
    log(`renewal worker on ${kind}: ${RENEWALS} due renewals`);
    const r = await benchRenewals(kind);
    out.renewals.push(r);
    log(`  ${r.database}: ${r.renewals} renewals in ${r.seconds} s (scheduler ${r.scheduleSeconds} s) = ${r.perSecond} renewals/s (load ${r.load1})`);
  }
  log("\n| database | renewals | scheduler s | total s | renewals/s |\n|---|---:|---:|---:|---:|");
  for (const r of out.renewals) log(`| ${r.database} | ${r.renewals} | ${r.scheduleSeconds} | ${r.seconds} | ${r.perSecond} |`);
}
if (wantList) {
  log(`renewals list at ${SUBSCRIPTIONS} subscriptions`);
  out.list = await benchList();
  log("\n| viewer | case | p50 ms | p95 ms | p99 ms | rows |\n|---|---|---:|---:|---:|---:|");
  for (const r of out.list) log(`| ${r.viewer} | ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rows} |`);
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "subscriptions.json"), JSON.stringify(out, null, 2) + "\n");
process.exit(0);
