#!/usr/bin/env node
// `npm run size`: gzip size of the JavaScript each route loads (entry + its route chain and their imports),
// read from the built app's manifest — the figure of the ARCHITECTURE §8 budget. Run after a build
// (`npm run build`; BUILD_DIR selects another build). Prints the patient and public pages first.
//
// `--check` (run by `npm test` after the build) fails when a page is over its budget:
//   patient and public pages ≤ 150 KB, staff and manager pages ≤ 200 KB, the shell (root) at its size today
//   (BUDGET_KB.shell, at most 125 KB), the design-system pages (the team's reference) ≤ 200 KB.
// KNOWN_OVER (scripts/js-budget.mjs) lists the pages that are over today, each with the ceiling it may not grow
// past (a ratchet); it is empty now (README "JavaScript per page").
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUDGET_KB, check as checkBudgets, measure } from "./js-budget.mjs";

const check = process.argv.includes("--check");
const dir = path.resolve(process.env.BUILD_DIR ?? "build");
const { assets } = await import(pathToFileURL(path.join(dir, "server/index.js")).href);
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dir, "client", file))).length);
  return sizes.get(file);
};

const rows = measure(assets, gz);

const line = (r) => {
  const note = r.ceiling !== null && r.kb > r.ceiling ? `  OVER (${r.ceiling} KB)` : r.budget !== null && r.kb > r.budget ? `  over the ${r.budget} KB budget (known, ≤ ${r.ceiling} KB)` : "";
  return `${r.kb.toFixed(1).padStart(7)} KB  ${r.id}${note}`;
};
const byKind = (kind) => rows.filter((r) => r.kind === kind).sort((a, b) => b.kb - a.kb);
console.log(`root alone (the shell): ${rows.find((r) => r.id === "root").kb.toFixed(1)} KB gzip (budget ${BUDGET_KB.shell} KB)`);
for (const [kind, title, limit] of [
  ["patient", "Patient pages", Infinity],
  ["public", "Public pages", Infinity],
  ["staff", "Staff and manager pages (largest 10)", 10],
  ["design", "Design-system pages", Infinity],
]) {
  console.log(`\n${title} (budget ${BUDGET_KB[kind]} KB gzip):`);
  for (const r of byKind(kind).slice(0, limit)) console.log(line(r));
}

if (check) {
  const { over, stale } = checkBudgets(rows);
  for (const line of stale) console.log(`\n${line}`);
  if (over.length > 0) {
    console.error(`\nJavaScript budget exceeded:\n${over.map((line) => `  ${line}`).join("\n")}`);
    process.exit(1);
  }
  console.log("\nEvery page is within its JavaScript budget.");
}
