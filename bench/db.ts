/** What every bench part shares: its PostgreSQL database made when missing, and the percentile of a sorted sample. */
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
