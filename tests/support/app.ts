/**
 * Another instance of the built app (`node --import tsx server.ts` on BUILD_DIR, the embedded API, a fresh
 * seeded PGlite database) with its own ports and environment — for the fast web suite (tests/web) and for
 * end-to-end specs that need an app of their own (SMTP capture, short timeouts). Needs the build that
 * scripts/build.mjs makes. Not a test file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type SpawnedApp = { baseURL: string; apiURL: string; close(): Promise<void> };

/**
 * Starts another instance of the built app for one spec file: its own web and API ports, a fresh data
 * directory (the demo seed), and `env` on top (SMTP_URL, short idle timeouts…). Resolves when /healthz
 * answers. The build is the one scripts/build.mjs made (BUILD_DIR).
 */
export async function spawnApp(port: number, env: Record<string, string>): Promise<SpawnedApp> {
  const dataDir = path.join(root, ".tmp", `web-e2e-${port}`, `data-${Date.now()}`);
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const baseURL = `http://localhost:${port}`;
  // The embedded API and database, whatever the environment of the test run says.
  const { API_URL: _api, DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...inherited,
      // The libraries' production builds (the code that ships); APP_ENV=test for the app's own settings.
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(port),
      API_PORT: String(port + 1),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      PUBLIC_URL: baseURL,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = await Promise.race([exited.then((code) => ({ exited: code })), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
    if (state) throw new Error(`the app on port ${port} exited (${state.exited}):\n${output}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app on port ${port} did not answer /healthz:\n${output}`);
    }
  }
  return {
    baseURL,
    apiURL: `http://127.0.0.1:${port + 1}`,
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

