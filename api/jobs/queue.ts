/**
 * The job queue: work that must happen later or again (renewals, payment retries, reminder mails, the chat bot's
 * acknowledgement) runs as jobs of pg-boss 10, a PostgreSQL-backed queue, never on a timer of our own.
 *
 * - Why pg-boss: jobs live in PostgreSQL beside the data they change, so a job can be enqueued in the same
 *   transaction as the write that calls for it (`send(…, { tx })`: both or neither); workers claim jobs with
 *   `FOR UPDATE SKIP LOCKED`, so with several API instances each job runs once; a job that fails or whose
 *   worker dies is retried (retry limit, delay, backoff, expiry per queue); delayed jobs (`startAfter`) and
 *   cron schedules are built in. graphile-worker would do as well but needs its own pg pool: pg-boss accepts
 *   a bring-your-own `executeSql`, which lets the embedded default run it on PGlite in-process.
 * - The schema is ours: migration 0025 holds pg-boss's construction SQL, and pg-boss starts with
 *   `migrate: false`. Each queue is a partition table, created when the database is migrated
 *   (`ensureJobQueues`, run by `Database.migrate()` and by the owner in the split-role set-up), so the
 *   application role needs no DDL rights.
 * - What runs: `JOBS` (api/jobs/handlers.ts) lists every job — its queue options, its worker options, an
 *   optional cron schedule and its handler. An API process with `JOBS_WORKER=on` (the default; the embedded
 *   default runs it in-process) works every queue; `off` makes it send-only (a web-facing instance beside a
 *   worker instance). Handlers must be idempotent: a job may run again after a crash between its effect and
 *   its completion (the renewal keys its invoice and charge by subscription and period, so a second run
 *   charges nothing).
 */
import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type { ApiConfig } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../http/errors.ts";
import { errorFields } from "../logger.ts";
import type { JobDefinition, JobDeps } from "./define.ts";

export type { JobDefinition, JobDeps } from "./define.ts";
export { defineJob } from "./define.ts";

export const JOB_SCHEMA = "pgboss";

export type SendOptions = PgBoss.SendOptions & {
  /** A Drizzle transaction (or the db): the job is inserted through it, so it commits or rolls back with it. */
  tx?: Db;
};

export interface Jobs {
  /** Enqueues a job; answers its id (null when a singleton/throttle option dropped it). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Is this process working the queues? */
  readonly working: boolean;
  /** The pg-boss instance, for tests and tools (getJobById, cancel…). */
  readonly boss: PgBoss;
  /** Stops the workers (waits for jobs in hand) and the maintenance. */
  stop(): Promise<void>;
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

function databaseExecutor(database: Database): Executor {
  return { executeSql: (text, values) => database.executeSql(text, values) };
}

/** A statement with $n parameters as Drizzle SQL, so it runs on a Drizzle transaction. */
function drizzleStatement(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks, sql.raw(""));
}

function transactionExecutor(tx: Db): Executor {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(drizzleStatement(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

function newBoss(database: Database, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  return new PgBoss({
    db: databaseExecutor(database),
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
    ...options,
  } as PgBoss.ConstructorOptions);
}

async function definitions(): Promise<readonly JobDefinition[]> {
  // Imported when needed: the handlers import domain modules, which import the database client.
  const { JOBS } = await import("./handlers.ts");
  return JOBS as readonly JobDefinition[];
}

/** Creates the queue (a partition table) of every job in JOBS that does not have one yet. Idempotent. */
export async function ensureJobQueues(database: Database): Promise<void> {
  const boss = newBoss(database);
  const existing = new Set((await database.executeSql(`SELECT name FROM ${JOB_SCHEMA}.queue`)).rows.map((r) => String(r.name)));
  for (const job of await definitions()) {
    if (!existing.has(job.name)) await boss.createQueue(job.name, { name: job.name, ...job.queue });
  }
}

export type StartJobsOptions = {
  database: Database;
  config: ApiConfig;
  logger: Logger;
  /** Work the queues in this process (default: config.jobsWorker). */
  worker?: boolean;
};

/**
 * Starts the queue: send-only, or with workers for every job of JOBS and their cron schedules (and pg-boss's
 * maintenance: expiring, retrying and archiving jobs).
 */
export async function startJobs({ database, config, logger, worker = config.jobsWorker }: StartJobsOptions): Promise<Jobs> {
  const boss = newBoss(database, worker ? { supervise: true, schedule: true } : {});
  boss.on("error", (err) => logger.error("job queue error", errorFields(err)));
  await boss.start();
  const jobs: Jobs = {
    working: worker,
    boss,
    send: (name, data, options = {}) => {
      const { tx, ...rest } = options;
      return boss.send(name, data, tx ? { ...rest, db: transactionExecutor(tx) } : rest);
    },
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }),
  };
  if (worker) {
    const deps: JobDeps = { db: database.db, config, logger, jobs, maxConnections: database.poolSize === null ? Infinity : Math.max(1, database.poolSize - 2) };
    for (const job of await definitions()) {
      await boss.work(job.name, { ...job.work, includeMetadata: false } as PgBoss.WorkOptions, async (batch: PgBoss.Job<object>[]) => {
        try {
          await job.run(batch, deps);
        } catch (err) {
          // pg-boss marks the batch failed and retries it per the queue's options; the log names the job, never its data.
          logger.warn("job failed", { job: job.name, ids: batch.map((j) => j.id).join(","), ...errorFields(err) });
          throw err;
        }
      });
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
    }
  }
  return jobs;
}

/** A send-only queue that starts on its first use (an API made without a started queue: tests, tools). */
export function sendOnlyJobs(options: Omit<StartJobsOptions, "worker">): Jobs {
  let started: Promise<Jobs> | undefined;
  const start = () => (started ??= startJobs({ ...options, worker: false }));
  return {
    working: false,
    get boss(): PgBoss {
      throw new Error("the send-only queue has no pg-boss instance until it is started: use startJobs");
    },
    send: async (name, data, opts) => (await start()).send(name, data, opts),
    stop: async () => {
      if (started) await (await started).stop();
    },
  };
}
