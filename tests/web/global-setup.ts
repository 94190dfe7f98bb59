/**
 * The fast web suite's app: builds the web when its sources changed (scripts/build.mjs, a no-op when the
 * end-to-end run or `npm test` built it already) and starts one instance of the built server with the embedded
 * API on a fresh seeded PGlite database (the demo data and TEST_ACCOUNTS test patients), on ports of its own
 * (WEB_TEST_PORT, default 3200, and the next one for the API).
 */
import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { spawnApp } from "../support/app";
import { TEST_ACCOUNTS } from "../support/accounts";

declare module "vitest" {
  export interface ProvidedContext {
    webBaseURL: string;
    webApiURL: string;
  }
}

export default async function setup(project: TestProject) {
  const built = spawnSync(process.execPath, ["scripts/build.mjs", "--quiet"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("the web build failed");
  const port = Number(process.env.WEB_TEST_PORT ?? 3200);
  const app = await spawnApp(port, {
    SEED_TEST_ACCOUNTS: String(TEST_ACCOUNTS),
    HMR_HOSTS: "hmr.localhost,hmrprogram.localhost",
  });
  project.provide("webBaseURL", app.baseURL);
  project.provide("webApiURL", app.apiURL);
  return () => app.close();
}
