import { sql, type SQL } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";

/** The Drizzle database, the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?(): Promise<Blob>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions = {
  /** postgres:// URL; when absent, PGlite is opened in dataDir (or in memory when dataDir is "memory://"). */
  databaseUrl?: string;
  dataDir?: string;
  /** Connection pool size on PostgreSQL. */
  poolSize?: number;
  /** PGlite only: start from a dump made by `dump()` (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that the server closes (restart, failover, admin command) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on("error", () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migrate(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir.startsWith("memory://") ? undefined : dataDir, {
    extensions: { pg_trgm, btree_gin },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migrate(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

/** A statement's rows: node-postgres and PGlite both answer { rows } through drizzle's execute. */
export async function rows<R>(db: Db, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/**
 * A statement's rows read through bitmap scans only (ordered index scans turned off for this one statement, in a
 * transaction of its own): for the few reads whose best plan the planner's estimates miss — it costs an ordered
 * scan that filters every row of a range by ILIKE as cheap, where the trigram index finds the few matches at once.
 */
export async function rowsByBitmap<R>(db: Db, query: SQL): Promise<R[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`);
    return rows<R>(tx as unknown as Db, query);
  });
}
