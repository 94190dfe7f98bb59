/**
 * The audit chain's costs on PostgreSQL (issue 12): `npx tsx bench/audit-chain.ts` (BENCH_AUDIT_ROWS, default
 * 100,000; BENCH_AUDIT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/telehealth_bench_audit, dropped
 * and made again). Measures migration 0009 chaining N rows written before it, `verifyAuditChain` over N and 2N
 * rows, one INSERT … SELECT of N chained rows, and single-row inserts from 8 connections at once (as the read
 * records are written: synchronous_commit off) into audit_events against a copy of the table without triggers.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { migrationsFolder, openDatabase } from "../api/db/client.ts";
import { verifyAuditChain } from "../api/db/audit-chain.ts";

const N = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);
const target = new URL(process.env.BENCH_AUDIT_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench_audit");
const name = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_AUDIT_DATABASE_URL: a plain database name, please");
const adminUrl = new URL(target);
adminUrl.pathname = "/postgres";
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const url = target.toString();
const cut = mkdtempSync(path.join(tmpdir(), "migrations-0008-"));
cpSync(migrationsFolder, cut, { recursive: true });
const j = JSON.parse(readFileSync(path.join(cut, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
j.entries = j.entries.filter((e) => e.tag < "0009");
writeFileSync(path.join(cut, "meta/_journal.json"), JSON.stringify(j));
const d = await openDatabase({ databaseUrl: url, poolSize: 10 });
// drizzle's migrator takes its own database type; ours is the same object, typed for both drivers.
await migrate(d.db as never, { migrationsFolder: cut });
await d.db.execute(sql`INSERT INTO audit_events (actor_id, actor_role, action, entity_type, entity_id, patient_id, ip, meta)
  SELECT g % 500, 'providers', 'task.read', 'task', g::text, g % 100000, '10.0.0.1', jsonb_build_object('page', 1) FROM generate_series(1, ${N}) g`);
let t = performance.now();
await d.migrate();
console.log(`backfill of ${N} rows in 0009: ${((performance.now() - t) / 1000).toFixed(1)} s`);
t = performance.now();
let r = await verifyAuditChain(d.db);
console.log(`verify ${N}: ${((performance.now() - t) / 1000).toFixed(1)} s`, r.ok, r.count);
t = performance.now();
await d.db.execute(sql`INSERT INTO audit_events (actor_role, action, patient_id) SELECT 'providers', 'task.read', g FROM generate_series(1, ${N}) g`);
console.log(`one INSERT … SELECT of ${N} chained rows: ${((performance.now() - t) / 1000).toFixed(1)} s`);
t = performance.now();
r = await verifyAuditChain(d.db);
console.log(`verify ${2 * N}: ${((performance.now() - t) / 1000).toFixed(1)} s`, r.ok, r.count);

// Throughput: 8 connections, single-row autocommit inserts as the read records do (synchronous_commit off).
await d.db.execute(sql`CREATE TABLE audit_plain (LIKE audit_events INCLUDING DEFAULTS INCLUDING IDENTITY)`);
for (const table of ["audit_plain", "audit_events"]) {
  const per = 500;
  const lat: number[] = [];
  t = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (let i = 0; i < per; i++) {
      const s = performance.now();
      await c.query(`INSERT INTO ${table} (actor_role, action, patient_id, prev_hash, hash) SELECT 'providers', 'task.read', $1, '', '' FROM (SELECT set_config('synchronous_commit', 'off', true)) a`, [i]);
      lat.push(performance.now() - s);
    }
    await c.end();
  }));
  const secs = (performance.now() - t) / 1000;
  lat.sort((a, b) => a - b);
  console.log(`${table}: ${(8 * per / secs).toFixed(0)} inserts/s, p50 ${lat[Math.floor(lat.length / 2)]!.toFixed(2)} ms, p95 ${lat[Math.floor(lat.length * 0.95)]!.toFixed(2)} ms`);
}
r = await verifyAuditChain(d.db);
console.log("after concurrent inserts:", r.ok, r.count);
await d.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
rmSync(cut, { recursive: true, force: true });
