#!/usr/bin/env node
// `npm test`: the whole suite — typecheck, lint, unit, API integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end in Chromium (JavaScript on and off).
// Ends with one line "N passed, N failed" over every test run.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync, rmSync } from "node:fs";

const out = ".tmp/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, "utf8"));
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, "utf8")).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}

if (run("typegen", "npx", ["react-router", "typegen"])) run("typecheck", "npx", ["tsc", "--noEmit"]);
run("lint", "npx", ["eslint", ".", "--max-warnings=0"]);
run("unit", "npx", ["vitest", "run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile=${out}/unit.json`]);
countVitest(`${out}/unit.json`);
run("api (PGlite)", "npx", ["vitest", "run", "--project", "api", "--reporter=default", "--reporter=json", `--outputFile=${out}/api.json`]);
countVitest(`${out}/api.json`);
if (process.env.TEST_DATABASE_URL) {
  run("api (PostgreSQL)", "npx", ["vitest", "run", "--project", "api", "--reporter=default", "--reporter=json", `--outputFile=${out}/api-pg.json`], {
    API_TEST_DB: "postgres",
  });
  countVitest(`${out}/api-pg.json`);
} else {
  console.log("\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)");
}
run("e2e (Chromium, JavaScript on and off)", "npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` });
countPlaywright(`${out}/e2e.json`);

if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failures.length ? 1 : 0);
