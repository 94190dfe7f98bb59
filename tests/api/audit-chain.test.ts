/**
 * The audit trail as a hash chain (issue 12, migration 0009, api/db/audit-chain.ts) and list reads that name the
 * patients they returned, on PGlite and (API_TEST_DB=postgres) PostgreSQL.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskListItem } from "../../api/contract/tasks.ts";
import { describeChainReport, verifyAuditChain } from "../../api/db/audit-chain.ts";
import { migrationsFolder, openDatabase, type Database } from "../../api/db/client.ts";
import { freshDatabase, signedIn, startTestApi, type TestApi } from "./harness.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function rows<R>(db: Database, q: SQL): Promise<R[]> {
  return ((await db.db.execute(q)) as unknown as { rows: R[] }).rows;
}

/** A fresh migrated database with `n` audit rows written by plain inserts (the trigger chains them). */
async function withRows(n: number): Promise<{ database: Database; url?: string }> {
  const fresh = await freshDatabase(false);
  cleanups.push(() => fresh.database.close().then(fresh.drop));
  for (let i = 0; i < n; i++) {
    await fresh.database.db.execute(sql`INSERT INTO audit_events (actor_role, action, patient_id, meta) VALUES ('providers', 'patient.read', ${i + 1}, '{"n": 1}')`);
  }
  return fresh;
}

/** Runs `statements` as the owner with the append-only trigger off, as someone rewriting history would. */
async function asOwnerWithTriggersOff(db: Database, statement: SQL): Promise<void> {
  await db.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete`);
    await tx.execute(statement);
    await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete`);
  });
}

describe("the audit chain", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    cleanups.push(() => api.close());
  });

  it("rows written through the API form one chain: ids in order without gaps, each linked to the one before", async () => {
    const manager = await signedIn(api.url, "providers");
    expect((await manager.get("/api/v2/tasks")).status).toBe(200);
    const chain = await rows<{ id: number; prev_hash: string; hash: string }>(api.database, sql`SELECT id, prev_hash, hash FROM audit_events ORDER BY id`);
    expect(chain.length).toBeGreaterThan(1);
    chain.forEach((r, i) => {
      expect(Number(r.id)).toBe(i + 1);
      expect(r.prev_hash).toBe(i === 0 ? "0".repeat(64) : chain[i - 1]!.hash);
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    });
    const report = await verifyAuditChain(api.database.db, { pageSize: 2 });
    expect(report).toEqual({ ok: true, count: chain.length, head: { id: chain.length, hash: chain.at(-1)!.hash } });
  });

  it("an INSERT cannot choose its id, link or hash: the trigger sets them", async () => {
    await api.database.db.execute(
      sql`INSERT INTO audit_events (id, actor_role, action, prev_hash, hash) OVERRIDING SYSTEM VALUE VALUES (999999, 'providers', 'forged', ${"a".repeat(64)}, ${"b".repeat(64)})`,
    );
    const [r] = await rows<{ id: number; hash: string }>(api.database, sql`SELECT id, hash FROM audit_events WHERE action = 'forged'`);
    expect(Number(r!.id)).toBeLessThan(999999);
    expect(r!.hash).not.toBe("b".repeat(64));
    expect((await verifyAuditChain(api.database.db)).ok).toBe(true);
  });

  it("a task list read by staff records the patients it returned (GET /api/v2/tasks?patientId=…)", async () => {
    const manager = await signedIn(api.url, "providers");
    const [{ patient_id: patientId }] = (await rows<{ patient_id: number }>(api.database, sql`SELECT patient_id FROM tasks WHERE patient_id IS NOT NULL LIMIT 1`)) as [{ patient_id: number }];
    const r = await manager.get<TaskListItem[]>(`/api/v2/tasks?patientId=${patientId}`);
    expect(r.status).toBe(200);
    expect(r.body.data!.length).toBeGreaterThan(0);
    const [row] = await rows<{ patient_ids: number[]; patient_id: number | null }>(api.database, sql`SELECT patient_ids, patient_id FROM audit_events WHERE action = 'tasks.list' ORDER BY id DESC LIMIT 1`);
    expect(row!.patient_ids.map(Number)).toEqual([Number(patientId)]);

    // A page of several patients' tasks names each of them once.
    const all = await manager.get<TaskListItem[]>("/api/v2/tasks?perPage=50");
    const returned = [...new Set(all.body.data!.flatMap((t) => (t.patient ? [t.patient.id] : [])))].sort((a, b) => a - b);
    const [last] = await rows<{ patient_ids: number[] }>(api.database, sql`SELECT patient_ids FROM audit_events WHERE action = 'tasks.list' ORDER BY id DESC LIMIT 1`);
    expect(last!.patient_ids.map(Number).sort((a, b) => a - b)).toEqual(returned);
    expect(returned.length).toBeGreaterThan(1);
  });

  it("a user search by staff records the patients it returned, and not the search text", async () => {
    const support = await signedIn(api.url, "customerSupport");
    const r = await support.get<{ id: number; role?: string }[]>("/api/v1/users?search=demo&roles[]=patients");
    expect(r.status).toBe(200);
    const ids = r.body.data!.map((u) => u.id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(0);
    const [row] = await rows<{ patient_ids: number[]; meta: unknown; actor_role: string }>(
      api.database,
      sql`SELECT patient_ids, meta, actor_role FROM audit_events WHERE action = 'users.list' ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.actor_role).toBe("customerSupport");
    expect(row!.patient_ids.map(Number).sort((a, b) => a - b)).toEqual(ids);
    expect(JSON.stringify(row)).not.toContain("demo");
  });
});

describe("verify-audit finds tampering", () => {
  it("a row changed by the owner with the trigger off is named, with the hash expected and the one stored", async () => {
    const { database } = await withRows(6);
    await asOwnerWithTriggersOff(database, sql`UPDATE audit_events SET patient_id = 99 WHERE id = 4`);
    const report = await verifyAuditChain(database.db, { pageSize: 2 });
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.count).toBe(3);
    expect(report.broken).toMatchObject({ rowId: 4, kind: "content", previousId: 3 });
    expect(report.broken.expected).not.toBe(report.broken.stored);
    expect(report.broken.message).toContain("row 4");
  });

  it("a row removed from the middle is named as the gap before the next row", async () => {
    const { database } = await withRows(6);
    await asOwnerWithTriggersOff(database, sql`DELETE FROM audit_events WHERE id = 3`);
    const report = await verifyAuditChain(database.db);
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.broken).toMatchObject({ rowId: 4, kind: "gap", previousId: 2 });
    expect(report.broken.message).toBe("row 4 does not link to row 2: row 3 is missing");
  });

  it("a row rewritten with its hash recomputed breaks the link of the row after it", async () => {
    const { database } = await withRows(5);
    await asOwnerWithTriggersOff(database, sql`UPDATE audit_events a SET action = 'patient.list', hash = audit_event_hash(a.prev_hash, (a.id, a.at, a.actor_id, a.actor_role, 'patient.list', a.entity_type, a.entity_id, a.patient_id, a.ip, a.outcome, a.meta, a.patient_ids, a.prev_hash, a.hash)::audit_events) WHERE id = 2`);
    const report = await verifyAuditChain(database.db);
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.broken).toMatchObject({ rowId: 3, kind: "link", previousId: 2 });
  });

  it("rows removed from the end are found by the chain's head", async () => {
    const { database } = await withRows(5);
    await asOwnerWithTriggersOff(database, sql`DELETE FROM audit_events WHERE id >= 4`);
    const report = await verifyAuditChain(database.db);
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.broken).toMatchObject({ rowId: 5, kind: "head", previousId: 3 });
  });

  it("a row appended with every trigger off, even one linked and hashed as the chain would, is found", async () => {
    const { database } = await withRows(3);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER ALL`);
      await tx.execute(sql`INSERT INTO audit_events (id, at, actor_role, action, prev_hash, hash) OVERRIDING SYSTEM VALUE
        SELECT 4, now(), 'providers', 'patient.read', h.hash, audit_event_hash(h.hash, (4, now(), NULL, 'providers', 'patient.read', NULL, NULL, NULL, NULL, 'success', NULL, NULL, h.hash, '')::audit_events)
        FROM audit_chain_head h`);
      await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER ALL`);
    });
    const report = await verifyAuditChain(database.db);
    expect(report.ok).toBe(false);
    if (report.ok) return;
    expect(report.count).toBe(3);
    expect(report.broken).toMatchObject({ rowId: 4, kind: "head", previousId: 3 });
    expect(report.broken.message).toBe("row 4 was written outside the chain: its head names row 3");
  });

  it("the report: OK with the count and the head, or the broken row with exit code 1", async () => {
    const { database } = await withRows(3);
    const ok = describeChainReport(await verifyAuditChain(database.db));
    expect(ok.exitCode).toBe(0);
    expect(ok.lines[0]).toMatch(/^audit chain OK: 3 rows; head: row 3 [0-9a-f]{64}$/);
    await asOwnerWithTriggersOff(database, sql`UPDATE audit_events SET action = 'x' WHERE id = 2`);
    const bad = describeChainReport(await verifyAuditChain(database.db));
    expect(bad.exitCode).toBe(1);
    expect(bad.lines[0]).toBe("audit chain BROKEN at row 2: row 2 was changed: its hash does not match its content");
  });

  // The command itself, as an operator runs it (PostgreSQL: PGlite allows one process at a time on a directory).
  it.skipIf(process.env.API_TEST_DB !== "postgres")("npm run audit:verify exits 0 on a sound chain and 1 on a broken one", async () => {
    const { database, url } = await withRows(3);
    const ok = await runVerify({ DATABASE_URL: url! });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/audit chain OK: 3 rows/);
    await asOwnerWithTriggersOff(database, sql`UPDATE audit_events SET action = 'x' WHERE id = 2`);
    const bad = await runVerify({ DATABASE_URL: url! });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/audit chain BROKEN at row 2/);
  });
});

async function runVerify(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const base: Record<string, string | undefined> = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete base.DATABASE_URL;
  delete base.DATABASE_OWNER_URL;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/db/cli.ts", "verify-audit"], { env: base });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "" };
  }
}

describe("the chain under concurrency and across the migration", () => {
  it("inserts from two connections at once, in transactions, form one valid chain", async () => {
    const fresh = await withRows(0);
    // PostgreSQL: two pools of their own, as two API instances; PGlite serves one connection, so both use it.
    const second = fresh.url ? await openDatabase({ databaseUrl: fresh.url, poolSize: 4 }) : fresh.database;
    if (fresh.url) cleanups.push(() => second.close());
    const writer = (d: Database, who: string) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          d.db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO audit_events (actor_role, action, entity_id) VALUES (${who}, 'task.update', ${String(i)})`);
            // Several rows in one statement, as a mass update writes them.
            await tx.execute(sql`INSERT INTO audit_events (actor_role, action, entity_id) VALUES (${who}, 'task.update', ${String(i)}), (${who}, 'task.update', ${String(i)})`);
          }),
        ),
      );
    await Promise.all([writer(fresh.database, "a"), writer(second, "b")]);
    const report = await verifyAuditChain(fresh.database.db);
    expect(report).toMatchObject({ ok: true, count: 120, head: { id: 120 } });
  });

  it("the migration chains the rows written before it, in id order (gaps from rolled-back inserts included)", async () => {
    // A database migrated up to 0008 (the migrations folder cut there), with audit rows and a gap in their ids.
    const cut = mkdtempSync(path.join(tmpdir(), "migrations-0008-"));
    cleanups.push(async () => rmSync(cut, { recursive: true, force: true }));
    cpSync(migrationsFolder, cut, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(cut, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < "0009");
    writeFileSync(path.join(cut, "meta", "_journal.json"), JSON.stringify(journal));

    const blank = await blankDatabase();
    const d = blank.database;
    await migrateFrom(d, cut);
    for (const action of ["a", "b", "c"]) await d.db.execute(sql`INSERT INTO audit_events (actor_role, action, meta) VALUES ('providers', ${action}, '{"k": "v"}')`);
    await d.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO audit_events (actor_role, action) VALUES ('providers', 'rolled back')`);
      tx.rollback();
    }).catch(() => {});
    await d.db.execute(sql`INSERT INTO audit_events (actor_role, action) VALUES ('providers', 'd')`);

    await d.migrate();
    const chained = await rows<{ id: number; action: string }>(d, sql`SELECT id, action FROM audit_events ORDER BY id`);
    expect(chained.map((r) => [Number(r.id), r.action])).toEqual([[1, "a"], [2, "b"], [3, "c"], [5, "d"]]);
    expect(await verifyAuditChain(d.db)).toMatchObject({ ok: true, count: 4, head: { id: 5 } });
    // New rows continue the chain after the last old one.
    await d.db.execute(sql`INSERT INTO audit_events (actor_role, action) VALUES ('providers', 'e')`);
    expect(await verifyAuditChain(d.db)).toMatchObject({ ok: true, count: 5, head: { id: 6 } });
  });
});

/** An empty database (no migrations): PGlite in memory, or a new database on the test PostgreSQL. */
async function blankDatabase(): Promise<{ database: Database }> {
  const url = process.env.API_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    cleanups.push(() => database.close());
    return { database };
  }
  const { default: pg } = await import("pg");
  const name = `th_blank_${Date.now()}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = "/" + name;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
  cleanups.push(async () => {
    await database.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { database };
}

async function migrateFrom(d: Database, folder: string): Promise<void> {
  if (d.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(d.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(d.db as never, { migrationsFolder: folder });
  }
}
