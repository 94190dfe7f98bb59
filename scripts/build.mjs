#!/usr/bin/env node
// Builds the web app (`react-router build`, always a production client bundle) only when its sources changed
// since the last build: a SHA-256 over every file the build reads (app/, api/ — the web imports the contract and
// a few domain constants —, locales/, public/, the build configs and the lock file) is kept beside the build in
// `.sources-sha256`. `npm start`, `npm test`, the end-to-end and the fast web suites all call this, so one run
// builds at most once and a second run on unchanged sources builds nothing.
// Usage: node scripts/build.mjs [--force] [--quiet]   (BUILD_DIR selects another build folder)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const stamp = path.join(buildDir, ".sources-sha256");
const quiet = process.argv.includes("--quiet");

const DIRS = ["app", "api", "locales", "public"];
const FILES = ["vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(p);
  }
  return out;
}

export function sourcesHash() {
  const hash = createHash("sha256");
  const files = [...DIRS.flatMap((d) => (existsSync(path.join(root, d)) ? walk(path.join(root, d), []) : [])), ...FILES.map((f) => path.join(root, f))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const upToDate = (want) =>
  existsSync(stamp) && existsSync(path.join(buildDir, "server/index.js")) && readFileSync(stamp, "utf8").trim() === want;
let want = sourcesHash();
if (upToDate(want) && !process.argv.includes("--force")) {
  if (!quiet) console.log(`Web build is up to date (${path.relative(root, buildDir) || "."}).`);
  process.exit(0);
}

// One build at a time per folder (two suites started together would otherwise write the same files): a lock
// folder, created atomically; a lock older than ten minutes is a crashed build's and is taken over.
const lock = `${buildDir}.lock`;
const waitedFrom = Date.now();
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() - waitedFrom > 600_000) throw new Error(`${lock} is held for more than ten minutes`);
    else await new Promise((r) => setTimeout(r, 250));
  }
}
process.on("exit", () => rmSync(lock, { recursive: true, force: true }));
// Another process may have built these very sources while this one waited.
want = sourcesHash();
if (upToDate(want) && !process.argv.includes("--force")) process.exit(0);
console.log("Building the web app…");
const t0 = Date.now();
// --quiet keeps Vite's file list out of test logs, and prints it all when the build fails.
const r = spawnSync("npx", ["react-router", "build"], {
  cwd: root,
  stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  env: { ...process.env, NODE_ENV: "production" },
  maxBuffer: 64 * 1024 * 1024,
});
if (r.status !== 0) {
  if (quiet) process.stdout.write(`${r.stdout}${r.stderr}`);
  process.exit(r.status ?? 1);
}
writeFileSync(stamp, `${want}\n`);
console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
