/**
 * Every job the API runs (api/jobs/queue.ts): one entry per queue. A domain adds its jobs here, one line each
 * (`defineJob({ name, queue, work, cron, run })` in its own module), and the queue (a partition table) is created
 * when the database is next migrated.
 */
import { defineJob, type JobDefinition } from "./define.ts";
import { chatBotJob } from "../domain/chat-bot.ts";
import { renewJob, resumeJob, scheduleJob } from "../domain/renewals.ts";

/** A job that only records, in this process, that it ran: the queue's own test (tests/api/jobs.test.ts) uses it. */
export const probeRuns: { id: string; note: string }[] = [];
const probe = defineJob<{ note: string }>({
  name: "system.probe",
  work: { pollingIntervalSeconds: 0.5, batchSize: 5 },
  async run(jobs) {
    for (const job of jobs) probeRuns.push({ id: job.id, note: job.data.note });
  },
});

export const JOBS: readonly JobDefinition[] = [probe, chatBotJob, renewJob, resumeJob, scheduleJob];
