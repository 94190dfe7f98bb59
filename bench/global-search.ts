/**
 * Global search at scale (issue 13: `GET /api/v1/global-search` p95 ≤ 20 ms at 1,000,000 patients), through the
 * upstream over HTTP, beside each case's database time (EXPLAIN ANALYZE of nothing: the same request's SQL is the
 * API's own; here the client-side time is what counts).
 *
 * `npm run bench` calls `runGlobalSearchBench` after the task list (one line in bench/run.ts), on its database;
 * alone: `npx tsx bench/global-search.ts` with BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/telehealth_bench), which migrates, seeds the demo and fills BENCH_PATIENTS
 * (default 1,000,000) patients with seedScaled when the database has fewer. Cases: a clinic-wide role (nurse) and a
 * scoped provider (provider@demo.test, whose visibility is part of every query) searching by name, email, phone,
 * ID and date of birth, a text that matches nothing, and the results page's 20 rows per group.
 * Writes bench/results/global-search.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { BenchClient, startBenchApi } from "./client.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const BUDGET_P95_MS = 20;
const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

type Case = { name: string; p50: number; p95: number; p99: number; rows: number; load1: number };


const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The search cases against an API at `base` on `database` (already filled). */
export async function runGlobalSearchBench(base: string, database: Database): Promise<Case[]> {
  const nurse = new BenchClient(base);
  await nurse.signIn("nurse@demo.test");
  const provider = new BenchClient(base);
  await provider.signIn("provider@demo.test");
  // Texts from the data: a scaled patient's email and phone, an id deep in the table, a date of birth.
  const [deep] = rowsOf<{ id: number; email: string; phone: string | null; first: string; last: string; dob: string | null }>(
    await database.db.execute(sql`select u.id, u.email, u.phone, u.first_name as first, u.last_name as last, p.date_of_birth::text as dob
      from users u join patients p on p.user_id = u.id where u.role = 'patients' and u.phone is not null and p.date_of_birth is not null
      order by u.id desc limit 1`),
  );
  const [{ patients }] = rowsOf<{ patients: number }>(await database.db.execute(sql`select count(*)::int as patients from patients`));
  const digits = (deep.phone ?? "").replace(/\D/g, "").slice(-7);
  const cases: [string, BenchClient, string][] = [
    ["nurse: a last name (trigram)", nurse, deep.last],
    ["nurse: first and last name", nurse, `${deep.first} ${deep.last}`],
    ["nurse: an email", nurse, deep.email],
    ["nurse: part of an email (5 characters)", nurse, deep.email.slice(0, 5)],
    ["nurse: the last 7 digits of a phone", nurse, digits],
    ["nurse: a patient ID", nurse, String(deep.id)],
    ["nurse: a date of birth (MM/dd/yyyy)", nurse, deep.dob ? `${deep.dob.slice(5, 7)}/${deep.dob.slice(8, 10)}/${deep.dob.slice(0, 4)}` : "01/01/1980"],
    ["nurse: two letters", nurse, "an"],
    ["nurse: nothing matches", nurse, "zzqxjv"],
    ["nurse: results page (20 per group), a last name", nurse, `${deep.last}&perGroup=20`],
    ["provider (scoped): a last name", provider, deep.last],
    ["provider (scoped): an email", provider, deep.email],
    ["provider (scoped): a patient ID", provider, String(deep.id)],
    ["provider (scoped): nothing matches", provider, "zzqxjv"],
  ];
  const results: Case[] = [];
  log(`global search: ${patients.toLocaleString("en-US")} patients, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  for (const [name, client, text] of cases) {
    const [search, extra] = text.split("&");
    const url = `/api/v1/global-search?search=${encodeURIComponent(search)}${extra ? `&${extra}` : ""}`;
    let rows = 0;
    const run = async () => {
      const r = await client.request("GET", url);
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
      rows = Object.values(r.json.data as Record<string, unknown[]>).reduce((n: number, group) => n + group.length, 0);
    };
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 100) / 100;
    const c: Case = { name, p50: round(pct(times, 50)), p95: round(pct(times, 95)), p99: round(pct(times, 99)), rows, load1: Math.round(os.loadavg()[0] * 10) / 10 };
    results.push(c);
    log(`  ${c.p95 <= BUDGET_P95_MS ? " " : "!"} ${name.padEnd(58)} rows ${String(rows).padStart(3)}  p50 ${c.p50.toFixed(2).padStart(7)}  p95 ${c.p95.toFixed(2).padStart(7)}  p99 ${c.p99.toFixed(2).padStart(7)} ms  (load ${c.load1})`);
  }
  mkdirSync(path.join(here, "results"), { recursive: true });
  const worst = results.reduce((m, r) => Math.max(m, r.p95), 0);
  writeFileSync(
    path.join(here, "results", "global-search.json"),
    JSON.stringify({ when: new Date().toISOString(), patients, requestsPerCase: REQUESTS, budgetP95Ms: BUDGET_P95_MS, worstP95Ms: worst, cpu: os.cpus()[0]?.model, cores: os.cpus().length, results }, null, 2) + "\n",
  );
  log(`global search: worst p95 ${worst.toFixed(2)} ms (budget ${BUDGET_P95_MS} ms); bench/results/global-search.json`);
  return results;
}

async function standalone(): Promise<void> {
  const url = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
  const target = Number(env.BENCH_PATIENTS ?? 1_000_000);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  if (!(await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  let server: Server | undefined;
  try {
    await database.migrate();
    await seedDemo(database.db);
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from patients`));
    if (n < target) {
      const t = performance.now();
      log(`filling ${(target - n).toLocaleString("en-US")} patients with seedScaled…`);
      const { seedScaled } = await import("../api/db/seed/scaled.ts");
      await seedScaled(database.db, { patients: target - n, log: (l) => log("  " + l) });
      await database.db.execute(sql`vacuum (analyze) users`);
      await database.db.execute(sql`vacuum (analyze) patients`);
      await database.db.execute(sql`vacuum (analyze) tasks`);
      await database.db.execute(sql`vacuum (analyze) treatments`);
      log(`filled in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
    const api = await startBenchApi(database, url);
    server = api.server;
    await runGlobalSearchBench(api.base, database);
  } finally {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
