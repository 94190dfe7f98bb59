import type PgBoss from "pg-boss";
import type { ApiConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../http/errors.ts";
import type { Jobs } from "./queue.ts";

/** What a job handler gets: the database, configuration, logger, and the queue (to enqueue follow-ups). */
export type JobDeps = {
  db: Db;
  config: ApiConfig;
  logger: Logger;
  jobs: Jobs;
  /**
   * How many transactions a job may hold open side by side: the pool's size less two (PostgreSQL), so a worker
   * never holds every connection — the queue's own fetch and completion, and the API's requests, always get one.
   * Unbounded (Infinity) on PGlite, whose one connection queues statements instead.
   */
  maxConnections: number;
};

export type JobDefinition<T extends object = object> = {
  /** The queue's name (letters, digits, -, _, ., /). */
  name: string;
  /** Queue options: retryLimit, retryDelay (s), retryBackoff, expireInSeconds, policy ("standard", "singleton"…). */
  queue?: Omit<PgBoss.Queue, "name">;
  /** Worker options: batchSize, pollingIntervalSeconds (≥ 0.5). */
  work?: PgBoss.WorkOptions;
  /** A cron schedule (UTC) on which the queue gets a job, e.g. "* * * * *" for the renewal scheduler. */
  cron?: string;
  /** Must be idempotent: a job may run again after a crash between its effect and its completion. */
  run(jobs: PgBoss.Job<T>[], deps: JobDeps): Promise<void>;
};

/** A job with its payload's type, as an entry of JOBS (whose payloads differ). */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition {
  return definition as unknown as JobDefinition;
}
