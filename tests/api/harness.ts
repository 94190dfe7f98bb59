/**
 * API integration harness: a fresh database per test file (PGlite in memory by default; a new database
 * on the PostgreSQL of TEST_DATABASE_URL when API_TEST_DB=postgres), the real API app listening on
 * a loopback port, and a small HTTP client that keeps cookies and sends the headers of spec §7.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createApi } from "../../api/app.ts";
import { startJobs, type Jobs } from "../../api/jobs/queue.ts";
import { loadApiConfig, type ApiConfig } from "../../api/config.ts";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { createLogger } from "../../api/logger.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { resolveSecrets } from "../../api/domain/secrets.ts";

export const DEMO_PASSWORD = "DemoPassw0rd";
export const SECRET = "test-secret-".padEnd(48, "x");

/** A fresh database per call, copied from the run's templates (tests/api/global-setup.ts). */
export async function freshDatabase(seeded: boolean): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const templates = inject("apiTemplates");
  if (templates.kind === "pglite") {
    const tar = readFileSync(seeded ? templates.seeded : templates.migrated);
    const database = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([tar]) });
    return { database, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const { default: pg } = await import("pg");
  const name = `th_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${seeded ? templates.seeded : templates.migrated}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = "/" + name;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 4 });
  return {
    database,
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApi = {
  url: string;
  config: ApiConfig;
  database: Database;
  jobs: Jobs;
  close(): Promise<void>;
};

export async function startTestApi(opts: { seed?: boolean; env?: Record<string, string>; jobsWorker?: boolean } = {}): Promise<TestApi> {
  const { database, drop } = await freshDatabase(opts.seed !== false);
  await database.migrate();
  const config = await resolveSecrets(loadApiConfig({ NODE_ENV: "test", SESSION_SECRET: SECRET, DATA_DIR: ".tmp/unused", ...opts.env }), database.db);
  const logger = createLogger("silent");
  // Send-only unless the test works the queue itself (jobsWorker: true), so no test's jobs run behind its back.
  const jobs = await startJobs({ database, config, logger, worker: opts.jobsWorker ?? false });
  const app = createApi({ config, database, logger, jobs });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    database,
    jobs,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await mailSettled();
      await jobs.stop();
      await database.close();
      await drop();
    },
  };
}

export type Reply<T = unknown> = { status: number; body: { code: string; params?: Record<string, string | number>; message: string; data?: T; pages?: { totalCount: number; page: number; perPage: number } }; headers: Headers };

/** A client with its own cookie jar, like one browser (or one web-tier session) talking to the API. */
export class Client {
  cookies = new Map<string, string>();
  csrf = "";
  constructor(readonly base: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, opts: { csrf?: boolean; form?: boolean; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      "X-Frontend-Version": "2",
      ...opts.headers,
    };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (method !== "GET" && opts.csrf !== false && this.csrf) headers["X-CSRF-Token"] = this.csrf;
    let payload: string | undefined;
    if (body !== undefined) {
      if (opts.form) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers["Content-Type"] = "application/json";
        payload = JSON.stringify(body);
      }
    }
    const res = await fetch(this.base + path, { method, headers, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = unknown>(path: string, body?: unknown, opts?: { csrf?: boolean; form?: boolean }) {
    return this.request<T>("POST", path, body ?? {}, opts);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body ?? {});
  }
  delete<T = unknown>(path: string, body?: unknown) {
    return this.request<T>("DELETE", path, body);
  }

  async sessionInfo() {
    const r = await this.post<{ id: number | null; isGuest: boolean; groups: string[]; csrfTokenValue: string; sessionEnded: string | null }>(
      "/api/v1/users/session-info",
      {},
      { csrf: false },
    );
    this.csrf = r.body.data!.csrfTokenValue;
    return r;
  }

  async login(email: string, password = DEMO_PASSWORD) {
    if (!this.csrf) await this.sessionInfo();
    const r = await this.post<{ id: number; groups: string[]; csrfTokenValue: string; authMethod?: string }>("/actions/users/login", {
      loginName: email,
      password,
    });
    if (r.status === 200 && r.body.data?.csrfTokenValue) this.csrf = r.body.data.csrfTokenValue;
    return r;
  }
}

/** Demo logins by role (api/db/seed/demo.ts). */
export const LOGINS = {
  patients: "patient@demo.test",
  providers: "manager@demo.test",
  providerUsers: "provider@demo.test",
  customerSupport: "support@demo.test",
  customerSupportManagers: "support-manager@demo.test",
  medicalSupport: "nurse@demo.test",
  medicalSupportManagers: "nurse-manager@demo.test",
} as const;

export async function signedIn(base: string, role: keyof typeof LOGINS | "guest"): Promise<Client> {
  const c = new Client(base);
  await c.sessionInfo();
  if (role !== "guest") {
    const r = await c.login(LOGINS[role]);
    if (r.status !== 200) throw new Error(`login as ${role} failed: ${r.status} ${r.body.message}`);
  }
  return c;
}
