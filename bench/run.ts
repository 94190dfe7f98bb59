/**
 * `npm run bench`: the task list at scale (ARCHITECTURE §8), measured side by side with the bare floor.
 *
 * 1. Opens the local PostgreSQL database BENCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/telehealth_bench), creating it when missing; migrates; seeds the demo;
 *    fills tasks up to BENCH_TASKS (default 1,000,000) with set-based SQL (seedScaled from
 *    api/db/seed/scaled.ts, one task per generated patient; without it, INSERT … SELECT generate_series).
 *    A database that is already filled is reused as is.
 * 2. Starts the API (createApi) on a loopback port with a production configuration and a silent logger,
 *    signs in as a staff demo user over HTTP, and measures p50/p95/p99 of BENCH_REQUESTS (default 200)
 *    sequential requests per case after BENCH_WARMUP (default 20): the task list for each tab (first page,
 *    page 50 by number and by cursor), with filters and sorts, and the header dropdown query.
 * 3. Measures the floor on the same database through `pg` directly: a primary-key read, a keyset page, and
 *    for contrast an OFFSET 100000 page and an exact count of a tab.
 *
 * Prints a table and a Markdown table for the README; writes bench/results/tasks.json. Loopback only; stops
 * by itself.
 *
 * Then the server-rendering part (bench/ssr.ts): our pages against a bare React Router page, through the API on
 * PostgreSQL as production runs them. `npm run bench -- --ssr` runs only that part, `-- --tasks` only this one.
 * Between them, the patients list (bench/patients.ts): `-- --patients` runs only that part; then the clinical review
 * queues (bench/review-queues.ts): `-- --review`; then messaging (bench/chats.ts, 1,000,000 messages in 100,000 chats):
 * `-- --chats`; the shipment queue (bench/orders.ts): `-- --orders`; the staff renewals list at 1,000,000 subscriptions
 * (bench/subscriptions.ts, its own database BENCH_SUBS_DATABASE_URL): `-- --subscriptions`. The renewal worker's rate
 * (10,000 due renewals on PostgreSQL and PGlite, about 10 minutes each on a loaded machine) runs only when asked:
 * `-- --renewals`. The staff dashboard per role at 1,000,000 patients (bench/staff-dashboard.ts): `-- --dashboard`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../api/db/client.ts";
import { seedDemo, DEMO_PASSWORD } from "../api/db/seed/demo.ts";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { parseTasksQuery } from "../api/contract/tasks.ts";
import { buildListPlan, dayBounds, decodeCursor } from "../api/domain/tasks.ts";
import { benchPatientRecord } from "./patient-record.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { ensureDatabase, percentile } from "./db.ts";

const dialect = new PgDialect();

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
const TARGET_TASKS = Number(env.BENCH_TASKS ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const LOGIN = env.BENCH_LOGIN ?? "nurse@demo.test";
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

// ---------------------------------------------------------------------------------------------------
// Database


async function countTasks(database: Database): Promise<number> {
  return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from tasks`))[0].n;
}

/** Fallback when api/db/seed/scaled.ts is not there: tasks only, over the demo patients and active staff. */
async function fillTasksDirectly(database: Database, n: number): Promise<void> {
  await database.db.execute(sql`
    insert into tasks (title, description, html_description, status, patient_id, provider_id, section_type, source,
                       category, auto, date_assigned, created_by_id, created_at, updated_at)
    select 'Bulk task ' || g, 'Please follow up.', '<p>Please follow up.</p>', 1 + g % 6,
           p.ids[1 + g % array_length(p.ids, 1)], s.ids[1 + (g / 7) % array_length(s.ids, 1)], 1 + g % 3,
           (array['provider','email','chat','phone'])[1 + (g / 66) % 4], 1 + (g / 6) % 11, g % 11 in (4, 10),
           now() - (abs(hashint4(g)) % 129600) * interval '1 minute', s.ids[1 + g % array_length(s.ids, 1)], now(), now()
    from generate_series(1, ${n}) g,
         (select array_agg(id) ids from users where role = 'patients') p,
         (select array_agg(id) ids from users where role <> 'patients' and user_status = 'active') s`);
  await database.db.execute(sql`analyze tasks`);
}

async function fill(database: Database): Promise<{ tasks: number; seeded: string }> {
  await database.migrate();
  const t0 = performance.now();
  const { created } = await seedDemo(database.db);
  if (created) log(`demo seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let tasks = await countTasks(database);
  let seeded = "reused";
  if (tasks < TARGET_TASKS) {
    const missing = TARGET_TASKS - tasks;
    const t1 = performance.now();
    let scaled: typeof import("../api/db/seed/scaled.ts") | undefined;
    try {
      scaled = await import("../api/db/seed/scaled.ts");
    } catch {
      scaled = undefined;
    }
    if (scaled?.seedScaled) {
      log(`filling ${missing.toLocaleString("en-US")} tasks with seedScaled (one patient and one task each)…`);
      await scaled.seedScaled(database.db, { patients: missing, log: (l) => log("  " + l) });
      seeded = "seedScaled";
    } else {
      log(`filling ${missing.toLocaleString("en-US")} tasks with INSERT … SELECT generate_series…`);
      await fillTasksDirectly(database, missing);
      seeded = "generate_series";
    }
    log(`filled in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    tasks = await countTasks(database);
  }
  // Index-only scans (the capped count, the id merge) need the visibility map; a fresh load has none.
  const t2 = performance.now();
  await database.db.execute(sql`vacuum (analyze) tasks`);
  log(`vacuum analyze tasks: ${((performance.now() - t2) / 1000).toFixed(1)} s; ${tasks.toLocaleString("en-US")} tasks`);
  return { tasks, seeded };
}

// ---------------------------------------------------------------------------------------------------
// HTTP client (cookies + CSRF, like the web tier)


// ---------------------------------------------------------------------------------------------------
// Measuring

type Result = {
  name: string;
  kind: "api" | "floor";
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rows?: number;
  note?: string;
  load1: number;
  /** Server-side database time of the list's two queries (planning + execution, EXPLAIN ANALYZE), median and p95. */
  db?: { pageP50: number; pageP95: number; countP50: number; countP95: number };
};


/** Cases given a note (known to be slow, e.g. the pg floor contrasts) run this many requests, so the bench stays bounded. */
const SLOW_REQUESTS = Number(env.BENCH_SLOW_REQUESTS ?? 30);

async function measure(name: string, kind: Result["kind"], run: (i: number) => Promise<number | void>, note?: string): Promise<Result> {
  const requests = note ? Math.min(SLOW_REQUESTS, REQUESTS) : REQUESTS;
  for (let i = 0; i < (note ? 3 : WARMUP); i++) await run(i);
  const times: number[] = [];
  let rows: number | undefined;
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const r = await run(i);
    times.push(performance.now() - t);
    if (typeof r === "number") rows = r;
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  const load1 = Math.round(os.loadavg()[0] * 10) / 10;
  const result: Result = { name, kind, n: requests, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]), rows, note, load1 };
  log(`  ${result.p95 <= BUDGET_P95_MS || kind === "floor" ? " " : "!"} ${name.padEnd(78)} p50 ${result.p50.toFixed(2).padStart(7)}  p95 ${result.p95.toFixed(2).padStart(7)}  p99 ${result.p99.toFixed(2).padStart(7)} ms  (load ${load1})`);
  return result;
}

const TABS = ["todo", "in_progress", "waiting_for_client", "to_verify_by_team", "to_be_discussed", "done"] as const;
const ACTIVE = TABS.filter((t) => t !== "done");
const tabQuery = (tabs: readonly string[]) => tabs.map((t) => `tab[]=${t}`).join("&");

async function main(): Promise<void> {
  const t0 = performance.now();
  log(`bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  await ensureDatabase(DB_URL, log);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    const { tasks, seeded } = await fill(database);
    const version = (await direct.query("show server_version")).rows[0].server_version as string;
    const api = await startBenchApi(database, DB_URL);
    server = api.server;
    const base = api.base;
    const client = new BenchClient(base);
    const me = await client.signIn(LOGIN, DEMO_PASSWORD);
    log(`API on ${base}, signed in as ${LOGIN} (id ${me})`);

    const get = async (p: string) => {
      const r = await client.request("GET", p);
      if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      return r.json;
    };
    const list = (q: string) => Object.assign(async () => (await get(`/api/v2/tasks?${q}`)).data.length as number, { query: q });
    /** The cursor of page `page` - 1 (following nextCursor from page 1), so that the cursor case reads page `page`. */
    const cursorFor = async (q: string, page: number) => {
      let cursor: string | null = null;
      for (let p = 1; p < page; p++) {
        const r = await get(`/api/v2/tasks?${q}${cursor ? `&cursor=${cursor}` : ""}`);
        cursor = r.pages.nextCursor;
        if (!cursor) break;
      }
      return cursor;
    };
    const results: Result[] = [];
    const offsetMinutes = (await direct.query("select utc_offset_minutes as o from users where id = $1", [me])).rows[0].o as number;
    /** The list's page and count queries, as the API builds them, timed inside PostgreSQL (no HTTP, no client). */
    const dbTime = async (qs: string, runs: number): Promise<NonNullable<Result["db"]>> => {
      const raw: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(qs)) raw[k] = raw[k] === undefined ? v : ([] as string[]).concat(raw[k], v);
      const parsed = parseTasksQuery(raw);
      if (!parsed.success) throw new Error(`bad query ${qs}`);
      const q = parsed.data;
      const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
      const plan = buildListPlan({ q, range: dayBounds(q.dateFrom, q.dateTo, offsetMinutes), cursor, offset: cursor ? 0 : (q.page - 1) * q.perPage });
      const time = async (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) {
          const plan = (await direct.query("explain (analyze, format json) " + text, params)).rows[0]["QUERY PLAN"][0];
          ms.push(plan["Planning Time"] + plan["Execution Time"]);
        }
        ms.sort((a, b) => a - b);
        return [Math.round(percentile(ms, 50) * 100) / 100, Math.round(percentile(ms, 95) * 100) / 100];
      };
      const [pageP50, pageP95] = await time(plan.page);
      const [countP50, countP95] = await time(plan.count);
      return { pageP50, pageP95, countP50, countP95 };
    };
    const add = async (name: string, run: ((i: number) => Promise<number | void>) & { query?: string }, note?: string) => {
      const r = await measure(name, "api", run, note);
      if (run.query) {
        const db = await dbTime(run.query, note ? 5 : 40);
        r.db = db;
        log(`      db time: page p50 ${db.pageP50.toFixed(2)} p95 ${db.pageP95.toFixed(2)}, count p50 ${db.countP50.toFixed(2)} p95 ${db.countP95.toFixed(2)} ms`);
      }
      results.push(r);
    };

    log("\nAPI through HTTP (session check, validation, page + capped count + audit row, JSON):");
    await add("GET /api/health (HTTP + session floor)", async () => {
      await client.request("GET", "/api/health");
    });
    for (const tab of TABS) {
      await add(`list tab=${tab}, page 1`, list(`${tabQuery([tab])}&page=1&perPage=20`));
      await add(`list tab=${tab}, page 50 by number (OFFSET 980)`, list(`${tabQuery([tab])}&page=50&perPage=20`));
      const q = `${tabQuery([tab])}&perPage=20`;
      const c = await cursorFor(q, 50);
      await add(`list tab=${tab}, page 50 by cursor`, list(`${q}&cursor=${c}`));
    }
    const header = `filter.staffIds[]=${me}&${tabQuery(ACTIVE)}&page=1&perPage=20`;
    await add("header dropdown: filter.staffIds=me, 5 active tabs, page 1", list(header));
    const headerQ = `filter.staffIds[]=${me}&${tabQuery(ACTIVE)}&perPage=20`;
    await add("header dropdown: page 50 by cursor", list(`${headerQ}&cursor=${await cursorFor(headerQ, 50)}`));
    const filtered = `${tabQuery(ACTIVE)}&category[]=1&category[]=8&sort=status_asc&perPage=20`;
    await add("active tabs + category[]=1,8, sort=status_asc, page 1", list(filtered));
    await add("active tabs + category[]=1,8, sort=status_asc, page 50 by cursor", list(`${filtered}&cursor=${await cursorFor(filtered, 50)}`));
    await add("tab=todo + source=chat + sectionType=1, sort=id_asc, page 1", list(`${tabQuery(["todo"])}&source[]=chat&sectionType[]=1&sort=id_asc&perPage=20`));
    await add(
      "tab=todo + category=5 + source=phone + sectionType=3 (1 in 88 of the tab)",
      list(`${tabQuery(["todo"])}&category[]=5&source[]=phone&sectionType[]=3&perPage=20`),
    );
    await add(
      "tab=todo + sectionType=2 (no task matches; index (section_type, status, id))",
      list(`${tabQuery(["todo"])}&sectionType[]=2&perPage=20`),
    );
    await add("tab=in_progress + filter.staffIds=me, sort=status_desc, page 1", list(`${tabQuery(["in_progress"])}&filter.staffIds[]=${me}&sort=status_desc&perPage=20`));
    const somePatients = (await direct.query("select patient_id from tasks where patient_id is not null order by id desc limit 500")).rows.map((r) => r.patient_id as number);
    await add("patientId=… (varies), all tabs, page 1", async (i) => (await get(`/api/v2/tasks?patientId=${somePatients[i % somePatients.length]}`)).data.length);
    await add("tab=todo + search=refund (title, trigram), page 1", list(`${tabQuery(["todo"])}&search=refund&perPage=20`));
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    await add("tab=todo + dateFrom/dateTo (last 7 days), page 1", list(`${tabQuery(["todo"])}&dateFrom=${day(7)}&dateTo=${day(0)}&perPage=20`));
    const taskIds = (await direct.query("select id from tasks order by id desc limit 1000")).rows.map((r) => r.id as number);
    await add("GET /api/v1/tasks/{id} (task + comments + audit row)", async (i) => {
      await get(`/api/v1/tasks/${taskIds[(i * 7) % taskIds.length]}`);
    });
    const dateSorted = `${tabQuery(["todo"])}&sort=dateAssigned_desc&perPage=20`;
    // Served by tasks (date_assigned, id) since migration 0005.
    await add("tab=todo, sort=dateAssigned_desc, page 1", list(dateSorted));
    await add("header dropdown, sort=dateAssigned_desc", list(`${header}&sort=dateAssigned_desc`));

    await benchPatientRecord({ add, get, direct });

    log("\nFloor: the same database through pg directly (one connection, no HTTP):");
    const floor = async (name: string, text: string, params: (i: number) => unknown[]) => {
      results.push(await measure(name, "floor", async (i) => (await direct.query(text, params(i))).rowCount ?? 0));
    };
    const maxId = (await direct.query("select max(id) as m from tasks")).rows[0].m as number;
    await floor("primary-key read: select * from tasks where id = $1", "select * from tasks where id = $1", (i) => [maxId - ((i * 7919) % 900_000)]);
    await floor("keyset page: status = $1 and id < $2 order by id desc limit 20", "select * from tasks where status = $1 and id < $2 order by id desc limit 20", (i) => [1 + (i % 6), maxId - ((i * 104729) % 900_000)]);
    await floor("capped count: count(*) from (… status = $1 limit 1001)", "select count(*) from (select 1 from tasks where status = $1 limit 1001) c", (i) => [1 + (i % 6)]);
    // The two slow references: fewer runs, they are only there to show why the API avoids them.
    const slow = async (name: string, text: string, params: (i: number) => unknown[]) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) await direct.query(text, params(i));
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await direct.query(text, params(i));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const round = (x: number) => Math.round(x * 100) / 100;
      const r: Result = { name, kind: "floor", n: 20, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]), note: "avoided by the API", load1: Math.round(os.loadavg()[0] * 10) / 10 };
      log(`    ${name.padEnd(78)} p50 ${r.p50.toFixed(2).padStart(7)}  p95 ${r.p95.toFixed(2).padStart(7)}  p99 ${r.p99.toFixed(2).padStart(7)} ms`);
      results.push(r);
    };
    await slow("OFFSET 100000 page: status = $1 order by id desc offset 100000 limit 20", "select * from tasks where status = $1 order by id desc offset 100000 limit 20", (i) => [1 + (i % 6)]);
    await slow("exact count of a tab: count(*) where status = $1", "select count(*) from tasks where status = $1", (i) => [1 + (i % 6)]);

    await (await import("./global-search.ts")).runGlobalSearchBench(base, database); // issue 13: bench/results/global-search.json
    const loadAtEnd = os.loadavg().map((x) => Math.round(x * 10) / 10);
    const machine = {
      cpu: os.cpus()[0]?.model ?? "unknown",
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres: version,
      platform: `${os.platform()} ${os.release()}`,
    };
    // The budget applies to every API case; noted cases (none at present) would be reported beside it.
    const worst = results.filter((r) => r.kind === "api" && !r.note).reduce((m, r) => Math.max(m, r.p95), 0);
    const out = { when: new Date().toISOString(), tasks, seeded, requestsPerCase: REQUESTS, warmup: WARMUP, login: LOGIN, budgetP95Ms: BUDGET_P95_MS, worstListP95Ms: worst, loadAverageAtEnd: loadAtEnd, machine, results };
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(path.join(here, "results", "tasks.json"), JSON.stringify(out, null, 2) + "\n");

    const md = [
      `Task list at ${tasks.toLocaleString("en-US")} tasks, ${machine.cores} × ${machine.cpu}, PostgreSQL ${version}, Node ${process.version}; ${REQUESTS} sequential requests per case through HTTP (client-side time), ${new Date().toISOString().slice(0, 10)}; load average during the run ${Math.min(...results.map((r) => r.load1))}–${Math.max(...results.map((r) => r.load1))} on ${machine.cores} cores.`,
      "",
      "| case | n | HTTP p50 ms | HTTP p95 ms | HTTP p99 ms | DB page p50 / p95 | DB count p50 / p95 |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.kind === "floor" ? "floor (pg direct): " : ""}${r.name.replace(/\|/g, "\\|")}${r.note ? ` — ${r.note}` : ""} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ` +
          (r.db ? `${r.db.pageP50.toFixed(2)} / ${r.db.pageP95.toFixed(2)} | ${r.db.countP50.toFixed(2)} / ${r.db.countP95.toFixed(2)} |` : " | |"),
      ),
    ].join("\n");
    log("\n" + md + "\n");
    log(`worst p95 of the indexed cases (budget ${BUDGET_P95_MS} ms): ${worst.toFixed(2)} ms`);
    log(`results written to bench/results/tasks.json; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    server?.closeAllConnections?.();
    await direct.end();
    await database.close();
  }
}

const only = process.argv.includes("--ssr")
  ? "ssr"
  : process.argv.includes("--tasks")
    ? "tasks"
    : process.argv.includes("--patients")
      ? "patients"
      : process.argv.includes("--review")
        ? "review"
        : process.argv.includes("--chats")
          ? "chats"
          : process.argv.includes("--orders")
            ? "orders"
            : process.argv.includes("--subscriptions")
              ? "subscriptions"
              : process.argv.includes("--renewals")
                ? "renewals"
                : process.argv.includes("--dashboard")
                  ? "dashboard"
                  : null;
(only === "ssr" || only === "patients" || only === "review" || only === "chats" || only === "orders" || only === "subscriptions" || only === "renewals" || only === "dashboard" ? Promise.resolve() : main())
  .then(async () => {
    // The patients list (bench/patients.ts), the clinical review queues (bench/review-queues.ts), then the server
    // rendering (bench/ssr.ts).
    if (only === null || only === "patients") await (await import("./patients.ts")).runPatientsBench();
    if (only === null || only === "review") await (await import("./review-queues.ts")).runReviewQueuesBench();
    if (only === null || only === "chats") await (await import("./chats.ts")).runChatsBench();
    // The shipment queue at 1,000,000 orders (bench/orders.ts; BENCH_ORDERS_DATABASE_URL for a database of its own).
    if (only === null || only === "orders") await (await import("./orders.ts")).runOrdersBench();
    // The staff renewals list at 1,000,000 subscriptions and orders (bench/subscriptions.ts); the renewal worker's rate
    // only with --renewals (it renews 10,000 subscriptions on each of PostgreSQL and PGlite).
    if (only === null || only === "subscriptions" || only === "renewals")
      await (await import("./subscriptions.ts")).runSubscriptionsBench({ list: only !== "renewals", renewals: only === "renewals" });
    // The staff dashboard per role at 1,000,000 patients (bench/staff-dashboard.ts; a database of its own,
    // BENCH_DASHBOARD_DATABASE_URL, filled by seedScaled).
    if (only === null || only === "dashboard") await (await import("./staff-dashboard.ts")).runStaffDashboardBench();
    if (only === null || only === "ssr") await (await import("./ssr.ts")).runSsrBench();
  })
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
