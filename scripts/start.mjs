#!/usr/bin/env node
// `npm start`: builds the web app when the build is missing or older than its sources, then runs
// server.ts (which starts the embedded upstream API and database unless API_URL / DATABASE_URL say otherwise).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const built = path.join(root, "build/server/index.js");

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const sources = ["app", "locales", "public"].map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(built) ||
  Math.max(...sources.map(newest), statSync(path.join(root, "vite.config.ts")).mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log("Building the web app…");
  // Always a production client bundle, whatever NODE_ENV the server later runs with.
  const r = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
