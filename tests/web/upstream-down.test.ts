/**
 * A down upstream never crashes a page (issue 12). The web and the API run as two processes here (API_URL), so
 * the API can be stopped under a running web: each role signs in, the API stops, and every page of app/routes.ts
 * (tests/support/routes.ts, the sweeps' list) is visited by each role and a guest — no 5xx but an honest 503
 * "Service unavailable" page with the spec §8 text; /healthz says the upstream is down (a load balancer takes the
 * web out), /livez stays 200; a sign-out is refused visibly (still signed in). Then the API starts again on the
 * same database: the session that could not be ended still works, and a sign-out now ends it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decide } from "../../app/lib/access.ts";
import { DEMO, DEMO_USERS, type DemoUser } from "../support/accounts";
import { PAGES } from "../support/routes";
import { WebClient, type WebPage } from "./client";

const root = path.resolve(import.meta.dirname, "../..");
const NETWORK = "Please check your internet connection and try again.";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Proc = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

function start(entry: string, env: Record<string, string>): Proc {
  const { API_URL: _api, DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", APP_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves when `url` answers `ready` (polled every 200 ms, the process watched), or fails with its output. */
async function until(proc: Proc, url: string, ready: (r: Response) => boolean) {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const state = await Promise.race([proc.exited.then((code) => ({ code })), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (state) throw new Error(`${url}: the process exited (${state.code}):\n${proc.output()}`);
    if (await fetch(url).then(ready, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready:\n${proc.output()}`);
  }
}

async function stop(proc: Proc | undefined) {
  if (!proc || proc.child.exitCode !== null) return;
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

const dataDir = path.join(root, ".tmp", `upstream-down-${process.pid}`, "data");
const secret = randomBytes(32).toString("base64url");
let apiPort = 0;
let api: Proc | undefined;
let web: Proc | undefined;
let baseURL = "";

function startApi() {
  api = start("api/main.ts", { API_PORT: String(apiPort), DATA_DIR: dataDir, SEED_DEMO: "true", SESSION_SECRET: secret });
  return until(api, `http://127.0.0.1:${apiPort}/api/health`, (r) => r.ok);
}

const clients = new Map<DemoUser | "guest", WebClient>();

beforeAll(async () => {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  apiPort = await freePort();
  const webPort = await freePort();
  baseURL = `http://localhost:${webPort}`;
  await startApi();
  web = start("server.ts", {
    PORT: String(webPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    SESSION_SECRET: secret,
    PUBLIC_URL: baseURL,
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
  });
  await until(web, `${baseURL}/livez`, (r) => r.ok);
  clients.set("guest", new WebClient(baseURL));
  for (const user of DEMO_USERS) {
    const client = new WebClient(baseURL);
    await client.signIn(DEMO[user].email);
    clients.set(user, client);
  }
}, 120_000);

afterAll(async () => {
  await stop(web);
  await stop(api);
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
}, 30_000);

/** The honest answer for a page whose data cannot be read: 503, the "Service unavailable" page, the §8 text. */
function expectNoCrash(page: WebPage, what: string) {
  if (page.status === 503) {
    expect(page.h1, what).toBe("Service unavailable");
    expect(page.bodyText, what).toContain(NETWORK);
    expect(page.title, what).toBe("Telehealth | Service unavailable");
  } else {
    expect(page.status, `${what}: ${page.h1}`).toBeLessThan(500);
  }
}

describe("with the upstream running", () => {
  it("/healthz and /livez answer 200, /healthz with the upstream's state", async () => {
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", upstream: "up" });
    const live = await fetch(`${baseURL}/livez`);
    expect(live.status).toBe(200);
  });
});

describe("with the upstream stopped", () => {
  beforeAll(async () => {
    await stop(api);
  }, 30_000);

  it("/healthz answers 503 with the upstream down, quickly; /livez stays 200", async () => {
    const started = performance.now();
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "unavailable", upstream: "down" });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect((await fetch(`${baseURL}/livez`)).status).toBe(200);
  });

  it("the account pages of the issue answer the 503 page with the §8 text, in both languages", async () => {
    const patient = clients.get("patient")!;
    for (const p of ["/patient/account/profile", "/patient/account/pharmacy"]) {
      const page = await patient.get(p);
      expect(page.status, p).toBe(503);
      expect(page.h1, p).toBe("Service unavailable");
      expect(page.bodyText, p).toContain(NETWORK);
      // "Try again": a link to this very address (an empty href).
      expect(page.link("Try again"), `${p}: try again`).toBe("");
    }
    const es = new WebClient(baseURL);
    es.headers["Accept-Language"] = "es-US";
    es.cookies.clear();
    for (const [k, v] of patient.cookies) es.cookies.set(k, v);
    const page = await es.get("/patient/account/profile");
    expect(page.status).toBe(503);
    expect(page.lang).toBe("es-US");
    expect(page.h1).toBe("Servicio no disponible");
    expect(page.bodyText).toContain("Compruebe su conexión a internet e inténtelo de nuevo.");
  });

  for (const user of ["guest", ...DEMO_USERS] as const) {
    it(`${user}: every page of app/routes.ts answers without a 5xx other than the 503 page`, async () => {
      const client = clients.get(user)!;
      const role = user === "guest" ? "guest" : DEMO[user].role;
      for (const { pattern, paths } of PAGES) {
        if (decide(pattern, role) !== "allow") continue;
        for (const p of paths) expectNoCrash(await client.get(p), `${user} ${p}`);
      }
    });
  }

  it("Save details: with JavaScript the action answers the form (400, the §8 text, the input); without, the 503 page", async () => {
    const patient = clients.get("patient")!;
    const fields = {
      intent: "details",
      firstName: "Typed while down",
      lastName: "Carter",
      phone: "(415) 555-0123",
      dateOfBirth: "04/17/1988",
      timeZone: "America/Denver",
    };
    // React Router's data request of a form post (what the page sends with JavaScript): the page is not asked
    // again after a 4xx, so the form stays with what was typed, and the reply carries the §8 text.
    const posted = await patient.raw("POST", "/patient/account/profile.data", new URLSearchParams(fields), { Accept: "*/*", "Sec-Fetch-Mode": "cors" });
    expect(posted.status).toBe(400);
    const reply = await posted.text();
    expect(reply).toContain(NETWORK);
    expect(reply).toContain("Typed while down");
    // Without JavaScript the answer is the whole page, which cannot be read: the 503 page (README "Resilience").
    expectNoCrash(await patient.post("/patient/account/profile", fields), "no-JS Save details");
  });

  it("signing out is refused visibly: the user is told they are still signed in, and the session is kept", async () => {
    const patient = clients.get("patient")!;
    const out = await patient.get("/actions/users/logout");
    expect(out.status).toBe(503);
    expect(out.path).toBe("/actions/users/logout");
    expect(out.text("main [role=alert]")).toContain("You are still signed in.");
    expect(out.text("main [role=alert]")).toContain(NETWORK);
    // The confirmation form is there to try again.
    expect(out.button("Log out")).toBeTruthy();
    const again = await patient.submit(out, "form[action='/actions/users/logout']", {}, { follow: false });
    expect(again.status).toBe(503);
    expect(again.text("main [role=alert]")).toContain("You are still signed in.");
  });
});

describe("with the upstream back", () => {
  beforeAll(() => startApi(), 60_000);

  it("/healthz is 200 again, and the session whose sign-out was refused still works until it is signed out", async () => {
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
    const patient = clients.get("patient")!;
    const home = await patient.get("/patient/account/profile");
    expect(home.status).toBe(200);
    expect(home.path).toBe("/patient/account/profile");
    const out = await patient.get("/actions/users/logout");
    expect(out.path).toBe("/login");
    expect(out.toasts("success")).toContain("You have been signed out.");
    const after = await patient.get("/patient/account/profile", { follow: false });
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);
  });
});
