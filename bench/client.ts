/**
 * The benches' HTTP client of the upstream API: keeps cookies and the CSRF token like the web tier does, and signs
 * a demo user in. One copy for bench/run.ts, bench/patients.ts and bench/global-search.ts.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApi } from "../api/app.ts";
import { loadApiConfig } from "../api/config.ts";
import type { Database } from "../api/db/client.ts";
import { DEMO_PASSWORD } from "../api/db/seed/demo.ts";
import { resolveSecrets } from "../api/domain/secrets.ts";
import { createLogger } from "../api/logger.ts";

/** The answers the benches read: `{ message, data, pages }` envelopes (data as each case reads it). */
export type BenchJson = {
  message?: string;
  data: { length: number; csrfTokenValue: string; id: number } & Record<string, unknown[] | unknown>;
  pages: { nextCursor: string | null };
};

export class BenchClient {
  cookies = new Map<string, string>();
  csrf = "";
  constructor(readonly base: string) {}

  async request(method: string, p: string, body?: unknown): Promise<{ status: number; json: BenchJson }> {
    const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2" };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (method !== "GET" && this.csrf) headers["X-CSRF-Token"] = this.csrf;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(this.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(pair.slice(0, eq).trim(), value);
      else this.cookies.delete(pair.slice(0, eq).trim());
    }
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as BenchJson };
  }

  /** Signs `email` in (the demo password unless given) and returns the user's id. */
  async signIn(email: string, password: string = DEMO_PASSWORD): Promise<number> {
    this.csrf = (await this.request("POST", "/api/v1/users/session-info", {})).json.data.csrfTokenValue;
    const r = await this.request("POST", "/actions/users/login", { loginName: email, password });
    if (r.status !== 200) throw new Error(`sign-in of ${email} failed: ${r.status} ${r.json?.message ?? ""}`);
    this.csrf = r.json.data.csrfTokenValue;
    return r.json.data.id;
  }
}

/**
 * Starts the API on a loopback port over `database` as production runs it (a fresh session secret, a silent
 * logger, no demo seeding) and answers its server and base URL. One start for every bench.
 */
export async function startBenchApi(database: Database, databaseUrl: string): Promise<{ server: Server; base: string }> {
  const config = await resolveSecrets(
    loadApiConfig({ NODE_ENV: "production", SESSION_SECRET: randomBytes(32).toString("hex"), DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SEED_DEMO: "false" }),
    database.db,
  );
  const app = createApi({ config, database, logger: createLogger("silent") });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
