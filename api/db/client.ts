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
  /** PostgreSQL: the connection pool's size; PGlite: null (one connection that queues every statement). */
  poolSize: number | null;
  /** Runs the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?(): Promise<Blob>;
  /**
   * One raw statement with $n parameters, answering its rows (several statements when there are no values).
   * For libraries that bring their own SQL (the job queue, api/jobs/queue.ts); the application uses Drizzle.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * PostgreSQL LISTEN: calls onPayload with each NOTIFY's payload on `channel` (any API instance's, since they
   * share the database). On PostgreSQL one dedicated connection per process carries every channel and reconnects
   * after a loss (notifications sent while it was down are lost: listeners re-read state on reconnect, see
   * `onReconnect`); on PGlite, its own in-process listen. Answers a function that stops listening. A channel is a
   * plain lower-case identifier (`chat_events`); anything else is refused.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
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
    const listener = pgListener(options.databaseUrl);
    const database: Database = {
      db,
      kind: "postgres",
      poolSize: options.poolSize ?? 10,
      migrate: async () => {
        await migrate(db as never, { migrationsFolder });
        await ensureQueues(database);
      },
      ping: async () => {
        await pool.query("select 1");
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        // Several statements answer one result each: the last one's rows, as PGlite's exec below.
        const last = Array.isArray(result) ? (result as { rows: Record<string, unknown>[] }[]).at(-1) : result;
        return { rows: last?.rows ?? [] };
      },
      listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    };
    return database;
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
  const database: Database = {
    db,
    kind: "pglite",
    poolSize: null,
    migrate: async () => {
      await migrate(db as never, { migrationsFolder });
      await ensureQueues(database);
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: result.rows };
    },
    listen: async (channel, onPayload) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
  };
  return database;
}

/** After the migrations: the job queues' partition tables (api/jobs/queue.ts; imported here when needed, not in a cycle). */
async function ensureQueues(database: Database): Promise<void> {
  const { ensureJobQueues } = await import("../jobs/queue.ts");
  await ensureJobQueues(database);
}

function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`LISTEN channel must be a lower-case identifier: ${JSON.stringify(channel)}`);
}

type ChannelListener = { onPayload: (payload: string) => void; onReconnect?: () => void };

/**
 * LISTEN on PostgreSQL: one connection of its own (not the pool's: a pooled connection goes back to the pool and
 * with it the LISTEN), opened on the first listen, carrying every channel; after a lost connection it reconnects
 * with a growing delay (up to 10 s), LISTENs again and tells each listener (`onReconnect`) so it can re-read what it
 * may have missed.
 */
function pgListener(connectionString: string) {
  const channels = new Map<string, Set<ChannelListener>>();
  let client: import("pg").Client | null = null;
  let connecting: Promise<import("pg").Client> | null = null;
  let closed = false;
  let retryDelay = 250;
  let retryTimer: NodeJS.Timeout | null = null;
  const quote = (channel: string) => `"${channel}"`;

  async function connect(): Promise<import("pg").Client> {
    const { Client } = await import("pg");
    const c = new Client({ connectionString });
    c.on("notification", (msg) => {
      for (const l of channels.get(msg.channel) ?? []) l.onPayload(msg.payload ?? "");
    });
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${quote(channel)}`);
    retryDelay = 250;
    return c;
  }

  function lost(c: import("pg").Client) {
    if (client !== c) return;
    client = null;
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void ensure().then(
        () => {
          for (const set of channels.values()) for (const l of set) l.onReconnect?.();
        },
        () => lost(c),
      );
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 10_000);
  }

  async function ensure(): Promise<import("pg").Client> {
    if (client) return client;
    connecting ??= connect().then(
      (c) => {
        connecting = null;
        if (closed) {
          void c.end();
          throw new Error("listener closed");
        }
        client = c;
        return c;
      },
      (err: unknown) => {
        connecting = null;
        throw err;
      },
    );
    return connecting;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
      assertChannel(channel);
      const entry: ChannelListener = { onPayload, onReconnect };
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(entry);
      const c = await ensure();
      if (first) await c.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(entry);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          if (client) await client.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      if (c) await c.end().catch(() => {});
    },
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
