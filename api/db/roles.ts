/**
 * Two database roles on PostgreSQL (issue 12). The owner (DATABASE_OWNER_URL) owns the schema: it runs the
 * migrations. The application role (DATABASE_URL) reads and writes rows and nothing else: it owns no table, so
 * it cannot ALTER, DISABLE or DROP the audit trail's triggers, and it gets neither UPDATE, DELETE nor TRUNCATE on
 * audit_events, nor any right on the chain's head; not being a superuser, it cannot SET session_replication_role
 * (which would skip the triggers). With one URL only, one role does both, as before (in production the API warns).
 * The embedded PGlite has one role.
 */
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { migrationsFolder, openDatabase, type Db } from "./client.ts";

/** The role a postgres:// URL signs in as (the URL's user; libpq's default, PGUSER or the OS user, otherwise). */
export function roleOfUrl(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  return user || process.env.PGUSER || process.env.USER || "postgres";
}

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

export type RoleFacts = {
  role: string;
  superuser: boolean;
  /** The schema is not there yet (a new database): whoever connects creates it and owns it. */
  fresh: boolean;
  /** Owns audit_events (or is a member of its owner): could disable its triggers and rewrite history. */
  ownsAuditTrail: boolean;
};

/** What the connected role may do to the audit trail. */
export async function roleFacts(db: Db): Promise<RoleFacts> {
  const [r] = rowsOf<{ role: string; superuser: boolean; fresh: boolean; owns: boolean | null }>(
    await db.execute(sql`SELECT current_user AS role,
      (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
      to_regclass('public.audit_events') IS NULL AS fresh,
      (SELECT pg_has_role(current_user, c.relowner, 'USAGE') FROM pg_class c WHERE c.oid = to_regclass('public.audit_events')) AS owns`),
  );
  return { role: r!.role, superuser: r!.superuser, fresh: r!.fresh, ownsAuditTrail: r!.owns === true };
}

/** Migrations committed but not applied (drizzle applies those newer than the last it recorded). */
export async function pendingMigrations(db: Db): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder });
  let last = 0;
  try {
    const [r] = rowsOf<{ last: string | number | null }>(await db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`));
    last = Number(r?.last ?? 0);
  } catch {
    return files.length;
  }
  return files.filter((f) => f.folderMillis > last).length;
}

export class RoleError extends Error {}

/**
 * Grants the application role what it needs, run by the owner after the migrations (idempotent; serialised by an
 * advisory lock, since two sessions granting on one object at once can fail): rows of every table, now and in
 * tables the owner creates later (ALTER DEFAULT PRIVILEGES), the sequences, reading the applied migrations; on
 * audit_events only SELECT and INSERT, on audit_chain_head only SELECT. Refuses a role that could rewrite history.
 */
export async function grantAppRole(ownerDb: Db, appRole: string): Promise<void> {
  const owner = rowsOf<{ role: string }>(await ownerDb.execute(sql`SELECT current_user AS role`))[0]!.role;
  if (appRole === owner) throw new RoleError(`DATABASE_URL and DATABASE_OWNER_URL both sign in as "${appRole}": give the application a role of its own`);
  const [facts] = rowsOf<{ exists: boolean; superuser: boolean | null; member: boolean | null }>(
    await ownerDb.execute(sql`SELECT r.rolname IS NOT NULL AS exists, r.rolsuper AS superuser,
        CASE WHEN r.rolname IS NOT NULL THEN pg_has_role(r.rolname, ${owner}::name, 'USAGE') END AS member
      FROM (SELECT 1) AS one LEFT JOIN pg_roles r ON r.rolname = ${appRole}`),
  );
  if (!facts?.exists) {
    throw new RoleError(`the application role "${appRole}" does not exist: CREATE ROLE "${appRole}" LOGIN PASSWORD '…' (README, Scaling)`);
  }
  if (facts.superuser) throw new RoleError(`the application role "${appRole}" is a superuser: it could rewrite the audit trail`);
  if (facts.member) throw new RoleError(`the application role "${appRole}" is a member of the owner "${owner}": it could rewrite the audit trail`);
  const app = sql.identifier(appRole);
  const ownerId = sql.identifier(owner);
  const [{ name }] = rowsOf<{ name: string }>(await ownerDb.execute(sql`SELECT current_database() AS name`)) as [{ name: string }];
  await ownerDb.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('telehealth.grant_app_role'))`);
    const statements = [
      sql`GRANT CONNECT, TEMPORARY ON DATABASE ${sql.identifier(name)} TO ${app}`,
      sql`GRANT USAGE ON SCHEMA public TO ${app}`,
      sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`,
      sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${app}`,
      sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
      sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${app}`,
      // The audit trail: append and read, nothing else; the chain's head is written by the trigger (as the owner).
      sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${app}`,
      sql`REVOKE ALL ON audit_chain_head FROM ${app}`,
      sql`GRANT SELECT ON audit_chain_head TO ${app}`,
      // So that an instance started with the application role alone can tell whether the migrations are applied.
      sql`GRANT USAGE ON SCHEMA drizzle TO ${app}`,
      sql`GRANT SELECT ON drizzle.__drizzle_migrations TO ${app}`,
      // The job queue (api/jobs/queue.ts): its rows, including the per-queue partitions the owner creates later.
      sql`GRANT USAGE ON SCHEMA pgboss TO ${app}`,
      sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${app}`,
      sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
    ];
    for (const s of statements) await tx.execute(s);
  });
}

/** DATABASE_OWNER_URL + DATABASE_URL: migrates as the owner, then grants the application role (the URL's user). */
export async function migrateAsOwner(ownerUrl: string, appUrl: string): Promise<void> {
  const owner = await openDatabase({ databaseUrl: ownerUrl, poolSize: 1 });
  try {
    // Also creates the job queues' partition tables (Database.migrate): the owner's, so the application role needs no DDL.
    await owner.migrate();
    await grantAppRole(owner.db, roleOfUrl(appUrl));
  } finally {
    await owner.close();
  }
}
