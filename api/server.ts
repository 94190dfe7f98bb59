/**
 * Starts the upstream API: validated config, database (PostgreSQL via DATABASE_URL or PGlite in DATA_DIR),
 * migrations, demo data on the first start, HTTP listener with graceful shutdown.
 * Used by `npm run start:api` (api/main.ts) and embedded by the web's server.ts.
 */
import type { AddressInfo } from "node:net";
import { chatEventsOf, createApi } from "./app.ts";
import { ConfigError, loadApiConfig, type ApiConfig, type ApiSettings } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { migrateAsOwner, pendingMigrations, roleFacts } from "./db/roles.ts";
import type { Logger } from "./http/errors.ts";
import { createLogger } from "./logger.ts";
import { mailSettled } from "./domain/mail.ts";
import { startJobs } from "./jobs/queue.ts";
import { reencryptTotpSecrets, resolveSecrets } from "./domain/secrets.ts";

/**
 * Opens the API's database, migrated. With DATABASE_OWNER_URL the migrations run as the owner, which then grants
 * DATABASE_URL's role its rights, and the API runs as that role. With DATABASE_URL alone: a role that owns the
 * schema (or a new database) migrates as before (in production with a warning: it could rewrite the audit trail);
 * an application role (the migrations run apart, `npm run db:migrate` with DATABASE_OWNER_URL) only checks that
 * none is pending. PGlite: one role, migrated.
 */
async function openApiDatabase(settings: ApiSettings, logger: Logger): Promise<Database> {
  if (settings.databaseOwnerUrl && settings.databaseUrl) await migrateAsOwner(settings.databaseOwnerUrl, settings.databaseUrl);
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    if (database.kind === "pglite") {
      await database.migrate();
      return database;
    }
    const role = await roleFacts(database.db);
    const mayRewrite = role.superuser || role.ownsAuditTrail || role.fresh;
    if (!settings.databaseOwnerUrl && mayRewrite) await database.migrate();
    else {
      const pending = await pendingMigrations(database.db);
      if (pending) throw new ConfigError(`${pending} database migration(s) not applied: run npm run db:migrate with DATABASE_OWNER_URL (the owner role) first`);
    }
    if (mayRewrite && settings.production) {
      logger.warn("the API's database role owns the audit trail (or is a superuser) and could rewrite it: set DATABASE_OWNER_URL and give DATABASE_URL a role of its own (README, Scaling)", { role: role.role });
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

export type StartedApi = { url: string; config: ApiConfig; database: Database; close(): Promise<void> };

export async function startApi(opts: { env?: NodeJS.ProcessEnv; port?: number } = {}): Promise<StartedApi> {
  const settings = loadApiConfig(opts.env ?? process.env);
  const logger = createLogger(settings.logLevel);
  const database = await openApiDatabase(settings, logger);
  const config = await resolveSecrets(settings, database.db);
  if (config.production && settings.encryptionKeys.length === 0) {
    logger.warn("ENCRYPTION_KEYS is not set: TOTP secrets are encrypted with a key kept in the same database");
  }
  const { reencrypted, unreadable } = await reencryptTotpSecrets(database.db, config.keys);
  if (reencrypted) logger.info("TOTP secrets re-encrypted with the current key", { reencrypted, keyId: config.keys.current.id });
  if (unreadable) logger.warn("TOTP secrets no configured key can read", { unreadable });
  if (config.seedDemo) {
    const { seedDemo } = await import("./db/seed/demo.ts");
    const { created } = await seedDemo(database.db);
    if (created) logger.info("demo data seeded");
  }
  if (config.seedTestAccounts > 0) {
    const { seedTestAccounts } = await import("./db/seed/test-accounts.ts");
    const created = await seedTestAccounts(database.db, config.seedTestAccounts);
    if (created) logger.info("test accounts seeded", { created });
    const { seedTestSubscriptions } = await import("./db/seed/subscriptions.ts");
    await seedTestSubscriptions(database.db, config.seedTestAccounts);
  }
  const jobs = await startJobs({ database, config, logger });
  if (jobs.working) logger.info("job queue working", { jobs: "in-process" });
  const app = createApi({ config, database, logger, jobs });
  const server = app.listen(opts.port ?? config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  logger.info("api listening", { url, database: database.kind });

  let closing: Promise<void> | undefined;
  return {
    url,
    config,
    database,
    close() {
      // Stop accepting, let requests in flight and mail being sent finish, then close the database.
      closing ??= chatEventsOf(app)
        .close()
        .then(
          () =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        )
        .then(() => mailSettled())
        .then(() => jobs.stop())
        .then(() => database.close());
      return closing;
    },
  };
}
