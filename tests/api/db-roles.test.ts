/**
 * Two database roles (issue 12, api/db/roles.ts): migrations as the owner (DATABASE_OWNER_URL), the API as an
 * application role (DATABASE_URL) that owns nothing and so cannot rewrite the audit trail. PostgreSQL only (PGlite
 * has one role): the roles are made per run with unique names, since roles belong to the whole cluster, and
 * dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadApiConfig } from "../../api/config.ts";
import { verifyAuditChain } from "../../api/db/audit-chain.ts";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { grantAppRole, roleOfUrl } from "../../api/db/roles.ts";
import { startApi, type StartedApi } from "../../api/server.ts";
import { LOGINS, SECRET, signedIn } from "./harness.ts";

describe("DATABASE_OWNER_URL", () => {
  it("needs DATABASE_URL, and both must be postgres:// URLs", () => {
    expect(() => loadApiConfig({ NODE_ENV: "test", DATABASE_OWNER_URL: "postgres://owner@db/app" })).toThrow(ConfigError);
    expect(() => loadApiConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://app@db/app", DATABASE_OWNER_URL: "mysql://owner@db/app" })).toThrow(/DATABASE_OWNER_URL/);
    const s = loadApiConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://app@db/app", DATABASE_OWNER_URL: "postgres://owner@db/app" });
    expect(s.databaseOwnerUrl).toBe("postgres://owner@db/app");
    expect(roleOfUrl("postgres://th%20app:pw@db/app")).toBe("th app");
  });
});

const pgUrl = process.env.API_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!pgUrl)("an owner role and an application role on PostgreSQL", () => {
  const suffix = `${Date.now()}_${randomBytes(3).toString("hex")}`;
  const owner = `th_owner_${suffix}`;
  const appRole = `th_app_${suffix}`;
  const dbName = `th_roles_${suffix}`;
  const urlAs = (user: string) => {
    const u = new URL(pgUrl!);
    u.username = user;
    u.password = "";
    u.pathname = "/" + dbName;
    return u.toString();
  };
  const env = (extra: Record<string, string>) => ({ NODE_ENV: "test", SESSION_SECRET: SECRET, DATA_DIR: ".tmp/unused", LOG_LEVEL: "silent", API_HOST: "127.0.0.1", ...extra });
  let api: StartedApi;
  let asApp: Database;

  async function admin(statements: string[]): Promise<void> {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      for (const s of statements) await c.query(s);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    // The owner may create in its own database only; the application role may only sign in.
    await admin([`CREATE ROLE ${owner} LOGIN`, `CREATE ROLE ${appRole} LOGIN`, `CREATE DATABASE ${dbName} OWNER ${owner}`]);
    api = await startApi({ env: env({ DATABASE_URL: urlAs(appRole), DATABASE_OWNER_URL: urlAs(owner) }), port: 0 });
    asApp = await openDatabase({ databaseUrl: urlAs(appRole), poolSize: 1 });
  });

  afterAll(async () => {
    await api?.close();
    await asApp?.close();
    await admin([`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`, `DROP ROLE IF EXISTS ${appRole}`, `DROP ROLE IF EXISTS ${owner}`]);
  });

  it("migrations run as the owner, the API as the application role: a real sign-in and a task change work", async () => {
    const { rows } = (await asApp.db.execute(sql.raw("SELECT current_user AS me, (SELECT tableowner FROM pg_tables WHERE tablename = 'audit_events') AS owner"))) as unknown as { rows: { me: string; owner: string }[] };
    expect(rows[0]).toEqual({ me: appRole, owner });

    const people = (await asApp.db.execute(sql`SELECT id, email FROM users WHERE email IN (${LOGINS.patients}, ${LOGINS.medicalSupport})`)) as unknown as { rows: { id: number; email: string }[] };
    const idOf = (email: string) => people.rows.find((p) => p.email === email)!.id;
    const manager = await signedIn(api.url, "providers");
    const created = await manager.post<{ id: number }>("/api/v1/tasks", {
      title: "Check the refill",
      description: "Patient asked for a call back.",
      patientId: idOf(LOGINS.patients),
      providerId: idOf(LOGINS.medicalSupport),
      status: 1,
      sectionType: 1,
    });
    expect(created.status, created.body.message).toBe(200);
    const changed = await manager.put(`/api/v1/tasks/${created.body.data!.id}`, { status: 2 });
    expect(changed.status, changed.body.message).toBe(200);
    expect(await verifyAuditChain(asApp.db)).toMatchObject({ ok: true });
  });

  it("the application role cannot change, remove or truncate audit rows, nor turn the triggers off", async () => {
    const refused: [string, RegExp][] = [
      ["UPDATE audit_events SET action = 'x'", /permission denied/],
      ["DELETE FROM audit_events", /permission denied/],
      ["TRUNCATE audit_events", /permission denied/],
      ["ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete", /must be owner/],
      ["ALTER TABLE audit_events DISABLE TRIGGER ALL", /must be owner/],
      ["DROP TRIGGER audit_events_chain ON audit_events", /must be owner/],
      ["SET session_replication_role = replica", /permission denied/],
      ["UPDATE audit_chain_head SET hash = repeat('0', 64)", /permission denied/],
      ["CREATE OR REPLACE FUNCTION audit_event_content(e audit_events) RETURNS text LANGUAGE sql AS $$ SELECT '' $$", /must be owner|permission denied/],
      ["DROP TABLE audit_events", /must be owner/],
    ];
    for (const [statement, error] of refused) {
      await expect(asApp.db.execute(sql.raw(statement)), statement).rejects.toSatisfy((e: unknown) => error.test(causeMessage(e)));
    }
    expect(await verifyAuditChain(asApp.db)).toMatchObject({ ok: true });
  });

  it("tables the owner creates later are granted to the application role (default privileges)", async () => {
    const asOwner = await openDatabase({ databaseUrl: urlAs(owner), poolSize: 1 });
    try {
      await asOwner.db.execute(sql.raw("CREATE TABLE later_table (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text)"));
    } finally {
      await asOwner.close();
    }
    await asApp.db.execute(sql.raw("INSERT INTO later_table (v) VALUES ('x')"));
    const { rows } = (await asApp.db.execute(sql.raw("SELECT count(*)::int AS n FROM later_table"))) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });

  it("an instance given only the application role's URL starts when the migrations are applied", async () => {
    const second = await startApi({ env: env({ DATABASE_URL: urlAs(appRole), SEED_DEMO: "false" }), port: 0 });
    try {
      const patient = await signedIn(second.url, "patients");
      expect((await patient.get("/api/v1/profile")).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("in production, one role that owns the schema still works, with a warning; the application role gets none", async () => {
    const warnings = async (databaseEnv: Record<string, string>) => {
      const lines: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      try {
        const started = await startApi({ env: env({ NODE_ENV: "production", LOG_LEVEL: "warn", ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64")}`, ...databaseEnv }), port: 0 });
        await started.close();
      } finally {
        spy.mockRestore();
      }
      return lines.filter((l) => l.includes("audit trail"));
    };
    const [warning] = await warnings({ DATABASE_URL: urlAs(owner) });
    expect(JSON.parse(warning!)).toMatchObject({ level: "warn", role: owner });
    expect(await warnings({ DATABASE_URL: urlAs(appRole), DATABASE_OWNER_URL: urlAs(owner) })).toEqual([]);
  });

  it("refuses to grant a superuser or the owner itself as the application role", async () => {
    const asOwner = await openDatabase({ databaseUrl: urlAs(owner), poolSize: 1 });
    try {
      await expect(grantAppRole(asOwner.db, owner)).rejects.toThrow(/a role of its own/);
      await expect(grantAppRole(asOwner.db, roleOfUrl(pgUrl!))).rejects.toThrow(/superuser/);
      await expect(grantAppRole(asOwner.db, `th_nobody_${suffix}`)).rejects.toThrow(/does not exist/);
    } finally {
      await asOwner.close();
    }
  });
});

/** The driver's message (drizzle wraps it in its own "Failed query" error). */
function causeMessage(e: unknown): string {
  const parts: string[] = [];
  for (let x: unknown = e; x instanceof Error; x = (x as { cause?: unknown }).cause) parts.push(x.message);
  return parts.join(" | ");
}
