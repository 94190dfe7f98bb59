/**
 * `npm run bench` (after the task list), or `npm run bench -- --patients` alone: the patients list at scale
 * (issue 13; ARCHITECTURE §8: p95 ≤ 20 ms through the API over HTTP at 1,000,000 patients and 1,000,000 treatments).
 *
 * 1. Opens BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench), creating it when
 *    missing; migrates; seeds the demo; fills patients up to BENCH_PATIENTS (default 1,000,000) with seedScaled
 *    (api/db/seed/scaled.ts: one treatment per generated patient, statuses and journeys spread over every tab).
 *    A database that is already filled is reused as is.
 * 2. Starts the API on a loopback port (production configuration, silent logger), signs in over HTTP as a provider
 *    manager (clinic-wide) and as a provider (providerUsers: the visibility rule of api/domain/patient-access.ts
 *    applies), and measures BENCH_REQUESTS sequential requests per case after BENCH_WARMUP: every tab's first page
 *    and a page far down by cursor, each filter, each sort, search by name / email / phone / ID / date of birth,
 *    past due, the workload, as both viewers.
 * 3. Beside each case, the database's own time of the same two statements the API runs (the page and the capped
 *    per-tab counts), by EXPLAIN ANALYZE through `pg` directly.
 *
 * Writes bench/results/patients.json and prints a Markdown table for the README.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { openDatabase, type Database } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { seedScaled } from "../api/db/seed/scaled.ts";
import { PATIENT_LIST_TABS, dropEmpty, pastDueQuerySchema, providerListQuerySchema } from "../api/contract/provider-list.ts";
import { scopedAccessIds, visiblePatientsSql } from "../api/domain/patient-access.ts";
import { cappedCountSql, countPlan, decodeCursor, filterConditions, listPageSql, listSourceFor, nameSearchSql, parseSearch, readByBitmap, pastDueConditions, pastDuePageSql, sourceCondition } from "../api/domain/provider-list.ts";
import type { Role } from "../api/contract/roles.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { benchMachine, ensureDatabase, percentile, round } from "./db.ts";

const dialect = new PgDialect();
const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
const TARGET = Number(env.BENCH_PATIENTS ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const DB_RUNS = Number(env.BENCH_DB_RUNS ?? 30);
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;


async function fill(database: Database): Promise<{ patients: number; treatments: number }> {
  await database.migrate();
  await seedDemo(database.db);
  const count = async () => rowsOf<{ p: number; t: number }>(await database.db.execute(sql`select (select count(*)::int from patients) as p, (select count(*)::int from treatments) as t`))[0];
  let n = await count();
  if (n.p < TARGET) {
    const t1 = performance.now();
    log(`filling ${(TARGET - n.p).toLocaleString("en-US")} patients with seedScaled (one treatment each)…`);
    await seedScaled(database.db, { patients: TARGET - n.p, log: (l) => log("  " + l) });
    log(`filled in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    n = await count();
  }
  const t2 = performance.now();
  await database.db.execute(sql`vacuum (analyze) treatments`);
  await database.db.execute(sql`vacuum (analyze) users`);
  await database.db.execute(sql`vacuum (analyze) patients`);
  // A provider's list reads these through index-only scans, which need the visibility map that a vacuum sets (on a
  // live server autovacuum does it after inserts; the bulk load's fill leaves it unset, and then the planner prefers
  // scans that read 140,000 rows for a capped count of 1,001).
  await database.db.execute(sql`vacuum (analyze) staff_treatment_list`);
  await database.db.execute(sql`vacuum (analyze) staff_patient_visibility`);
  log(`vacuum analyze: ${((performance.now() - t2) / 1000).toFixed(1)} s; ${n.p.toLocaleString("en-US")} patients, ${n.t.toLocaleString("en-US")} treatments`);
  return { patients: n.p, treatments: n.t };
}


type Result = {
  name: string;
  viewer: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rows?: number;
  load1: number;
  /** The database's own time (planning + execution) of the page and of the counts, p50 / p95. */
  db?: { pageP50: number; pageP95: number; countP50: number; countP95: number };
};

export async function runPatientsBench(): Promise<void> {
  const t0 = performance.now();
  log(`\npatients bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  await ensureDatabase(DB_URL, log);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    const counts = await fill(database);
    if (env.BENCH_FILL_ONLY) return;
    const version = (await direct.query("show server_version")).rows[0].server_version as string;
    const api = await startBenchApi(database, DB_URL);
    server = api.server;
    const base = api.base;
    const viewers: { label: string; role: Role; email: string; client: BenchClient; id: number }[] = [];
    for (const [label, role, email] of [
      ["manager", "providers", "manager@demo.test"],
      ["providerUsers", "providerUsers", "provider@demo.test"],
    ] as const) {
      const client = new BenchClient(base);
      viewers.push({ label, role, email, client, id: await client.signIn(email) });
    }
    // The demo provider sees the patients of the treatments assigned to them: give them a share of the scaled ones,
    // as a provider in a clinic of this size would have (the seed assigns the scaled treatments to its own staff).
    const providerId = viewers[1].id;
    const assigned = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from treatments where provider_id = ${providerId}`))[0].n;
    if (assigned < 1000) {
      await database.db.execute(sql`update treatments set provider_id = ${providerId} where id in (select id from treatments where id % 97 = 0 and provider_id is not null)`);
      await database.db.execute(sql`vacuum (analyze) treatments`);
    }
    log(`API on ${base}; viewers: ${viewers.map((v) => `${v.email} (${v.role}, id ${v.id})`).join(", ")}`);

    const results: Result[] = [];
    const timeDb = async (query: SQL, runs: number, byBitmap = false): Promise<[number, number]> => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        // As the API reads it (rowsByBitmap: ordered index scans off for this statement).
        if (byBitmap) await direct.query("BEGIN; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off");
        const plan = (await direct.query("explain (analyze, format json) " + text, params)).rows[0]["QUERY PLAN"][0];
        if (byBitmap) await direct.query("COMMIT");
        ms.push(plan["Planning Time"] + plan["Execution Time"]);
      }
      ms.sort((a, b) => a - b);
      return [round(percentile(ms, 50)), round(percentile(ms, 95))];
    };
    /** The statements the API runs for this query and viewer, built by the same functions. */
    const statements = async (p: string, viewer: (typeof viewers)[number]): Promise<[SQL, SQL, boolean]> => {
      const url = new URL(p, "http://x");
      const raw = dropEmpty(Object.fromEntries(url.searchParams));
      const visible = await visiblePatientsSql(database.db, { id: viewer.id, role: viewer.role }, sql`t.patient_id`);
      const src = listSourceFor(await scopedAccessIds(database.db, { id: viewer.id, role: viewer.role }));
      if (url.pathname.endsWith("-past-due")) {
        const q = pastDueQuerySchema.parse(raw);
        const conds = pastDueConditions(q, src ? sourceCondition(src) : visible);
        return [pastDuePageSql(conds, q.cursor ? decodeCursor(q.cursor, "past_due") : null, q.perPage, src), cappedCountSql(conds, src), false];
      }
      const q = providerListQuerySchema.parse(raw);
      const search = q.search ? parseSearch(q.search) : null;
      const conds = filterConditions(q, search, src ? sourceCondition(src) : visible);
      const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
      const plan = countPlan(q, conds, cursor, search, visible !== undefined, src);
      // A provider's search by a part of the name is one statement (page and counts): timed as the page, counts 0.
      if (readByBitmap(src, search) && plan.kind !== "tabs") return [nameSearchSql(q, conds, cursor, src, plan.kind), sql`SELECT 1`, true];
      return [listPageSql(q, conds, cursor, src), plan.sql, false];
    };
    const measure = async (name: string, viewer: (typeof viewers)[number], p: string, withDb = true) => {
      const get = async () => {
        const r = await viewer.client.request("GET", p);
        if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
        return r.json;
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const j = await get();
        times.push(performance.now() - t);
        rows = Array.isArray(j.data) ? j.data.length : rows;
      }
      times.sort((a, b) => a - b);
      const load1 = round(os.loadavg()[0]);
      const r: Result = { name, viewer: viewer.label, n: REQUESTS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]), rows, load1 };
      if (withDb) {
        const [page, count, byBitmap] = await statements(p, viewer);
        const [pageP50, pageP95] = await timeDb(page, DB_RUNS, byBitmap);
        const [countP50, countP95] = await timeDb(count, DB_RUNS, byBitmap);
        r.db = { pageP50, pageP95, countP50, countP95 };
      }
      log(
        `  ${r.p95 <= BUDGET_P95_MS ? " " : "!"} ${`[${viewer.label}] ${name}`.padEnd(70)} p50 ${r.p50.toFixed(2).padStart(6)}  p95 ${r.p95.toFixed(2).padStart(6)} ms` +
          (r.db ? `   db page ${r.db.pageP50.toFixed(2)}/${r.db.pageP95.toFixed(2)}, counts ${r.db.countP50.toFixed(2)}/${r.db.countP95.toFixed(2)}` : "") +
          `  (rows ${rows}, load ${load1})`,
      );
      results.push(r);
    };
    const cursorAt = async (viewer: (typeof viewers)[number], p: string, page: number) => {
      let cursor: string | null = null;
      for (let i = 1; i < page; i++) {
        const r: Awaited<ReturnType<BenchClient["request"]>> = await viewer.client.request("GET", p + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""));
        cursor = r.json.pages.nextCursor;
        if (!cursor) break;
      }
      return cursor;
    };
    const L = "/api/v1/treatments/provider-list?perPage=20";
    const sample = rowsOf<{ id: number; patient_id: number; email: string; phone: string; dob: string; name: string }>(
      await database.db.execute(sql`select t.id, t.patient_id, u.email, u.phone, to_char(p.date_of_birth, 'MM/DD/YYYY') as dob, u.last_name as name
        from treatments t join users u on u.id = t.patient_id join patients p on p.user_id = t.patient_id where t.id = (select max(id) - 4321 from treatments)`),
    )[0];
    const FAR = Number(env.BENCH_FAR_PAGE ?? 50);

    for (const viewer of viewers) {
      log(`\nas ${viewer.email} (${viewer.role}):`);
      await measure("GET /api/health (HTTP + session floor)", viewer, "/api/health", false);
      for (const tab of PATIENT_LIST_TABS) {
        await measure(`tab=${tab}, page 1`, viewer, `${L}&tab=${tab}`);
        const c = await cursorAt(viewer, `${L}&tab=${tab}`, FAR);
        if (c) await measure(`tab=${tab}, page ${FAR} by cursor`, viewer, `${L}&tab=${tab}&cursor=${encodeURIComponent(c)}`);
      }
      await measure("status=inactive", viewer, `${L}&status=inactive`);
      await measure("status=active, tab=active", viewer, `${L}&status=active&tab=active`);
      await measure("readyToReview=new_patient", viewer, `${L}&readyToReview=new_patient`);
      await measure("readyToReview=refill, tab=review_ready", viewer, `${L}&readyToReview=refill&tab=review_ready`);
      await measure("journey=2", viewer, `${L}&journey=2`);
      await measure("journey=3, tab=renewals", viewer, `${L}&journey=3&tab=renewals`);
      await measure(`providerId=${providerId}`, viewer, `${L}&providerId=${providerId}`);
      await measure(`providerId=${providerId}, reviewStatus=pending, counts=false (the workload's list)`, viewer, `${L}&providerId=${providerId}&reviewStatus=pending&sort=id_asc&counts=false`);
      await measure("sort=name_asc", viewer, `${L}&sort=name_asc`);
      await measure("sort=name_desc, tab=inactive", viewer, `${L}&sort=name_desc&tab=inactive`);
      const nameQ = `${L}&sort=name_asc&tab=active`;
      const nc = await cursorAt(viewer, nameQ, FAR);
      if (nc) await measure(`sort=name_asc, tab=active, page ${FAR} by cursor`, viewer, `${nameQ}&cursor=${encodeURIComponent(nc)}`);
      await measure(`search by name ("${sample.name}")`, viewer, `${L}&search=${encodeURIComponent(sample.name)}`);
      await measure("search by full name", viewer, `${L}&search=${encodeURIComponent("Olivia Smith")}`);
      await measure("search by email", viewer, `${L}&search=${encodeURIComponent(sample.email)}`);
      await measure("search by phone", viewer, `${L}&search=${encodeURIComponent(sample.phone)}`);
      await measure("search by treatment ID", viewer, `${L}&search=${sample.id}`);
      await measure("search by patient ID", viewer, `${L}&search=${sample.patient_id}`);
      await measure("search by date of birth", viewer, `${L}&search=${encodeURIComponent(sample.dob)}`);
      if (viewer.role === "providers" || viewer.role === "providerUsers") {
        await measure("past due, page 1", viewer, "/api/v1/treatments/provider-list-past-due?perPage=20");
        const pc = await cursorAt(viewer, "/api/v1/treatments/provider-list-past-due?perPage=20", FAR);
        if (pc) await measure(`past due, page ${FAR} by cursor`, viewer, `/api/v1/treatments/provider-list-past-due?perPage=20&cursor=${encodeURIComponent(pc)}`);
      }
      if (viewer.role === "providers") await measure("workload (open reviews per provider)", viewer, "/api/v1/treatments/provider-workload", false);
    }

    const loads = results.map((r) => r.load1);
    const machine = benchMachine(version);
    const worst = results.reduce((m, r) => Math.max(m, r.p95), 0);
    const over = results.filter((r) => r.p95 > BUDGET_P95_MS);
    const out = { when: new Date().toISOString(), ...counts, requestsPerCase: REQUESTS, warmup: WARMUP, budgetP95Ms: BUDGET_P95_MS, worstP95Ms: worst, machine, results };
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(path.join(here, "results", "patients.json"), JSON.stringify(out, null, 2) + "\n");
    const md = [
      `Patients list at ${counts.patients.toLocaleString("en-US")} patients and ${counts.treatments.toLocaleString("en-US")} treatments, ${machine.cores} × ${machine.cpu}, PostgreSQL ${version}, Node ${process.version}; ${REQUESTS} sequential requests per case through HTTP, ${new Date().toISOString().slice(0, 10)}; load average ${Math.min(...loads)}–${Math.max(...loads)}.`,
      "",
      "| viewer | case | HTTP p50 / p95 ms | DB page p50 / p95 | DB tab counts p50 / p95 |",
      "|---|---|---:|---:|---:|",
      ...results.map((r) => `| ${r.viewer} | ${r.name.replace(/\|/g, "\\|")} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} | ${r.db ? `${r.db.pageP50.toFixed(2)} / ${r.db.pageP95.toFixed(2)}` : ""} | ${r.db ? `${r.db.countP50.toFixed(2)} / ${r.db.countP95.toFixed(2)}` : ""} |`),
    ].join("\n");
    log("\n" + md + "\n");
    log(`worst p95 ${worst.toFixed(2)} ms (budget ${BUDGET_P95_MS}); over budget: ${over.length ? over.map((r) => `[${r.viewer}] ${r.name}`).join("; ") : "none"}`);
    log(`results written to bench/results/patients.json; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    server?.closeAllConnections?.();
    await direct.end();
    await database.close();
  }
}
