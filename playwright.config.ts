import { defineConfig, devices } from "@playwright/test";
import { TEST_ACCOUNTS } from "./tests/support/accounts";

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

/** Specs that run with JavaScript on only: their no-JavaScript workflows are HTTP tests of tests/web (access: the route sweep and tests/web/auth.test.ts). */
const JS_ONLY = /\/(a11y|auth|totp|account-security|password-reset|tasks|access|connection-lost|patients-list|patient-record|global-search|patient-access|clinical-review|intake-review|review-queues|review-journey|check-ins|patient-journeys|intake|chats|pharmacy|staff-admin|subscriptions|record-export)\.spec\.ts$/;

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
  // No retries: a test passes on its first run on any machine of this kind, or it is a defect to fix.
  retries: 0,
  // Each test needs well under 10 s; the limit is three times that so a loaded machine never decides a result.
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "en-US",
    // A trace records a DOM snapshot at every action: it made the suite about 30% slower (the axe sweep: 2.0 → 1.4
    // min for one pass). A failure reports its error, the step and a screenshot; E2E_TRACE=1 records traces too.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    // Signs each demo account in once; the other projects reuse those cookies (tests/e2e/auth.setup.ts).
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    // Every browser journey with JavaScript on, and the axe sweep (which checks the no-JavaScript markup too).
    { name: "js", dependencies: ["setup"], testIgnore: /\.nojs\.spec\.ts$/, use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    // The same journeys with JavaScript off, where a browser shows what plain HTTP cannot (native validation,
    // <details>, file inputs, real form posts). The specs whose no-JavaScript workflows run as HTTP in the fast
    // tier (tests/web) are JavaScript-only, as is the axe sweep (it turns script off itself).
    {
      name: "nojs",
      dependencies: ["setup"],
      testIgnore: JS_ONLY,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // scripts/build.mjs builds (always a production client bundle) only when the sources changed since the
    // last build, so `npm test`, which builds first, is never followed by a second build here.
    command: `rm -rf ${tmpDir} && node scripts/build.mjs --quiet && node --import tsx server.ts`,
    url: `${BASE_URL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "1",
    stdout: "pipe",
    stderr: "pipe",
    env: {
      // The libraries' production builds (the code that ships); APP_ENV=test for the app's own settings.
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      SEED_TEST_ACCOUNTS: String(TEST_ACCOUNTS),
      HMR_HOSTS: "hmr.localhost,hmrprogram.localhost",
      PUBLIC_URL: BASE_URL,
    },
  },
});
