/**
 * `npm run bench` (after the review queues), `npm run bench -- --chats` alone, or `npx tsx bench/chats.ts`: messaging at
 * scale (issue 17: with 1,000,000 messages in 100,000 chats, a chat page and the staff lists p95 ≤ 20 ms through the
 * API over HTTP).
 *
 * Opens BENCH_CHAT_DATABASE_URL (else BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/telehealth_bench),
 * creating it when missing; migrates; seeds the demo; tops the chats up to BENCH_CHATS (default 100,000) with seedScaled
 * (one patient, one chat and two messages each) and the messages up to BENCH_CHAT_MESSAGES (default 1,000,000) with one
 * INSERT … SELECT spread over the scaled chats (the counters' statement trigger runs once for it); then marks seven
 * chats in ten read by staff (so both staff lists are large), gives 500 chats 100 messages more (long conversations,
 * with earlier pages) and assigns one in 97 to the viewer (the header's list). A database already filled is reused.
 *
 * Cases, as the nurse (clinic-wide, the message queues' everyday user): a chat's first page and an earlier page (keyset
 * `before`), the chat itself, the unread / read / assigned lists' first page and a far page by cursor, the header's
 * `/api/v2/staff/chats` query, and the unread count. BENCH_REQUESTS sequential requests per case after BENCH_WARMUP,
 * the chat cases spread over 500 chats. Writes bench/results/chats.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../api/db/client.ts";
import { seedDemo } from "../api/db/seed/demo.ts";
import { seedScaled } from "../api/db/seed/scaled.ts";
import { BenchClient, startBenchApi } from "./client.ts";
import { ensureDatabase, percentile, round } from "./db.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const DB_URL = env.BENCH_CHAT_DATABASE_URL ?? env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench";
const TARGET_CHATS = Number(env.BENCH_CHATS ?? 100_000);
const TARGET_MESSAGES = Number(env.BENCH_CHAT_MESSAGES ?? 1_000_000);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(env.BENCH_WARMUP ?? 20);
const FAR = Number(env.BENCH_FAR_PAGE ?? 50);
const LOGIN = env.BENCH_CHAT_LOGIN ?? "nurse@demo.test";
const BUDGET_P95_MS = 20;

const log = (s: string) => process.stdout.write(s + "\n");
const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;


type Sizes = { chats: number; messages: number; staffUnread: number; staffRead: number };

async function sizesOf(database: Database): Promise<Sizes> {
  return rowsOf<Sizes>(
    await database.db.execute(sql`select (select count(*)::int from chats) as chats, (select count(*)::int from chat_messages) as messages,
      (select count(*)::int from chats where staff_unread_count > 0) as "staffUnread",
      (select count(*)::int from chats where staff_unread_count = 0 and last_message_at is not null) as "staffRead"`),
  )[0]!;
}

/** Fills the database up to the targets (see the header); answers the sizes. */
async function fill(database: Database, viewerId: () => Promise<number>): Promise<Sizes> {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  let s = await sizesOf(database);
  if (s.chats < TARGET_CHATS) {
    const t = performance.now();
    log(`filling ${(TARGET_CHATS - s.chats).toLocaleString("en-US")} patients with seedScaled (one chat and two messages each)…`);
    await seedScaled(db, { patients: TARGET_CHATS - s.chats, log: (l) => log("  " + l) });
    log(`filled in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    s = await sizesOf(database);
  }
  if (s.messages < TARGET_MESSAGES) {
    const t = performance.now();
    const more = TARGET_MESSAGES - s.messages;
    log(`adding ${more.toLocaleString("en-US")} messages in one statement…`);
    // Spread over the newest TARGET_CHATS chats, each chat's turns after its existing messages (ids and times grow
    // together, as in a live chat); patient and staff turns alternate, so about half of each chat is the patient's.
    await db.execute(sql`
      with c as (select id, patient_id, coalesce(assigned_provider_id, (select min(id) from users where role = 'medicalSupport')) as staff_id, last_message_at,
                        row_number() over (order by id desc) as k
                   from chats order by id desc limit ${TARGET_CHATS}),
           n as (select (select count(*) from c) as chats)
      insert into chat_messages (chat_id, sender_id, message, created_at)
      select c.id, case when g % 2 = 0 then c.patient_id else c.staff_id end,
             case when g % 2 = 0 then '<p>How should I take my next dose?</p>' else '<p>Thanks for your message — we will look into it today.</p>' end,
             c.last_message_at + (g + 1) * interval '7 minutes'
        from generate_series(0, ${more - 1}) g0
        cross join n
        join c on c.k = 1 + g0 % n.chats
        cross join lateral (select g0 / n.chats as g) gg
       order by c.id, g`);
    log(`added in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    s = await sizesOf(database);
  }
  // A few long conversations (the sampled chats, id % 200 = 7: 500 of them) get 100 turns more, so that a chat page has
  // an earlier page to read (10 messages a chat on average fit in one).
  const long = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from chat_messages where chat_id = (select min(id) from chats where id % 200 = 7 and last_message_id > 0) offset 99 limit 1) x`))[0]!.n;
  if (!long) {
    const t = performance.now();
    await db.execute(sql`
      insert into chat_messages (chat_id, sender_id, message, created_at)
      select c.id, case when g % 2 = 0 then c.patient_id else coalesce(c.assigned_provider_id, (select min(id) from users where role = 'medicalSupport')) end,
             '<p>One more turn of a long conversation.</p>', c.last_message_at + g * interval '2 minutes'
        from (select * from chats where id % 200 = 7 and last_message_id > 0 order by id limit 500) c cross join generate_series(1, 100) g
       order by c.id, g`);
    log(`long conversations: 500 chats × 100 messages more in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    s = await sizesOf(database);
  }
  if (s.staffRead < s.chats / 2) {
    log("marking seven chats in ten read by staff…");
    await db.execute(sql`update chats set staff_read_message_id = last_message_id, staff_unread_count = 0 where id % 10 < 7 and staff_unread_count > 0`);
  }
  const me = await viewerId();
  const mine = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from chats where assigned_provider_id = ${me}`))[0]!.n;
  if (mine < 100) await db.execute(sql`update chats set assigned_provider_id = ${me} where id % 97 = 0`);
  await db.execute(sql`vacuum (analyze) chats`);
  await db.execute(sql`vacuum (analyze) chat_messages`);
  return sizesOf(database);
}

type Result = { name: string; n: number; p50: number; p95: number; p99: number; max: number; rows: number; load1: number };

export async function runChatsBench(): Promise<void> {
  const t0 = performance.now();
  log(`\nchats bench: ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}, ${REQUESTS} requests per case after ${WARMUP} warm-up`);
  await ensureDatabase(DB_URL, log);
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 10 });
  const direct = new pg.Pool({ connectionString: DB_URL, max: 2 });
  let server: Server | undefined;
  try {
    const sizes = await fill(database, async () => rowsOf<{ id: number }>(await database.db.execute(sql`select id from users where email = ${LOGIN}`))[0]!.id);
    log(`sizes: ${JSON.stringify(sizes)}`);
    if (env.BENCH_FILL_ONLY) return;
    const version = (await direct.query("show server_version")).rows[0].server_version as string;
    const api = await startBenchApi(database, DB_URL);
    server = api.server;
    const client = new BenchClient(api.base);
    const me = await client.signIn(LOGIN);
    // 500 chats with a full history, spread over the table.
    const sample = rowsOf<{ id: number }>(await database.db.execute(sql`select id from chats where last_message_id > 0 and id % 200 = 7 order by id limit 500`)).map((r) => r.id);
    const results: Result[] = [];
    const measure = async (name: string, pathOf: (i: number) => string) => {
      const get = async (i: number) => {
        const p = pathOf(i);
        const r = await client.request("GET", p);
        if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
        return r.json;
      };
      for (let i = 0; i < WARMUP; i++) await get(i);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const j = await get(WARMUP + i);
        times.push(performance.now() - t);
        const data = j.data as unknown;
        rows = Array.isArray(data) ? data.length : Array.isArray((data as { messages?: unknown[] })?.messages) ? (data as { messages: unknown[] }).messages.length : 1;
      }
      times.sort((a, b) => a - b);
      const r: Result = { name, n: REQUESTS, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times.at(-1)!), rows, load1: round(os.loadavg()[0]!) };
      log(`  ${r.p95 <= BUDGET_P95_MS ? " " : "!"} ${name.padEnd(64)} p50 ${r.p50.toFixed(2).padStart(6)}  p95 ${r.p95.toFixed(2).padStart(6)}  p99 ${r.p99.toFixed(2).padStart(6)} ms  (rows ${rows}, load ${r.load1})`);
      results.push(r);
    };
    const cursorAt = async (p: string, page: number) => {
      let cursor: string | null = null;
      for (let i = 1; i < page; i++) {
        const r: Awaited<ReturnType<BenchClient["request"]>> = await client.request("GET", p + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""));
        cursor = r.json.pages.nextCursor;
        if (!cursor) break;
      }
      return cursor;
    };
    // The second page of each sampled chat: the id before which it starts.
    const before = new Map<number, number>();
    for (const id of sample.slice(0, 100)) {
      const r = await client.request("GET", `/api/v1/chats/messages?chatId=${id}&perPage=20`);
      const next = (r.json.data as unknown as { nextBefore: number | null }).nextBefore;
      if (next) before.set(id, next);
    }
    const withEarlier = [...before.keys()];
    const chat = (i: number) => sample[i % sample.length]!;

    await measure("GET /api/health (HTTP + session floor)", () => "/api/health");
    await measure("chat page: GET /api/v1/chats/messages (first 20)", (i) => `/api/v1/chats/messages?chatId=${chat(i)}&perPage=20`);
    if (withEarlier.length) {
      await measure("chat page: earlier 20 (before=)", (i) => {
        const id = withEarlier[i % withEarlier.length]!;
        return `/api/v1/chats/messages?chatId=${id}&perPage=20&before=${before.get(id)}`;
      });
    }
    await measure("the chat: GET /api/v1/chats/:id", (i) => `/api/v1/chats/${chat(i)}`);
    for (const [label, p] of [
      ["unread list", "/api/v1/provider-unread-chats?perPage=20"],
      ["read list", "/api/v1/provider-read-chats?perPage=20"],
      ["assigned to me (unread)", "/api/v1/provider-unread-and-assigned-chats?perPage=20"],
    ] as const) {
      await measure(`${label}, page 1`, () => p);
      const c = await cursorAt(p, FAR);
      if (c) await measure(`${label}, page ${FAR} by cursor`, () => `${p}&cursor=${encodeURIComponent(c)}`);
    }
    await measure("header: /api/v2/staff/chats type=unread, assigned to me", () => `/api/v2/staff/chats?type=unread&filter.assigned=true&filter.providerIds[]=${me}&perPage=20`);
    await measure("unread count (assigned to me)", () => "/api/v1/chats/patient-unread-messages-count");

    const worst = results.filter((r) => !r.name.startsWith("GET /api/health")).reduce((m, r) => Math.max(m, r.p95), 0);
    const out = { when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, postgres: version, node: process.version }, login: LOGIN, sizes, requests: REQUESTS, warmup: WARMUP, budgetP95Ms: BUDGET_P95_MS, worstP95Ms: worst, results };
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(path.join(here, "results", "chats.json"), JSON.stringify(out, null, 2) + "\n");
    log(`\nChats at ${sizes.chats.toLocaleString("en-US")} chats, ${sizes.messages.toLocaleString("en-US")} messages (${sizes.staffUnread.toLocaleString("en-US")} unread by staff), as ${LOGIN}; ${REQUESTS} sequential requests per case, PostgreSQL ${version}, ${os.cpus().length} cores:\n`);
    log("| case | p50 ms | p95 ms | p99 ms | rows |\n|---|---:|---:|---:|---:|");
    for (const r of results) log(`| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rows} |`);
    log(`\nworst p95 (budget ${BUDGET_P95_MS} ms): ${worst.toFixed(2)} ms; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    if (server) {
      server.closeAllConnections();
      server.close();
    }
    await direct.end();
    await database.close();
  }
}

// Alone (`npx tsx bench/chats.ts`); `npm run bench` imports it after the review queues.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runChatsBench();
