/**
 * The benches' HTTP client of the upstream API: keeps cookies and the CSRF token like the web tier does, and signs
 * a demo user in. One copy for bench/run.ts, bench/patients.ts and bench/global-search.ts.
 */
import { DEMO_PASSWORD } from "../api/db/seed/demo.ts";

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
