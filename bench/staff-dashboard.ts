/**
 * `npm run bench -- --dashboard` (or `npx tsx bench/staff-dashboard.ts`): the staff dashboard at scale (issue 19 part A;
 * ARCHITECTURE §8: p95 ≤ 20 ms through the API over HTTP at 1,000,000 patients): `GET /api/v1/staff/dashboard` as each
 * staff role, the demo users (provider@demo.test, providerUsers, sees about 70,000 of the generated patients), and a
 * provider the bench makes a dependent of provider@demo.test (the union of their patients).
 *
 * Opens BENCH_DASHBOARD_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench_dashboard: a database
 * of its own), creating it when missing; migrates; seeds the demo when empty; then fills generated patients up to
 * BENCH_DASHBOARD_PATIENTS (default 1,000,000) with `seedScaled` (orders, uploads, subscriptions, treatments, tasks and
 * chats per patient; about 9 minutes on 2 cores). Reused as is once filled. Measures BENCH_REQUESTS sequential requests
 * per role after BENCH_WARMUP. Writes bench/results/staff-dashboard.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { seedScaled } from "../api/db/seed/scaled.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { benchMachine, ensureDatabase, percentile, round, runWhenMain } from "./db.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_DASHBOARD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench_dashboard";
const TARGET = Number(env.BENCH_DASHBOARD_PATIENTS ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

type Result = { viewer: string; email: string; n: number; p50: number; p95: number; p99: number; max: number; load1: number; figures: string };

const DEPENDENT = "dependent.provider@bench.test";

const VIEWERS = [
  ["providers", "manager@demo.test"],
  ["providerUsers", "provider@demo.test"],
  ["customerSupport", "support@demo.test"],
  ["customerSupportManagers", "support-manager@demo.test"],
  ["medicalSupport", "nurse@demo.test"],
  ["medicalSupportManagers", "nurse-manager@demo.test"],
  // A provider who is a dependent of provider@demo.test (made by the bench): the union of two patient sets.
  ["providerUsers, a dependent", DEPENDENT],
] as const;

export async function runStaffDashboardBench(): Promise<void> {
  log(`staff dashboard bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${TARGET.toLocaleString("en-US")} patients, ${REQUESTS} requests per role after ${WARMUP} warm-up`);
  await ensureDatabase(DB_URL, log);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    const db = database.db;
    await database.migrate();
    await seedDemo(db);
    const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(q))[0]!.n;
    const have = await count(sql`select count(*)::int as n from users where role = 'patients' and email like 'scaled.%'`);
    let seeded = "reused";
    if (have < TARGET) {
      log(`filling ${(TARGET - have).toLocaleString("en-US")} patients with seedScaled…`);
      await seedScaled(db, { patients: TARGET - have, log: (l) => log("  " + l) });
      seeded = "seedScaled";
    }
    // The dependent viewer: a provider user with provider@demo.test's password, supervised by them.
    await db.execute(sql`insert into users (email, password_hash, role, first_name, last_name, profession, user_status, email_verified_at)
      select ${DEPENDENT}, password_hash, 'providerUsers', 'Dana', 'Dependent', profession, 'active', now() from users where email = 'provider@demo.test'
      on conflict do nothing`);
    await db.execute(sql`insert into staff_dependents (supervisor_id, dependent_id)
      select s.id, d.id from users s, users d where s.email = 'provider@demo.test' and d.email = ${DEPENDENT}
        and not exists (select 1 from staff_dependents x where x.supervisor_id = s.id and x.dependent_id = d.id)`);
    // Index-only reads need the visibility map; a fresh load (or the migration's backfill) leaves none.
    for (const t of ["subscriptions", "staff_patient_visibility", "staff_queue_counts", "staff_renewal_watch", "orders", "uploads", "treatments", "tasks", "chats"]) {
      await db.execute(sql.raw(`vacuum (analyze) ${t}`));
    }
    const sizes = {
      patients: await count(sql`select count(*)::int as n from patients`),
      ordersOnHold: await count(sql`select count(*)::int as n from orders where status = 3`),
      uploadsForReview: await count(sql`select count(*)::int as n from uploads where status = 'for_review'`),
      renewalsBlockedInWindow: await count(sql`select count(*)::int as n from subscriptions where status = 1 and renewal_awaits_check_in and next_charge_at < now() + interval '7 days'`),
      providerVisiblePatients: await count(sql`select count(*)::int as n from staff_patient_visibility v join users u on u.id = v.staff_id where u.email = 'provider@demo.test'`),
      renewalWatchRows: await count(sql`select count(*)::int as n from staff_renewal_watch`),
    };
    log(`sizes: ${JSON.stringify(sizes)}`);
    const version = (await direct.query("show server_version")).rows[0].server_version as string;
    const api = await startBenchApi(database, DB_URL);
    server = api.server;

    const results: Result[] = [];
    for (const [label, email] of VIEWERS) {
      const client = new BenchClient(api.base);
      await client.signIn(email);
      const get = async () => {
        const r = await client.request("GET", "/api/v1/staff/dashboard");
        if (r.status !== 200) throw new Error(`GET /api/v1/staff/dashboard as ${label}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
        return r.json.data as unknown as Record<string, { count?: number; capped?: boolean } | undefined>;
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof get>> = {};
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        last = await get();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const fig = (k: string) => (last[k] ? `${k} ${last[k]!.count}${last[k]!.capped ? "+" : ""}` : null);
      const figures = ["shipmentsOnHold", "uploadsToReview", "renewalsBlocked", "reviews", "pastDue"].map(fig).filter(Boolean).join(", ");
      const r: Result = { viewer: label, email, n: REQUESTS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]!), load1: round(os.loadavg()[0]!), figures };
      log(`  ${label.padEnd(24)} p50 ${r.p50.toFixed(2).padStart(7)}  p95 ${r.p95.toFixed(2).padStart(7)}  p99 ${r.p99.toFixed(2).padStart(7)} ms  load ${r.load1}  (${figures})`);
      results.push(r);
    }
    const worst = results.reduce((m, r) => Math.max(m, r.p95), 0);
    const machine = benchMachine(version);
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(
      path.join(here, "results", "staff-dashboard.json"),
      JSON.stringify({ when: new Date().toISOString(), sizes, seeded, requestsPerCase: REQUESTS, warmup: WARMUP, budgetP95Ms: BUDGET_P95_MS, worstP95Ms: worst, machine, results }, null, 2) + "\n",
    );
    log(
      [
        "",
        `Staff dashboard at ${sizes.patients.toLocaleString("en-US")} patients, ${machine.cores} × ${machine.cpu}, PostgreSQL ${version}; ${REQUESTS} sequential requests per role over HTTP; load ${Math.min(...results.map((r) => r.load1))}–${Math.max(...results.map((r) => r.load1))}.`,
        "",
        "| role | p50 ms | p95 ms | p99 ms | figures |",
        "|---|---:|---:|---:|---|",
        ...results.map((r) => `| ${r.viewer} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.figures} |`),
      ].join("\n"),
    );
    log(`\nworst p95 (budget ${BUDGET_P95_MS} ms): ${worst.toFixed(2)} ms`);
  } finally {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    server?.closeAllConnections?.();
    await direct.end();
    await database.close();
  }
}

runWhenMain(import.meta.url, runStaffDashboardBench);
