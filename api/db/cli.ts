/**
 * Database command line.
 *
 *   npx tsx api/db/cli.ts migrate
 *   npx tsx api/db/cli.ts seed [--patients N] [--no-demo]
 *   npx tsx api/db/cli.ts verify-audit
 *
 * (npm run db:migrate, npm run db:seed -- --patients 1000000, npm run audit:verify)
 *
 * Connects to DATABASE_OWNER_URL, else DATABASE_URL (PostgreSQL), else to PGlite in DATA_DIR (default ./data).
 * With both URLs, `migrate` and `seed` grant DATABASE_URL's role (the application's) its rights after migrating
 * (api/db/roles.ts). `verify-audit` walks the audit trail's hash chain (api/db/audit-chain.ts): it prints OK with
 * the row count and the chain's head, or the first broken link and exits with 1. Stop the
 * app first when it uses the same PGlite directory: PGlite allows one process at a time.
 * `migrate` applies the committed migrations. `seed` migrates, then adds the demo data (only into a
 * database without users; --demo is the default, --no-demo skips it) and, with --patients N, N generated
 * patients with proportional data. Seeding is refused when NODE_ENV=production.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { withAppMode } from "../config.ts";
import { describeChainReport, verifyAuditChain } from "./audit-chain.ts";
import { openDatabase, type Database } from "./client.ts";
import { grantAppRole, roleOfUrl } from "./roles.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "./seed/demo.ts";
import { seedScaled } from "./seed/scaled.ts";

const USAGE = `usage: npx tsx api/db/cli.ts migrate
       npx tsx api/db/cli.ts seed [--patients N] [--no-demo]
       npx tsx api/db/cli.ts verify-audit

  migrate         apply the committed migrations (and grant DATABASE_URL's role when DATABASE_OWNER_URL is set)
  seed            migrate, then add the demo data (skipped when users already exist)
  verify-audit    check the audit trail's hash chain: OK and the row count, or the first broken link (exit 1)
  --patients N    also generate N patients with treatments, subscriptions, orders, tasks and chats
  --no-demo       with --patients: skip the demo data
  --demo          add the demo data (the default)

Environment: DATABASE_OWNER_URL (the owner role), DATABASE_URL (postgres://…, the application role)
or DATA_DIR (PGlite directory, default ./data).`;

class UsageError extends Error {}

type Command = { name: "migrate" } | { name: "verify-audit" } | { name: "seed"; demo: boolean; patients: number };

function parseCommand(argv: string[]): Command | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      patients: { type: "string" },
      demo: { type: "boolean" },
      "no-demo": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected arguments: ${positionals.slice(1).join(" ")}` : "missing command");
  const name = positionals[0];
  if (name === "migrate" || name === "verify-audit") {
    if (values.patients !== undefined || values.demo || values["no-demo"]) throw new UsageError(`${name} takes no options`);
    return { name };
  }
  if (name !== "seed") throw new UsageError(`unknown command: ${name}`);
  if (values.demo && values["no-demo"]) throw new UsageError("--demo and --no-demo contradict each other");
  let patients = 0;
  if (values.patients !== undefined) {
    const raw = values.patients.replace(/[_,]/g, "");
    if (!/^\d+$/.test(raw)) throw new UsageError(`--patients must be a whole number, got "${values.patients}"`);
    patients = Number(raw);
    if (!Number.isSafeInteger(patients) || patients > 100_000_000) throw new UsageError("--patients is too large");
  }
  const demo = !values["no-demo"];
  if (!demo && patients === 0) throw new UsageError("--no-demo needs --patients N (nothing to do)");
  return { name, demo, patients };
}

/** The target, without credentials, for the log. */
function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${dataDir}`;
  try {
    const u = new URL(databaseUrl);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/** The message and its causes (drizzle wraps the driver's error, whose message is the useful one). */
function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
    if (message && !parts.includes(message)) parts.push(message);
    if (!(e instanceof Error)) break;
  }
  return parts.join(": ") || "unknown error";
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function run(cmd: Command): Promise<void> {
  if (cmd.name === "seed" && withAppMode(process.env).NODE_ENV === "production") {
    throw new Error(
      "refusing to seed with NODE_ENV=production: demo logins and generated patients must never reach a production database",
    );
  }
  const appUrl = process.env.DATABASE_URL || undefined;
  const ownerUrl = process.env.DATABASE_OWNER_URL || undefined;
  for (const [name, url] of [["DATABASE_URL", appUrl], ["DATABASE_OWNER_URL", ownerUrl]] as const) {
    if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error(`${name} must be a postgres:// or postgresql:// URL`);
  }
  if (ownerUrl && !appUrl) throw new Error("DATABASE_OWNER_URL needs DATABASE_URL (the application's role)");
  const databaseUrl = ownerUrl ?? appUrl;
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  console.log(`database: ${describeTarget(databaseUrl, dataDir)}`);

  let database: Database | undefined;
  try {
    let t = performance.now();
    database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    if (cmd.name === "verify-audit") {
      const { lines, exitCode } = describeChainReport(await verifyAuditChain(database.db));
      for (const line of lines) console.log(line);
      console.log(`checked in ${seconds(t)}`);
      process.exitCode = exitCode;
      return;
    }
    await database.migrate();
    if (ownerUrl && appUrl) {
      await grantAppRole(database.db, roleOfUrl(appUrl));
      console.log(`migrations applied as the owner, rights granted to ${roleOfUrl(appUrl)} (${seconds(t)})`);
    } else {
      console.log(`migrations applied (${seconds(t)})`);
    }
    if (cmd.name === "migrate") return;

    if (cmd.demo) {
      t = performance.now();
      const { created } = await seedDemo(database.db);
      if (created) {
        console.log(`demo data created (${seconds(t)}). Sign in with password ${DEMO_PASSWORD}:`);
        for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(28)} ${l.role}`);
      } else {
        console.log("demo data skipped: the database already has users");
      }
    }
    if (cmd.patients > 0) {
      t = performance.now();
      const r = await seedScaled(database.db, { patients: cmd.patients, log: (line) => console.log(line) });
      console.log(`${r.patients.toLocaleString("en-US")} patients generated (${seconds(t)})`);
    }
  } finally {
    await database?.close();
  }
}

const started = performance.now();
try {
  const cmd = parseCommand(process.argv.slice(2));
  if (cmd === "help") {
    console.log(USAGE);
  } else {
    await run(cmd);
    console.log(`done in ${seconds(started)}`);
  }
} catch (err) {
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`error: ${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`error: ${describeError(err)}`);
    process.exitCode = 1;
  }
}
