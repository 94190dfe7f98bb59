/**
 * `npm run bench` (after the patients list), `npm run bench -- --review` alone, or `npx tsx bench/review-queues.ts`: the clinical review queues at scale (issue 14; ARCHITECTURE §8: p95 ≤ 20 ms through
 * the API over HTTP at 1,000,000 treatments): ready for review (first page, a far page by cursor, by kind) and the
 * charts list (both tabs, first and far pages), as the provider manager (clinic-wide, licensed in 17 states) and as a
 * provider (providerUsers: their patients only, their licensed states first); the uploads review's first page.
 *
 * Opens BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench: a database filled by
 * `npm run bench`'s scaled seed), migrates it (migration 0017 fills review_queue and chart_reviews from the rows there),
 * signs two of three scaled charts when none is signed yet (signScaledCharts), and measures BENCH_REQUESTS sequential
 * requests per case after BENCH_WARMUP, beside the database's own time of the page statements (EXPLAIN ANALYZE through
 * `pg`). Writes bench/results/review-queues.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { openDatabase } from "../api/db/client.ts";
import { signScaledCharts } from "../api/db/seed/review-queues.ts";
import { chartsQuerySchema, readyQuerySchema } from "../api/contract/review-queues.ts";
import { dropEmpty } from "../api/contract/provider-list.ts";
import { activeLicenseStates } from "../api/domain/licenses.ts";
import { scopedAccessIds, visiblePatientsSql } from "../api/domain/patient-access.ts";
import { chartsPageSql, decodeChartCursor, decodeReadyCursor, readyPartSql } from "../api/domain/review-queues.ts";
import type { Role } from "../api/contract/roles.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { percentile, round } from "./db.ts";

const dialect = new PgDialect();
const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const DB_RUNS = Number(env.BENCH_DB_RUNS ?? 30);
const FAR = Number(env.BENCH_FAR_PAGE ?? 50);
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

type Viewer = { label: string; role: Role; email: string; client: BenchClient; id: number };
type Result = { name: string; viewer: string; n: number; p50: number; p95: number; p99: number; max: number; rows: number; load1: number; db?: { p50: number; p95: number } };

export async function runReviewQueuesBench(): Promise<void> {
  log(`review queues bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    await database.migrate();
    const db = database.db;
    const count = async (q: SQL) => rowsOf<{ n: number }>(await db.execute(q))[0]!.n;
    if ((await count(sql`select count(*)::int as n from (select 1 from chart_reviews where status = 'reviewed' limit 1000) x`)) < 1000) {
      log("signing two of three scaled charts…");
      await signScaledCharts(db, 0);
      await db.execute(sql`vacuum (analyze) chart_reviews`);
    }
    const api = await startBenchApi(database, DB_URL);
    server = api.server;
    const viewers: Viewer[] = [];
    for (const [label, role, email] of [
      ["manager", "providers", "manager@demo.test"],
      ["providerUsers", "providerUsers", "provider@demo.test"],
    ] as const) {
      const client = new BenchClient(api.base);
      viewers.push({ label, role, email, client, id: await client.signIn(email) });
    }
    // As bench/patients.ts: the demo provider gets a share of the scaled treatments, as a provider of a clinic this size would.
    const providerId = viewers[1]!.id;
    if ((await count(sql`select count(*)::int as n from treatments where provider_id = ${providerId}`)) < 1000) {
      await db.execute(sql`update treatments set provider_id = ${providerId} where id in (select id from treatments where id % 97 = 0 and provider_id is not null)`);
      await db.execute(sql`vacuum (analyze) treatments`);
    }
    const sizes = {
      treatments: await count(sql`select count(*)::int as n from treatments`),
      reviewQueue: await count(sql`select count(*)::int as n from review_queue`),
      chartsToReview: await count(sql`select count(*)::int as n from chart_reviews where status = 'to_review'`),
      chartsReviewed: await count(sql`select count(*)::int as n from chart_reviews where status = 'reviewed'`),
      uploadsForReview: await count(sql`select count(*)::int as n from uploads where status = 'for_review'`),
    };
    log(`sizes: ${JSON.stringify(sizes)}`);
    const version = (await direct.query("show server_version")).rows[0].server_version as string;

    const timeDb = async (queries: SQL[]): Promise<{ p50: number; p95: number }> => {
      const ms: number[] = [];
      for (let i = 0; i < DB_RUNS; i++) {
        let total = 0;
        for (const q of queries) {
          const { sql: text, params } = dialect.sqlToQuery(q);
          const plan = (await direct.query("explain (analyze, format json) " + text, params)).rows[0]["QUERY PLAN"][0];
          total += plan["Planning Time"] + plan["Execution Time"];
        }
        ms.push(total);
      }
      ms.sort((a, b) => a - b);
      return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
    };
    /** The page statements the API runs for this request (the same functions; ready: the parts it reads). */
    const statements = async (p: string, viewer: Viewer): Promise<SQL[]> => {
      const url = new URL(p, "http://x");
      const raw = dropEmpty(Object.fromEntries(url.searchParams));
      if (url.pathname.endsWith("/ready-for-review")) {
        const q = readyQuerySchema.parse(raw);
        const cursor = q.cursor ? decodeReadyCursor(q.cursor) : null;
        const states = await activeLicenseStates(db, viewer.id);
        const visible = await visiblePatientsSql(db, { id: viewer.id, role: viewer.role }, sql`q.patient_id`);
        const scopedIds = await scopedAccessIds(db, { id: viewer.id, role: viewer.role });
        const want = q.perPage + 1;
        const out: SQL[] = [];
        let got = 0;
        if (states.length && (!cursor || cursor.p === 0)) {
          const part0 = readyPartSql(0, states, q, cursor, visible, want, scopedIds);
          got = rowsOf<unknown>(await db.execute(part0)).length;
          out.push(part0);
        }
        if (got < want) out.push(readyPartSql(1, states, q, cursor?.p === 1 ? cursor : null, visible, want - got, scopedIds));
        return out;
      }
      const q = chartsQuerySchema.parse(raw);
      const visible = await visiblePatientsSql(db, { id: viewer.id, role: viewer.role }, sql`c.patient_id`);
      return [chartsPageSql(q.tab, q.cursor ? decodeChartCursor(q.cursor, q.tab) : null, visible, q.perPage + 1)];
    };
    const results: Result[] = [];
    const measure = async (name: string, viewer: Viewer, p: string, withDb = true) => {
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
      const r: Result = { name, viewer: viewer.label, n: REQUESTS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times.at(-1)!), rows, load1: round(os.loadavg()[0]!) };
      if (withDb) r.db = await timeDb(await statements(p, viewer));
      log(`  ${r.p95 <= BUDGET_P95_MS ? " " : "!"} ${`[${viewer.label}] ${name}`.padEnd(58)} p50 ${r.p50.toFixed(2).padStart(6)}  p95 ${r.p95.toFixed(2).padStart(6)}  p99 ${r.p99.toFixed(2).padStart(6)} ms` + (r.db ? `   db ${r.db.p50.toFixed(2)}/${r.db.p95.toFixed(2)}` : "") + `  (rows ${rows}, load ${r.load1})`);
      results.push(r);
    };
    const cursorAt = async (viewer: Viewer, p: string, page: number) => {
      let cursor: string | null = null;
      for (let i = 1; i < page; i++) {
        const r: Awaited<ReturnType<BenchClient["request"]>> = await viewer.client.request("GET", p + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""));
        cursor = r.json.pages.nextCursor;
        if (!cursor) break;
      }
      return cursor;
    };
    const R = "/api/v1/treatments/ready-for-review?perPage=25";
    const C = "/api/v1/charts?perPage=25";
    for (const viewer of viewers) {
      log(`\nas ${viewer.email} (${viewer.role}):`);
      await measure("GET /api/health (HTTP + session floor)", viewer, "/api/health", false);
      await measure("ready for review, page 1", viewer, R);
      await measure("ready for review, kind=refill, page 1", viewer, `${R}&kind=refill`);
      const rc = await cursorAt(viewer, R, FAR);
      if (rc) await measure(`ready for review, page ${FAR} by cursor`, viewer, `${R}&cursor=${encodeURIComponent(rc)}`);
      for (const tab of ["to_review", "reviewed"] as const) {
        await measure(`charts tab=${tab}, page 1`, viewer, `${C}&tab=${tab}`);
        const cc = await cursorAt(viewer, `${C}&tab=${tab}`, FAR);
        if (cc) await measure(`charts tab=${tab}, page ${FAR} by cursor`, viewer, `${C}&tab=${tab}&cursor=${encodeURIComponent(cc)}`);
      }
      await measure("uploads review, page 1", viewer, "/api/v1/uploads/review?perPage=25", false);
    }
    const out = { when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, postgres: version }, sizes, requests: REQUESTS, results };
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(path.join(here, "results", "review-queues.json"), JSON.stringify(out, null, 2) + "\n");
    log("\n| viewer | case | p50 ms | p95 ms | p99 ms | db p50/p95 ms | rows |\n|---|---|---:|---:|---:|---:|---:|");
    for (const r of results) log(`| ${r.viewer} | ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.db ? `${r.db.p50} / ${r.db.p95}` : "–"} | ${r.rows} |`);
  } finally {
    server?.close();
    await direct.end();
    await database.close();
  }
}

// Alone (`npx tsx bench/review-queues.ts`); `npm run bench` imports it after the patients list.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runReviewQueuesBench();
