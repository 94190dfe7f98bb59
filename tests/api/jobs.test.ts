/**
 * The job queue (api/jobs/queue.ts): pg-boss on our own migrated schema, on PGlite and on PostgreSQL.
 * A job sent runs once; a job sent in a transaction that rolls back never runs; the queue of every job of JOBS
 * exists after migrating; on PostgreSQL, two workers on one database run each job once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobs, type Jobs } from "../../api/jobs/queue.ts";
import { JOBS, probeRuns } from "../../api/jobs/handlers.ts";
import { createLogger } from "../../api/logger.ts";
import { openDatabase } from "../../api/db/client.ts";
import { startTestApi, type TestApi } from "./harness.ts";

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the job");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("job queue", () => {
  let api: TestApi;
  let worker: Jobs;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
    worker = await startJobs({ database: api.database, config: api.config, logger: createLogger("silent"), worker: true });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
  });

  it("has a queue for every job after migrating", async () => {
    const { rows } = await api.database.executeSql("SELECT name FROM pgboss.queue ORDER BY name");
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(JOBS.map((j) => j.name)));
  });

  it("runs a job sent by the API's send-only queue once, in the worker", async () => {
    const note = `once-${Date.now()}`;
    const id = await api.jobs.send("system.probe", { note });
    expect(id).toBeTruthy();
    await until(() => probeRuns.some((r) => r.note === note));
    await new Promise((r) => setTimeout(r, 1200));
    expect(probeRuns.filter((r) => r.note === note)).toHaveLength(1);
  });

  it("enqueues with the transaction: a rolled-back write leaves no job", async () => {
    const kept = `kept-${Date.now()}`;
    const dropped = `dropped-${Date.now()}`;
    await api.database.db.transaction(async (tx) => {
      await api.jobs.send("system.probe", { note: kept }, { tx });
    });
    await expect(
      api.database.db.transaction(async (tx) => {
        await api.jobs.send("system.probe", { note: dropped }, { tx });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await until(() => probeRuns.some((r) => r.note === kept));
    const { rows } = await api.database.executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'note' = $1", [dropped]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe.runIf(process.env.API_TEST_DB === "postgres")("job queue on PostgreSQL with two workers", () => {
  let api: TestApi;
  const workers: Jobs[] = [];
  const extra: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
    const url = (await api.database.executeSql("SELECT current_database() AS name")).rows[0]!.name as string;
    const second = new URL(process.env.TEST_DATABASE_URL!);
    second.pathname = `/${url}`;
    // A second process's view of the same database: its own pool and its own pg-boss.
    const other = await openDatabase({ databaseUrl: second.toString(), poolSize: 2 });
    extra.push(other);
    const logger = createLogger("silent");
    workers.push(await startJobs({ database: api.database, config: api.config, logger, worker: true }));
    workers.push(await startJobs({ database: other, config: api.config, logger, worker: true }));
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    for (const d of extra) await d.close();
    await api?.close();
  });

  it("runs each of 40 jobs once", async () => {
    const prefix = `pair-${Date.now()}-`;
    for (let i = 0; i < 40; i += 1) await api.jobs.send("system.probe", { note: `${prefix}${i}` });
    await until(() => probeRuns.filter((r) => r.note.startsWith(prefix)).length >= 40);
    await new Promise((r) => setTimeout(r, 1500));
    const notes = probeRuns.filter((r) => r.note.startsWith(prefix)).map((r) => r.note);
    expect(new Set(notes).size).toBe(40);
    expect(notes).toHaveLength(40);
    const { rows } = await api.database.executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'system.probe' AND state = 'completed' AND data->>'note' LIKE $1", [`${prefix}%`]);
    expect(rows[0]!.n).toBe(40);
  });
});
