/**
 * What every bench part shares: its PostgreSQL database made when missing, the percentile of a sorted sample, the
 * machine it ran on, and running a part as a script of its own.
 */
import os from "node:os";
import { pathToFileURL } from "node:url";
import pg from "pg";

/** Creates the database of `url` when it does not exist yet (the name must be a plain identifier). */
export async function ensureDatabase(url: string, log: (s: string) => void = () => {}): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    if ((await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 0) {
      await c.query(`create database ${name}`);
      log(`created database ${name}`);
    }
  } finally {
    await c.end();
  }
}

/** The p-th percentile (nearest rank) of an ascending sample. */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export const round = (x: number): number => Math.round(x * 100) / 100;

/** The machine a result was measured on (written beside every result file). */
export const benchMachine = (postgres: string) => ({
  cpu: os.cpus()[0]?.model ?? "unknown",
  cores: os.cpus().length,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  postgres,
});

/** Runs `run` when the module `metaUrl` is the script Node was started with (`npx tsx bench/<part>.ts`), then exits. */
export function runWhenMain(metaUrl: string, run: () => Promise<unknown>): void {
  if (!process.argv[1] || metaUrl !== pathToFileURL(process.argv[1]).href) return;
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
