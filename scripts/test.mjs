#!/usr/bin/env node
// `npm test`: the whole suite — typecheck, lint, unit, API integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the build (once: scripts/build.mjs skips it when the sources did not change), the
// JavaScript budget of every page (scripts/js-size.mjs --check), the fast web tier over HTTP (tests/web), then end-to-end in Chromium (tests/e2e: JavaScript journeys, no-JS
// smoke tests, the axe sweep). Ends with a table of each step's time and one line "N passed, N failed" over
// every test run.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";

const out = ".tmp/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

const timings = [];
function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = (Date.now() - t0) / 1000;
  timings.push([label, seconds, r.status === 0]);
  console.log(`=== ${label}: ${r.status === 0 ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s ===`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

/**
 * Runs single-threaded steps side by side (the type checker and the linter each use one core of two), each
 * one's output held and printed whole when it ends, in the order given.
 */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ label, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => resolve({ label, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { label, ok, output, seconds } of results) {
    console.log(`\n=== ${label} ===\n${output.trimEnd()}`);
    console.log(`=== ${label}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s (side by side) ===`);
    timings.push([`${label} (side by side)`, seconds, ok]);
    if (!ok) failures.push(label);
  }
}

/** Every test's duration, to name the slowest ones at the end (a test near its limit is split, not waited for). */
const durations = [];
/**
 * Per step: tests run and their durations summed (over all workers). On a machine shared with other runs the
 * wall clock says little; the count and the summed test time are what to compare between two runs (README "Tests").
 */
const summed = new Map();
const addSummed = (label, count, ms) => summed.set(label, { count, ms });

function countVitest(file, label) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, "utf8"));
  let count = 0;
  let ms = 0;
  for (const f of j.testResults ?? []) {
    for (const t of f.assertionResults ?? []) {
      durations.push([t.duration ?? 0, `${f.name.replace(process.cwd() + "/", "")} › ${t.fullName}`]);
      if (t.status !== "passed" && t.status !== "failed") continue;
      count++;
      ms += t.duration ?? 0;
    }
  }
  addSummed(label, count, ms);
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function countPlaywright(file, label) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  let count = 0;
  let ms = 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) {
          durations.push([r.duration ?? 0, `${file ?? suite.file} › [${t.projectName}] ${spec.title}`]);
          if (r.status === "skipped") continue;
          count++;
          ms += r.duration ?? 0;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) walk(suite);
  addSummed(label, count, ms);
  const s = report.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}

// The route types first (the type checker reads them), then the type checker and the linter side by side.
const typegen = run("typegen", "npx", ["react-router", "typegen"]);
await runTogether([
  ...(typegen ? [{ label: "typecheck", cmd: "npx", args: ["tsc", "--noEmit"] }] : []),
  { label: "lint", cmd: "npx", args: ["eslint", ".", "--max-warnings=0"] },
]);
run("unit", "npx", ["vitest", "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile=${out}/unit.json`]);
countVitest(`${out}/unit.json`, "unit");
run("api (PGlite)", "npx", ["vitest", "run", "--project", "api", "--reporter=default", "--reporter=json", `--outputFile=${out}/api.json`]);
countVitest(`${out}/api.json`, "api (PGlite)");
if (process.env.TEST_DATABASE_URL) {
  run("api (PostgreSQL)", "npx", ["vitest", "run", "--project", "api", "--reporter=default", "--reporter=json", `--outputFile=${out}/api-pg.json`], {
    API_TEST_DB: "postgres",
  });
  countVitest(`${out}/api-pg.json`, "api (PostgreSQL)");
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)");
}
// One build for both tiers below (and none at all when nothing changed since the last one).
if (run("build", "node", ["scripts/build.mjs"])) {
  // The JavaScript budget of every page (ARCHITECTURE §8), from the build's manifest.
  run("JavaScript budget", "node", ["scripts/js-size.mjs", "--check"]);
  run("web (HTTP, no browser)", "npx", ["vitest", "run", "--project", "web", "--reporter=default", "--reporter=json", `--outputFile=${out}/web.json`]);
  countVitest(`${out}/web.json`, "web (HTTP, no browser)");
}
run("e2e (Chromium, JavaScript on and off)", "npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` });
countPlaywright(`${out}/e2e.json`, "e2e (Chromium, JavaScript on and off)");

durations.sort((a, b) => b[0] - a[0]);
console.log("\nSlowest tests (a test's limit is 20–30 s; none should need more than 10):");
for (const [ms, name] of durations.slice(0, 8)) console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${name}`);
console.log("\n| step | seconds | tests | test seconds (summed) | result |\n|---|---:|---:|---:|---|");
for (const [label, seconds, ok] of timings) {
  const sum = summed.get(label);
  console.log(`| ${label} | ${seconds.toFixed(1)} | ${sum ? sum.count : ""} | ${sum ? (sum.ms / 1000).toFixed(1) : ""} | ${ok ? "ok" : "FAILED"} |`);
}
console.log(`\nLoad average at the end: ${loadavg().map((l) => l.toFixed(2)).join(", ")} (${cpus().length} cores)`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failures.length ? 1 : 0);
