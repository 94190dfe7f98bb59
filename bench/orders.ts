/**
 * `npm run bench -- --orders` (or `npx tsx bench/orders.ts`): the shipment queue at scale (issue 16 part A;
 * ARCHITECTURE §8: p95 ≤ 20 ms through the API over HTTP at 1,000,000 orders).
 *
 * Opens BENCH_ORDERS_DATABASE_URL (default BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/telehealth_bench), creating it
 * when missing; migrates; seeds the demo when empty; then fills orders up to BENCH_ORDERS (default 1,000,000) with
 * one set-based INSERT … SELECT generate_series (and one order item each) spread over every patient, with the status
 * mix of a running pharmacy (most delivered, a few percent in each open status). Reused as is once filled.
 * Measures BENCH_REQUESTS sequential requests per case after BENCH_WARMUP: GET /api/v1/shipments for All (-100) and
 * every status, first page and a far page by cursor, as customer support (every patient) and as a provider
 * (providerUsers: their patients only). Writes bench/results/orders.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { ORDER_STATUS_VALUES } from "../api/contract/enums.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { benchMachine, ensureDatabase, percentile, round, runWhenMain } from "./db.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_ORDERS_DATABASE_URL ?? env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
const TARGET = Number(env.BENCH_ORDERS ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const FAR = Number(env.BENCH_FAR_PAGE ?? 40);
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

type Result = { name: string; viewer: string; n: number; p50: number; p95: number; p99: number; max: number; rows: number; load1: number };


/**
 * Orders up to `target`, set-based: order g goes to the (g mod n)-th patient, ordered g minutes before now (newest =
 * highest id), status by g mod 100 (70 % delivered, 10 % shipped, 5 % cancelled, 3 % each queued, awaiting shipment,
 * sent to pharmacy, 2 % each on hold, partially delivered, returned), shipped ones with a fulfiller and tracking.
 */
export async function seedOrders(database: Db, target: number): Promise<number> {
  const have = rowsOf<{ n: number }>(await database.execute(sql`select count(*)::int as n from orders`))[0]!.n;
  if (have >= target) return 0;
  const add = target - have;
  const t = performance.now();
  await database.execute(sql`
    with p as (select array_agg(user_id order by user_id) as ids from patients),
         v as (select array_agg(id order by id) as ids from product_variants),
         base as (select coalesce(max(id), 0) as m from orders)
    insert into orders (order_number, patient_id, status, total_cents, currency, date_ordered, date_shipped, fulfiller, tracking_number, tracking_url)
    select 'B' || lpad((base.m + g)::text, 9, '0'),
           p.ids[1 + (g % array_length(p.ids, 1))],
           s.status,
           2000 + (g % 50) * 1000,
           'usd',
           now() - make_interval(mins => ${add} - g),
           case when s.status in (4, 5, 6, 7) then now() - make_interval(mins => ${add} - g) + interval '2 days' end,
           case when s.status in (4, 5, 6, 7) then 'UPS' end,
           case when s.status in (4, 5, 6, 7) then '1Z' || lpad(g::text, 16, '0') end,
           case when s.status in (4, 5, 6, 7) then 'https://www.ups.com/track?tracknum=1Z' || lpad(g::text, 16, '0') end
      from generate_series(1, ${add}) g, p, base,
           lateral (select case
             when g % 100 < 70 then 4 when g % 100 < 80 then 5 when g % 100 < 85 then 8 when g % 100 < 88 then 1
             when g % 100 < 91 then 2 when g % 100 < 94 then 9 when g % 100 < 96 then 3 when g % 100 < 98 then 6 else 7 end as status) s`);
  await database.execute(sql`
    insert into order_items (order_id, variant_id, quantity, price_cents)
    select o.id, v.ids[1 + (o.id % array_length(v.ids, 1))], 1, o.total_cents
      from orders o, (select array_agg(id order by id) as ids from product_variants) v
     where not exists (select 1 from order_items i where i.order_id = o.id)`);
  await database.execute(sql`vacuum (analyze) orders`);
  await database.execute(sql`vacuum (analyze) order_items`);
  log(`seeded ${add.toLocaleString("en-US")} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return add;
}

export async function runOrdersBench(): Promise<void> {
  log(`shipments bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${TARGET.toLocaleString("en-US")} orders, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  await ensureDatabase(DB_URL, log);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    await database.migrate();
    await seedDemo(database.db);
    const seeded = await seedOrders(database.db, TARGET);
    const orders = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from orders`))[0]!.n;
    const version = (await direct.query("show server_version")).rows[0].server_version as string;
    const api = await startBenchApi(database, DB_URL);
    server = api.server;
    const viewers = [
      ["customerSupport", "support@demo.test"],
      ["providerUsers", "provider@demo.test"],
    ] as const;
    const results: Result[] = [];
    for (const [label, email] of viewers) {
      const client = new BenchClient(api.base);
      await client.signIn(email);
      const get = async (p: string) => {
        const r = await client.request("GET", p);
        if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
        return r.json;
      };
      const measure = async (name: string, p: string) => {
        for (let i = 0; i < WARMUP; i++) await get(p);
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const t = performance.now();
          const j = await get(p);
          times.push(performance.now() - t);
          rows = j.data.length;
        }
        times.sort((a, b) => a - b);
        const r: Result = { name, viewer: label, n: REQUESTS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]!), rows, load1: round(os.loadavg()[0]!) };
        log(`  ${label.padEnd(16)} ${name.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)}  p95 ${r.p95.toFixed(2).padStart(7)}  p99 ${r.p99.toFixed(2).padStart(7)} ms  (${rows} rows)`);
        results.push(r);
      };
      /** The cursor of page `FAR` of a filter (walked once, not measured). */
      const farCursor = async (status: number) => {
        let cursor: string | null = null;
        for (let i = 1; i < FAR; i++) {
          const j = await get(`/api/v1/shipments?status=${status}&perPage=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
          cursor = j.pages.nextCursor;
          if (!cursor) break;
        }
        return cursor;
      };
      for (const status of [-100, ...ORDER_STATUS_VALUES]) {
        await measure(`status=${status}, first page`, `/api/v1/shipments?status=${status}&perPage=25`);
      }
      for (const status of [-100, 1, 3, 7]) {
        const cursor = await farCursor(status);
        if (cursor) await measure(`status=${status}, page ${FAR} by cursor`, `/api/v1/shipments?status=${status}&perPage=25&cursor=${encodeURIComponent(cursor)}`);
      }
    }
    const worst = results.reduce((m, r) => Math.max(m, r.p95), 0);
    const machine = benchMachine(version);
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(
      path.join(here, "results", "orders.json"),
      JSON.stringify({ when: new Date().toISOString(), orders, seeded, requestsPerCase: REQUESTS, warmup: WARMUP, budgetP95Ms: BUDGET_P95_MS, worstP95Ms: worst, machine, results }, null, 2) + "\n",
    );
    log(
      [
        "",
        `Shipment queue at ${orders.toLocaleString("en-US")} orders, ${machine.cores} × ${machine.cpu}, PostgreSQL ${version}; ${REQUESTS} sequential requests per case over HTTP; load ${Math.min(...results.map((r) => r.load1))}–${Math.max(...results.map((r) => r.load1))}.`,
        "",
        "| viewer | case | rows | p50 ms | p95 ms | p99 ms |",
        "|---|---|---:|---:|---:|---:|",
        ...results.map((r) => `| ${r.viewer} | ${r.name} | ${r.rows} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} |`),
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

runWhenMain(import.meta.url, runOrdersBench);
