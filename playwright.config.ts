import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests (ARCHITECTURE §7): the BUILT app (`react-router build`, then `tsx server.ts`) with the
 * embedded API on a fresh PGlite database seeded with the demo data, on ports that do not clash with a dev
 * server (3100 web, 3101 API). Two projects: JavaScript on ("js") and off ("nojs").
 * The data directory lives under .tmp/web-e2e-<port>/ (ignored by git); older ones are removed first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 3101);
export const BASE_URL = `http://localhost:${PORT}`;
/** E2E_PORT / E2E_API_PORT / BUILD_DIR let two runs share a checkout without clashing (ports, data, build). */
const tmpDir = `.tmp/web-e2e-${PORT}`;
const dataDir = `${tmpDir}/data-${Date.now()}`;

const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // The white-label host names of the hmr theme resolve to this machine.
    "--host-resolver-rules=MAP hmr.localhost 127.0.0.1, MAP hmrprogram.localhost 127.0.0.1",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // The client is always built for production (a NODE_ENV=test build would ship React's development build).
    command: `rm -rf ${tmpDir} && NODE_ENV=production npx react-router build && node --import tsx server.ts`,
    url: `${BASE_URL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "1",
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      HMR_HOSTS: "hmr.localhost,hmrprogram.localhost",
      PUBLIC_URL: BASE_URL,
    },
  },
});
