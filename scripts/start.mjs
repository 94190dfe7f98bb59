#!/usr/bin/env node
// `npm start`: builds the web app when the build is missing or its sources changed, then runs
// server.ts (which starts the embedded upstream API and database unless API_URL / DATABASE_URL say otherwise).
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

// Builds the web app only when its sources changed since the last build (scripts/build.mjs).
const r = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--quiet"], { cwd: root, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
