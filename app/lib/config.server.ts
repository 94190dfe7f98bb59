import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { withAppMode } from "../../api/config.ts";

/**
 * Configuration of the web tier, read from environment variables and validated once at start-up
 * (server.ts calls webConfig() before it listens; a bad value stops the process with every problem listed).
 *
 * server.ts (run by tsx) and the built app (a separate module graph, or Vite's SSR module graph in dev)
 * both import this file, so the parsed object is kept on globalThis: both read the same values, the same
 * random development secret, and the upstream URL that server.ts learns when it starts the embedded API.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"], { error: "NODE_ENV (or APP_ENV) must be development, production or test" }).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    API_URL: z.url({ protocol: /^https?$/, error: "API_URL must be an http(s) URL" }).optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    HMR_HOSTS: z.string().default("hmr.localhost,hmrprogram.localhost"),
    TRUST_PROXY: z.string().optional(),
    ERROR_REPORT_URL: z.url({ protocol: /^https?$/, error: "ERROR_REPORT_URL must be an http(s) URL" }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required when NODE_ENV=production" });
    }
  });

export type WebConfig = {
  production: boolean;
  /** NODE_ENV=development: Vite middleware, HMR, relaxed CSP for Vite's injected styles. */
  development: boolean;
  port: number;
  host: string | undefined;
  /** Upstream API base URL; set by server.ts after it starts the embedded API when API_URL is unset. */
  apiUrl: string | undefined;
  /** Key for the web's own cookies (derived from SESSION_SECRET so the web and API keys differ). */
  cookieSecret: string;
  hmrHosts: string[];
  trustProxy: boolean | number | string;
  errorReportUrl: string | undefined;
};

export class WebConfigError extends Error {}

export function parseWebConfig(env: NodeJS.ProcessEnv): WebConfig {
  const parsed = envSchema.safeParse(withAppMode(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new WebConfigError(`Invalid web configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // A random development secret: web sessions do not survive a restart, which is what a developer expects.
  const secret = e.SESSION_SECRET ?? randomBytes(32).toString("hex");
  return {
    production: e.NODE_ENV === "production",
    development: e.NODE_ENV === "development",
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL?.replace(/\/+$/, ""),
    cookieSecret: createHash("sha256").update("web-cookies:" + secret).digest("base64url"),
    hmrHosts: e.HMR_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    errorReportUrl: e.ERROR_REPORT_URL,
  };
}

/** TRUST_PROXY: "true"/"false", a hop count, or Express's names/addresses ("loopback", "10.0.0.0/8,…"). */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const KEY = Symbol.for("telehealth.web.config");
type Holder = { [KEY]?: WebConfig };

/** The validated configuration (parsed from process.env on first use). */
export function webConfig(): WebConfig {
  const holder = globalThis as Holder;
  holder[KEY] ??= parseWebConfig(process.env);
  return holder[KEY];
}

/** The upstream base URL (the embedded API's default address when run without server.ts). */
export function upstreamUrl(): string {
  return webConfig().apiUrl ?? "http://127.0.0.1:3001";
}
