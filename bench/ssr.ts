/**
 * The server-rendering part of `npm run bench` (ARCHITECTURE §8: "a signed-in page, with its upstream calls,
 * ≥ 50% of a bare React Router page's throughput, p95 server time ≤ 50 ms"). Run alone with
 * `npm run bench -- --ssr` (about two minutes).
 *
 * 1. Builds the bare baseline (bench/bare: a React Router 7 framework-mode app with one route of about 5 KB
 *    of HTML, the same installed packages, served by Express with compression) into .tmp/bench-bare, and our
 *    web app (scripts/build.mjs, only when its sources changed).
 * 2. Recreates the database BENCH_SSR_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/telehealth_bench_ssr),
 *    migrates it and seeds the demo data from this process.
 * 3. Starts three processes as production runs them, each on its own loopback port (BENCH_SSR_PORT=<n>: n, n+1,
 *    n+2; otherwise free ports): the bare server; the API on
 *    PostgreSQL (`api/main.ts`, NODE_ENV=production); the web server (`server.ts`, NODE_ENV=production, API_URL
 *    pointing at that API). Both of ours get a random SESSION_SECRET.
 * 4. Signs in through the web's own sign-in form (a no-JavaScript form post, as tests/web/client.ts does) as the
 *    demo patient and a staff user, then loads each page with BENCH_SSR_CONNECTIONS (10) keep-alive
 *    connections for BENCH_SSR_SECONDS (10) after BENCH_SSR_WARMUP (3) seconds of the same load: the bare page,
 *    /login as a guest, /patient (the overview with all its panels), /patient/account/profile and /staff/tasks,
 *    /patient/journeys; then, for reference, the upstream calls those pages make most (the session check, the profile,
 *    the overview's three panels), straight to the API. BENCH_SSR_ONLY=<text> keeps the cases whose name has it. Requests carry no Accept-Encoding (as `wrk`
 *    sends them), so the HTML is measured, not gzip.
 *
 * Prints, per page: requests per second, client p50/p95 latency, the ratio to the bare page, the server's own
 * time from its Server-Timing header (loaders + render; p50/p95), the upstream time, the CPU milliseconds the
 * web and API processes spent per request, and the HTML size; then a Markdown table for the README. Writes
 * bench/results/ssr.json. BENCH_SSR_PROFILE=<dir> starts the web server with `--cpu-prof` into that folder.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../api/db/client.ts";
import { DEMO_PASSWORD, seedDemo } from "../api/db/seed/demo.ts";
import { benchMachine } from "./db.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const env = process.env;
const DB_URL = env.BENCH_SSR_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/telehealth_bench_ssr";
const CONNECTIONS = Number(env.BENCH_SSR_CONNECTIONS ?? 10);
const SECONDS = Number(env.BENCH_SSR_SECONDS ?? 10);
const WARMUP = Number(env.BENCH_SSR_WARMUP ?? 3);
const STAFF = env.BENCH_SSR_STAFF ?? "nurse@demo.test";
const PATIENT = env.BENCH_SSR_PATIENT ?? "patient@demo.test";
const BARE_BUILD = path.join(root, ".tmp/bench-bare");
/** BENCH_SSR_PORT=<n>: the bare server, the API and the web server listen on n, n+1, n+2 (default: free ports). */
const FIRST_PORT = env.BENCH_SSR_PORT ? Number(env.BENCH_SSR_PORT) : null;
/** ARCHITECTURE §8 and issue 11: signed-in pages at half the bare page or better, the sign-in page at 70 %. */
const GOAL_SIGNED_IN = 0.5;
const GOAL_LOGIN = 0.7;
const GOAL_P95_SERVER_MS = 50;

const log = (s: string) => process.stdout.write(s + "\n");
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------------------------------------------
// Processes

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];

function start(name: string, args: string[], extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: env.PATH ?? "", HOME: env.HOME ?? "", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.on("exit", (code, signal) => {
    if (!stopping) log(`${name} exited (${code ?? signal}):\n${output}`);
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 12_000).unref();
        }),
    ),
  );
}

async function waitFor(url: string, child: ChildProcess, seconds = 60): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Database and builds

async function prepareDatabase(): Promise<string> {
  const name = decodeURIComponent(new URL(DB_URL).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const admin = new URL(DB_URL);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  let version: string;
  try {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    version = (await c.query("show server_version")).rows[0].server_version as string;
  } finally {
    await c.end();
  }
  const database = await openDatabase({ databaseUrl: DB_URL, poolSize: 2 });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return version;
}

function build(): void {
  const ours = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--quiet"], { cwd: root, stdio: "inherit" });
  if (ours.status !== 0) throw new Error("the web build failed");
  const bare = spawnSync("npx", ["react-router", "build"], {
    cwd: path.join(here, "bare"),
    env: { ...env, NODE_ENV: "production", BARE_BUILD_DIR: BARE_BUILD },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (bare.status !== 0 || !existsSync(path.join(BARE_BUILD, "server/index.js"))) throw new Error(`the bare build failed:\n${bare.stdout}${bare.stderr}`);
}

// ---------------------------------------------------------------------------------------------------
// A browser's sign-in, without JavaScript: the sign-in form's post, then the cookies of the answer

const NAVIGATION = { Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Accept-Language": "en-US" };

class Jar {
  cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  async request(base: string, method: string, p: string, body?: URLSearchParams): Promise<Response> {
    const res = await fetch(base + p, { method, redirect: "manual", body, headers: { ...NAVIGATION, ...(this.cookies.size ? { Cookie: this.header() } : {}) } });
    this.keep(res);
    return res;
  }
}

async function signIn(web: string, email: string, landing: string): Promise<Jar> {
  const jar = new Jar();
  await (await jar.request(web, "GET", "/login")).arrayBuffer();
  const res = await jar.request(web, "POST", "/login", new URLSearchParams({ intent: "password", email, password: DEMO_PASSWORD }));
  await res.arrayBuffer();
  if (res.status !== 302) throw new Error(`sign-in of ${email}: ${res.status}`);
  // The first page after sign-in shows (and so clears) the sign-in toast; later ones are the steady state.
  const first = await jar.request(web, "GET", landing);
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`${landing} after sign-in of ${email}: ${first.status}`);
  return jar;
}

/** The API's own client, for the reference rows (the upstream alone). */
async function apiSignIn(api: string, email: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const headers = () => ({
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "X-Frontend-Version": "2",
    "Content-Type": "application/json",
    Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  });
  const call = async (p: string, body: unknown, csrf?: string) => {
    const res = await fetch(api + p, { method: "POST", headers: { ...headers(), ...(csrf ? { "X-CSRF-Token": csrf } : {}) }, body: JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: res.status, json: (await res.json()) as { data: { csrfTokenValue: string } } };
  };
  const info = await call("/api/v1/users/session-info", {});
  const login = await call("/actions/users/login", { loginName: email, password: DEMO_PASSWORD }, info.json.data.csrfTokenValue);
  if (login.status !== 200) throw new Error(`API sign-in of ${email}: ${login.status}`);
  const h = headers();
  delete (h as Partial<typeof h>)["Content-Type"];
  return { ...h, "X-CSRF-Token": login.json.data.csrfTokenValue };
}

// ---------------------------------------------------------------------------------------------------
// Load: N keep-alive connections, each sending its next request when the last answer has arrived

type Sample = { ms: number; serverMs: number | null; upstreamMs: number | null; bytes: number };

function serverTime(header: string | undefined): { server: number | null; upstream: number | null } {
  if (!header) return { server: null, upstream: null };
  const entries = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    const dur = params.find((p) => p.trim().startsWith("dur="));
    if (dur) entries.set(name.trim(), Number(dur.trim().slice(4)));
  }
  const server = entries.has("total") ? entries.get("total")! : entries.has("render") ? (entries.get("loaders") ?? 0) + entries.get("render")! : null;
  return { server, upstream: entries.get("upstream") ?? (server === null ? null : 0) };
}

async function load(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; seconds: number; expect: number },
): Promise<{ samples: Sample[]; errors: number; elapsed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const samples: Sample[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? "GET", headers: options.headers, agent },
        (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => {
            if (res.statusCode !== options.expect) {
              errors++;
              firstError ??= `${res.statusCode} ${res.headers.location ?? ""}`;
            } else {
              const timing = serverTime(res.headers["server-timing"] as string | undefined);
              samples.push({ ms: performance.now() - t, serverMs: timing.server, upstreamMs: timing.upstream, bytes });
            }
            resolve();
          });
        },
      );
      req.on("error", (e) => {
        errors++;
        firstError ??= e.message;
        resolve();
      });
      req.end(options.body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (errors) log(`    ${errors} unexpected answers (first: ${firstError})`);
  return { samples, errors, elapsed };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

type Case = {
  name: string;
  kind: "bare" | "guest" | "signed-in" | "upstream";
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  expect?: number;
};

export type SsrResult = {
  name: string;
  kind: Case["kind"];
  requests: number;
  errors: number;
  rps: number;
  ratio: number | null;
  p50: number;
  p95: number;
  serverP50: number | null;
  serverP95: number | null;
  upstreamMean: number | null;
  webCpuMsPerRequest: number | null;
  apiCpuMsPerRequest: number | null;
  htmlKb: number;
  load1: number;
};

// ---------------------------------------------------------------------------------------------------

/**
 * Side by side (BENCH_SSR_BASELINE_BUILD=<dir>, a copy of an earlier `build/`): two web servers on one API, the
 * baseline's build and the current one (server.ts and what it imports are today's for both), each page loaded in
 * turns — BENCH_SSR_ROUNDS (5) blocks of BENCH_SSR_BLOCK (4) seconds per server, after one warm-up block each — so
 * a machine whose speed drifts (other people's test runs) slows both alike. Prints the median CPU milliseconds per
 * request of each web server and of the API while it served that server, and the ratio.
 */
async function sideBySide(pages: { name: string; path: string; jar: (base: string) => Promise<Jar | undefined> }[], bases: { name: string; base: string; pid: number | undefined }[], apiPid: number | undefined) {
  const ROUNDS = Number(env.BENCH_SSR_ROUNDS ?? 5);
  const BLOCK = Number(env.BENCH_SSR_BLOCK ?? 4);
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  log(`\nSide by side: ${bases.map((b) => b.name).join(" vs ")}, ${ROUNDS} rounds of ${BLOCK} s per server and page, ${CONNECTIONS} connections`);
  const rows: string[] = [];
  for (const page of pages) {
    const jars = await Promise.all(bases.map((b) => page.jar(b.base)));
    const headers = (i: number) => ({ ...NAVIGATION, ...(jars[i] ? { Cookie: jars[i]!.header() } : {}) });
    const figures = bases.map(() => ({ web: [] as number[], api: [] as number[], rps: [] as number[], bytes: 0 }));
    for (let round = -1; round < ROUNDS; round++) {
      for (let i = 0; i < bases.length; i++) {
        const web0 = cpuSeconds(bases[i].pid);
        const api0 = cpuSeconds(apiPid);
        const { samples, elapsed } = await load(bases[i].base + page.path, { headers: headers(i), seconds: BLOCK, expect: 200 });
        const web1 = cpuSeconds(bases[i].pid);
        const api1 = cpuSeconds(apiPid);
        if (round < 0 || !samples.length) continue; // warm-up
        figures[i].web.push(((web1! - web0!) * 1000) / samples.length);
        figures[i].api.push(((api1! - api0!) * 1000) / samples.length);
        figures[i].rps.push(samples.length / elapsed);
        figures[i].bytes = samples[samples.length - 1].bytes;
      }
    }
    const [a, b] = figures.map((f) => ({ web: median(f.web), api: median(f.api), rps: median(f.rps), kb: f.bytes / 1024 }));
    const line =
      `| ${page.name} | ${a.web.toFixed(2)} → ${b.web.toFixed(2)} (${(((b.web - a.web) / a.web) * 100).toFixed(0)} %) | ${a.api.toFixed(2)} → ${b.api.toFixed(2)} | ` +
      `${(a.web + a.api).toFixed(2)} → ${(b.web + b.api).toFixed(2)} | ${a.rps.toFixed(0)} → ${b.rps.toFixed(0)} | ${a.kb.toFixed(1)} → ${b.kb.toFixed(1)} |`;
    rows.push(line);
    log(`  ${page.name}: web CPU ${figures.map((f) => f.web.map((x) => x.toFixed(2)).join(" ")).join("  |  ")}`);
  }
  log(
    [
      "",
      `| page | web CPU ms/req ${bases[0].name} → ${bases[1].name} | API CPU ms/req | web + API | req/s | HTML KB |`,
      "|---|---:|---:|---:|---:|---:|",
      ...rows,
      `(load average ${round(os.loadavg()[0])})`,
    ].join("\n"),
  );
}

export async function runSsrBench(): Promise<SsrResult[]> {
  const t0 = performance.now();
  log(`\nSSR: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per page; database ${DB_URL.replace(/\/\/[^@]*@/, "//…@")}`);
  build();
  const version = await prepareDatabase();
  const [barePort, apiPort, webPort] = FIRST_PORT ? [FIRST_PORT, FIRST_PORT + 1, FIRST_PORT + 2] : [await freePort(), await freePort(), await freePort()];
  const secret = randomBytes(32).toString("hex");
  const bareBase = `http://127.0.0.1:${barePort}`;
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const webBase = `http://127.0.0.1:${webPort}`;
  const profile = env.BENCH_SSR_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(env.BENCH_SSR_PROFILE)] : [];
  try {
    const bare = start("bare server", ["--import", "tsx", "bench/bare/server.ts"], { NODE_ENV: "production", PORT: String(barePort), BARE_BUILD_DIR: BARE_BUILD });
    const api = start("API", ["--import", "tsx", "api/main.ts"], {
      NODE_ENV: "production",
      DATABASE_URL: DB_URL,
      API_PORT: String(apiPort),
      SESSION_SECRET: secret,
      SEED_DEMO: "false",
    });
    const web = start("web server", [...profile, "--import", "tsx", "server.ts"], {
      NODE_ENV: "production",
      PORT: String(webPort),
      HOST: "127.0.0.1",
      API_URL: apiBase,
      SESSION_SECRET: secret,
    });
    await Promise.all([waitFor(bareBase + "/", bare), waitFor(apiBase + "/api/health", api), waitFor(webBase + "/healthz", web)]);

    if (env.BENCH_SSR_BASELINE_BUILD) {
      const basePort = FIRST_PORT ? FIRST_PORT + 3 : await freePort();
      // BENCH_SSR_BASELINE_SERVER=<file at the top of the checkout>: the baseline's server.ts too (a change to it).
      const baseline = start("baseline web server", ["--import", "tsx", env.BENCH_SSR_BASELINE_SERVER ?? "server.ts"], {
        NODE_ENV: "production",
        PORT: String(basePort),
        HOST: "127.0.0.1",
        API_URL: apiBase,
        SESSION_SECRET: secret,
        BUILD_DIR: env.BENCH_SSR_BASELINE_BUILD,
      });
      const baselineBase = `http://127.0.0.1:${basePort}`;
      await waitFor(baselineBase + "/healthz", baseline);
      const pages = [
        { name: "/login (guest)", path: "/login", jar: async () => undefined },
        { name: "/patient", path: "/patient", jar: (base: string) => signIn(base, PATIENT, "/patient") },
        { name: "/patient/account/profile", path: "/patient/account/profile", jar: (base: string) => signIn(base, PATIENT, "/patient") },
        { name: "/staff/tasks", path: "/staff/tasks", jar: (base: string) => signIn(base, STAFF, "/staff") },
      ].filter((p) => !env.BENCH_SSR_ONLY || p.name.includes(env.BENCH_SSR_ONLY));
      await sideBySide(
        pages,
        [
          { name: "baseline", base: baselineBase, pid: baseline.pid },
          { name: "current", base: webBase, pid: web.pid },
        ],
        api.pid,
      );
      return [];
    }

    const patient = await signIn(webBase, PATIENT, "/patient");
    const staff = await signIn(webBase, STAFF, "/staff");
    const apiPatient = await apiSignIn(apiBase, PATIENT);
    const page = (jar?: Jar) => ({ ...NAVIGATION, ...(jar ? { Cookie: jar.header() } : {}) });
    const cases: Case[] = [
      { name: "bare React Router page (5 KB)", kind: "bare", url: bareBase + "/", headers: { Accept: "text/html" } },
      { name: "/login (guest)", kind: "guest", url: webBase + "/login", headers: page() },
      { name: "/patient", kind: "signed-in", url: webBase + "/patient", headers: page(patient) },
      { name: "/patient/account/profile", kind: "signed-in", url: webBase + "/patient/account/profile", headers: page(patient) },
      { name: "/staff/tasks", kind: "signed-in", url: webBase + "/staff/tasks", headers: page(staff) },
      { name: "upstream alone: POST /api/v1/users/session-info", kind: "upstream", url: apiBase + "/api/v1/users/session-info", method: "POST", headers: apiPatient },
      // What a page load asks for: the session check with the layouts' summary (one query, app/lib/profile.server.ts).
      {
        name: "upstream alone: session-info with the summary",
        kind: "upstream",
        url: apiBase + "/api/v1/users/session-info",
        method: "POST",
        headers: { ...apiPatient, "Content-Type": "application/json" },
        body: JSON.stringify({ summary: true }),
      },
      { name: "upstream alone: GET /api/v1/profile", kind: "upstream", url: apiBase + "/api/v1/profile", headers: apiPatient },
      // The patient overview (issue 15): /patient above is the page with all its panels resolved (no JavaScript: the
      // complete HTML); these are its three panels' calls alone (the demo patient: 5 journeys, two years of orders
      // and weights), and the journeys list page.
      { name: "/patient/journeys", kind: "signed-in", url: webBase + "/patient/journeys", headers: page(patient) },
      // The floor of a signed-in page: the session check and nothing else upstream, a short page of static text (the
      // privacy policy, signed in: not the guest page cache's).
      { name: "/privacy-policy (signed in: the session check only)", kind: "signed-in", url: webBase + "/privacy-policy", headers: page(patient) },
      { name: "upstream alone: GET /api/v1/patient/journeys", kind: "upstream", url: apiBase + "/api/v1/patient/journeys", headers: apiPatient },
      { name: "upstream alone: GET /api/v1/patient/overview/actions", kind: "upstream", url: apiBase + "/api/v1/patient/overview/actions", headers: apiPatient },
      { name: "upstream alone: GET /api/v1/patient/overview/next", kind: "upstream", url: apiBase + "/api/v1/patient/overview/next", headers: apiPatient },
    ].filter((c) => !env.BENCH_SSR_ONLY || c.kind === "bare" || c.name.includes(env.BENCH_SSR_ONLY)) as Case[];

    const results: SsrResult[] = [];
    let bareRps = 0;
    for (const c of cases) {
      const options = { method: c.method, headers: c.headers, body: c.body, expect: c.expect ?? 200 };
      await load(c.url, { ...options, seconds: WARMUP });
      // The web column of the bare page is the bare server's CPU.
      const front = c.kind === "bare" ? bare.pid : web.pid;
      const cpu0 = [cpuSeconds(front), cpuSeconds(api.pid)];
      const { samples, errors, elapsed } = await load(c.url, { ...options, seconds: SECONDS });
      const cpu1 = [cpuSeconds(front), cpuSeconds(api.pid)];
      const n = samples.length;
      const perRequest = (i: number) => (cpu0[i] === null || cpu1[i] === null || !n ? null : round(((cpu1[i]! - cpu0[i]!) * 1000) / n, 2));
      const rps = round(n / elapsed);
      if (c.kind === "bare") bareRps = rps;
      const servers = samples.map((s) => s.serverMs).filter((x): x is number => x !== null);
      const upstreams = samples.map((s) => s.upstreamMs).filter((x): x is number => x !== null);
      const r: SsrResult = {
        name: c.name,
        kind: c.kind,
        requests: n,
        errors,
        rps,
        ratio: c.kind === "bare" || c.kind === "upstream" || !bareRps ? null : round(rps / bareRps, 3),
        p50: round(percentile(samples.map((s) => s.ms), 50), 2),
        p95: round(percentile(samples.map((s) => s.ms), 95), 2),
        serverP50: servers.length ? round(percentile(servers, 50), 2) : null,
        serverP95: servers.length ? round(percentile(servers, 95), 2) : null,
        upstreamMean: upstreams.length ? round(upstreams.reduce((a, b) => a + b, 0) / upstreams.length, 2) : null,
        webCpuMsPerRequest: c.kind === "upstream" ? null : perRequest(0),
        apiCpuMsPerRequest: c.kind === "bare" ? null : perRequest(1),
        htmlKb: n ? round(samples[n - 1].bytes / 1024) : 0,
        load1: round(os.loadavg()[0]),
      };
      results.push(r);
      const goal = c.kind === "guest" ? GOAL_LOGIN : c.kind === "signed-in" ? GOAL_SIGNED_IN : null;
      const ok = goal === null || (r.ratio !== null && r.ratio >= goal && (r.serverP95 ?? 0) <= GOAL_P95_SERVER_MS);
      log(
        `  ${ok ? " " : "!"} ${c.name.padEnd(50)} ${String(rps).padStart(7)} req/s` +
          `${r.ratio === null ? "       " : ` ${(r.ratio * 100).toFixed(0).padStart(4)} %`}` +
          `  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)} ms` +
          `${r.serverP95 === null ? "" : `  server p50/p95 ${r.serverP50!.toFixed(1)}/${r.serverP95.toFixed(1)} ms (upstream ${r.upstreamMean!.toFixed(1)})`}` +
          `${r.webCpuMsPerRequest === null ? "" : `  web CPU ${r.webCpuMsPerRequest} ms/req`}${r.apiCpuMsPerRequest === null ? "" : `  API CPU ${r.apiCpuMsPerRequest} ms/req`}` +
          `  ${r.htmlKb} KB  (load ${r.load1})`,
      );
    }

    const machine = benchMachine(version);
    const out = { when: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, goals: { signedIn: GOAL_SIGNED_IN, login: GOAL_LOGIN, p95ServerMs: GOAL_P95_SERVER_MS }, machine, results };
    mkdirSync(path.join(here, "results"), { recursive: true });
    writeFileSync(path.join(here, "results", "ssr.json"), JSON.stringify(out, null, 2) + "\n");
    const f = (x: number | null, d = 1) => (x === null ? "—" : x.toFixed(d));
    const md = [
      `Server rendering, ${CONNECTIONS} connections × ${SECONDS} s per page after ${WARMUP} s warm-up, ${machine.cores} × ${machine.cpu}, Node ${process.version}, PostgreSQL ${version}, ${new Date().toISOString().slice(0, 10)}; load average during the run ${Math.min(...results.map((r) => r.load1))}–${Math.max(...results.map((r) => r.load1))}:`,
      "",
      "| page | req/s | of bare | p50 / p95 ms | server p50 / p95 ms | upstream ms | web CPU ms/req | HTML KB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${r.ratio === null ? "—" : `${(r.ratio * 100).toFixed(0)} %`} | ${f(r.p50)} / ${f(r.p95)} | ` +
          `${r.serverP50 === null ? "—" : `${f(r.serverP50)} / ${f(r.serverP95)}`} | ${f(r.upstreamMean)} | ${f(r.webCpuMsPerRequest, 2)} | ${r.kind === "upstream" ? "—" : f(r.htmlKb)} |`,
      ),
    ].join("\n");
    log("\n" + md + "\n");
    log(`results written to bench/results/ssr.json; SSR part ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return results;
  } finally {
    await stopAll();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runSsrBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      void stopAll().then(() => process.exit(1));
    },
  );
}
