/**
 * Secrets in a scaled deployment (issue 12): API instances of one deployment that were given no SESSION_SECRET
 * agree on the one kept in the database, and TOTP secrets are encrypted with keys of their own (key id stored
 * with each ciphertext), so that a restart, a second instance, a new session secret or a new encryption key
 * locks nobody out.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app.ts";
import { loadApiConfig } from "../../api/config.ts";
import { users } from "../../api/db/schema.ts";
import { createLogger } from "../../api/logger.ts";
import { reencryptTotpSecrets, resolveSecrets } from "../../api/domain/secrets.ts";
import { encryptTotpSecretV1, newTotpSecret, totpFor } from "../../api/domain/totp.ts";
import type { Database } from "../../api/db/client.ts";
import { Client, LOGINS, freshDatabase } from "./harness.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** A round-robin proxy in front of `targets`: each request goes to the next one, as a load balancer may send it. */
async function roundRobin(targets: string[]): Promise<string> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const url = await listen(server);
  cleanups.push(() => new Promise((r) => server.close(r)));
  return url;
}

/** Signs in with password and the TOTP code of `secret` (the step after the last used one is cleared first). */
async function signInWithTotp(base: string, db: Database, secret: string) {
  await db.db.update(users).set({ totpLastStep: null }).where(eq(users.email, LOGINS.patients));
  const c = new Client(base);
  const first = await c.login(LOGINS.patients);
  expect(first.status, first.body.message).toBe(200);
  expect(first.body.data?.authMethod).toBe("totp");
  const r = await c.post<{ csrfTokenValue: string }>("/api/v1/users/verify-totp", { code: totpFor(secret).generate() });
  return r;
}

/** Turns two-factor on for the demo patient through `base`; returns the TOTP secret. */
async function enableTotp(base: string): Promise<string> {
  const c = new Client(base);
  const login = await c.login(LOGINS.patients);
  expect(login.status, login.body.message).toBe(200);
  const s = await c.get<{ secret: string }>("/api/v1/users/get-totp-secret");
  expect(s.status, s.body.message).toBe(200);
  const secret = s.body.data!.secret;
  const on = await c.post("/api/v1/users/verify-totp", { code: totpFor(secret).generate() });
  expect(on.status, on.body.message).toBe(200);
  return secret;
}

describe.skipIf(process.env.API_TEST_DB !== "postgres")("API processes on one PostgreSQL, no SESSION_SECRET", () => {
  async function startProcess(databaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
    const probe = http.createServer();
    const port = Number(new URL(await listen(probe)).port);
    await new Promise((r) => probe.close(r));
    const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "error" };
    delete env.SESSION_SECRET;
    delete env.ENCRYPTION_KEYS;
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "api/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const stop = async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    };
    cleanups.push(stop);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("the API exited: " + output);
      if (Date.now() > deadline) throw new Error("the API did not start: " + output);
      const up = await fetch(url + "/api/health").then((r) => r.ok, () => false);
      if (up) return { url, stop };
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  it("two instances behind a round-robin proxy sign in with TOTP, and so does a restarted one", { timeout: 120_000 }, async () => {
    const fresh = await freshDatabase(true);
    cleanups.push(() => fresh.database.close().then(fresh.drop));
    const [a, b] = await Promise.all([startProcess(fresh.url!), startProcess(fresh.url!)]);
    const proxy = await roundRobin([a.url, b.url]);

    const secret = await enableTotp(proxy);
    for (let i = 0; i < 4; i++) {
      const r = await signInWithTotp(proxy, fresh.database, secret);
      expect(r.status, r.body.message).toBe(200);
    }

    await Promise.all([a.stop(), b.stop()]);
    const c = await startProcess(fresh.url!);
    const r = await signInWithTotp(c.url, fresh.database, secret);
    expect(r.status, r.body.message).toBe(200);
  });
});

describe("TOTP encryption keys", () => {
  async function instance(database: Database, env: Record<string, string>) {
    const config = await resolveSecrets(loadApiConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/unused", ...env }), database.db);
    const server = createApi({ config, database, logger: createLogger("silent") }).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    cleanups.push(() => new Promise((r) => server.close(r)));
    return { config, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  const key = (id: string) => `${id}:${randomBytes(32).toString("base64")}`;
  const stored = async (database: Database) =>
    (await database.db.select({ enc: users.totpSecretEnc }).from(users).where(eq(users.email, LOGINS.patients)))[0]!.enc!;

  it("instances without SESSION_SECRET on one database agree on the stored one (concurrent first starts too)", async () => {
    const fresh = await freshDatabase(true);
    cleanups.push(() => fresh.database.close().then(fresh.drop));
    const configs = await Promise.all([1, 2, 3].map(() => resolveSecrets(loadApiConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/unused" }), fresh.database.db)));
    expect(new Set(configs.map((c) => c.sessionSecret)).size).toBe(1);
    expect(new Set(configs.map((c) => c.keys.current.id)).size).toBe(1);
    expect(configs[0]!.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("a new session secret or a new encryption key locks nobody out; old rows are re-encrypted with the current key", async () => {
    const fresh = await freshDatabase(true);
    cleanups.push(() => fresh.database.close().then(fresh.drop));
    const { database } = fresh;
    const oldSession = "old-session-secret-".padEnd(40, "o");

    // A row written before key ids: encrypted with a key derived from the session secret.
    const secret = newTotpSecret();
    await database.db.update(users).set({ totpEnabled: true, totpSecretEnc: encryptTotpSecretV1(secret, oldSession) }).where(eq(users.email, LOGINS.patients));
    const first = await instance(database, { SESSION_SECRET: oldSession });
    expect((await signInWithTotp(first.url, database, secret)).status).toBe(200);
    expect(await stored(database)).toMatch(new RegExp(`^v2\\.${first.config.keys.current.id}\\.`));

    // The session secret changes: the row no longer depends on it.
    const second = await instance(database, { SESSION_SECRET: "new-session-secret-".padEnd(40, "n") });
    expect((await signInWithTotp(second.url, database, secret)).status).toBe(200);

    // An operator's key is added in front: the stored default key still reads, the row moves to the new key on use.
    const third = await instance(database, { SESSION_SECRET: "new-session-secret-".padEnd(40, "n"), ENCRYPTION_KEYS: key("k2") });
    expect(third.config.keys.current.id).toBe("k2");
    expect((await signInWithTotp(third.url, database, secret)).status).toBe(200);
    expect(await stored(database)).toMatch(/^v2\.k2\./);
  });

  it("at start, rows written with an old key or before key ids are re-encrypted with the current one", async () => {
    const fresh = await freshDatabase(true);
    cleanups.push(() => fresh.database.close().then(fresh.drop));
    const { database } = fresh;
    const session = "session-secret-".padEnd(40, "s");
    const secret = newTotpSecret();
    await database.db.update(users).set({ totpEnabled: true, totpSecretEnc: encryptTotpSecretV1(secret, session) }).where(eq(users.email, LOGINS.patients));
    const config = await resolveSecrets(loadApiConfig({ NODE_ENV: "test", SESSION_SECRET: session, ENCRYPTION_KEYS: `${key("k3")},${key("k1")}` }), database.db);
    expect(await reencryptTotpSecrets(database.db, config.keys)).toEqual({ reencrypted: 1, unreadable: 0 });
    expect(await stored(database)).toMatch(/^v2\.k3\./);
    expect(await reencryptTotpSecrets(database.db, config.keys)).toEqual({ reencrypted: 0, unreadable: 0 });
  });
});
