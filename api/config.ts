import path from "node:path";
import { z } from "zod";
import type { EncryptionKey, KeyRing } from "./domain/totp.ts";

/**
 * Configuration of the upstream API, read from environment variables and validated at start-up.
 * Every variable has a working default for the embedded mode except SESSION_SECRET in production.
 * The secrets left unset are made up once per deployment and kept in the database (api/domain/secrets.ts):
 * loadApiConfig gives the settings, resolveSecrets (after the migrations) the complete configuration.
 */
const durationSeconds = z.coerce.number().int().positive();

const apiEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"], { error: "NODE_ENV (or APP_ENV) must be development, production or test" }).optional(),
    API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    API_HOST: z.string().min(1).default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional(),
    /** The role that owns the schema and runs the migrations; DATABASE_URL is then the application's own role. */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_OWNER_URL must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    /** "id:base64,id:base64" — 32-byte keys for TOTP secrets at rest; the first encrypts, all read. */
    ENCRYPTION_KEYS: z
      .string()
      .refine((v) => v.split(",").every((entry) => parseEncryptionKey(entry) !== null), {
        message: 'ENCRYPTION_KEYS must be "id:base64,..." with ids of letters, digits, - or _ and 32-byte keys',
      })
      .optional(),
    SESSION_IDLE_STAFF_SECONDS: durationSeconds.default(30 * 60),
    SESSION_IDLE_PATIENT_SECONDS: durationSeconds.default(2 * 60 * 60),
    SESSION_ABSOLUTE_SECONDS: durationSeconds.default(12 * 60 * 60),
    SEED_DEMO: z.enum(["true", "false"]).optional(),
    /** Test accounts for the end-to-end and web suites (api/db/seed/test-accounts.ts); never in production. */
    SEED_TEST_ACCOUNTS: z.coerce.number().int().min(0).max(104).default(0),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default("Telehealth <no-reply@telehealth.local>"),
    /** The web's port (the API reads it only to default PUBLIC_URL). */
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.string().url().optional(),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(["silent", "error", "warn", "info", "debug"]).default("info"),
    /** The e-prescribing adapter (api/domain/eprescribe/): local (prescriptions here, printable) or dosespot (SSO). */
    EPRESCRIBE_PROVIDER: z.enum(["local", "dosespot"], { error: "EPRESCRIBE_PROVIDER must be local or dosespot" }).default("local"),
    /** dosespot: the SSO URL, https, with {patientId}, {clinicianId}, {treatmentId} filled per patient. */
    DOSESPOT_SSO_URL_TEMPLATE: z.string().regex(/^https:\/\/\S+$/, "DOSESPOT_SSO_URL_TEMPLATE must be an https:// URL").optional(),
    /** The intake's qualify adapter (api/domain/qualify/): local (our rules) or http (an external service at QUALIFY_URL). */
    QUALIFY_PROVIDER: z.enum(["local", "http"], { error: "QUALIFY_PROVIDER must be local or http" }).default("local"),
    QUALIFY_URL: z.string().regex(/^https?:\/\/\S+$/, "QUALIFY_URL must be an http(s):// URL").optional(),
    /** Work the job queue in this process (api/jobs/queue.ts): on (default) or off (send-only, beside a worker instance). */
    JOBS_WORKER: z.enum(["on", "off"], { error: "JOBS_WORKER must be on or off" }).default("on"),
    /** Chats with the bot on: seconds without a staff reply before a patient's message gets the automatic acknowledgement. */
    CHAT_BOT_DELAY_SECONDS: z.coerce.number({ error: "CHAT_BOT_DELAY_SECONDS must be a number of seconds" }).int().min(1).max(86_400).default(600),
    /** Payouts (issue 19): what a provider is paid per completed review and per recorded visit, in US cents. */
    PAYOUT_REVIEW_RATE_CENTS: z.coerce.number().int().min(1).max(1_000_000).default(2500),
    PAYOUT_VISIT_RATE_CENTS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_OWNER_URL"], message: "DATABASE_OWNER_URL needs DATABASE_URL (the application's role)" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required when NODE_ENV=production" });
    }
    if (env.NODE_ENV === "production" && env.SEED_DEMO === "true") {
      ctx.addIssue({ code: "custom", path: ["SEED_DEMO"], message: "demo users are never created when NODE_ENV=production" });
    }
    if (env.NODE_ENV === "production" && env.SEED_TEST_ACCOUNTS > 0) {
      ctx.addIssue({ code: "custom", path: ["SEED_TEST_ACCOUNTS"], message: "test accounts are never created when NODE_ENV=production" });
    }
  });

/** The configuration as read from the environment, before the secrets kept in the database are resolved. */
export type ApiSettings = {
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_OWNER_URL: migrations run as this role, the API as DATABASE_URL's (api/db/roles.ts). */
  databaseOwnerUrl: string | undefined;
  dataDir: string;
  /** SESSION_SECRET; when unset, the one kept in the database (resolveSecrets). */
  sessionSecret: string | undefined;
  /** ENCRYPTION_KEYS, the first the current; empty = the generated key kept in the database. */
  encryptionKeys: EncryptionKey[];
  sessionIdleStaffSeconds: number;
  sessionIdlePatientSeconds: number;
  sessionAbsoluteSeconds: number;
  seedDemo: boolean;
  seedTestAccounts: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  trustProxy: string | undefined;
  logLevel: "silent" | "error" | "warn" | "info" | "debug";
  /** EPRESCRIBE_PROVIDER and DOSESPOT_SSO_URL_TEMPLATE (api/domain/eprescribe/). */
  eprescribeProvider: "local" | "dosespot";
  doseSpotSsoUrlTemplate: string | undefined;
  /** QUALIFY_PROVIDER and QUALIFY_URL (api/domain/qualify/). */
  qualifyProvider: "local" | "http";
  qualifyUrl: string | undefined;
  /** JOBS_WORKER: this process works the job queue (api/jobs/queue.ts). */
  jobsWorker: boolean;
  /** CHAT_BOT_DELAY_SECONDS (api/domain/chat-bot.ts). */
  chatBotDelaySeconds: number;
  /** PAYOUT_REVIEW_RATE_CENTS and PAYOUT_VISIT_RATE_CENTS (api/routes/payouts.ts). */
  payoutRates: { reviewCents: number; visitCents: number };
};

/** The complete configuration of a running API: the settings with their secrets (api/domain/secrets.ts). */
export type ApiConfig = Omit<ApiSettings, "sessionSecret"> & { sessionSecret: string; keys: KeyRing };

/** "id:base64" (a 32-byte key): an ENCRYPTION_KEYS entry, and the form of the stored default key. */
export function parseEncryptionKey(entry: string): EncryptionKey | null {
  const at = entry.indexOf(":");
  if (at < 1) return null;
  const id = entry.slice(0, at).trim();
  const key = Buffer.from(entry.slice(at + 1).trim(), "base64");
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32) return null;
  return { id, key };
}

export class ConfigError extends Error {}

/**
 * The app's own mode is APP_ENV when set, else NODE_ENV; both tiers' configurations (and the seed command) read
 * it as NODE_ENV. NODE_ENV also decides which build of React and other libraries loads: the test suites run the
 * built server as it ships (NODE_ENV=production, React's production build, several times faster to render than
 * its development build) with APP_ENV=test for our own settings (demo and test accounts, cookies over http).
 */
export function withAppMode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.APP_ENV ? { ...env, NODE_ENV: env.APP_ENV } : env;
}

/** Parses the environment; throws a ConfigError listing every invalid variable. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiSettings {
  const parsed = apiEnvSchema.safeParse(withAppMode(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  return {
    production,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET,
    encryptionKeys: e.ENCRYPTION_KEYS ? e.ENCRYPTION_KEYS.split(",").map((entry) => parseEncryptionKey(entry)!) : [],
    sessionIdleStaffSeconds: e.SESSION_IDLE_STAFF_SECONDS,
    sessionIdlePatientSeconds: e.SESSION_IDLE_PATIENT_SECONDS,
    sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !production,
    seedTestAccounts: e.SEED_TEST_ACCOUNTS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Emailed links point at the web: on the embedded default that is this machine on the web's PORT.
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.NODE_ENV === "test" && !env.LOG_LEVEL ? "silent" : e.LOG_LEVEL,
    eprescribeProvider: e.EPRESCRIBE_PROVIDER,
    doseSpotSsoUrlTemplate: e.DOSESPOT_SSO_URL_TEMPLATE,
    qualifyProvider: e.QUALIFY_PROVIDER,
    qualifyUrl: e.QUALIFY_URL,
    jobsWorker: e.JOBS_WORKER === "on",
    chatBotDelaySeconds: e.CHAT_BOT_DELAY_SECONDS,
    payoutRates: { reviewCents: e.PAYOUT_REVIEW_RATE_CENTS, visitCents: e.PAYOUT_VISIT_RATE_CENTS },
  };
}
