/**
 * The embedded start from an empty DATA_DIR: the real entry point (api/main.ts, the same startApi()
 * that server.ts embeds) opens PGlite, migrates, seeds the demo data, serves; a demo user signs in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, LOGINS } from "./harness.ts";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

let child: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "th-embedded-"));
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// The embedded start always opens PGlite (DATABASE_URL is removed below), so the suite's PostgreSQL pass would
// only repeat it: it runs in the PGlite pass.
describe.skipIf(process.env.API_TEST_DB === "postgres")("embedded start", () => {
  it("starts from an empty DATA_DIR, seeds demo data, and a demo user signs in", async () => {
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), NODE_ENV: "development", LOG_LEVEL: "error", DATABASE_URL: "" };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    child = spawn(process.execPath, ["--import", "tsx", "api/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("the API exited: " + output);
      try {
        const r = await fetch(base + "/api/health");
        if (r.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("the API did not start: " + output);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    const c = new Client(base);
    await c.sessionInfo();
    const r = await c.login(LOGINS.patients);
    expect(r.status).toBe(200);
    expect((await c.get("/api/v1/profile")).status).toBe(200);
    // Graceful shutdown on SIGTERM.
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 120_000);
});
